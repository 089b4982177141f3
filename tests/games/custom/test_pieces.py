"""Your own pieces from a data file: the example poker deck holds what a deck holds, read back
from the PDF by pdfium; the same rows give the same file from CSV, TSV, JSON, XLSX (written by
openpyxl) and ODS (written by odfpy); every fault of the data names its file, row and column,
and every fault of the template its line; nothing is read from outside the layout's folder."""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from tests.support import ROOT, page_texts, sheetgen

POKER = ROOT / "layouts" / "custom" / "poker.toml"
SUITS = ("Spades", "Hearts", "Diamonds", "Clubs")
RANKS = ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
         "Queen", "King")  # fmt: skip
MM = 72 / 25.4


def _build(layout: Path | str, out: Path, *extra: str) -> Path:
    run = sheetgen("build", str(layout), "--out", str(out), "-f", "pdf", "-q", *extra)
    assert run.code == 0, run.err
    (pdf,) = out.glob("*.pdf")
    return pdf


@pytest.fixture(scope="module")
def deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build("custom/poker", tmp_path_factory.mktemp("poker"))


def test_the_example_deck_holds_52_cards_and_2_jokers(deck: Path) -> None:
    """A standard deck: each of 13 ranks in each of 4 suits once, and two jokers, each card's
    name printed on its front; every front page is followed by its backs."""
    texts = page_texts(deck)
    names = Counter(
        f"{rank} of {suit}" for text in texts for rank in RANKS for suit in SUITS
        if f"{rank} of {suit}" in text
    )  # fmt: skip
    assert len(names) == 52 and set(names.values()) == {1}
    assert sum(text.count("Joker") for text in texts) == 2
    assert "DUPLEX ALIGNMENT TEST" in texts[0]
    fronts = [i for i, text in enumerate(texts[2:], 2) if " of " in text or "Joker" in text]
    assert fronts == list(range(2, len(texts), 2))  # pages 3, 5, ...: a back after each


def test_a_card_is_cut_to_63_by_88_mm_and_its_index_stands_both_ways_up(deck: Path) -> None:
    """The ace of spades' 'A' is printed twice: upright near its top-left corner, and turned
    over near its bottom-right, each clear of the cut by 3 mm or more."""
    pdf = pdfium.PdfDocument(deck)
    page = next(p for p in pdf if "Ace of Spades" in p.get_textpage().get_text_range())
    text = page.get_textpage()
    words = text.get_text_range()
    name = words.index("Ace of Spades")
    left, right = text.get_charbox(name)[0], text.get_charbox(name + 12)[2]
    height = page.get_height()
    # the card's cut: its name is centred on the card, 60 mm (54 + 6) from its top
    card_x = (left + right) / 2 / MM - 63 / 2
    # the index's A, 16 pt bold (capitals 4 mm tall), not the name's, 8 pt
    boxes = [
        b for i, ch in enumerate(words) if ch == "A"
        for b in [text.get_charbox(i)] if (b[3] - b[1]) / MM > 3
    ]  # fmt: skip
    places = [((b[0] + b[2]) / 2 / MM - card_x, (height - (b[1] + b[3]) / 2) / MM) for b in boxes]
    near = [(x, y) for x, y in places if -1 < x < 64]
    assert len(near) >= 2
    xs = sorted(x for x, _ in near)
    assert 3 < xs[0] < 14 and 49 < xs[-1] < 60  # one at each side, inside the safe area


def _rows() -> list[dict[str, str]]:
    with (ROOT / "layouts" / "custom" / "poker.csv").open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _layout(folder: Path, data: str, **keys: str) -> Path:
    text = POKER.read_text(encoding="utf-8").replace('data = "poker.csv"', f'data = "{data}"')
    for key, value in keys.items():
        text = text.replace(f'{key} = "', f'{key} = "{value}', 1) if value else text
    path = folder / "deck.toml"
    path.write_text(text.replace('name = "poker"', 'name = "deck"'), encoding="utf-8")
    return path


def _xlsx(rows: list[dict[str, str]], path: Path) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(list(rows[0]))
    for row in rows:  # counts as numbers, as a spreadsheet holds them
        sheet.append([int(v) if k == "count" else v for k, v in row.items()])
    book.save(path)


def _ods(rows: list[dict[str, str]], path: Path) -> None:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    table = Table(name="Cards")
    for values in [list(rows[0]), *[list(r.values()) for r in rows]]:
        tr = TableRow()
        for value in values:
            cell = TableCell(valuetype="string")
            cell.addElement(P(text=value))
            tr.addElement(cell)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    doc.save(str(path))


@pytest.mark.parametrize("form", ["tsv", "json", "xlsx", "ods"])
def test_every_data_format_gives_the_csvs_deck_byte_for_byte(
    form: str, deck: Path, tmp_path: Path
) -> None:
    rows = _rows()
    data = tmp_path / f"cards.{form}"
    if form == "tsv":
        with data.open("w", encoding="utf-8", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]), delimiter="\t")
            writer.writeheader()
            writer.writerows(rows)
    elif form == "json":
        data.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
    elif form == "xlsx":
        _xlsx(rows, data)
    else:
        _ods(rows, data)
    pdf = _build(_layout(tmp_path, data.name), tmp_path / "out")
    # the same pieces, page by page (the alignment page names the layout's file, which differs)
    assert page_texts(pdf)[2:] == page_texts(deck)[2:]


def _refused(layout: Path, *, code: int = 1) -> str:
    run = sheetgen("check", str(layout))
    assert run.code == code, (run.out, run.err)
    assert "Traceback" not in run.err
    return run.err


def _line(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_a_template_naming_a_column_the_data_lacks_is_said_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "poker.csv").write_bytes((ROOT / "layouts/custom/poker.csv").read_bytes())
    layout = _layout(tmp_path, "poker.csv")
    layout.write_text(layout.read_text().replace('text = "{name}"', 'text = "{nmae}"'))
    err = _refused(layout)
    at = _line(layout, "{nmae}")
    assert f"{layout}:{at}:1: front.items[7].text: names column 'nmae', which " in err
    assert "its columns: 'name', 'rank', 'suit', 'colour', 'count'" in err


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (("Ace of Spades,A,spade,#1a1a1a,1", "Ace of Spades,A,spade,coal black,1"),
         "deck.csv:2: column 'colour' (D): 'coal black' is not a colour; write #rrggbb"),
        (("Two of Spades,2,spade,#1a1a1a,1", "Two of Spades,2,spade,#1a1a1a,two"),
         "deck.csv:3: column 'count' (E): 'two' is no count; write a whole number from 0 to"),
        (("Three of Spades,3,spade,", "Three of Spades \U00010000,3,spade,"),
         "deck.csv:4: column 'name' (A): no font sheetgen carries can print '𐀀' (U+10000)"),
        (("Four of Spades,4,spade,#1a1a1a,1", "Four of Spades,4,spade,#1a1a1a,1,extra"),
         "deck.csv:5: 6 values under 5 named columns"),
        # the commonest fault of a hand-written CSV: a comma in a value not put in quotes
        (("Five of Spades,5,spade", "Five of Spades, the lucky one,5,spade"),
         "deck.csv:6: 6 values under 5 named columns; put a value that holds a comma in "
         'quotes ("Plant it, then water it")'),
    ],
    ids=["colour", "count", "linear-b", "extra-value", "unquoted-comma"],
)  # fmt: skip
def test_a_fault_in_the_data_names_its_file_row_and_column(
    tmp_path: Path, change: tuple[str, str], said: str
) -> None:
    text = (ROOT / "layouts/custom/poker.csv").read_text(encoding="utf-8")
    assert change[0] in text
    (tmp_path / "deck.csv").write_text(text.replace(change[0], change[1]), encoding="utf-8")
    layout = _layout(tmp_path, "deck.csv")
    err = _refused(layout)
    said = said.replace("deck.csv", str(tmp_path / "deck.csv"))
    assert f"{layout}:{_line(layout, 'data = ')}:1: data: {said}" in err, err


def test_a_json_files_fault_names_its_item_and_key_not_a_line(tmp_path: Path) -> None:
    """A JSON file written out over many lines: its rows are its items, so a fault names
    the item (counted from 1) and its key, never a number an editor would take for a line."""
    rows = _rows()
    rows[1]["colour"] = "silver-ish"
    (tmp_path / "deck.json").write_text(json.dumps(rows, indent=2), encoding="utf-8")
    err = _refused(_layout(tmp_path, "deck.json"))
    said = f"{tmp_path / 'deck.json'}: item 2, key 'colour': 'silver-ish' is not a colour"
    assert said in err, err


def test_a_spreadsheets_fault_names_its_column_letter(tmp_path: Path) -> None:
    rows = _rows()
    rows[4]["colour"] = "#12345"
    _xlsx(rows, tmp_path / "deck.xlsx")
    err = _refused(_layout(tmp_path, "deck.xlsx"))
    # the header is row 1, so the fifth card is on row 6; colour is the fourth column, D
    assert f"{tmp_path / 'deck.xlsx'}:6: column 'colour' (D): '#12345' is not a colour" in err


def test_a_text_too_long_for_its_box_at_6_pt_is_refused_with_its_row(tmp_path: Path) -> None:
    text = (ROOT / "layouts/custom/poker.csv").read_text(encoding="utf-8")
    long = "Queen of Hearts " + "and of everything else besides " * 6
    (tmp_path / "deck.csv").write_text(text.replace("Queen of Hearts,", f"{long},"), "utf-8")
    layout = _layout(tmp_path, "deck.csv")
    err = _refused(layout)
    assert f"front.items[7]: {tmp_path / 'deck.csv'}:26: 'Queen of Hearts and of" in err
    assert "does not fit its 29 x 12 mm box at 6 pt or more" in err


@pytest.mark.parametrize("name", ["../poker.csv", "/etc/passwd.csv", "link.csv"])
def test_data_outside_the_layouts_folder_is_never_read(tmp_path: Path, name: str) -> None:
    inner = tmp_path / "inner"
    inner.mkdir()
    (tmp_path / "poker.csv").write_bytes((ROOT / "layouts/custom/poker.csv").read_bytes())
    (inner / "link.csv").symlink_to(tmp_path / "poker.csv")
    err = _refused(_layout(inner, name))
    assert "layout's folder" in err


def test_a_workbook_that_unpacks_past_200_mib_is_refused_unread(tmp_path: Path) -> None:
    zeros = bytes(1024 * 1024)
    with (
        zipfile.ZipFile(tmp_path / "bomb.xlsx", "w", zipfile.ZIP_DEFLATED) as packed,
        packed.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as part,
    ):
        for _ in range(201):
            part.write(zeros)
    assert (tmp_path / "bomb.xlsx").stat().st_size < 1024 * 1024
    err = _refused(_layout(tmp_path, "bomb.xlsx"))
    assert "bomb.xlsx: unpacks to 201 MiB; at most 200 MiB" in err


def test_names_in_any_script_print_and_read_back(tmp_path: Path) -> None:
    names = ["Ниндзя", "忍者", "نينجا", "Ninja"]
    data = io.StringIO()
    writer = csv.writer(data)
    writer.writerow(["name", "rank", "suit", "colour", "count"])
    for n in names:
        writer.writerow([n, "1", "spade", "#1a1a1a", "1"])
    (tmp_path / "deck.csv").write_text(data.getvalue(), encoding="utf-8")
    pdf = _build(_layout(tmp_path, "deck.csv"), tmp_path / "out")
    shown = " ".join(page_texts(pdf)).translate(dict.fromkeys(map(ord, "\u202a\u202b\u202c")))
    for n in names:
        assert n in shown, n


def _tokens(folder: Path, colours: list[str], marked: bool) -> Path:
    rows = "".join(f"{n},{c}\n" for n, c in enumerate(colours, start=1))
    (folder / "tokens.csv").write_text("label,colour\n" + rows, encoding="utf-8")
    layout = folder / "tokens.toml"
    layout.write_text(
        'game = "custom"\ncomponent = "pieces"\nname = "tokens"\ndata = "tokens.csv"\n'
        f'apart = ["colour"]\nmarked = {str(marked).lower()}\n'
        '[piece]\nshape = "circle"\nwidth = 25\nheight = 25\n'
        '[front]\nbackground = "{colour}"\n',
        encoding="utf-8",
    )
    return layout


def test_team_colours_too_alike_for_some_players_are_warned_with_their_rows(
    tmp_path: Path,
) -> None:
    """Red and blue of the same lightness (coloraide: CIE L* within 20) print as one grey: a
    warning naming both colours by their rows, unless each team's pieces carry a mark of their
    own; an orange and a yellow a deuteranope cannot tell apart are warned either way."""
    from tests.support.palette import delta_e, lightness

    red, blue, orange, yellow = "#e63946", "#457b9d", "#e9a23b", "#e9c46a"
    assert abs(lightness(red) - lightness(blue)) < 20
    assert delta_e(orange, yellow, "deutan") < 20
    run = sheetgen("check", str(_tokens(tmp_path, [red, blue], marked=False)))
    assert run.code == 0
    assert f"{blue} (row 3) looks like {red} (row 2) in greyscale print" in run.out
    run = sheetgen("check", str(_tokens(tmp_path, [red, blue], marked=True)))
    assert run.code == 0 and "looks like" not in run.out
    run = sheetgen("check", str(_tokens(tmp_path, [orange, yellow], marked=True)))
    assert f"{yellow} (row 3) looks like {orange} (row 2) to a player with deuteranopia" in run.out


def test_a_build_reads_its_data_through_the_files_watch_follows(tmp_path: Path) -> None:
    """`sheetgen watch` rebuilds on a save of any file the build read: the data file is one."""
    from sheetgen.files import recording_reads
    from sheetgen.layouts.read import load
    from sheetgen.options import BuildOptions

    (tmp_path / "deck.csv").write_bytes((ROOT / "layouts/custom/poker.csv").read_bytes())
    loaded = load(str(_layout(tmp_path, "deck.csv")))
    with recording_reads() as reads:
        loaded.kind.build(loaded.model, BuildOptions())
    assert (tmp_path / "deck.csv").resolve() in reads


def test_the_spanish_tiles_go_to_a_digital_table_as_four_bags_of_fifty() -> None:
    """Scrumpit's rulebook gives each player a bag of tiles of their colour: the export holds
    four bags, each of the same 50 tiles (the CSV's counts of one bag summed)."""
    with (ROOT / "layouts/custom/scrumpit-es.csv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    per_bag = Counter[str]()
    for row in rows:
        per_bag[row["bolsa"]] += int(row["cantidad"])
    assert set(per_bag.values()) == {50} and len(per_bag) == 4
    from sheetgen.layouts.read import load

    loaded = load("custom/scrumpit-es")
    assert loaded.kind.parts is not None
    bags = Counter[str]()
    for piece in loaded.kind.parts(loaded.model).pieces:
        assert piece.drawn == "bag"
        bags[piece.deck_name] += piece.count
    assert bags == {f"Bolsa {bag}": 50 for bag in per_bag}


def test_rules_set_smaller_on_some_cards_are_warned_with_the_smallest(tmp_path: Path) -> None:
    """A rule too long for its box at its size is set smaller, so that card's rules read
    smaller than the next one's: `check` says on how many rows, how small, and where."""
    (tmp_path / "rules.csv").write_text(
        "name,rules\nShort,Draw a card.\nLong," + "Draw two cards and discard one. " * 6 + "\n",
        encoding="utf-8",
    )
    layout = tmp_path / "rules.toml"
    layout.write_text(
        'game = "custom"\ncomponent = "pieces"\nname = "rules"\ndata = "rules.csv"\n'
        '[front]\n[[front.items]]\ntext = "{rules}"\nx = 5\ny = 50\nwidth = 53\nheight = 25\n'
        "points = 11\n",
        encoding="utf-8",
    )
    run = sheetgen("check", str(layout))
    assert run.code == 0, run.err
    said = re.search(r"set smaller than its 11 pt to fit its box on 1 of 2 rows, down to "
                     r"([\d.]+) pt \(\S*rules.csv:3\)", run.out)  # fmt: skip
    assert said is not None, run.out
    assert 6 <= float(said[1]) < 11
