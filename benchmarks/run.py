"""Benchmarks: a 100-page pad against one page (time and bytes), and the Scribbly Gum solo
simulator's speed. Prints figures and ratios; asserts nothing.

Run: python benchmarks/run.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout as well

from sheetgen.backends import render
from sheetgen.layout import load
from sheetgen.registry import BuildOptions

MAIN_SHEETS = ["scribe/standard", "scribe/pad", "scribbly-gum/kuringgai", "scribbly-gum/pad"]


def measure(ref: str, copies: int, repeat: int) -> tuple[float, int]:
    """Fastest of `repeat` runs (seconds) to build and render the PDF, and its size in bytes."""
    loaded = load(ref)
    times, size = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        doc = loaded.kind.build(loaded.model, replace(BuildOptions(), copies=copies))
        data = render(doc, "pdf")[0][1]
        times.append(time.perf_counter() - start)
        size = len(data)
    return min(times), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    measure(MAIN_SHEETS[0], 1, 1)  # warm caches: fonts, imports
    print(f"{'sheet':24} {'1 page':>10} {'100 pages':>10} {'time x':>7} {'bytes x':>8}")
    for ref in MAIN_SHEETS:
        t1, b1 = measure(ref, 1, args.repeat)
        t100, b100 = measure(ref, 100, args.repeat)
        print(f"{ref:24} {t1 * 1000:8.0f}ms {t100 * 1000:8.0f}ms {t100 / t1:7.2f} "
              f"{b100 / b1:8.3f}   ({b1:,} -> {b100:,} bytes)")
    simulation(args.repeat)


def simulation(repeat: int) -> None:
    """Solo games a second, on one core, for each tree and player."""
    import random

    from sheetgen.games.scribbly_gum.board import compile_board
    from sheetgen.games.scribbly_gum.simulate import play

    tiles = load("scribbly-gum/tiles").model
    print(f"\n{'simulator (one core)':24} {'player':>8} {'games/s':>9}")
    for tree in ("kuringgai", "mooloolah"):
        board = compile_board(load(f"scribbly-gum/{tree}").model)  # type: ignore[arg-type]
        for player in ("random", "greedy"):
            rates = []
            for _ in range(repeat):
                rng = random.Random(1)
                start = time.perf_counter()
                for _ in range(1000):
                    play(board, tiles.movement, tiles.achievements, player, rng)  # type: ignore
                rates.append(1000 / (time.perf_counter() - start))
            print(f"{tree:24} {player:>8} {statistics.median(rates):9,.0f}")


if __name__ == "__main__":
    main()
