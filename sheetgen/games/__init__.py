"""The games sheetgen knows: one package a game. Each declares its `GAME` (its component kinds
and its own commands) in its `kinds` module, which `sheetgen.kinds` finds; see
docs/architecture.md, "Adding a game"."""
