"""Returned sheets read back: where every mark can go on a layout's sheets (from the drawing
that printed them), the values of a filled fillable PDF, and the game record they make."""
