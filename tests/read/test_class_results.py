"""`sheetgen read DIR --results` on a class of Scribe sheets filled here from hand-written records
(one file not a PDF at all): the page and the CSV are checked with independent parsers
(html.parser, csv) against what `sheetgen scribe score --json` says of the same records."""

from __future__ import annotations

import base64
import csv
import io
import json
from html.parser import HTMLParser
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from sheetgen.read.results import thumbnail
from tests.read.test_read_scribe import _fill, _grid, _values
from tests.support import sheetgen

# name_plus, name_o: each a name a spreadsheet would take for a formula, but one
NAMES = [
    ("Ada", "Bo"),
    ('=HYPERLINK("http://evil.example","x")', "Cy"),
    ("+1", "-2"),
    ("@SUM(A1)", "\tTab"),
    ("", ""),  # left blank: the file's name stands in
]
FORMULA = ("=", "+", "-", "@", "\t", "\r")


class _Page(HTMLParser):
    """The score table's rows (cell texts), every img's attributes, every link and source."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.imgs: list[dict[str, str]] = []
        self.refs: list[str] = []
        self.scripts = 0
        self._cell: list[str] | None = None
        self._tables = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.refs += [a[k] for k in ("src", "href") if k in a]
        if tag == "table":
            self._tables += 1
        elif tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "img":
            self.imgs.append(a)
        elif tag == "script":
            self.scripts += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _score(rows: list[str]) -> dict[str, object]:
    run = sheetgen("scribe", "score", "/".join(rows), "--json")
    assert run.code == 0, run.err
    result: dict[str, object] = json.loads(run.out)
    return result


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[str]]]:
    """The class folder: five filled sheets (the fourth stopped early with 7 squares empty),
    and a file that is not a PDF."""
    root = tmp_path_factory.mktemp("class")
    run = sheetgen(
        "build", "scribe/standard", "--fillable", "-f", "pdf", "--out", str(root / "blank"), "-q"
    )
    assert run.code == 0, run.err
    blank = root / "blank" / "scribe-standard-supergrid-fillable.pdf"
    folder = root / "returned"
    folder.mkdir()
    records = {}
    for n, (plus, o) in enumerate(NAMES):
        rows = _grid(100 + n, 7 if n == 3 else 0)
        values = _values(rows, n)
        values["name_plus"], values["name_o"] = plus, o
        if n == 1:  # the top left tab names the loser
            values["winner_1"] = {"+": "O", "O": "+"}[values["winner_1"]]
        _fill(blank, folder / f"pupil{n}.pdf", {1: values})
        records[f"pupil{n}"] = rows
    (folder / "broken.pdf").write_text("a note, not a sheet")
    return folder, records


def _run(folder: Path, *targets: Path) -> None:
    args = [a for t in targets for a in ("--results", str(t))]
    run = sheetgen("read", str(folder), *args)
    assert run.code == 0, run.err
    assert "Traceback" not in run.err


def test_the_page_holds_every_player_score_winner_and_thumbnail(
    made: tuple[Path, dict[str, list[str]]], tmp_path: Path
) -> None:
    folder, records = made
    out = tmp_path / "results.html"
    _run(folder, out)
    page = _Page()
    page.feed(out.read_text(encoding="utf-8"))
    assert page.scripts <= 1 and all(r.startswith(("data:", "#")) for r in page.refs)
    rows = {row[0]: row for row in page.rows if row and row[0].startswith(str(folder))}
    for n, (plus, o) in enumerate(NAMES):
        row = rows[f"{folder / f'pupil{n}.pdf'} page 1, sheet 1"]
        said = _score(records[f"pupil{n}"])
        wins = said["wins"]
        assert isinstance(wins, dict)
        plus_name, o_name = plus.strip() or f"pupil{n}", o.strip() or f"pupil{n}"
        assert row[1:5] == [f"{plus_name} (+)", str(wins["+"]), f"{o_name} (O)", str(wins["O"])]
        winner = said["winner"]
        name = {"+": plus_name, "O": o_name}.get(str(winner))
        assert row[5] == (f"{name} ({winner})" if winner else "not decided")
        # the rulebook: players take turns, one square a turn, no passing
        counts = [sum(r.count(m) for r in records[f"pupil{n}"]) for m in "+O"]
        assert ("take turns" in row[6]) == (abs(counts[0] - counts[1]) > 1), row[6]
    assert "top left mini grid's tab says" in rows[f"{folder / 'pupil1.pdf'} page 1, sheet 1"][6]
    # the rulebook: play goes on until the entire super grid is filled
    assert "7 squares are empty" in rows[f"{folder / 'pupil3.pdf'} page 1, sheet 1"][6]
    broken = next(row for row in page.rows if row and row[0] == str(folder / "broken.pdf"))
    assert "not a PDF" in broken[1]
    assert len(page.imgs) == len(NAMES)
    for img in page.imgs:
        assert img["alt"].startswith("The sheet ")
        assert img["src"].startswith("data:image/png;base64,")
        picture = Image.open(io.BytesIO(base64.b64decode(img["src"].split(",", 1)[1])))
        assert picture.size == (int(img["width"]), int(img["height"]))
        assert picture.width > 200  # big enough to see the marks


def test_the_csv_gives_the_same_scores_and_no_formula(
    made: tuple[Path, dict[str, list[str]]], tmp_path: Path
) -> None:
    folder, records = made
    out = tmp_path / "results.csv"
    _run(folder, out)
    table = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"), newline="")))
    for row in table:
        for cell in row.values():
            assert not cell.startswith(FORMULA), cell
    by_file = {Path(row["file"]).stem: row for row in table}
    assert by_file["broken"]["not_read"].count("not a PDF") == 1
    for n, (plus, _o) in enumerate(NAMES):
        row = by_file[f"pupil{n}"]
        wins = _score(records[f"pupil{n}"])["wins"]
        assert isinstance(wins, dict)
        assert (row["score_1"], row["score_2"]) == (str(wins["+"]), str(wins["O"]))
        if plus:
            assert row["player_1"].lstrip("'") == plus  # the name, kept as text
        assert row["record"].lstrip("'") == "/".join(records[f"pupil{n}"])


def test_reruns_are_byte_identical_and_only_our_own_files_are_replaced(
    made: tuple[Path, dict[str, list[str]]], tmp_path: Path
) -> None:
    folder, _ = made
    inside = folder / "results.html"  # in the class folder: a rerun must not read it back
    try:
        _run(folder, inside, tmp_path / "r.csv")
        first = inside.read_bytes(), (tmp_path / "r.csv").read_bytes()
        _run(folder, inside, tmp_path / "r.csv")
        assert (inside.read_bytes(), (tmp_path / "r.csv").read_bytes()) == first
    finally:
        inside.unlink(missing_ok=True)
    mine = tmp_path / "mine.csv"
    mine.write_text("my marks book\n")
    run = sheetgen("read", str(folder), "--results", str(mine))
    assert run.code != 0 and len(run.err.strip().splitlines()) == 1, run.err
    assert "did not write" in run.err
    assert mine.read_text() == "my marks book\n"
    run = sheetgen("read", str(folder), "--results", str(tmp_path / "r.txt"))
    assert run.code != 0 and ".html" in run.err and not (tmp_path / "r.txt").exists()


def test_an_uncertain_mark_is_ringed_on_the_thumbnail(
    made: tuple[Path, dict[str, list[str]]],
) -> None:
    folder, _ = made
    pdf = pdfium.PdfDocument(str(folder / "pupil0.pdf"))
    try:
        box = (100.0, 100.0, 8.0, 8.0)  # mm on the page
        plain = Image.open(io.BytesIO(thumbnail(pdf, 1, None, ()))).convert("RGB")
        ringed = Image.open(io.BytesIO(thumbnail(pdf, 1, None, (box,)))).convert("RGB")
    finally:
        pdf.close()
    px = plain.width / 210  # an A4 page, 210 mm wide

    def red(image: Image.Image) -> int:
        x0, y0, x1, y1 = (round(v * px) for v in (97, 97, 111, 111))
        return sum(
            1
            for x in range(x0, x1)
            for y in range(y0, y1)
            if (lambda p: p[0] > 150 and p[1] < 80 and p[2] < 80)(image.getpixel((x, y)))
        )

    assert red(plain) == 0 and red(ringed) > 20


def test_the_marks_read_unsure_are_the_boxes_ringed_on_the_page() -> None:
    """A mark the pixel reader was unsure of is ringed where the sheet printed that square:
    the box of the field of that name on the fillable PDF's page (read with pikepdf)."""
    import io

    import pikepdf

    from sheetgen.backends.pdf import render_pdf
    from sheetgen.layouts.read import load
    from sheetgen.options import BuildOptions
    from sheetgen.pipeline.document import document_for
    from sheetgen.read.layout_map import layout_map
    from sheetgen.read.records import Record
    from sheetgen.read.results import _uncertain
    from sheetgen.read.sheets import ReadSheet

    loaded = load("scribe/standard")
    sheet = ReadSheet(1, 1, Record("", ".txt", ()), ("cell_E5",))
    (box,) = _uncertain(sheet, layout_map(loaded))
    pdf = pikepdf.open(io.BytesIO(render_pdf(document_for(loaded, BuildOptions()), fillable=True)))
    page = pdf.pages[0]
    height = float(page.mediabox[3])
    (field,) = [a for a in page.Annots if str(a.get("/T", "")).endswith("cell_E5")]
    x1, y1, x2, y2 = (float(v) * 25.4 / 72 for v in field.Rect)
    want = (x1, height * 25.4 / 72 - y2, x2 - x1, y2 - y1)
    assert box == pytest.approx(want, abs=0.05)
    assert _uncertain(ReadSheet(1, 1, Record("", ".txt", ())), layout_map(loaded)) == ()
