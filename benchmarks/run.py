"""Benchmarks, measured in one run, printed as figures and ratios (they assert nothing):
a 100-page pad against one page, sheetgen's PDF against SVG + cairosvg, sheetgen's PNG against
pdftoppm on its own PDF, `sheetgen --help` against importing Typer, `build --all` wall time,
and the Scribbly Gum solo simulator's games a second.

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
        print(
            f"{ref:24} {t1 * 1000:8.0f}ms {t100 * 1000:8.0f}ms {t100 / t1:7.2f} "
            f"{b100 / b1:8.3f}   ({b1:,} -> {b100:,} bytes)"
        )
    alternatives(args.repeat)
    startup(args.repeat)
    build_all()
    simulation(args.repeat)


def best(func: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def alternatives(repeat: int) -> None:
    """The Scribbly Gum tree: our PDF vs SVG then cairosvg; our PNG vs pdftoppm on our PDF."""
    import subprocess
    import tempfile

    import cairosvg

    from sheetgen.backends.pdf import render_pdf
    from sheetgen.backends.png import render_png
    from sheetgen.backends.svg import render_svg

    loaded = load("scribbly-gum/kuringgai")
    doc = loaded.kind.build(loaded.model, BuildOptions())
    page = doc.pages[0]
    ours = best(lambda: render_pdf(doc), repeat)
    theirs = best(lambda: cairosvg.svg2pdf(bytestring=render_svg(page, doc.title)), repeat)
    print(
        f"\n{'PDF of the tree':24} sheetgen {ours * 1000:6.0f}ms   SVG + cairosvg "
        f"{theirs * 1000:6.0f}ms   sheetgen {theirs / ours:5.1f}x faster"
    )
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "tree.pdf"
        pdf.write_bytes(render_pdf(doc))
        png = best(lambda: render_png(page, 300), max(1, repeat // 2))
        poppler = best(
            lambda: subprocess.run(
                ["pdftoppm", "-r", "300", "-png", str(pdf), str(Path(tmp) / "p")], check=True
            ),
            max(1, repeat // 2),
        )
    print(
        f"{'PNG of the tree, 300 dpi':24} sheetgen {png * 1000:6.0f}ms   pdftoppm     "
        f"{poppler * 1000:6.0f}ms   ratio {png / poppler:5.2f} (sheetgen / pdftoppm)"
    )


def startup(repeat: int) -> None:
    import subprocess

    def run(*args: str) -> None:
        subprocess.run([sys.executable, *args], check=True, capture_output=True)

    typer_only = best(lambda: run("-c", "import typer"), repeat)
    helped = best(lambda: run("-m", "sheetgen", "--help"), repeat)
    print(
        f"{'start-up':24} --help {helped * 1000:6.0f}ms   import typer {typer_only * 1000:6.0f}"
        f"ms   ratio {helped / typer_only:5.2f}"
    )


def build_all() -> None:
    import os
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "sheetgen", "build", "--all", "-q", "--out", tmp],
            check=True,
            cwd=Path(__file__).resolve().parent.parent,
        )
        wall = time.perf_counter() - start
        files = len(os.listdir(tmp))
    print(
        f"{'build --all':24} {wall:6.1f}s wall for {files} files (PDF, SVG, PNG at 300 dpi) "
        f"on {os.cpu_count()} cores"
    )


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
