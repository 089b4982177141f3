"""Layout files: found by name, read (TOML shape and syntax first), layered by `extends`, explained
at file:line:col when wrong; the JSON Schema and the starting layouts of `sheetgen new`."""
