"""`python -m sheetgen` runs the CLI."""

from sheetgen.cli import main

main()
