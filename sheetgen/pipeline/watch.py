"""`sheetgen watch`: build a layout again on every save of it or of a file of the user's it
extends or names, and show the pictures in a page served on 127.0.0.1 that refreshes itself."""

from __future__ import annotations

import json
import os
import signal
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Collection, Iterator
from contextlib import contextmanager, suppress
from dataclasses import replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import FrameType
from typing import Any
from urllib.parse import unquote, urlsplit

import typer

from sheetgen.cancel import STOP_SIGNALS, Cancelled, ask
from sheetgen.errors import SheetgenError
from sheetgen.files import Stamp, recording_reads, stamp
from sheetgen.frozen import frozen
from sheetgen.pipeline.watch_page import SCRIPT, STYLE, Snapshot, either, main_html, page_html
from sheetgen.text.terminal import for_terminal

HOST = "127.0.0.1"  # never another interface: the page shows files from this machine
PING_SECONDS = 10  # an event stream sends a comment this often, to notice a closed page
POLL_SECONDS = 0.3  # how often the watched files are compared besides, in case a save was missed
SERVE_POLL_SECONDS = 0.05  # how soon the page's server notices it is to stop
Watched = dict[Path, Stamp | None]  # each file watched, and the version of it last built


@frozen
class Watch:
    """What `sheetgen watch` was asked for: the layout (`ref`, a path or built-in name, and
    `layout`, its file's real path), the folder its files go to, the PNG resolution and paper,
    and the port to serve the page on."""

    ref: str
    layout: Path
    folder: Path
    dpi: int
    paper: str
    port: int


class Preview:
    """The latest snapshot, and a condition that the page's event streams wait on."""

    def __init__(self) -> None:
        self._snapshot = Snapshot()
        self._changed = threading.Condition()
        self.closed = False

    def current(self) -> Snapshot:
        """The snapshot the page shows now."""
        with self._changed:
            return self._snapshot

    def publish(self, snapshot: Snapshot) -> None:
        """Show `snapshot`, and wake every event stream."""
        with self._changed:
            self._snapshot = snapshot
            self._changed.notify_all()

    def newer_than(self, version: int, timeout: float) -> Snapshot:
        """The snapshot once its version is not `version` (or the current one after `timeout`
        seconds, or at once when the watch is closing)."""
        with self._changed:
            self._changed.wait_for(
                lambda: self.closed or self._snapshot.version != version, timeout
            )
            return self._snapshot

    def close(self) -> None:
        """End every event stream."""
        with self._changed:
            self.closed = True
            self._changed.notify_all()


def build(watch: Watch, last: Snapshot) -> tuple[Snapshot, Watched]:
    """Build the layout's PNG pages and PDF into the folder (atomically, all or none): the new
    snapshot (the last good files kept on an error), and every file the build read."""
    # imported here, not at the top, for start-up time
    from sheetgen.options import read_build
    from sheetgen.pipeline.build import run_build

    request = read_build(
        (watch.ref,),
        formats="png,pdf",
        paper=watch.paper,
        copies=1,
        out=watch.folder,
        dpi=watch.dpi,
        quiet=True,
    )
    started = time.perf_counter()
    version = last.version + 1
    error: str | None = None
    with recording_reads() as reads:
        try:
            built = run_build(request)
        except SheetgenError as exc:
            error = str(exc)
        except Exception as exc:  # a bug: shown like any error, and the watch goes on
            error = f"internal error ({type(exc).__name__}: {exc}); please report it"
    at = time.strftime("%H:%M:%S")
    seconds = time.perf_counter() - started
    if error is not None:
        return replace(last, version=version, error=error, at=at, seconds=seconds), reads
    names = sorted((f.path.name for f in built), key=lambda n: n.endswith(".pdf"))
    return Snapshot(version, tuple(names), version, None, at, seconds), reads


class PreviewServer(ThreadingHTTPServer):
    """The page's server, on 127.0.0.1 only; each connection in a thread of its own, at most
    MAX_CONNECTIONS at once: one more is answered 503 at once, without a thread, and the
    terminal is told once (until the load has passed). A connection the page (or anyone)
    drops is let go without a word: no traceback."""

    daemon_threads = True

    def __init__(self, watch: Watch, preview: Preview, layout: str) -> None:
        self.watch, self.preview, self.layout = watch, preview, layout
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self._refusing = threading.Event()  # told the terminal; quiet until the load passes
        self.refused = 0
        self._heads: dict[socket.socket, float] = {}  # connections whose head is awaited: by when
        self._heads_lock = threading.Lock()
        super().__init__((HOST, watch.port), PreviewHandler)

    def head_due(self, connection: socket.socket) -> None:
        """A connection's request head must all come within HEAD_SECONDS from now."""
        with self._heads_lock:
            self._heads[connection] = time.monotonic() + HEAD_SECONDS

    def head_came(self, connection: socket.socket) -> None:
        with self._heads_lock:
            self._heads.pop(connection, None)

    def service_actions(self) -> None:
        """Between polls: shut each connection whose head is overdue (the read waiting on it
        then ends, and its slot is free again)."""
        now = time.monotonic()
        with self._heads_lock:
            late = [c for c, due in self._heads.items() if due < now]
            for connection in late:
                del self._heads[connection]
        for connection in late:
            with suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._slots.acquire(blocking=False):
            self.refused += 1
            with suppress(OSError):
                request.sendall(_BUSY)
            self.shutdown_request(request)
            if not self._refusing.is_set():
                self._refusing.set()
                with suppress(OSError):
                    typer.echo(
                        f"note: the preview refuses connections past {MAX_CONNECTIONS} at once "
                        "(503) until some close",
                        err=True,
                    )
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()
            self._refusing.clear()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection that failed: dropped by its other end (reset, broken pipe, timed out)
        is nothing to say; anything else is a line, never a traceback."""
        failure = sys.exc_info()[1]
        if isinstance(failure, OSError):
            return
        with suppress(OSError):
            typer.echo(f"note: a preview request failed ({type(failure).__name__})", err=True)


MAX_CONNECTIONS = 32  # a page holds two or three; more at once is no page of this machine
IDLE_SECONDS = 30  # a connection that sends nothing (or takes nothing) for this long is closed
# a request's first line and headers must all come within this, however they trickle in (a
# byte every few seconds keeps an idle timeout from ever firing, and held every slot)
HEAD_SECONDS = 10
_BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 32\r\n"
    b"Connection: close\r\n\r\ntoo many connections; try again\n"
)


class PreviewHandler(BaseHTTPRequestHandler):
    """Answers the page, its script and style, its changing part, the build's state (JSON), an
    event stream of it, and the files of the last good build; nothing else."""

    server: PreviewServer
    timeout = IDLE_SECONDS  # an idle connection holds a slot no longer than this

    def setup(self) -> None:
        super().setup()
        self.server.head_due(self.connection)

    def finish(self) -> None:
        self.server.head_came(self.connection)
        super().finish()

    def log_message(self, format: str, *args: Any) -> None:
        """Requests are not logged: the terminal shows builds and their errors."""

    def do_GET(self) -> None:
        """One request from the page (or anyone on this machine naming this host)."""
        self.server.head_came(self.connection)  # whole: an event stream may then last
        port = self.server.server_address[1]
        if self.headers.get("Host") not in (f"{HOST}:{port}", f"localhost:{port}"):
            return self._send(403, "text/plain", b"forbidden: use http://127.0.0.1:PORT/\n")
        path = urlsplit(self.path).path
        snap = self.server.preview.current()
        if path == "/":
            html = page_html(snap, self.server.layout, str(self.server.watch.folder))
            self._send(200, "text/html; charset=utf-8", html.encode())
        elif path == "/main":
            self._send(200, "text/html; charset=utf-8", main_html(snap).encode())
        elif path == "/watch.js":
            self._send(200, "text/javascript; charset=utf-8", SCRIPT.encode())
        elif path == "/watch.css":
            self._send(200, "text/css; charset=utf-8", STYLE.encode())
        elif path == "/state":
            self._send(200, "application/json", json.dumps(snap.state()).encode())
        elif path == "/events":
            self._events()
        elif path.startswith("/files/") and unquote(path[7:]) in snap.files:
            self._file(unquote(path[7:]))
        else:
            self._send(404, "text/plain", b"not found\n")

    def _send(self, code: int, kind: str, body: bytes) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header(
            "Content-Security-Policy",
            "default-src 'none'; img-src 'self'; script-src 'self'; style-src 'self'; "
            "connect-src 'self'",
        )
        self.end_headers()
        self.wfile.write(body)

    def _file(self, name: str) -> None:
        """A file of the build, read whole: it was renamed into place complete, so it is the
        old file or the new one, never part of one."""
        try:
            data = (self.server.watch.folder / name).read_bytes()
        except OSError:
            return self._send(404, "text/plain", b"not found\n")
        kind = "application/pdf" if name.endswith(".pdf") else "image/png"
        self._send(200, kind, data)

    def _events(self) -> None:
        """Server-Sent Events: the state now, then again after every build."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        preview, version = self.server.preview, -1
        try:
            while not preview.closed:
                snap = preview.newer_than(version, PING_SECONDS)
                if preview.closed:
                    break
                if snap.version == version:
                    self.wfile.write(b": ping\n\n")
                else:
                    self.wfile.write(f"data: {json.dumps(snap.state())}\n\n".encode())
                    version = snap.version
                self.wfile.flush()
        except OSError:  # the page was closed
            pass


def _now(path: Path) -> Stamp | None:
    """The stamp of the file at `path` now (None: there is none)."""
    try:
        return stamp(os.stat(path))
    except OSError:
        return None


def _wake_ups(paths: Collection[Path], stop: Stop) -> Iterator[None]:
    """A wake-up whenever a file in `paths` changes (an editor's save by rename included) and
    every POLL_SECONDS besides, so that a save made while no watcher ran is seen too; no more
    once a stop is asked for (seen within a few hundredths of a second)."""
    # imported here, not at the top, for start-up time
    import watchfiles

    folders = sorted({p.parent for p in paths if p.parent.is_dir()})
    if not folders:  # the layout's folder is gone: look again now and then
        while not stop.is_set():
            time.sleep(POLL_SECONDS)
            yield
        return
    for _changes in watchfiles.watch(
        *folders,
        watch_filter=lambda _change, name: Path(os.path.realpath(name)) in paths,
        stop_event=stop,
        recursive=False,
        step=30,
        rust_timeout=int(POLL_SECONDS * 1000),
        yield_on_timeout=True,
    ):
        yield


def _report(snap: Snapshot, folder: Path) -> None:
    """A build's outcome in the terminal: one line, or one line a problem on stderr."""
    if snap.error is None:
        pages = sum(n.endswith(".png") for n in snap.files)
        typer.echo(
            f"[{snap.at}] built {pages} page{'s' if pages != 1 else ''} and the PDF in "
            f"{snap.seconds:.2f} s (build {snap.version}) in {for_terminal(str(folder))}"
        )
    else:
        for line in snap.error.splitlines():  # one line a problem, as every command prints
            typer.echo(f"[{snap.at}] error: {for_terminal(line)}", err=True)


def _shown(path: Path) -> str:
    """A watched file as the page names it: from the working folder when it is inside it."""
    relative = os.path.relpath(path)
    return str(path) if relative.startswith("..") else relative


def _builtin(path: Path) -> bool:
    """Whether `path` is one of the installed layouts, sheetgen's own or a plugin's (which a
    designer's saves never touch)."""
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.find import installed_folders

    return any(path.is_relative_to(os.path.realpath(f)) for f in installed_folders())


def _rebuild(watch: Watch, preview: Preview, watched: Watched) -> Watched:
    """Build and show the result; the files to watch from now on, each with the version seen:
    the layout and every file of the user's the build read (and, after an error, which may have
    stopped it early, those watched before). Built-in layouts it extends are not watched."""
    snap, reads = build(watch, preview.current())
    wanted = {p: _now(p) for p in watched} if snap.error else {}
    wanted.update((p, seen) for p, seen in reads.items() if not _builtin(p))
    wanted.setdefault(watch.layout, _now(watch.layout))
    files = sorted(wanted, key=lambda p: (p != watch.layout, str(p)))  # the layout first
    names = list(map(_shown, files))
    preview.publish(replace(snap, watched=tuple(names)))
    _report(snap, watch.folder)
    if wanted.keys() != watched.keys():
        typer.echo(f"rebuilt when you save {for_terminal(either(names))}")
    return wanted


def _loop(watch: Watch, preview: Preview, stop: Stop) -> None:
    """Build, then build again whenever a file the last build read is not as it read it, until
    a stop is asked for (a build under way is cut short: see `sheetgen.cancel`)."""
    watched = _rebuild(watch, preview, {})
    while not stop.is_set():
        for _wake_up in _wake_ups(set(watched), stop):
            if stop.is_set():
                break
            if all(_now(p) == seen for p, seen in watched.items()):
                continue
            wanted = _rebuild(watch, preview, watched)
            files_differ = wanted.keys() != watched.keys()
            watched = wanted
            if files_differ:
                break  # watch the new set of files (and their folders)


@contextmanager
def _folder(out: Path | None) -> Iterator[Path]:
    """The folder the files go to: `out` (made if it does not exist), or a temporary one
    removed at the end (marked as the watch's and locked while it runs, so a watch killed
    outright leaves it to the next, which removes it and nothing else)."""
    # imported here, not at the top, for start-up time
    import shutil

    from sheetgen.pipeline.output import prepare_folder
    from sheetgen.pipeline.scratch import watch_folder

    if out is not None:
        yield prepare_folder(out)
        return
    folder, lock = watch_folder(Path(tempfile.gettempdir()))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        os.close(lock)


def run_watch(
    ref: str, out: Path | None, port: int, open_browser: bool, dpi: int, paper: str
) -> None:
    """Serve the preview and rebuild until Ctrl-C (exit 0), or SIGTERM or SIGHUP (the program
    then ends by that signal, as an untended one would); either way at once and tidily: a build
    under way cut short at its next page, the port closed, the temporary folder removed, no
    file half-written and no two builds' files mixed."""
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.read import load, resolve

    path, shown = resolve(ref)
    if not path.is_file():
        load(ref)  # refused as `build` refuses it: no such file, a folder, ...
    layout = Path(os.path.realpath(path))
    stop = _listen()
    try:
        with _folder(out) as folder:
            _serve(Watch(ref, layout, folder, dpi, paper, port), shown, open_browser, stop)
    except Cancelled:
        pass
    with suppress(OSError):  # a closed terminal (SIGHUP) takes no more words
        typer.echo("stopped")
        sys.stdout.flush()
    ending = stop.ending()
    for signum in STOP_SIGNALS:  # let be from now on: Python would end by one while it shuts down
        signal.signal(signum, signal.SIG_IGN)
    if ending is not None:
        signal.signal(ending, signal.SIG_DFL)
        os.kill(os.getpid(), ending)
        raise SystemExit(128 + ending)  # where a program cannot signal itself


def _serve(watch: Watch, shown: str, open_browser: bool, stop: Stop) -> None:
    """Serve the page and build on every save, until a stop is asked for; the server is closed
    then."""
    preview = Preview()
    try:
        server = PreviewServer(watch, preview, shown)
    except OSError as exc:
        raise SheetgenError(
            f"cannot serve on {HOST}:{watch.port} ({exc.strerror}); choose another --port"
        ) from None
    try:
        url = f"http://{HOST}:{server.server_address[1]}/"
        threading.Thread(
            target=server.serve_forever, args=(SERVE_POLL_SECONDS,), daemon=True
        ).start()
        typer.echo(f"watching {for_terminal(shown)}: preview at {url} (Ctrl-C to stop)")
        if open_browser:
            # imported here, not at the top, for start-up time
            import webbrowser

            webbrowser.open(url)
        _loop(watch, preview, stop)
    finally:
        preview.close()
        server.shutdown()
        server.server_close()


class Stop:
    """What asks the watch to stop: Ctrl-C (SIGINT), SIGTERM (`kill`) or SIGHUP (the terminal
    closed). Its handler only notes the signal and asks builds to stop (`sheetgen.cancel`): the
    wait for saves (watchfiles' stop event), the loop and a build's checkpoints look, and none
    of them can miss it. Nothing is raised into the code the signal lands in, and the handler
    takes no lock, so a second signal in the middle of it is harmless."""

    def __init__(self) -> None:
        self.signals: list[int] = []  # as the handler was run for them
        self.arrivals: int | None = None  # a pipe's end the system writes each signal to

    def __call__(self, signum: int, _frame: FrameType | None) -> None:
        """The signal handler."""
        self.signals.append(signum)
        ask()

    def is_set(self) -> bool:
        """Whether a stop was asked for."""
        return bool(self.signals)

    def ending(self) -> int | None:
        """The signal the program ends by once tidy: the first that came of those that are not
        Ctrl-C (one asked to end as killed), or None: exit 0. Python runs the handlers of
        signals that came while it was in a long call (a page rasterised) in the order of
        their numbers, so the order they came in is read from `arrivals`, where Python's own
        handler writes each signal's number at once (`signal.set_wakeup_fd`)."""
        came = self.signals
        if self.arrivals is not None:
            with suppress(BlockingIOError):
                came = list(os.read(self.arrivals, 4096)) or came
        return next((s for s in came if s in STOP_SIGNALS and s != signal.SIGINT), None)


def _listen() -> Stop:
    """Let SIGINT, SIGTERM and SIGHUP (not on Windows) ask the watch to stop; a second signal
    while it tidies up is let be."""
    stop = Stop()
    for signum in STOP_SIGNALS:
        signal.signal(signum, stop)
    if os.name == "posix":  # elsewhere the wake-up must be a socket, and only SIGINT comes
        read, write = os.pipe()
        os.set_blocking(read, False)
        os.set_blocking(write, False)
        signal.set_wakeup_fd(write, warn_on_full_buffer=False)
        stop.arrivals = read
    return stop
