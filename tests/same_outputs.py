"""Every file and every printed line that sheetgen makes of its built-in layouts, as digests.

A move of code must change nothing a user sees. This script runs the commands a user runs (every
build of the built-in layouts in all formats, also fillable, on Letter, folded, with bleed and crop
marks; list, check, schema, new, the scoring commands, export, gallery, and check of every bad
input in tests/bad_inputs) and writes one line a file or command: its name and the SHA-256 of its
bytes. Run it before and after a change and compare:

    python tests/same_outputs.py digests.txt                 # this checkout
    python tests/same_outputs.py --against REV               # REV (a commit) and this checkout

`--against` checks REV out in a temporary git worktree, runs both, and prints every line that
differs (exit 1 when any does). The commands run as `python -m sheetgen` from a temporary folder,
with the checkout first on PYTHONPATH, so an installed sheetgen is not what is measured.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SECONDS = re.compile(rb"in [0-9.]+ s$", re.M)  # a build's time, the one thing that varies

KINDS = [
    "scribe/supergrid",
    "scribbly-gum/tree",
    "scribbly-gum/pad",
    "scribbly-gum/tiles",
    "scribbly-gum/digital",
    "scribbly-gum/game",
    "walkabout/map",
    "walkabout/dice",
    "walkabout/mat",
    "walkabout/game",
    "marram/tiles",
    "marram/art",
    "marram/board",
    "scrumpit/board",
    "scrumpit/tiles",
    "scrumpit/scorepad",
    "scrumpit/game",
]
TILE_SETS = ["scribbly-gum/tiles", "marram/classic", "scrumpit/tiles", "walkabout/dice"]
BUILT_IN = [
    "marram/art",
    "marram/classic",
    "marram/example-board",
    "scribbly-gum/digital",
    "scribbly-gum/example-game",
    "scribbly-gum/kuringgai",
    "scribbly-gum/mooloolah",
    "scribbly-gum/pad",
    "scribbly-gum/tiles",
    "scribe/pad",
    "scribe/standard",
    "scrumpit/example-game",
    "scrumpit/scorepad",
    "scrumpit/single",
    "scrumpit/standard",
    "scrumpit/tiles",
    "walkabout/dice",
    "walkabout/example-game",
    "walkabout/map-1",
    "walkabout/map-2",
    "walkabout/map-3",
    "walkabout/map-4",
    "walkabout/mat",
]
SUPER_GRID = "/".join(["+O+.O+..O"] * 9)


def commands(checkout: Path) -> list[tuple[str, list[str]]]:
    """(name, argv after `sheetgen`) for every command the digest covers."""
    runs: list[tuple[str, list[str]]] = [
        ("build-all", ["build", "--all", "--out", "all"]),
        ("build-fillable", ["build", "--all", "--fillable", "-f", "pdf", "--out", "fillable"]),
        (
            "build-letter",
            ["build", "--all", "--paper", "letter", "-f", "pdf,svg", "--out", "letter"],
        ),
        ("build-fold", ["build", "--all", "--fold", "-f", "pdf", "--out", "fold"]),
        ("build-fold-tiles", ["build", *TILE_SETS, "--fold", "-f", "pdf", "--out", "foldtiles"]),
        (
            "build-press",
            [
                "build",
                *TILE_SETS,
                "--crop-marks",
                "full",
                "--bleed",
                "3",
                "--gap",
                "4",
                "-f",
                "pdf",
                "--out",
                "press",
            ],
        ),
        (
            "build-corners",
            [
                "build",
                *TILE_SETS,
                "--crop-marks",
                "corners",
                "--margin",
                "12",
                "--no-ruler",
                "-f",
                "pdf,svg",
                "--out",
                "corners",
            ],
        ),
        (
            "build-duplex",
            [
                "build",
                "scribbly-gum/tiles",
                "marram/classic",
                "scribbly-gum/pad",
                "--duplex",
                "--flip",
                "short",
                "--offset",
                "1,-2",
                "-f",
                "pdf",
                "--out",
                "duplex",
            ],
        ),
        (
            "build-copies",
            [
                "build",
                "scribe/pad",
                "scrumpit/scorepad",
                "walkabout/map-1",
                "--copies",
                "3",
                "--transparent",
                "--dpi",
                "60",
                "--out",
                "copies",
            ],
        ),
        (
            "build-fit",
            [
                "build",
                "scrumpit/single",
                "scrumpit/standard",
                "--fit",
                "--paper",
                "a3",
                "-f",
                "pdf,png",
                "--dpi",
                "50",
                "--out",
                "fit",
            ],
        ),
        (
            "build-only",
            ["build", "walkabout/dice", "--only", "light", "-f", "pdf", "--out", "only"],
        ),
        (
            "build-tile-size",
            ["build", "scribbly-gum/tiles", "--tile-size", "50", "-f", "pdf", "--out", "tilesize"],
        ),
        ("build-px", ["build", "marram/art", "scribbly-gum/digital", "--px", "64", "--out", "px"]),
        ("list", ["list"]),
        ("check", ["check", *BUILT_IN]),
        ("check-json", ["check", *BUILT_IN, "--json"]),
        ("check-a3", ["check", "scrumpit/single", "scribe/standard", "--paper", "A3"]),
        ("scribe-score-mini", ["scribe", "score", "+O+/O+O/OO+"]),
        ("scribe-score-super", ["scribe", "score", SUPER_GRID, "--json", "--last", "E5"]),
        ("sg-score", ["scribbly-gum", "score", "scribbly-gum/example-game"]),
        ("sg-score-json", ["scribbly-gum", "score", "scribbly-gum/example-game", "--json"]),
        ("sg-simulate", ["scribbly-gum", "simulate", "kuringgai", "--games", "300", "--json"]),
        ("sg-deck", ["scribbly-gum", "deck", "--out", "deck.html"]),
        ("wa-score", ["walkabout", "score", "walkabout/example-game", "second.toml"]),
        (
            "wa-score-json",
            ["walkabout", "score", "walkabout/example-game", "second.toml", "--json"],
        ),
        ("wa-moves", ["walkabout", "moves", "walkabout/example-game", "--roll", "1,4,6"]),
        ("wa-roller", ["walkabout", "roller", "--out", "roller.html"]),
        ("ma-score", ["marram", "score", "marram/example-board"]),
        ("ma-score-json", ["marram", "score", "marram/example-board", "--json"]),
        ("sc-score", ["scrumpit", "score", "TAX", "--row", "4"]),
        ("sc-score-rows", ["scrumpit", "score", "TAXIS", "--rows", "4,4,5,0,2", "--json"]),
        ("sc-game", ["scrumpit", "game", "scrumpit/example-game"]),
        ("sc-game-json", ["scrumpit", "game", "scrumpit/example-game", "--json"]),
        (
            "export-tts",
            ["export", "tts", *TILE_SETS, "scrumpit/standard", "--px", "96", "--out", "."],
        ),
        (
            "export-pieces",
            ["export", "pieces", *TILE_SETS, "--px", "48", "--bleed", "2", "--out", "."],
        ),
        ("export-pieces-svg", ["export", "pieces", "marram/classic", "-f", "svg", "--out", "."]),
        ("gallery", ["gallery", "--dpi", "40", "--out", "gallery"]),
    ]
    runs += [(f"schema-{k}", ["schema", k]) for k in KINDS]
    runs += [(f"new-{k}", ["new", k, f"new-{k.replace('/', '-')}.toml"]) for k in KINDS]
    for bad in sorted((checkout / "tests" / "bad_inputs").iterdir()):
        runs.append((f"bad-check-{bad.name}", ["check", str(bad)]))
        runs.append((f"bad-build-{bad.name}", ["build", str(bad), "-f", "pdf", "--out", "bad"]))
    return runs


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:20]


def run_all(checkout: Path, only: str | None = None, keep: Path | None = None) -> list[str]:
    """Digest lines for every command run against `checkout`'s sheetgen."""
    lines: list[str] = []
    env = {
        **os.environ,
        "PYTHONPATH": str(checkout),
        "COLUMNS": "100",
        "NO_COLOR": "1",
        "TERM": "dumb",
        "PYTHONHASHSEED": "0",
    }
    env.pop("SHEETGEN_LAYOUTS", None)
    with tempfile.TemporaryDirectory(prefix="same-outputs-") as tmp:
        work = Path(tmp)
        (work / "output").mkdir()
        example = (checkout / "layouts" / "walkabout" / "example-game.toml").read_text()
        second = example.replace('player = "Example player"', 'player = "Second player"')
        (work / "output" / "second.toml").write_text(
            second.replace('name = "example-game"', 'name = "second"')
        )
        failed: list[str] = []
        for name, argv in commands(checkout):
            if only and only not in name:
                continue
            out_at = argv.index("--out") + 1 if "--out" in argv else 0
            if out_at and not argv[out_at].endswith(".html"):  # a folder, which must exist
                (work / "output" / argv[out_at]).mkdir(exist_ok=True)
            proc = subprocess.run(
                [sys.executable, "-m", "sheetgen", *argv],
                cwd=work / "output",
                env=env,
                capture_output=True,
                timeout=1800,
            )
            out = SECONDS.sub(rb"in - s", proc.stdout.replace(str(checkout).encode(), b"<repo>"))
            err = proc.stderr.replace(str(checkout).encode(), b"<repo>")
            lines.append(f"cmd {name} rc={proc.returncode} out={digest(out)} err={digest(err)}")
            print(lines[-1], file=sys.stderr, flush=True)
            if proc.returncode:
                failed.append((err.decode(errors="replace").strip().splitlines() or [""])[-1])
            if keep:
                (keep / "printed").mkdir(parents=True, exist_ok=True)
                (keep / "printed" / f"{name.replace('/', '-')}.out").write_bytes(out)
                (keep / "printed" / f"{name.replace('/', '-')}.err").write_bytes(err)
        if failed and len(failed) == sum(line.startswith("cmd ") for line in lines):
            # nothing ran (no sheetgen to import, say): digests of failures compare equal
            sys.exit(f"every command failed at {checkout}; the last said: {failed[-1]}")
        for path in sorted((work / "output").rglob("*")):
            if path.is_file():
                rel = path.relative_to(work / "output")
                data = path.read_bytes().replace(str(work).encode(), b"<work>")  # tts's links
                lines.append(f"file {rel} {digest(data)}")
        if keep:
            shutil.copytree(work / "output", keep / "files", dirs_exist_ok=True)
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("digests", nargs="?", help="write this checkout's digests here")
    parser.add_argument("--against", metavar="REV", help="compare with commit REV")
    parser.add_argument("--only", help="run only the commands whose name contains this")
    parser.add_argument("--keep", type=Path, help="keep every file and printed text here")
    args = parser.parse_args()
    mine = run_all(REPO, args.only, args.keep)
    if args.digests:
        Path(args.digests).write_text("\n".join(mine) + "\n")
    if not args.against:
        return 0
    with tempfile.TemporaryDirectory(prefix="same-outputs-rev-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(
            ["git", "-C", str(REPO), "worktree", "add", "--detach", str(tree), args.against],
            check=True,
            capture_output=True,
        )
        try:
            theirs = run_all(tree, args.only)
        finally:
            subprocess.run(
                ["git", "-C", str(REPO), "worktree", "remove", "--force", str(tree)],
                check=False,
                capture_output=True,
            )
    differ = sorted(set(mine) ^ set(theirs))
    for line in differ:
        print(("+ " if line in mine else "- ") + line)
    print(f"{len(mine)} digests here, {len(theirs)} at {args.against}, {len(differ)} lines differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
