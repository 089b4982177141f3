"""TOML texts before and around tomllib: shapes refused before reading, syntax errors in a
designer's words, and where each key and value starts."""
