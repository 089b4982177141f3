"""The games sheetgen knows: each registers its component kinds; some add their own commands."""

from sheetgen.games import scribe

KINDS = [scribe.KIND]
COMMANDS = {"scribe": "sheetgen.games.scribe.commands"}
