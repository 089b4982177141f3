"""`sheetgen watch` as a designer uses it: a real process serving a real page to Chromium, the
layout edited on disk, the pictures compared with a separate `sheetgen build` of the same file."""

from __future__ import annotations

import http.client
import io
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from sheetgen.pipeline.scratch import watch_folder
from sheetgen.pipeline.watch import HOST, MAX_CONNECTIONS, Preview, PreviewServer, Watch
from tests.support import ROOT, sheetgen
from tests.support.ports import port_is_free

# a real `sheetgen watch` process, its signals and its server
pytestmark = pytest.mark.process

DPI = "50"  # small pictures: quick rebuilds
WAIT_MS = 60_000  # the longest a page is waited for: a hung watch fails, a slow machine does not
PNG_END = b"IEND\xaeB`\x82"


class Watcher:
    """A running `sheetgen watch`: its URL, the lines it printed, and HTTP to it."""

    def __init__(self, *args: str, cwd: Path) -> None:
        if os.environ.get("MUTANT_UNDER_TEST"):
            pytest.skip("drives the CLI in a subprocess, which never runs a mutant")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "sheetgen", "watch", *args, "--port", "0", "--no-browser"],
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.out: list[str] = []
        self.err: list[str] = []
        self.readers = [
            threading.Thread(target=self._read, args=(stream, lines), daemon=True)
            for stream, lines in ((self.proc.stdout, self.out), (self.proc.stderr, self.err))
        ]
        for reader in self.readers:
            reader.start()
        first = self.wait(lambda: self.out[:1], 60, "the URL line")[0]
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
        assert found, first
        self.url, self.port = found[0], int(found[1])

    @staticmethod
    def _read(stream: Any, lines: list[str]) -> None:
        for line in stream:
            lines.append(line.rstrip("\n"))

    def wait(self, found: Callable[[], Any], seconds: float, what: str) -> Any:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            value = found()
            if value:
                return value
            assert self.proc.poll() is None, f"watch ended: {self.err}"
            time.sleep(0.02)
        raise AssertionError(f"no {what} within {seconds} s: out {self.out}, err {self.err}")

    def get(self, path: str) -> bytes:
        with urllib.request.urlopen(self.url + path.lstrip("/"), timeout=10) as reply:
            data: bytes = reply.read()
            return data

    def state(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.get("/state"))
        return data

    def png(self, state: dict[str, Any]) -> bytes:
        name = next(n for n in state["files"] if n.endswith(".png"))
        return self.get(f"/files/{name}")

    def stop(self, how: signal.Signals = signal.SIGINT) -> int:
        """Send `how` (Ctrl-C's signal unless told); the exit code once the watch has ended (a
        watch that hangs fails the test here; how fast it stops is no test's business)."""
        self.proc.send_signal(how)
        code = self.proc.wait(timeout=30)
        for reader in self.readers:  # they have taken the last lines when the pipes end
            reader.join(timeout=30)
        return code

    def end(self) -> None:
        """Stop it as a user would (so its temporary folder goes too), or kill it if it hangs."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    """A Scribe pad of one's own that extends a Scribe sheet of one's own, by path."""
    shutil.copy(ROOT / "layouts/scribe/standard.toml", tmp_path / "base.toml")
    text = (ROOT / "layouts/scribe/pad.toml").read_text(encoding="utf-8")
    (tmp_path / "my.toml").write_text(text.replace('"scribe/standard"', '"base.toml"'), "utf-8")
    return tmp_path / "my.toml"


@pytest.fixture
def watcher(layout: Path) -> Iterator[Watcher]:
    (layout.parent / "out").mkdir()
    running = Watcher(layout.name, "--out", "out", "--dpi", DPI, cwd=layout.parent)
    running.wait(lambda: running.state()["built"], 60, "first build")
    yield running
    running.end()


def built_png(layout: Path, tmp: Path) -> bytes:
    """The layout's picture from `sheetgen build`, the command the watch must agree with."""
    tmp.mkdir()
    run = sheetgen("build", str(layout), "-f", "png", "--dpi", DPI, "--out", str(tmp), "-q")
    assert run.code == 0, run.err
    (png,) = tmp.glob("*.png")
    return png.read_bytes()


def whole_png(data: bytes) -> Image.Image:
    """The picture in `data`, which must be a complete PNG (Pillow refuses a cut one)."""
    assert data.endswith(PNG_END), "the PNG is cut short"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def listening_addresses(port: int) -> set[str]:
    """The local addresses of the sockets listening on `port` (Linux's /proc/net tables)."""
    found = set()
    for table, width in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        if not os.path.exists(table):
            continue
        for row in Path(table).read_text().splitlines()[1:]:
            local, state = row.split()[1], row.split()[3]
            address, hex_port = local.split(":")
            if int(hex_port, 16) == port and state == "0A" and len(address) == width:
                found.add(address)
    return found


def test_serves_the_picture_on_loopback_only(watcher: Watcher, layout: Path) -> None:
    page = watcher.get("/").decode()
    state = watcher.state()
    png_name = next(n for n in state["files"] if n.endswith(".png"))
    assert f"/files/{png_name}?v=" in page
    served = watcher.png(state)
    assert served == built_png(layout, layout.parent / "check")  # the same picture as build's
    assert whole_png(served).size[0] > 100
    pdf = next(n for n in state["files"] if n.endswith(".pdf"))
    assert watcher.get(f"/files/{pdf}").startswith(b"%PDF-")
    # bound to 127.0.0.1 alone: not 0.0.0.0, not ::, so no other interface reaches it
    if sys.platform.startswith("linux"):
        assert listening_addresses(watcher.port) == {"0100007F"}
    for other in (("127.0.0.2", socket.AF_INET), ("::1", socket.AF_INET6)):
        with socket.socket(other[1]) as s, pytest.raises(OSError):
            s.settimeout(2)
            s.connect((other[0], watcher.port))
    # a page from elsewhere that names this port by another host name gets nothing
    conn = http.client.HTTPConnection("127.0.0.1", watcher.port, timeout=5)
    conn.request("GET", "/state", headers={"Host": f"attacker.example:{watcher.port}"})
    assert conn.getresponse().status == 403
    conn.close()
    assert watcher.stop() == 0


def test_page_follows_edits_errors_and_fixes(
    watcher: Watcher,
    layout: Path,
    browser: Any,
) -> None:
    # bypass_csp: Playwright's waits evaluate strings, which the page's own policy forbids
    page = browser.new_page(viewport={"width": 1100, "height": 800}, bypass_csp=True)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(watcher.url)
    page.wait_for_function("document.querySelector('main img')?.complete")
    first_src = page.get_attribute("main img", "src")
    first = watcher.png(watcher.state())
    original = layout.read_text(encoding="utf-8")

    # an edit: the page shows the new picture by itself, with no reload (how soon is measured
    # by `benchmarks/run.py --only watch`, not here: a busy machine is slower, not wrong)
    edited = original.replace('name = "pad"', 'name = "pad"\ntitle = "HELLO"')
    layout.write_text(edited, encoding="utf-8")
    page.wait_for_function(
        f"document.querySelector('main img')?.getAttribute('src') !== {json.dumps(first_src)}"
        " && document.querySelector('main img').complete && !document.querySelector('.error')",
        timeout=WAIT_MS,
    )
    new = watcher.png(watcher.state())
    assert new != first
    assert new == built_png(layout, layout.parent / "edited")
    shown = page.evaluate("document.querySelector('main img').naturalWidth")
    assert shown == whole_png(new).size[0]

    # a broken save: the error in the page and the terminal, the last picture kept but stale
    broken = edited.replace("cell = 10.5", 'cell = "big"')
    line = 1 + broken.split("\n").index('cell = "big"')
    layout.write_text(broken, encoding="utf-8")  # emptied, then written: a build may see it empty
    page.wait_for_function(
        "document.querySelector('pre.error')?.textContent.includes('cell')", timeout=WAIT_MS
    )
    error = page.inner_text("pre.error")
    assert re.search(rf"my\.toml:(line )?{line}\b", error), error
    assert "cell" in error
    watcher.wait(lambda: [e for e in watcher.err if "my.toml" in e and "cell" in e], 60, "error")
    assert page.get_attribute("main img", "src") is not None
    assert "stale" in (page.get_attribute("main figure", "class") or "")
    assert page.evaluate("document.title").startswith("✗")
    # every link to an output (the PDF) says it is the old one, as the picture does
    links = page.locator("main a[href^='/files/']")
    assert links.count() >= 1
    for n in range(links.count()):
        assert "stale" in (links.nth(n).get_attribute("class") or "")
        assert "out of date" in links.nth(n).inner_text()
        assert ".pdf" in links.nth(n).inner_text()

    # fixed: the picture returns, no longer stale, and it is the edited layout's picture again
    layout.write_text(edited, encoding="utf-8")
    page.wait_for_selector("pre.error", state="detached", timeout=WAIT_MS)
    page.wait_for_function("document.querySelector('main img')?.complete")
    assert "stale" not in (page.get_attribute("main figure", "class") or "")
    assert links.count() >= 1
    for n in range(links.count()):
        assert "stale" not in (links.nth(n).get_attribute("class") or "")
        assert "out of date" not in links.nth(n).inner_text()
    assert watcher.png(watcher.state()) == new
    # the page loaded nothing but what this server serves
    assert requests and all(u.startswith(watcher.url) for u in requests), requests
    page.close()
    assert watcher.stop() == 0


@pytest.mark.slow
def test_rebuilds_when_an_extended_or_named_file_changes(tmp_path: Path, layout: Path) -> None:
    (layout.parent / "out").mkdir()
    running = Watcher(layout.name, "--out", "out", "--dpi", DPI, cwd=layout.parent)
    try:
        start = running.wait(lambda: running.state()["built"] and running.state(), 60, "build")
        assert start["watched"] == ["my.toml", "base.toml"]
        said = "rebuilt when you save my.toml or base.toml"
        running.wait(lambda: said in running.out, 60, "the files watched")  # after the state
        assert "rebuilt when you save <code>my.toml</code> or <code>base.toml</code>" in (
            running.get("/main").decode()
        )
        before = running.png(start)
        base = layout.parent / "base.toml"
        base.write_text(base.read_text("utf-8").replace('"SCRIBE"', '"SCRIBO"'), "utf-8")
        running.wait(lambda: running.state()["built"] > start["built"], 60, "rebuild")
        assert running.png(running.state()) != before
    finally:
        running.end()
    # a game record names its map by a path beside it
    game_dir = tmp_path / "game"
    game_dir.mkdir()
    shutil.copy(ROOT / "layouts/walkabout/map-1.toml", game_dir / "map.toml")
    record = (ROOT / "layouts/walkabout/example-game.toml").read_text("utf-8")
    (game_dir / "game.toml").write_text(record.replace('"walkabout/map-1"', '"map.toml"'), "utf-8")
    running = Watcher("game.toml", "--dpi", DPI, cwd=game_dir)
    try:
        start = running.wait(lambda: running.state()["built"] and running.state(), 60, "build")
        before = running.png(start)
        map_file = game_dir / "map.toml"
        text = map_file.read_text("utf-8")
        map_file.write_text(text.replace("edge = 10.3", "edge = 10.0"), "utf-8")
        running.wait(lambda: running.state()["built"] > start["built"], 60, "rebuild")
        assert running.png(running.state()) != before
    finally:
        running.end()


@pytest.mark.slow
def test_never_serves_or_leaves_a_partial_file(watcher: Watcher, layout: Path) -> None:
    original = layout.read_text(encoding="utf-8")
    out = layout.parent / "out"
    stop = threading.Event()
    seen: list[tuple[int, int]] = []
    problems: list[str] = []

    def look() -> None:  # bounded: at most 2,000 looks, and only while the edits go on
        for _ in range(2000):
            if stop.is_set():
                return
            try:
                state = watcher.state()
                for name in state["files"]:
                    data = watcher.get(f"/files/{name}")
                    if name.endswith(".png"):
                        seen.append((state["built"], whole_png(data).size[0]))
                    elif not data.rstrip().endswith(b"%%EOF"):
                        problems.append(f"served {name} cut short")
                for path in out.iterdir():
                    if path.name.startswith("."):  # a finished file's name for the instant
                        continue  # before its rename (sheetgen.pipeline.output), gone when read
                    data = path.read_bytes()
                    if path.suffix == ".png":
                        whole_png(data)
                    elif path.suffix == ".pdf" and not data.rstrip().endswith(b"%%EOF"):
                        problems.append(f"{path.name} cut short in the folder")
            except Exception as exc:
                problems.append(repr(exc))

    looker = threading.Thread(target=look)
    looker.start()
    (png,) = out.glob("*.png")
    kept: list[tuple[io.BufferedReader, bytes]] = []  # each picture, held open as it was
    try:
        for n in range(6):  # six saves, each a different cell size, so a different picture
            held = png.open("rb")
            kept.append((held, held.read()))
            built = watcher.state()["built"]
            layout.write_text(original.replace("cell = 10.5", f"cell = {9 + n * 0.25}"), "utf-8")
            watcher.wait(lambda b=built: watcher.state()["built"] > b, 60, "rebuild")
            # the new picture is a new file renamed into place; the old one was never written
            assert os.fstat(held.fileno()).st_ino != png.stat().st_ino
            held.seek(0)
            assert held.read() == kept[-1][1]
    finally:
        stop.set()
        looker.join()
        for held, _ in kept:
            held.close()
    assert not problems, problems[:3]
    assert len({built for built, _ in seen}) >= 5  # it looked while the pictures changed
    assert watcher.stop() == 0
    assert sorted(p.suffix for p in out.iterdir()) == [".pdf", ".png"]  # nothing half-made left


def test_ctrl_c_ends_it_cleanly_and_removes_its_folder(layout: Path) -> None:
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # a user's folder named as a watch's once were (its pid no live process): never removed
    theirs = Path(tempfile.gettempdir()) / f"sheetgen-watch-{gone}-mine"
    (theirs / "sub").mkdir(parents=True)
    orphan, lock = watch_folder(Path(tempfile.gettempdir()))
    (orphan / "sub").mkdir()
    os.close(lock)  # as a watch killed with SIGKILL leaves its folder: unlocked
    running = Watcher(layout.name, cwd=layout.parent)
    try:
        running.wait(lambda: [ln for ln in running.out if " built " in ln], 60, "first build")
        folder = Path(next(ln for ln in running.out if " built " in ln).rsplit(" in ", 1)[1])
        assert folder.is_dir() and any(folder.glob("*.png"))
        assert running.stop() == 0
        assert running.out[-1] == "stopped"
        assert not any("Traceback" in ln for ln in running.err), running.err
        assert not folder.exists()
        assert not orphan.exists()  # the next watch removed the killed one's
        assert (theirs / "sub").is_dir()
    finally:
        running.end()
        shutil.rmtree(theirs, ignore_errors=True)


def patched_watch(folder: Path, patch: str, *args: str) -> list[str]:
    """The command of a real `sheetgen watch` of `folder`'s my.toml with `patch` (Python code)
    run first: a way to make a signal come at a moment no timing from outside can hit. Run as
    `python -m` runs sheetgen (the console script's way of ending hides a case below)."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        pytest.skip("drives the CLI in a subprocess, which never runs a mutant")
    argv = ["sheetgen", "watch", "my.toml", "--port", "0", "--no-browser", *args]
    script = (
        "import os, signal, sys, time\n"
        "import sheetgen.cli\n"
        "import sheetgen.pipeline.build, sheetgen.pipeline.output, sheetgen.pipeline.watch\n"
        f"{patch}\n"
        f"sys.argv = {argv!r}\n"
        "sheetgen.cli.main()\n"
    )
    (folder / "patched_watch.py").write_text(script, "utf-8")
    return [sys.executable, "-m", "patched_watch"]


def ctrl_c_in_build(code: str) -> str:
    """A patch: each build runs `code` (which signals the watch) before it builds."""
    body = "".join(f"    {line}\n" for line in code.splitlines())
    return (
        "real_build = sheetgen.pipeline.watch.build\n"
        "def build(watch, last):\n"
        f"{body}"
        "    return real_build(watch, last)\n"
        "sheetgen.pipeline.watch.build = build\n"
    )


def ending(layout: Path, patch: str) -> tuple[int, str, str]:
    """How a patched watch of `layout` ended: its exit code, its last line and its stderr."""
    command = patched_watch(layout.parent, patch)
    run = subprocess.run(command, cwd=layout.parent, capture_output=True, text=True, timeout=60)
    return run.returncode, run.stdout.splitlines()[-1], run.stderr


CTRL_C = "os.kill(os.getpid(), signal.SIGINT); time.sleep(5)"  # the handler runs as kill returns
LANDS_IN = {
    # Ctrl-C lands in a library that swallows the interrupt (as lxml's module set-up did, seen in
    # a watch that then served on and never ended)
    "swallowed": f"try:\n    {CTRL_C}\nexcept KeyboardInterrupt:\n    pass\n",
    # Ctrl-C lands in code that exec() runs (as dataclasses make their methods), which Python
    # remembers: a caught KeyboardInterrupt there ended the program by SIGINT, not with exit 0
    "in exec": f"exec({CTRL_C!r})\n",
}


@pytest.mark.slow
@pytest.mark.parametrize("lands_in", LANDS_IN)
def test_ctrl_c_during_a_build_ends_it_whatever_the_build_was_doing(
    layout: Path, lands_in: str
) -> None:
    assert ending(layout, ctrl_c_in_build(LANDS_IN[lands_in])) == (0, "stopped", "")


@pytest.mark.slow
def test_signals_inside_the_signal_handler_are_let_be(layout: Path) -> None:
    """Ctrl-C, then SIGHUP and SIGTERM while its handler runs (a handler that took a lock
    waited for itself for ever here): it ends, tidily, by the first that is not Ctrl-C, and
    Python runs the handlers of signals that came together in the order of their numbers."""
    patch = ctrl_c_in_build("os.kill(os.getpid(), signal.SIGINT)") + (
        "real_ask, sent = sheetgen.pipeline.watch.ask, []\n"
        "def ask():\n"
        "    if not sent:\n"
        "        sent.append(True)\n"
        "        os.kill(os.getpid(), signal.SIGHUP); os.kill(os.getpid(), signal.SIGTERM)\n"
        "        for _ in range(1000): pass  # the handler runs again here, inside itself\n"
        "    real_ask()\n"
        "sheetgen.pipeline.watch.ask = ask\n"
    )
    assert ending(layout, patch) == (-signal.SIGHUP, "stopped", "")
    assert not list(Path(tempfile.gettempdir()).glob(f"sheetgen-watch-{os.getpid()}-*"))


@pytest.mark.slow
def test_it_ends_by_the_first_signal_that_came_not_by_the_lowest_number(layout: Path) -> None:
    """SIGTERM, then SIGHUP 50 ms later, while the build is in one long call (as rasterising a
    page is): Python then runs the two handlers in the order of their numbers, SIGHUP's first,
    but the watch ends by SIGTERM, which came first."""
    sender = (
        "import os, signal, sys, time; watch = int(sys.argv[1]); "
        "os.kill(watch, signal.SIGTERM); time.sleep(0.05); os.kill(watch, signal.SIGHUP)"
    )
    patch = ctrl_c_in_build(
        "import hashlib, subprocess\n"
        f"subprocess.Popen([sys.executable, '-c', {sender!r}, str(os.getpid())])\n"
        "hashlib.pbkdf2_hmac('sha256', b'x', b'y', 8_000_000)  # one call of a second or two\n"
    )
    assert ending(layout, patch) == (-signal.SIGTERM, "stopped", "")


@pytest.mark.slow
def test_ctrl_c_while_a_rebuild_writes_never_mixes_two_builds(layout: Path) -> None:
    """Ctrl-C between two files of a rebuild being put in place: the rebuild's files are all
    written (as `sheetgen build` of the edited layout writes them), then the watch ends."""
    patch = (
        "real_write_all, writes = sheetgen.pipeline.build.write_all, []\n"
        "def write_all(files):\n"
        "    writes.append(files)\n"
        "    if len(writes) == 2:  # the rebuild's: Ctrl-C once its first file is in place\n"
        "        real_commit = sheetgen.pipeline.output._Staged.commit\n"
        "        def commit(self):\n"
        "            real_commit(self)\n"
        "            if len(writes) == 2:\n"
        "                writes.append(None)\n"
        "                os.kill(os.getpid(), signal.SIGINT)\n"
        "                for _ in range(1000): pass  # the handler runs here\n"
        "        sheetgen.pipeline.output._Staged.commit = commit\n"
        "    real_write_all(files)\n"
        "sheetgen.pipeline.build.write_all = write_all\n"
    )
    folder = layout.parent
    (folder / "out").mkdir()
    command = patched_watch(folder, patch, "--out", "out", "--dpi", DPI)
    proc = subprocess.Popen(command, cwd=folder, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    try:
        lines = iter(proc.stdout)
        assert any(" built " in line for line in lines)  # the first build
        first = {p.name: p.read_bytes() for p in (folder / "out").iterdir()}
        edited = layout.read_text("utf-8").replace('name = "pad"', 'name = "pad"\ntitle = "NEW"')
        layout.write_text(edited, "utf-8")
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()
    (folder / "edited").mkdir()
    built = sheetgen(
        "build", str(layout), "-f", "png,pdf", "--dpi", DPI, "--out", str(folder / "edited"), "-q"
    )
    assert built.code == 0, built.err
    now = {p.name: p.read_bytes() for p in (folder / "out").iterdir()}
    assert now == {p.name: p.read_bytes() for p in (folder / "edited").iterdir()}
    assert all(now[name] != data for name, data in first.items())  # every file is the rebuild's


def test_a_port_in_use_is_one_line(layout: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = sheetgen("watch", str(layout), "--port", str(port), "--no-browser")
    assert run.code == 1
    assert run.err.strip() == (
        f"error: cannot serve on 127.0.0.1:{port} (Address already in use); choose another --port"
    )


@pytest.mark.slow
def test_layouts_option_and_only_your_own_files_watched(tmp_path: Path) -> None:
    """`watch --layouts DIR NAME` finds a layout of one's own as `--layouts DIR build` does; it
    extends a built-in layout, which is sheetgen's own (never saved by you), so not watched."""
    mine = tmp_path / "mine" / "scribe"
    mine.mkdir(parents=True)
    text = (ROOT / "layouts/scribe/pad.toml").read_text("utf-8")
    assert 'extends = "scribe/standard"' in text
    own = mine / "my-pad.toml"
    own.write_text(text.replace('name = "pad"', 'name = "my-pad"'), "utf-8")
    work = tmp_path / "work"
    work.mkdir()
    running = Watcher("--layouts", "../mine", "scribe/my-pad", "--dpi", DPI, cwd=work)
    try:
        start = running.wait(lambda: running.state()["built"] and running.state(), 60, "build")
        shown = os.path.realpath(own)  # outside the working folder: named in full
        assert start["watched"] == [shown]
        said = f"rebuilt when you save {shown}"
        running.wait(lambda: said in running.out, 60, "the files watched")  # after the state
        assert f"rebuilt when you save <code>{shown}</code></p>" in running.get("/main").decode()
        # the same picture as the global option gives `build`
        (tmp_path / "built").mkdir()
        run = sheetgen(
            "--layouts", str(tmp_path / "mine"), "build", "scribe/my-pad", "-f", "png",
            "--dpi", DPI, "--out", str(tmp_path / "built"), "-q",
        )  # fmt: skip
        assert run.code == 0, run.err
        (png,) = (tmp_path / "built").glob("*.png")
        assert running.png(start) == png.read_bytes()
        own.write_text(own.read_text("utf-8").replace("cell = 10.5", "cell = 10.0"), "utf-8")
        running.wait(lambda: running.state()["built"] > start["built"], 60, "rebuild")
    finally:
        running.end()


@pytest.mark.slow
def test_sigterm_ends_it_at_once_and_cleanly(layout: Path, tmp_path: Path) -> None:
    """`kill` while a page follows it: ended within half a second as a killed program ends (the
    shell says 143), its page's port free again, its folder gone, no traceback."""
    running = Watcher(layout.name, cwd=layout.parent)
    try:
        running.wait(lambda: [ln for ln in running.out if " built " in ln], 60, "first build")
        folder = Path(next(ln for ln in running.out if " built " in ln).rsplit(" in ", 1)[1])
        page = http.client.HTTPConnection("127.0.0.1", running.port, timeout=10)
        page.request("GET", "/events", headers={"Host": f"127.0.0.1:{running.port}"})
        stream = page.getresponse()
        assert stream.fp.readline().startswith(b"data: ")  # the page is following it
        assert running.stop(signal.SIGTERM) == -signal.SIGTERM
        assert running.out[-1] == "stopped"
        assert running.err == []
        assert not folder.exists()
        page.close()
        assert port_is_free(running.port)
    finally:
        running.end()


def test_sigterm_mid_build_leaves_no_half_file(tmp_path: Path) -> None:
    """`kill` while a slow build (eight sheets of 30 mm tiles at 300 dpi) writes: ended before
    the rebuild finishes, and the folder holds the last build's files, each whole, and
    nothing else."""
    (tmp_path / "out").mkdir()
    tiles = tmp_path / "tiles.toml"
    shipped = (ROOT / "layouts/scrumpit/tiles.toml").read_text("utf-8")
    tiles.write_text(shipped.replace("size = 19.0", "size = 30.0"), "utf-8")  # a bag 2 pages
    running = Watcher("tiles.toml", "--out", "out", "--dpi", "300", cwd=tmp_path)
    try:
        first = running.wait(lambda: running.state()["built"] and running.state(), 60, "build")
        names = sorted(first["files"])
        tiles.write_text(tiles.read_text("utf-8").replace("size = 30.0", "size = 29.0"), "utf-8")
        time.sleep(0.4)  # the rebuild takes over a second: this is in the middle of it
        assert running.stop(signal.SIGTERM) == -signal.SIGTERM
        assert not [ln for ln in running.out if "(build 2)" in ln]  # it was cut short
        assert running.out[-1] == "stopped"
        assert running.err == []
    finally:
        running.end()
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == names
    for path in (tmp_path / "out").iterdir():
        data = path.read_bytes()
        if path.suffix == ".png":
            whole_png(data)
        else:
            assert data.rstrip().endswith(b"%%EOF"), path.name


def test_connections_past_the_limit_are_refused_in_a_line_and_drops_are_quiet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Many idle connections hold no more than MAX_CONNECTIONS threads: each one past them is
    answered 503 at once and the terminal is told once; a page that drops its connection
    mid-request costs no traceback; once the idle ones close, the page's state is answered."""
    watch = Watch("scribe/standard", tmp_path / "mine.toml", tmp_path, 40, "A4", 0)
    server = PreviewServer(watch, Preview(), "mine.toml")
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    port = server.server_address[1]
    before = threading.active_count()
    idle: list[socket.socket] = []
    try:
        for _ in range(MAX_CONNECTIONS):
            idle.append(socket.create_connection((HOST, port)))
        for _ in range(20):
            extra = socket.create_connection((HOST, port))
            extra.settimeout(30)
            assert extra.recv(200).startswith(b"HTTP/1.1 503 Service Unavailable")
            extra.close()
        assert threading.active_count() - before <= MAX_CONNECTIONS
        for held in idle:
            held.close()
        for _ in range(3):  # a page that goes away mid-request (closed tab): reset, not closed
            dropped = socket.create_connection((HOST, port))
            dropped.sendall(b"GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            dropped.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00" * 2)
            dropped.close()
        deadline = time.monotonic() + 60
        while True:  # the slots free as the server sees the closes
            connection = http.client.HTTPConnection(HOST, port, timeout=30)
            connection.request("GET", "/state", headers={"Host": f"{HOST}:{port}"})
            answer = connection.getresponse()
            connection.close()
            if answer.status == 200 or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert answer.status == 200
    finally:
        for held in idle:
            held.close()
        server.shutdown()
        server.server_close()
    err = capsys.readouterr().err
    note = (
        f"note: the preview refuses connections past {MAX_CONNECTIONS} at once (503) until some "
        "close"
    )
    # told when a spell of refusals begins, not once a refusal: a slot freed and taken again
    # (an idle connection timed out, a poll) begins another spell, so on a loaded machine the
    # 20 refusals in a row may be told twice or three times, never once each
    lines = err.splitlines()
    assert lines and set(lines) == {note}
    assert len(lines) <= server.refused // 5


def test_connections_that_trickle_their_request_free_their_slot_in_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A connection that sends its request a byte at a time, each before the idle timeout,
    held a slot for as long as it liked: MAX_CONNECTIONS of them locked the page out. Each
    request's head must come whole within HEAD_SECONDS: every trickler is shut by the server
    while it still trickles, and the page is answered."""
    import sheetgen.pipeline.watch as watching

    monkeypatch.setattr(watching, "HEAD_SECONDS", 1.0)
    watch = Watch("scribe/standard", tmp_path / "mine.toml", tmp_path, 40, "A4", 0)
    server = PreviewServer(watch, Preview(), "mine.toml")
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    port = server.server_address[1]
    slow = [socket.create_connection((HOST, port)) for _ in range(MAX_CONNECTIONS)]
    ended = threading.Event()

    def trickle() -> None:  # a byte a connection every 0.2 s (a minute's worth), never a head
        for byte in b"GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 300:
            for held in slow:
                with suppress(OSError):
                    held.send(bytes([byte]))
            if ended.wait(0.2):
                return

    threading.Thread(target=trickle, daemon=True).start()
    try:
        for held in slow:  # each is shut by the server, though it still sends
            held.settimeout(45)
            with suppress(ConnectionResetError):
                assert held.recv(100) == b""
        deadline = time.monotonic() + 30
        while True:  # the slots free as each shut connection's thread ends
            connection = http.client.HTTPConnection(HOST, port, timeout=30)
            connection.request("GET", "/state", headers={"Host": f"{HOST}:{port}"})
            status = connection.getresponse().status
            connection.close()
            if status == 200 or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert status == 200
    finally:
        ended.set()
        for held in slow:
            held.close()
        server.shutdown()
        server.server_close()
