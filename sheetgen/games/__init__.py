"""The games sheetgen knows: each registers its component kinds; some add their own commands."""

from sheetgen.games import scribbly_gum, scribe

KINDS = [scribe.KIND, *scribbly_gum.KINDS]
COMMANDS = {"scribe": "sheetgen.games.scribe.commands",
            "scribbly-gum": "sheetgen.games.scribbly_gum.commands"}
