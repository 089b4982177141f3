"""Type and words: the font files sheetgen prints with, which characters each covers, and the
words the press prints on a page."""
