"""Benchmarks: figures and ratios measured in one run (they assert nothing;
docs/development.md quotes only what this prints).

Every comparison times both sides the same way: either both as whole commands in fresh
processes, or both as calls in this process, in pairs whose order alternates (A B, B A, ...),
and prints the median and the minimum of each side and the ratio of the medians.

Run: python benchmarks/run.py [--pairs N] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = ROOT / "layouts"
SHEETGEN = [sys.executable, "-m", "sheetgen"]  # run with the installed copy first on the path
WORK = Path(tempfile.mkdtemp(prefix="sheetgen-bench-"))  # where commands run: not the checkout


def install(rev: str | None, into: Path) -> Path:
    """This checkout (`rev` None) or commit `rev` of it, installed as pip installs a release
    (built into a wheel, its bytecode compiled) into a folder of its own."""
    source = ROOT
    if rev is not None:
        source = into / "source"
        source.mkdir(parents=True)
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
    target = into / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target),
         str(source)],
        check=True, capture_output=True,
    )  # fmt: skip
    return target


def environment(site: Path) -> dict[str, str]:
    """The environment a command of the copy installed at `site` runs in."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONDONTWRITEBYTECODE", "SHEETGEN_LAYOUTS")
    }
    env["PYTHONPATH"] = str(site)
    return env


ENVIRONMENT: dict[str, str] = dict(os.environ)  # set by main(): the installed copy's


@dataclass(frozen=True)
class Timing:
    median: float
    best: float

    def __str__(self) -> str:
        return f"median {self.median * 1000:8.1f} ms, min {self.best * 1000:8.1f} ms"


def paired(a: Callable[[], object], b: Callable[[], object], pairs: int) -> tuple[Timing, Timing]:
    """Time `a` and `b` in `pairs` interleaved pairs (the order alternating), after a warm-up."""
    first, second = interleaved([a, b], pairs)
    return first, second


def interleaved(sides: list[Callable[[], object]], rounds: int) -> list[Timing]:
    """Time each of `sides` once a round for `rounds` rounds (the order reversed every other
    round), after a warm-up of each."""
    for side in sides:
        side()
    times: list[list[float]] = [[] for _ in sides]
    for i in range(rounds):
        order = range(len(sides)) if i % 2 == 0 else range(len(sides) - 1, -1, -1)
        for at in order:
            start = time.perf_counter()
            sides[at]()
            times[at].append(time.perf_counter() - start)
    return [Timing(statistics.median(t), min(t)) for t in times]


def command(*args: str, env: dict[str, str] | None = None) -> Callable[[], object]:
    """A whole command, run in the benchmarks' work folder (the installed copy's environment
    unless another is given)."""
    return lambda: subprocess.run(
        list(args), check=True, capture_output=True, cwd=WORK, env=env or ENVIRONMENT
    )


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cpu_and_peak(args: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """CPU seconds (user + system, the command and its workers) and peak memory (MB) of one
    command, run in a fresh wrapper process so the peak is its own (in the installed copy's
    environment unless another is given)."""
    probe = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], check=True, capture_output=True)\n"
        "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(u.ru_utime + u.ru_stime, u.ru_maxrss / 1024)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, *args],
        check=True,
        capture_output=True,
        text=True,
        cwd=WORK,
        env=env or ENVIRONMENT,
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
            f"  {ref:24} time x{hundred.median / one.median:5.2f} of medians, "
            f"x{hundred.best / one.best:5.2f} of minima\n    1 page {one}\n    100 pages {hundred}"
            f"\n    bytes x{b100 / b1:5.3f} ({b1:,} -> {b100:,}; {(b100 - b1) / 99:,.0f} B a page)"
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
            # named -fillable.pdf since --fillable kept the plain PDF (a reference commit's
            # copy may be older): the one PDF the build wrote
            size = next(Path(tmp).glob("scribe-standard-supergrid*.pdf")).stat().st_size
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
            check=True, cwd=WORK, env=ENVIRONMENT,
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
    """`build --all`: CPU of PNG against PDF (whole commands, interleaved; with `--against`,
    the reference commit's in the same rounds), PNG bytes, files."""
    print("\n== build --all (whole commands, every core)")
    sides = [("", ENVIRONMENT)]
    if REFERENCE is not None:
        sides.append((REFERENCE[0], environment(REFERENCE[1])))
    cpu: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(max(1, pairs // 5)):
            runs = [(rev, env, fmt) for rev, env in sides for fmt in ("pdf", "png")]
            for rev, env, fmt in runs if i % 2 == 0 else runs[::-1]:
                out = Path(tmp) / f"{fmt}{rev}"
                out.mkdir(exist_ok=True)
                args = [*SHEETGEN, "build", "--all", "-f", fmt, "-q", "--out", str(out)]
                cpu.setdefault((rev, fmt), []).append(cpu_and_peak(args, env)[0])
        pngs = list((Path(tmp) / "png").glob("*.png"))
        total = sum(p.stat().st_size for p in pngs)
        for rev, _ in sides:
            pdf = statistics.median(cpu[rev, "pdf"])
            png = statistics.median(cpu[rev, "png"])
            said = f" (at {rev})" if rev else ""
            print(
                f"  CPU{said}: -f pdf {pdf:.1f} s, -f png {png:.1f} s: PNG x{png / pdf:.2f} the PDF"
            )
        if REFERENCE is not None:
            theirs = Path(tmp) / f"png{REFERENCE[0]}"
            same = [p.name for p in pngs
                    if (theirs / p.name).exists()
                    and (theirs / p.name).read_bytes() == p.read_bytes()]  # fmt: skip
            print(f"  PNGs byte-identical to {REFERENCE[0]}'s: {len(same)} of {len(pngs)}")
        print(f"  PNG files: {len(pngs)}, {total / 1024 / 1024:.1f} MiB in all")
        start = time.perf_counter()
        subprocess.run(
            [*SHEETGEN, "build", "--all", "-q", "--out", tmp], check=True, cwd=WORK, env=ENVIRONMENT
        )
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
            check=True, cwd=WORK, env=ENVIRONMENT,
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
    typer = command(sys.executable, "-c", "import typer")
    with tempfile.TemporaryDirectory() as tmp:
        hello_file = Path(tmp) / "hello.py"
        hello_file.write_text(HELLO)
        hello = command(sys.executable, str(hello_file), "hello")
        app, base = paired(hello, typer, pairs)
        print(
            f"  {'a Typer app of two commands, running one':49} {app}\n"
            f"  {'python -c import typer':49} {base}\n"
            f"  ratio of medians x{app.median / base.median:.2f}"
        )
        for args in (
            ["--help"],
            ["list"],
            ["scribe", "score", "+O+/O+O/OO+"],
            ["scrumpit", "score", "TAX", "--row", "4"],
            ["walkabout", "score", str(LAYOUTS / "walkabout/example-game.toml")],
            ["marram", "score", str(LAYOUTS / "marram/example-board.toml")],
        ):
            ours, base = paired(command(*SHEETGEN, *args), typer, pairs)
            ours_again, app = paired(command(*SHEETGEN, *args), hello, pairs)
            print(
                f"  sheetgen {' '.join(args)[:40]:40} {ours}\n    typer {base}: "
                f"x{ours.median / base.median:.2f} of medians; against the app "
                f"x{ours_again.median / app.median:.2f}"
            )


def simulation(pairs: int) -> None:
    """Solo Scribbly Gum games a second: the simulate command with 4,000 games a player against
    the same command with 1 (whole commands, interleaved), so start-up cancels out."""
    print("\n== Scribbly Gum solo simulator (whole commands, one core)")
    for tree in ("kuringgai", "mooloolah"):
        base = [*SHEETGEN, "scribbly-gum", "simulate", tree, "--seed", "1", "--games"]
        many, one = paired(command(*base, "4000"), command(*base, "1"), max(3, pairs // 3))
        games = 2 * (4000 - 1)  # a random and a greedy player each
        print(
            f"  {tree:10} {games / (many.median - one.median):9,.0f} games/s from the medians, "
            f"{games / (many.best - one.best):9,.0f} from the minima, both players\n"
            f"    4000 games {many}\n    1 game     {one}"
        )


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


def deflate_levels(pairs: int) -> None:
    """libdeflate's levels on the rows sheetgen's PNGs compress: every page of every built-in
    layout as `build` rasterises it (300 dpi unless a layout sets it), each page's rows
    compressed at every level in turn (the order reversed every other page), CPU time and
    bytes summed over the pages, against the level sheetgen uses."""
    import deflate
    import numpy as np
    import pypdfium2 as pdfium

    from sheetgen.backends import image_pages
    from sheetgen.backends import png_file as png_module
    from sheetgen.backends.pdf import draw_pdf
    from sheetgen.backends.png import pixel_size
    from sheetgen.layouts.read import builtin_layouts, load
    from sheetgen.options import BuildOptions
    from sheetgen.pipeline.document import document_for

    levels = [1, 3, 5, 6, 7, 8, 9]  # 10 to 12, the slowest, not measured
    spent = dict.fromkeys(levels, 0.0)
    size = dict.fromkeys(levels, 0)
    pages_seen = 0
    for ref in builtin_layouts():
        doc = document_for(load(ref), BuildOptions())
        pages = list(image_pages(doc))
        pdf = pdfium.PdfDocument(draw_pdf(doc, pages))
        for at, page in enumerate(pages):
            width, height = pixel_size(page, doc.dpi or 300)
            raw = pdfium.PdfBitmap.new_native(width, height, pdfium.raw.FPDFBitmap_BGRx, True)
            raw.fill_rect((255, 255, 255, 255), 0, 0, width, height)
            flags = pdfium.raw.FPDF_REVERSE_BYTE_ORDER
            pdfium.raw.FPDF_RenderPageBitmap(raw, pdf[at], 0, 0, width, height, 0, flags)
            pixels = np.array(raw.to_pil().convert("RGBA"))
            pixels[:, :, 3] = 0
            words = pixels.view(np.uint32)[:, :, 0]
            paletted = png_module._paletted(words)
            if paletted is not None:
                samples = paletted[1][:, :, None]
            else:
                samples = words.view(np.uint8).reshape(height, width, 4)[:, :, :3]
            rows = png_module._rows(samples).data
            for level in levels if pages_seen % 2 == 0 else levels[::-1]:
                start = time.process_time()
                size[level] += len(deflate.zlib_compress(rows, level))
                spent[level] += time.process_time() - start
            pages_seen += 1
        pdf.close()
    ours = png_module.LEVEL
    print(f"\n== libdeflate's levels on {pages_seen} pages' rows (sheetgen uses level {ours})")
    for level in levels:
        print(
            f"  level {level:2}: {size[level] / 2**20:7.2f} MiB ({size[level] / size[ours]:5.3f}x)"
            f"  {spent[level]:6.2f} s CPU ({spent[level] / spent[ours]:5.2f}x)"
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
        shutil.copy(LAYOUTS / "scribe/standard.toml", folder / "base.toml")
        pad = (LAYOUTS / "scribe/pad.toml").read_text("utf-8")
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


TYPER = (sys.executable, "-c", "import typer")


def starters(pairs: int) -> None:
    """`sheetgen new KIND` for every kind against `python -c "import typer"` (whole commands,
    interleaved): the starting layout is written and then removed."""
    print("\n== new (whole commands) against python -c 'import typer'")
    probe = "from sheetgen.kinds import all_kinds; print(*(k.key for k in all_kinds()))"
    kinds = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=WORK,
        env=ENVIRONMENT,
    ).stdout.split()  # fmt: skip
    target = WORK / "starter.toml"
    for kind in kinds:

        def new(kind: str = kind) -> None:
            for made in WORK.glob("starter.*"):  # the layout, and a kind's sample data beside it
                made.unlink()
            subprocess.run(
                [*SHEETGEN, "new", kind, str(target)], check=True, capture_output=True, cwd=WORK,
                env=ENVIRONMENT,
            )  # fmt: skip

        ours, base = paired(new, command(*TYPER), max(3, pairs // 3))
        print(f"  new {kind:24} {ours}  typer {base}  x{ours.median / base.median:.2f}")


def against_reference(
    what: str, args: list[str], base_name: str, base: Callable[[], object], pairs: int
) -> None:
    """`sheetgen ARGS` against `base`, whole commands interleaved; with `--against`, the
    reference commit's `sheetgen ARGS` in the same rounds, each side's ratio to `base` printed."""
    sides = [command(*SHEETGEN, *args), base]
    if REFERENCE is not None:
        sides.append(command(*SHEETGEN, *args, env=environment(REFERENCE[1])))
    ours, under, *theirs = interleaved(sides, pairs)
    print(f"  {what:30} {ours}  {base_name} {under}  x{ours.median / under.median:.2f}")
    for reference in theirs:
        rev = REFERENCE[0] if REFERENCE else ""
        print(f"    at {rev:25} {reference}  x{reference.median / under.median:.2f}")


def checks(pairs: int) -> None:
    """`sheetgen check` of built-in layouts against `python -c "import typer"` (whole
    commands, interleaved; with `--against`, the reference commit's in the same rounds)."""
    print("\n== check (whole commands) against python -c 'import typer'")
    for ref in ("scribe/standard", "scribbly-gum/kuringgai", "walkabout/map-1", "marram/classic",
                "scrumpit/standard"):  # fmt: skip
        against_reference(f"check {ref}", ["check", ref], "typer", command(*TYPER), pairs)


def floor(pairs: int) -> None:
    """One PDF sheet against the reportlab floor (`benchmarks/floor.py`, a plain reportlab
    script drawing a page like Scribe's standard sheet), whole commands, interleaved (with
    `--against`, the reference commit's in the same rounds)."""
    print("\n== one PDF against the reportlab floor (whole commands)")
    script = command(sys.executable, str(ROOT / "benchmarks" / "floor.py"), str(WORK / "f.pdf"))
    for ref in ("scribe/standard", "scribbly-gum/kuringgai"):
        args = ["build", ref, "-f", "pdf", "-q", "--out", str(WORK)]
        against_reference(f"build {ref}", args, "floor", script, pairs)


def everything(pairs: int) -> None:
    """`build --all` (every format) of this checkout against the reference commit
    (`--against`), both installed, whole commands interleaved; and whether their PDFs are the
    same bytes."""
    if REFERENCE is None:
        print("\n== build --all: no reference (give --against REV)")
        return
    rev, site = REFERENCE
    outs = {side: WORK / f"all-{side}" for side in ("new", "old")}
    for out in outs.values():
        out.mkdir(exist_ok=True)

    def build(side: str, env: dict[str, str]) -> Callable[[], object]:
        return command(*SHEETGEN, "build", "--all", "-q", "--out", str(outs[side]), env=env)

    new, old = paired(
        build("new", ENVIRONMENT), build("old", environment(site)), max(3, pairs // 5)
    )
    pdfs = sorted(p.name for p in outs["new"].glob("*.pdf"))
    differ = [n for n in pdfs
              if not (outs["old"] / n).exists()
              or (outs["new"] / n).read_bytes() != (outs["old"] / n).read_bytes()]  # fmt: skip
    print(f"\n== build --all, every format: this checkout against {rev} (whole commands)")
    print(
        f"  this checkout {new}\n  {rev:13} {old}\n  ratio of medians {new.median / old.median:.2f}"
    )
    print(f"  PDFs byte-identical: {len(pdfs) - len(differ)} of {len(pdfs)}; differ: {differ}")


REFERENCE: tuple[str, Path] | None = None  # set by main(): the reference commit, installed


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
    "deflate": deflate_levels,
    "watch": watch,
    "new": starters,
    "check": checks,
    "floor": floor,
    "all": everything,
}


def main() -> None:
    global ENVIRONMENT, REFERENCE
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=15, help="interleaved pairs a comparison")
    parser.add_argument("--only", nargs="*", choices=list(SECTIONS), help="run these sections")
    parser.add_argument(
        "--against", metavar="REV", help="the commit `all`, `check`, `floor`, `builds` compare with"
    )
    args = parser.parse_args()
    site = install(None, WORK / "this")
    ENVIRONMENT = environment(site)
    sys.path.insert(0, str(site))  # the sections that run sheetgen in this process
    if args.against:
        REFERENCE = (args.against, install(args.against, WORK / "reference"))
    head = subprocess.run(
        ["git", "-C", str(ROOT), "describe", "--always", "--dirty"], capture_output=True,
        text=True,
    ).stdout.strip()  # fmt: skip
    print(
        f"sheetgen benchmarks at {head}, installed; {os.cpu_count()} cores, "
        f"Python {sys.version.split()[0]}; min and median of {args.pairs} interleaved pairs"
    )
    try:
        for name in args.only or SECTIONS:
            SECTIONS[name](args.pairs)
    finally:
        shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
