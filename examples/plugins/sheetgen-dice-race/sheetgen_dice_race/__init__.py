"""Dice Race: six lanes, one a die face, raced with two dice a turn; a sheetgen plugin (the
example of docs/plugins.md). Its rules are in README.md."""
