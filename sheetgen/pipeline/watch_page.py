"""The page `sheetgen watch` serves: the latest build's pictures, or its error over the last good
ones, and the script and style that keep it current (all served from 127.0.0.1, nothing else)."""

from __future__ import annotations

from html import escape
from urllib.parse import quote

from sheetgen.frozen import frozen


@frozen
class Snapshot:
    """What the page shows. `version` grows by one at every build, good or bad; `files` are the
    names (PNG pages, then the PDF) of the last good build, `built` its version (0: none yet);
    `error` is the latest build's error, None when it was good; `at` and `seconds` say when the
    latest build ended and how long it took; `watched`, the files whose saves rebuild it."""

    version: int = 0
    files: tuple[str, ...] = ()
    built: int = 0
    error: str | None = None
    at: str = ""
    seconds: float = 0.0
    watched: tuple[str, ...] = ()

    @property
    def stale(self) -> bool:
        """The pictures shown are older than the layout (its latest build failed)."""
        return self.error is not None and bool(self.files)

    def state(self) -> dict[str, object]:
        """The snapshot as the JSON the event stream and /state send."""
        return {
            "version": self.version,
            "built": self.built,
            "files": list(self.files),
            "error": self.error,
            "stale": self.stale,
            "watched": list(self.watched),
        }


def file_url(name: str, snapshot: Snapshot) -> str:
    """Where the page fetches a file of the build: its build number in the query, so that a
    browser never shows a cached older picture under the same name."""
    return f"/files/{quote(name)}?v={snapshot.built}"


def _status(snap: Snapshot) -> str:
    if snap.version == 0:
        return '<p class="status busy">building…</p>'
    if snap.error is None:
        return (
            f'<p class="status ok">✓ built at {snap.at} in {snap.seconds:.2f} s '
            f"(build {snap.version})</p>"
        )
    keeps = (
        f"showing build {snap.built}, the last that worked" if snap.files else "nothing built yet"
    )
    return f'<p class="status bad">✗ build {snap.version} failed at {snap.at}: {keeps}</p>'


def either(names: list[str]) -> str:
    """Names as a person lists alternatives: 'a', 'a or b', 'a, b or c'."""
    return " or ".join(filter(None, [", ".join(names[:-1]), *names[-1:]]))


def _links(snap: Snapshot) -> str:
    """A link to each output the page does not show as a picture (the PDF); while the layout is
    broken each is marked out of date, as the pictures are, since it is the last good build's."""
    links = []
    for name in (n for n in snap.files if not n.endswith(".png")):
        url = escape(file_url(name, snap))
        if snap.stale:
            links.append(
                f'<a class="stale" href="{url}" target="_blank" title="from build {snap.built}, '
                f'the last that worked: the layout has changed since">{escape(name)} '
                f'<span class="mark">out of date</span></a>'
            )
        else:
            links.append(f'<a href="{url}" target="_blank">{escape(name)}</a>')
    return "PDF: " + " ".join(links) if links else ""


def main_html(snap: Snapshot) -> str:
    """The page's changing part: status, error, a link to the PDF, the files watched and the
    pictures."""
    parts = [_status(snap)]
    if snap.error is not None:
        parts.append(f'<pre class="error" role="alert">{escape(snap.error)}</pre>')
    links = _links(snap)
    names = [f"<code>{escape(n)}</code>" for n in snap.watched]
    parts.append(
        f'<p class="about">{links}{" · " if links and names else ""}'
        f"{'rebuilt when you save ' + either(names) if names else ''}</p>"
    )
    stale = " stale" if snap.stale else ""
    for name in (n for n in snap.files if n.endswith(".png")):
        parts.append(
            f'<figure class="sheet{stale}"><img src="{escape(file_url(name, snap))}" '
            f'alt="{escape(name)}"><figcaption>{escape(name)}'
            f"{' — out of date' if stale else ''}</figcaption></figure>"
        )
    cls = "stale" if snap.stale else ""
    return f'<main data-version="{snap.version}" class="{cls}">{"".join(parts)}</main>'


def page_html(snap: Snapshot, layout: str, folder: str) -> str:
    """The whole page, showing `snap`."""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{"✗ " if snap.error else ""}{escape(layout)} · sheetgen watch</title>
<link rel="stylesheet" href="/watch.css"><script src="/watch.js" defer></script>
</head><body>
<header><h1>{escape(layout)}</h1><p>rebuilt on every save · files in
<code>{escape(folder)}</code></p><p id="link" hidden>lost touch with sheetgen watch;
trying again…</p></header>
{main_html(snap)}
</body></html>
"""


SCRIPT = """\
// On each build the server announces, fetch the new part of the page, let its pictures load,
// then swap it in (so the old picture stays until the new one can be shown whole).
let shown = Number(document.querySelector("main").dataset.version);
let wanted = shown;
let busy = false;

async function refresh() {
  if (busy) return;
  busy = true;
  try {
    while (wanted > shown) {
      const reply = await fetch("/main", { cache: "no-store" });
      const holder = document.createElement("div");
      holder.innerHTML = await reply.text();
      const next = holder.firstElementChild;
      const version = Number(next.dataset.version);
      if (version <= shown) break;
      await Promise.all([...next.querySelectorAll("img")].map((i) => i.decode().catch(() => {})));
      document.querySelector("main").replaceWith(next);
      shown = version;
      const failed = next.querySelector(".error") !== null;
      document.title = (failed ? "✗ " : "") + document.title.replace(/^✗ /, "");
    }
  } catch (e) {
    // the server went away: the event stream says so and reconnects
  } finally {
    busy = false;
  }
}

const events = new EventSource("/events");
events.onmessage = (e) => {
  wanted = Math.max(wanted, JSON.parse(e.data).version);
  refresh();
};
events.onopen = () => { document.getElementById("link").hidden = true; };
events.onerror = () => { document.getElementById("link").hidden = false; };
"""

STYLE = """\
:root { color-scheme: light; font: 15px/1.45 system-ui, sans-serif; color: #1d2125; }
body { margin: 0; background: #e9ebee; }
header { position: sticky; top: 0; z-index: 1; background: #fff; border-bottom: 1px solid #ccd;
  padding: .6rem 1.2rem; display: flex; flex-wrap: wrap; align-items: baseline; gap: .3rem 1rem; }
header h1 { font-size: 1.15rem; margin: 0; }
header p { margin: 0; color: #555; font-size: .9rem; }
#link { color: #a11; font-weight: 600; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.2rem 3rem; }
.status { margin: 0 0 .8rem; padding: .45rem .8rem; border-radius: .4rem; font-weight: 600; }
.status.ok { background: #dff3e4; color: #14532d; }
.status.bad { background: #fde2e1; color: #7f1d1d; }
.status.busy { background: #eef; color: #334; }
pre.error { margin: 0 0 1rem; padding: .8rem 1rem; background: #fff; color: #7f1d1d;
  border: 2px solid #d33; border-radius: .4rem; white-space: pre-wrap; overflow-wrap: anywhere;
  font: .95rem/1.4 ui-monospace, monospace; }
.about { margin: 0 0 1rem; color: #555; overflow-wrap: anywhere; }
a { color: #1a4fa0; }
a.stale { color: #7f1d1d; text-decoration: underline wavy #d33; }
a.stale .mark { display: inline-block; margin-left: .3rem; padding: 0 .45rem; border-radius: .3rem;
  background: #c22; color: #fff; font-size: .8rem; font-weight: 600; }
figure { margin: 0 0 1.5rem; position: relative; }
figure.stale::before { content: "out of date"; position: absolute; top: .7rem; left: .7rem;
  z-index: 1; padding: .15rem .6rem; border-radius: .3rem; background: #c22; color: #fff;
  font-weight: 600; }
figure img { display: block; max-width: 100%; height: auto; background: #fff;
  box-shadow: 0 1px 4px rgba(0, 0, 0, .25); }
figcaption { margin-top: .35rem; color: #555; font-size: .85rem; }
figure.stale img { opacity: .45; filter: grayscale(1); outline: 3px dashed #d33;
  outline-offset: 3px; }
figure.stale figcaption { color: #7f1d1d; font-weight: 600; }
"""
