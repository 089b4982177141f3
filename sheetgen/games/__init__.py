"""The games sheetgen knows: each registers its component kinds; some add their own commands."""

from sheetgen.games import marram, scribbly_gum, scribe, scrumpit, walkabout

KINDS = [scribe.KIND, *scribbly_gum.KINDS, *walkabout.KINDS, *marram.KINDS, *scrumpit.KINDS]
COMMANDS = {"scribe": "sheetgen.games.scribe.commands",
            "scribbly-gum": "sheetgen.games.scribbly_gum.commands",
            "walkabout": "sheetgen.games.walkabout.commands",
            "marram": "sheetgen.games.marram.commands",
            "scrumpit": "sheetgen.games.scrumpit.commands"}
