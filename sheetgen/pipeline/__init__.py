"""From layouts to files: build, check (with the drawing's fits and each key's working range),
`--only`, output names and atomic writes, the gallery and `watch`."""
