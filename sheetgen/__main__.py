"""`python -m sheetgen` and the `sheetgen` command (`run`): the CLI, in a Python set up for a
short-lived command."""

import gc


def run() -> None:
    """Run the CLI. A command makes and drops many small objects (Typer's, a layout's model, a
    drawing's shapes), freed by their counts as they go and hardly ever in cycles; Python's
    cycle collector, run every 700 allocations by default, took 5 to 8 % of a `check`
    (`benchmarks/run.py --only check`). Here it runs every 50,000, and never again looks
    through what the imports made."""
    gc.set_threshold(50_000, *gc.get_threshold()[1:])
    # imported here, not at the top: after the collector is set
    from sheetgen.cli import main

    gc.freeze()
    main()


if __name__ == "__main__":
    run()
