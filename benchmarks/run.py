"""Benchmarks: figures and ratios measured in one run (they assert nothing; the README quotes
only what this prints).

Every comparison times both sides the same way: either both as whole commands in fresh
processes, or both as calls in this process, in pairs whose order alternates (A B, B A, ...),
and prints the median and the minimum of each side and the ratio of the medians.

Run: python benchmarks/run.py [--pairs N] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout as well

SHEETGEN = [sys.executable, "-m", "sheetgen"]


@dataclass(frozen=True)
class Timing:
    median: float
    best: float

    def __str__(self) -> str:
        return f"median {self.median * 1000:8.1f} ms, min {self.best * 1000:8.1f} ms"


def paired(a: Callable[[], object], b: Callable[[], object], pairs: int) -> tuple[Timing, Timing]:
    """Time `a` and `b` in `pairs` interleaved pairs (the order alternating), after a warm-up."""
    a(), b()
    times: tuple[list[float], list[float]] = ([], [])
    for i in range(pairs):
        for side in (0, 1) if i % 2 == 0 else (1, 0):
            start = time.perf_counter()
            (a, b)[side]()
            times[side].append(time.perf_counter() - start)
    return Timing(statistics.median(times[0]), min(times[0])), Timing(
        statistics.median(times[1]), min(times[1])
    )


# Commands run as an installed sheetgen runs, from compiled bytecode: where the environment
# forbids writing it (PYTHONDONTWRITEBYTECODE), the checkout's modules would be compiled anew
# in every run while Typer's, compiled when it was installed, would not.
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def command(*args: str, cwd: Path = ROOT) -> Callable[[], object]:
    return lambda: subprocess.run(
        list(args), check=True, capture_output=True, cwd=cwd, env=ENVIRONMENT
    )


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cpu_and_peak(args: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system, the command and its workers) and peak memory (MB) of one
    command, run in a fresh wrapper process so the peak is its own."""
    probe = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], check=True, capture_output=True)\n"
        "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(u.ru_utime + u.ru_stime, u.ru_maxrss / 1024)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, *args], check=True, capture_output=True, text=True, cwd=ROOT
    ).stdout.split()
    return float(out[0]), float(out[1])


def row(what: str, left: str, a: Timing, right: str, b: Timing) -> None:
    print(
        f"{what}\n  {left:34} {a}\n  {right:34} {b}\n  ratio of medians {a.median / b.median:.2f}"
    )


def pad(pairs: int) -> None:
    """A 100-page pad against one page: time (in process, both sides alike) and bytes."""
    from sheetgen.backends import render
    from sheetgen.layouts.read import load
    from sheetgen.options import BuildOptions
    from sheetgen.pipeline.document import pressed

    print("\n== pads: 100 pages against 1 (build + PDF, in process)")
    for ref in ("scribe/standard", "scribbly-gum/kuringgai", "walkabout/map-1"):
        loaded = load(ref)

        def build(copies: int, loaded: object = loaded) -> bytes:
            doc = pressed(loaded.kind, loaded.model, BuildOptions(copies=copies))  # type: ignore[attr-defined]
            return render(doc, "pdf")[0][1]

        one, hundred = paired(lambda: build(1), lambda: build(100), pairs)
        b1, b100 = len(build(1)), len(build(100))
        print(
            f"  {ref:24} time x{hundred.median / one.median:5.2f} ({one.median * 1000:.0f} -> "
            f"{hundred.median * 1000:.0f} ms)   bytes x{b100 / b1:5.3f} ({b1:,} -> {b100:,}; "
            f"{(b100 - b1) / 99:,.0f} B a page)"
        )


def named(pairs: int) -> None:
    """The cost of each named sheet beyond the first (--names with 1000 names)."""
    from sheetgen.backends import render
    from sheetgen.layouts.read import load
    from sheetgen.options import BuildOptions
    from sheetgen.pipeline.document import pressed

    loaded = load("scribbly-gum/kuringgai")
    names = tuple(f"Player {i:04d}" for i in range(1000))

    def build(n: int) -> bytes:
        doc = pressed(loaded.kind, loaded.model, BuildOptions(names=names[:n]))
        return render(doc, "pdf")[0][1]

    one, many = paired(lambda: build(1), lambda: build(1000), pairs)
    b1, b1000 = len(build(1)), len(build(1000))
    print("\n== named pad: 1000 names against 1 (build + PDF, in process)")
    print(
        f"  per named page beyond the first: {(b1000 - b1) / 999:,.0f} bytes, "
        f"{(many.median - one.median) / 999 * 1000:.2f} ms (medians {one.median * 1000:.0f} -> "
        f"{many.median * 1000:.0f} ms; from the minima {(many.best - one.best) / 999 * 1000:.2f} "
        "ms)"
    )


def fillable() -> None:
    """Fillable Scribe pads: bytes at 100 pages, time and peak memory at 1000."""
    print("\n== fillable pads (scribe/standard --fillable, whole commands)")
    with tempfile.TemporaryDirectory() as tmp:
        for copies in (1, 100, 1000):
            args = [*SHEETGEN, "build", "scribe/standard", "--fillable", "--copies", str(copies)]
            start = time.perf_counter()
            cpu, peak = cpu_and_peak([*args, "-f", "pdf", "-q", "--out", tmp])
            wall = time.perf_counter() - start
            size = (Path(tmp) / "scribe-standard-supergrid.pdf").stat().st_size
            print(
                f"  --copies {copies:<5} {size / 1024:8,.0f} KiB  {wall:6.2f} s wall  "
                f"{cpu:6.2f} s CPU  {peak:6.0f} MB peak"
            )


def fonts() -> None:
    """The single Scribe sheet's PDF, and what its embedded fonts weigh."""
    import pikepdf

    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [*SHEETGEN, "build", "scribe/standard", "-f", "pdf", "-q", "--out", tmp],
            check=True, cwd=ROOT,
        )  # fmt: skip
        path = Path(tmp) / "scribe-standard-supergrid.pdf"
        with pikepdf.open(path) as pdf:
            font_bytes = sum(
                len(o.FontFile2.read_raw_bytes())
                for o in pdf.objects
                if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/FontDescriptor"
            )
        print("\n== the single Scribe sheet")
        print(f"  PDF {path.stat().st_size:,} bytes, of which embedded fonts {font_bytes:,}")


def builds(pairs: int) -> None:
    """`build --all`: CPU of PNG against PDF (whole commands, interleaved), PNG bytes, files."""
    print("\n== build --all (whole commands, every core)")
    cpu: dict[str, list[float]] = {"pdf": [], "png": []}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(max(1, pairs // 5)):
            for fmt in ("pdf", "png") if i % 2 == 0 else ("png", "pdf"):
                out = Path(tmp) / fmt
                out.mkdir(exist_ok=True)
                cpu[fmt].append(
                    cpu_and_peak([*SHEETGEN, "build", "--all", "-f", fmt, "-q", "--out", str(out)])[
                        0
                    ]
                )
        pngs = list((Path(tmp) / "png").glob("*.png"))
        total = sum(p.stat().st_size for p in pngs)
        pdf, png = statistics.median(cpu["pdf"]), statistics.median(cpu["png"])
        print(f"  CPU: -f pdf {pdf:.1f} s, -f png {png:.1f} s: PNG x{png / pdf:.2f} the PDF")
        print(f"  PNG files: {len(pngs)}, {total / 1024 / 1024:.1f} MiB in all")
        start = time.perf_counter()
        subprocess.run([*SHEETGEN, "build", "--all", "-q", "--out", tmp], check=True, cwd=ROOT)
        wall = time.perf_counter() - start
        print(f"  every format: {wall:.1f} s wall for {len(os.listdir(tmp)) - 2} files")


def peak_memory() -> None:
    """Peak memory of the largest pages as PNG at 1200 dpi (whole commands)."""
    print("\n== PNG at --dpi 1200 (whole commands)")
    with tempfile.TemporaryDirectory() as tmp:
        for ref in ("scrumpit/single", "scrumpit/standard", "walkabout/map-1"):
            args = [*SHEETGEN, "build", ref, "-f", "png", "--dpi", "1200", "-q", "--out", tmp]
            cpu, peak = cpu_and_peak(args)
            print(f"  {ref:24} {cpu:6.1f} s CPU  {peak:6.0f} MB peak")


def renderers(pairs: int) -> None:
    """sheetgen against other tools on the same input, both sides as whole commands."""
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        subprocess.run(
            [*SHEETGEN, "build", "scribbly-gum/kuringgai", "-f", "pdf,svg", "-q", "--out", tmp],
            check=True, cwd=ROOT,
        )  # fmt: skip
        svg = tmp / "scribbly-gum-kuringgai-tree.svg"
        pdf = tmp / "scribbly-gum-kuringgai-tree.pdf"
        out = tmp / "again"
        out.mkdir()
        ours, theirs = paired(
            command(*SHEETGEN, "build", "scribbly-gum/kuringgai", "-f", "pdf", "-q", "--out",
                    str(out)),
            command(sys.executable, "-m", "cairosvg", str(svg), "-o", str(tmp / "cairo.pdf")),
            pairs,
        )  # fmt: skip
        print("\n== the Scribbly Gum tree, whole commands")
        row(
            "PDF: sheetgen from the layout against cairosvg from sheetgen's SVG",
            "sheetgen build -f pdf",
            ours,
            "cairosvg tree.svg -o tree.pdf",
            theirs,
        )
        ours, theirs = paired(
            command(*SHEETGEN, "build", "scribbly-gum/kuringgai", "-f", "png", "-q", "--out",
                    str(out)),
            command("pdftoppm", "-r", "300", "-png", "-singlefile", str(pdf), str(tmp / "p")),
            pairs,
        )  # fmt: skip
        row(
            "PNG at 300 dpi: sheetgen from the layout against pdftoppm from sheetgen's PDF",
            "sheetgen build -f png",
            ours,
            "pdftoppm -r 300 tree.pdf",
            theirs,
        )


HELLO = """import typer
app = typer.Typer(add_completion=False)
@app.command()
def hello(name: str = "world") -> None:
    print(name)
@app.command()
def other() -> None:
    pass
app()
"""


def startup(pairs: int) -> None:
    """Start-up of commands against `python -c "import typer"` and against the smallest Typer
    app that runs a command (Typer builds pydantic adapters for parameters when a command runs,
    which `import typer` alone does not), whole commands."""
    print("\n== start-up (whole commands) against python -c 'import typer' and a hello-world app")
    # as an installed sheetgen starts: its modules' bytecode compiled (pip compiles it; a
    # checkout run with PYTHONDONTWRITEBYTECODE would compile every changed module each time)
    import sheetgen

    subprocess.run([sys.executable, "-m", "compileall", "-q", sheetgen.__path__[0]], check=True)
    typer = command(sys.executable, "-c", "import typer")
    with tempfile.TemporaryDirectory() as tmp:
        hello_file = Path(tmp) / "hello.py"
        hello_file.write_text(HELLO)
        hello = command(sys.executable, str(hello_file), "hello")
        app, base = paired(hello, typer, pairs)
        print(
            f"  {'a Typer app of two commands, running one':49} {app.median * 1000:6.0f} ms "
            f"(min {app.best * 1000:4.0f}) / typer {base.median * 1000:4.0f} ms = "
            f"x{app.median / base.median:.2f}"
        )
        for args in (
            ["--help"],
            ["list"],
            ["scribe", "score", "+O+/O+O/OO+"],
            ["scrumpit", "score", "TAX", "--row", "4"],
            ["walkabout", "score", "layouts/walkabout/example-game.toml"],
            ["marram", "score", "layouts/marram/example-board.toml"],
        ):
            ours, base = paired(command(*SHEETGEN, *args), typer, pairs)
            ours_again, app = paired(command(*SHEETGEN, *args), hello, pairs)
            print(
                f"  sheetgen {' '.join(args)[:40]:40} {ours.median * 1000:6.0f} ms "
                f"(min {ours.best * 1000:4.0f}) = x{ours.median / base.median:.2f} typer, "
                f"x{ours_again.median / app.median:.2f} the app"
            )


def simulation(pairs: int) -> None:
    """Solo Scribbly Gum games a second: the simulate command with 4,000 games a player against
    the same command with 1 (whole commands, interleaved), so start-up cancels out."""
    print("\n== Scribbly Gum solo simulator (whole commands, one core)")
    for tree in ("kuringgai", "mooloolah"):
        base = [*SHEETGEN, "scribbly-gum", "simulate", tree, "--seed", "1", "--games"]
        many, one = paired(command(*base, "4000"), command(*base, "1"), max(3, pairs // 3))
        games = 2 * (4000 - 1)  # a random and a greedy player each
        print(f"  {tree:10} {games / (many.median - one.median):9,.0f} games/s, both players")


def pngs(pairs: int) -> None:
    """sheetgen's PNGs against pdfium's raster of the same pages, every page of every built-in
    layout at 300 dpi (as `build --all` makes them): whether each is that raster exactly, and its
    bytes and encoding time against the same pixels written by Pillow's defaults (in process,
    each page encoded by both in turn, the first side alternating)."""
    import io

    import numpy as np
    import pypdfium2 as pdfium
    from PIL import Image

    from sheetgen.backends import image_pages
    from sheetgen.backends.pdf import draw_pdf
    from sheetgen.backends.png import pixel_size, render_pngs
    from sheetgen.backends.png_file import png_file
    from sheetgen.layouts.read import builtin_layouts, load
    from sheetgen.options import BuildOptions
    from sheetgen.pipeline.document import document_for

    dpi, pages_seen, exact, paletted = 300, 0, 0, 0
    pillow_bytes = ours_bytes = 0
    pillow_time = ours_time = 0.0
    for ref in builtin_layouts():
        doc = document_for(load(ref), BuildOptions())  # as `build` makes it
        pages = list(image_pages(doc))
        pdf = pdfium.PdfDocument(draw_pdf(doc, pages))
        for at, png in enumerate(render_pngs(doc, pages, doc.dpi or dpi, False)):
            width, height = pixel_size(pages[at], doc.dpi or dpi)
            raw = pdfium.PdfBitmap.new_native(width, height, pdfium.raw.FPDFBitmap_BGRx, True)
            raw.fill_rect((255, 255, 255, 255), 0, 0, width, height)
            flags = pdfium.raw.FPDF_REVERSE_BYTE_ORDER
            pdfium.raw.FPDF_RenderPageBitmap(raw, pdf[at], 0, 0, width, height, 0, flags)
            truth = raw.to_pil().convert("RGB")
            image = Image.open(io.BytesIO(png))
            exact += np.array_equal(np.asarray(image.convert("RGB")), np.asarray(truth))
            paletted += image.mode == "P"
            rgbx = np.array(truth.convert("RGBA"))
            rgbx[:, :, 3] = 0
            pixels = rgbx.view(np.uint32)[:, :, 0]
            sides = [
                ("pillow", lambda truth=truth: _png(truth)),
                (
                    "ours",
                    lambda pixels=pixels, at_dpi=doc.dpi or dpi: png_file(pixels, False, at_dpi),
                ),
            ]
            for side, encode in sides if pages_seen % 2 == 0 else sides[::-1]:
                start = time.process_time()
                written = encode()
                spent = time.process_time() - start
                if side == "ours":
                    ours_time += spent
                    assert written == png, ref  # the very bytes sheetgen wrote
                    ours_bytes += len(written)
                else:
                    pillow_time += spent
                    pillow_bytes += len(written)
            pages_seen += 1
        pdf.close()
    print(
        f"\n== PNGs against pdfium's raster ({pages_seen} pages, {dpi} dpi unless a layout sets it)"
    )
    print(
        f"  pdfium's raster exactly: {exact} of {pages_seen} pages "
        f"({paletted} palette images, the rest RGB)\n"
        f"  bytes: sheetgen {ours_bytes / 2**20:.2f} MiB, the same pixels with Pillow's "
        f"defaults {pillow_bytes / 2**20:.2f} MiB: {100 * (1 - ours_bytes / pillow_bytes):.1f}% "
        f"fewer\n"
        f"  encoding CPU: sheetgen {ours_time:.1f} s, Pillow {pillow_time:.1f} s: "
        f"x{ours_time / pillow_time:.2f}"
    )


def _png(image: object) -> bytes:
    import io

    from PIL import Image

    assert isinstance(image, Image.Image)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def watch(pairs: int) -> None:
    """`sheetgen watch` from a save of the layout to the new pictures announced on the page's
    event stream (the page then fetches them from this machine): a Scribe pad of one's own that
    extends a sheet of one's own, at the watch's 100 dpi, one save after another."""
    import http.client
    import json
    import re
    import shutil
    import signal
    import threading

    print("\n== watch: a save to the new pictures announced (a real watch, its event stream)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shutil.copy(ROOT / "layouts/scribe/standard.toml", folder / "base.toml")
        pad = (ROOT / "layouts/scribe/pad.toml").read_text("utf-8")
        text = pad.replace('"scribe/standard"', '"base.toml"')
        layout = folder / "my.toml"
        layout.write_text(text, "utf-8")
        args = [*SHEETGEN, "watch", "my.toml", "--port", "0", "--no-browser"]
        proc = subprocess.Popen(
            args, cwd=folder, stdout=subprocess.PIPE, text=True, env=ENVIRONMENT
        )
        assert proc.stdout is not None
        try:
            found = re.search(r"127\.0\.0\.1:(\d+)/", proc.stdout.readline())
            assert found, "the watch printed no address"
            threading.Thread(target=proc.stdout.read, daemon=True).start()  # the build lines
            port = int(found[1])
            page = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            page.request("GET", "/events", headers={"Host": f"127.0.0.1:{port}"})
            events = page.getresponse()

            def built_after(build: int) -> int:
                """The number of the next good build after `build`, once it is announced."""
                while True:
                    line = events.fp.readline()
                    if line.startswith(b"data: "):
                        state = json.loads(line[6:])
                        if state["built"] > build and state["error"] is None:
                            return int(state["built"])

            build = built_after(0)
            times = []
            for n in range(pairs):
                edited = text.replace('name = "pad"', f'name = "pad"\ntitle = "Save {n}"')
                start = time.perf_counter()
                layout.write_text(edited, "utf-8")
                build = built_after(build)
                times.append(time.perf_counter() - start)
        finally:
            proc.send_signal(signal.SIGINT)
            proc.wait(60)
    print(
        f"  {pairs} saves: median {statistics.median(times) * 1000:.0f} ms, "
        f"min {min(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms"
    )


SECTIONS: dict[str, Callable[[int], None]] = {
    "pad": pad,
    "named": named,
    "fillable": lambda pairs: fillable(),
    "fonts": lambda pairs: fonts(),
    "builds": builds,
    "memory": lambda pairs: peak_memory(),
    "renderers": renderers,
    "startup": startup,
    "simulation": simulation,
    "pngs": pngs,
    "watch": watch,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=15, help="interleaved pairs a comparison")
    parser.add_argument("--only", nargs="*", choices=list(SECTIONS), help="run these sections")
    args = parser.parse_args()
    print(f"sheetgen benchmarks on {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    for name in args.only or SECTIONS:
        SECTIONS[name](args.pairs)


if __name__ == "__main__":
    main()
