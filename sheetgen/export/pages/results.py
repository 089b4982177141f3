"""A class's results as one offline page or one CSV file (`sheetgen read --results`).

The page is a single HTML file: a table of every sheet's players, scores, winner and rule
findings (with row and column headers), the files that could not be read and why, and each
sheet's thumbnail embedded as a data: URI with alt text, so it opens anywhere with no network
and no script. The CSV is one row a sheet or unreadable file; every cell a spreadsheet would
take for a formula (starting with =, +, -, @, a tab or a carriage return) is made text by a
leading apostrophe, so a Scribe mark `+` reads `'+` and a player called `=HYPERLINK(…)` stays
words."""

from __future__ import annotations

import base64
import csv
import html
import io
import struct

from sheetgen.backends.html import page
from sheetgen.read.results import Result, SheetResult, Unreadable

STYLE = """
:root { --bg: #fdfbf6; --ink: #1f1d1a; --accent: #8a3b17; --line: #cfc6b8; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 70em; padding: .5em 1em 2em; background: var(--bg);
  color: var(--ink); font: 17px/1.45 "DejaVu Sans", Verdana, Arial, sans-serif; }
h1 { color: var(--accent); font-size: 1.6em; margin: .4em 0; }
h2 { font-size: 1.2em; margin: 1.4em 0 .4em; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; }
caption { text-align: left; padding: .3em 0; }
th, td { border: 1px solid var(--line); padding: .35em .5em; text-align: left;
  vertical-align: top; }
thead th { background: #efe7da; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
td.f { min-width: 16em; max-width: 30em; }
th[scope=row] { min-width: 8em; }
ul { margin: 0; padding-left: 1.1em; }
.sheets { display: grid; grid-template-columns: repeat(auto-fill, minmax(16em, 1fr)); gap: 1em; }
figure { margin: 0; border: 1px solid var(--line); padding: .5em; background: #fff; }
figure img { display: block; width: 100%; height: auto; }
figcaption { margin-top: .4em; }
.ring { color: #c80000; font-weight: bold; }
"""

HEADER = (
    "file",
    "page",
    "sheet",
    "layout",
    "player_1",
    "mark_1",
    "score_1",
    "player_2",
    "mark_2",
    "score_2",
    "winner",
    "findings",
    "record",
    "not_read",
)
CSV_MARK = ",".join(HEADER)  # how a CSV sheetgen wrote begins: the only kind it replaces
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def inert(cell: str) -> str:
    """A cell a spreadsheet shows as the text it is: one that starts as a formula would (=,
    +, -, @, a tab or a carriage return) gets an apostrophe in front."""
    return "'" + cell if cell.startswith(_FORMULA) else cell


def _label(result: SheetResult) -> str:
    return f"{result.file} page {result.page}, sheet {result.slot}"


def _png_size(png: bytes) -> tuple[int, int]:
    width, height = struct.unpack(">II", png[16:24])  # the IHDR chunk, first in every PNG
    return width, height


def _players(result: SheetResult) -> str:
    return ", ".join(f"{p.name} ({p.mark})" for p in result.scored.players)


def _findings(items: tuple[str, ...]) -> str:
    if not items:
        return "none"
    return "<ul>" + "".join(f"<li>{html.escape(item)}</li>" for item in items) + "</ul>"


def results_html(results: list[Result]) -> str:
    """The class's results page: deterministic, self-contained, readable without a script."""
    sheets = [r for r in results if isinstance(r, SheetResult)]
    unread = [r for r in results if isinstance(r, Unreadable)]
    files = len({r.file for r in results})
    body = [
        "<header><h1>Class results</h1>",
        f"<p>{len(sheets)} sheet{'s' if len(sheets) != 1 else ''} read from {files} "
        f"file{'s' if files != 1 else ''}; {len(unread)} file{'s' if len(unread) != 1 else ''} "
        "could not be read.</p></header>",
        "<main>",
    ]
    if sheets:
        body += [
            '<h2 id="scores">Scores</h2>',
            "<p>Each sheet is one game of Scribe between two players, + and O. A player's score "
            "is the mini grids they won; whoever wins five of the nine wins the game.</p>",
            '<div class="scroll"><table>',
            "<caption>One row a sheet</caption>",
            "<thead><tr>"
            + "".join(
                f'<th scope="col">{h}</th>'
                for h in (
                    "Sheet",
                    "+ player",
                    "+ score",
                    "O player",
                    "O score",
                    "Winner",
                    "Rule findings",
                )
            )
            + "</tr></thead><tbody>",
        ]
        for number, r in enumerate(sheets, start=1):
            cells = [f'<th scope="row"><a href="#sheet-{number}">{html.escape(_label(r))}</a></th>']
            for p in r.scored.players:
                cells.append(f"<td>{html.escape(p.name)} ({html.escape(p.mark)})</td>")
                cells.append(f'<td class="n">{p.score}</td>')
            winner = html.escape(r.winner_name) if r.scored.winner else "not decided"
            cells.append(f"<td>{winner}</td>")
            cells.append(f'<td class="f">{_findings(r.scored.findings)}</td>')
            body.append(f"<tr>{''.join(cells)}</tr>")
        body.append("</tbody></table></div>")
    if unread:
        body += [
            '<h2 id="not-read">Files not read</h2>',
            '<div class="scroll"><table><thead><tr><th scope="col">File</th>'
            '<th scope="col">Why</th></tr></thead><tbody>',
        ]
        for u in unread:
            body.append(
                f'<tr><th scope="row">{html.escape(u.file)}</th>'
                f"<td>{html.escape(u.reason)}</td></tr>"
            )
        body.append("</tbody></table></div>")
    if sheets:
        body += ['<h2 id="sheets">The sheets as returned</h2>', '<div class="sheets">']
        for number, r in enumerate(sheets, start=1):
            flagged = len(r.uncertain)
            flag_text = (
                f'<span class="ring">{flagged} mark{"s" if flagged != 1 else ""} circled in '
                "red to confirm</span>"
                if flagged
                else "no marks to confirm"
            )
            alt = f"The sheet {_label(r)} as returned: {_players(r)}"
            if flagged:
                alt += f"; {flagged} uncertain mark{'s' if flagged != 1 else ''} circled in red"
            if r.thumbnail:
                width, height = _png_size(r.thumbnail)
                data = base64.b64encode(r.thumbnail).decode("ascii")
                picture = (
                    f'<img src="data:image/png;base64,{data}" width="{width}" '
                    f'height="{height}" alt="{html.escape(alt)}">'
                )
            else:
                picture = "<p>(no picture: the file cannot be drawn)</p>"
            body.append(
                f'<figure id="sheet-{number}">{picture}<figcaption>'
                f"<b>{html.escape(_label(r))}</b><br>{html.escape(_players(r))}<br>"
                f"{flag_text}</figcaption></figure>"
            )
        body.append("</div>")
    body.append("</main>")
    return page("Class results", "\n".join(body), STYLE, "")


def results_csv(results: list[Result]) -> str:
    """One row a sheet (or unreadable file) under the `HEADER` row, every cell inert."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HEADER)
    for r in results:
        if isinstance(r, Unreadable):
            row = [r.file, "", "", "", "", "", "", "", "", "", "", "", "", r.reason]
        else:
            row = [r.file, str(r.page), str(r.slot), r.layout]
            for p in r.scored.players[:2]:
                row += [p.name, p.mark, str(p.score)]
            row += [""] * (10 - len(row))
            row += [r.winner_name, "; ".join(r.scored.findings), r.record, ""]
        writer.writerow([inert(cell) for cell in row])
    return out.getvalue()
