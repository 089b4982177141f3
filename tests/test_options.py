"""The build's command-line options: each good value read as meant, each bad one refused in a
line that says what would do. Expectations come from the option table of docs/commands.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.errors import SheetgenError, UsageError
from sheetgen.layouts.read import load
from sheetgen.options import (
    BuildOptions,
    BuildRequest,
    parse_crop_marks,
    parse_flip,
    parse_formats,
    parse_offset,
    parse_only,
    read_build,
    read_names,
)
from sheetgen.pipeline.build import run_build
from sheetgen.pipeline.honoured import check_options
from sheetgen.press import PressOptions

PLAIN: dict[str, object] = {
    "formats": "pdf", "paper": "A4", "copies": 1, "out": Path("output"),
    "dpi": 300, "quiet": True,
}  # fmt: skip


def request_of(**options: object) -> BuildRequest:
    """The request of a build of no layouts with `options` given, the rest as the plain
    command line leaves them."""
    return read_build((), **{**PLAIN, **options})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "formats"),
    [
        ("pdf", ("pdf",)),
        ("PDF, svg", ("pdf", "svg")),
        ("png,pdf,png", ("png", "pdf")),  # each once, in the order asked
        ("pdf,,svg,", ("pdf", "svg")),
        ("svg,png,pdf", ("svg", "png", "pdf")),
    ],
)
def test_formats_are_read_in_order_once_each(text: str, formats: tuple[str, ...]) -> None:
    assert parse_formats(text) == formats


@pytest.mark.parametrize("text", ["jpg", "pdf,tiff", "", " , ", "pdfsvg"])
def test_unknown_or_no_format_is_refused_with_the_choices(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_formats(text)
    assert str(caught.value) == (
        f"--format {text!r}: use one or more of pdf, svg, png, separated by commas"
    )


@pytest.mark.parametrize(
    ("text", "flip"),
    [
        ("long", "long"),
        (" Long-Edge ", "long"),
        ("short", "short"),
        ("SHORT-edge", "short"),
    ],
)
def test_flip_edges(text: str, flip: str) -> None:
    assert parse_flip(text) == flip


@pytest.mark.parametrize("text", ["dots", "", "corner", "fulls"])
def test_other_crop_marks_are_refused_saying_what_each_kind_is(text: str) -> None:
    """The choices in the documentation's words: corners, short marks outside the pieces; full,
    lines right across."""
    with pytest.raises(UsageError) as caught:
        parse_crop_marks(text)
    assert str(caught.value) == (
        f"--crop-marks {text!r}: use none, corners (short marks outside the pieces) or full "
        "(lines across the sheet)"
    )


@pytest.mark.parametrize("text", ["", ",", " , ,"])
def test_only_with_no_name_is_refused_showing_how(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_only(text)
    assert str(caught.value) == "--only: name the pieces to print, comma-separated (--only a,b)"


@pytest.mark.parametrize("text", ["sideways", "", "longshort", "edge"])
def test_other_flips_are_refused(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_flip(text)
    assert str(caught.value) == (
        f"--flip {text!r}: use long or short (the edge the sheet turns over)"
    )


@pytest.mark.parametrize(
    ("text", "offset"),
    [
        ("0.5,-0.3", (0.5, -0.3)),
        ("10,-10", (10.0, -10.0)),  # the documented bound, ±10 mm, is allowed
        ("-10,10", (-10.0, 10.0)),
        (" 2 , 3 ", (2.0, 3.0)),
    ],
)
def test_offsets_within_ten_millimetres(text: str, offset: tuple[float, float]) -> None:
    assert parse_offset(text) == offset


@pytest.mark.parametrize("text", ["10.01,0", "0,-10.5", "-11,0", "0,11", "100,100"])
def test_offsets_beyond_ten_millimetres_are_refused(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_offset(text)
    assert str(caught.value) == f"--offset {text!r}: each shift is at most 10 mm"


@pytest.mark.parametrize("text", ["1", "1,2,3", "a,b", "", "1;2"])
def test_offsets_not_two_numbers_are_refused(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_offset(text)
    assert str(caught.value) == f"--offset {text!r}: give X,Y in mm, e.g. 0.5,-0.3"


@pytest.mark.parametrize("text", ["nan,0", "0,nan", "inf,0", "0,-inf"])
def test_offsets_that_are_not_finite_are_refused(text: str) -> None:
    with pytest.raises(UsageError, match="as numbers in mm"):
        parse_offset(text)


def test_options_not_given_are_the_builders_own() -> None:
    """Each default is the builders' (or the press's) own, applied once by the request."""
    request = read_build((), **PLAIN)  # type: ignore[arg-type]
    assert request.asked == ()
    assert request.options == BuildOptions(PressOptions())
    assert (request.flip, request.offset, request.margin) == ("long", (0.0, 0.0), 8.0)
    assert (request.gap, request.bleed, request.crop_marks, request.only) == (None, None, None, ())


def test_the_help_says_the_ranges_and_default_the_request_applies() -> None:
    """--margin's, --gap's and --bleed's help, written out so that `sheetgen --help` need not
    import the press, say the limits and the default the request holds them to."""
    import typer.main

    from sheetgen.cli import app
    from sheetgen.options import MAX_BLEED, MAX_GAP, MAX_MARGIN
    from sheetgen.press.footer import SAFE_EDGE

    build = typer.main.get_command(app).commands["build"]  # type: ignore[attr-defined]
    said = {param.name: param.help for param in build.params}
    assert said["margin"].endswith(
        f"({SAFE_EDGE:g} to {MAX_MARGIN:g} mm) [default: {PressOptions.margin:g}]"
    )
    assert f"(0 to {MAX_GAP:g} mm)" in said["gap"]
    assert f"(0 to {MAX_BLEED:g} mm;" in said["bleed"]


def test_names_one_a_line_blank_lines_and_spaces_dropped(tmp_path: Path) -> None:
    path = tmp_path / "class.txt"
    path.write_text("  Ann \n\nBo Li\n\t\nNguyễn Văn An\n", encoding="utf-8")
    assert read_names(path) == ("Ann", "Bo Li", "Nguyễn Văn An")


def test_names_file_faults_are_named(tmp_path: Path) -> None:
    missing = tmp_path / "nobody.txt"
    with pytest.raises(UsageError) as caught:
        read_names(missing)
    assert str(caught.value) == f"--names {missing}: no such file (give names, one a line)"
    with pytest.raises(UsageError) as caught:
        read_names(tmp_path)
    assert str(caught.value) == f"--names {tmp_path}: is a folder, not a text file of names"
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("Zoë\n".encode("latin-1"))
    with pytest.raises(UsageError) as caught:
        read_names(latin1)
    assert str(caught.value) == f"--names {latin1}: is not UTF-8 text (give names, one a line)"
    empty = tmp_path / "empty.txt"
    empty.write_text("\n  \n\n", encoding="utf-8")
    with pytest.raises(UsageError) as caught:
        read_names(empty)
    assert str(caught.value) == f"--names {empty}: the file holds no names (one name a line)"


def test_a_name_is_at_most_forty_printable_characters(tmp_path: Path) -> None:
    path = tmp_path / "names.txt"
    path.write_text("Ann\n" + "x" * 40 + "\n", encoding="utf-8")
    assert read_names(path)[1] == "x" * 40
    path.write_text("Ann\n\n" + "x" * 41 + "\n", encoding="utf-8")
    with pytest.raises(UsageError) as caught:
        read_names(path)
    assert str(caught.value) == f"--names {path}:3: a name is at most 40 printable characters"
    path.write_text("Ann\nBo\u0007b\n", encoding="utf-8")  # a bell is not printable
    with pytest.raises(UsageError) as caught:
        read_names(path)
    assert str(caught.value) == (
        f"--names {path}:2: the name holds U+0007 (a control character); a name is printable "
        "characters only"
    )


def test_at_most_a_thousand_names(tmp_path: Path) -> None:
    path = tmp_path / "names.txt"
    path.write_text("".join(f"P{i}\n" for i in range(1000)), encoding="utf-8")
    assert len(read_names(path)) == 1000
    path.write_text("".join(f"P{i}\n" for i in range(1001)), encoding="utf-8")
    with pytest.raises(UsageError) as caught:
        read_names(path)
    assert str(caught.value) == f"--names {path}: 1001 names, over the limit of 1000"


@pytest.mark.parametrize(
    ("option", "value", "flag", "kinds"),
    [
        ("names", Path("n.txt"), "--names", "scribbly-gum/pad, scribbly-gum/tree, walkabout/map"),
        ("duplex", True, "--duplex", "scribbly-gum/tree"),
        ("tile_size", 30.0, "--tile-size",
         "marram/tiles, scribbly-gum/tiles, scrumpit/tiles, walkabout/dice"),
        ("px", 256, "--px", "marram/art"),
        ("flip", "short", "--flip/--offset", "custom/pieces, marram/tiles, scribbly-gum/tiles"),
        ("offset", "1,1", "--flip/--offset", "custom/pieces, marram/tiles, scribbly-gum/tiles"),
        ("fit", True, "--fit", "scrumpit/board"),
    ],
)  # fmt: skip
def test_an_option_no_chosen_layout_honours_is_refused_naming_who_does(
    option: str, value: object, flag: str, kinds: str
) -> None:
    request = request_of(**{option: value})
    with pytest.raises(UsageError) as caught:
        check_options(request, [load("scribe/standard")])
    assert str(caught.value) == f"{flag} works with {kinds} layouts only"


@pytest.mark.parametrize(
    ("option", "value", "honoured_by"),
    [
        ("names", Path("n.txt"), "scribbly-gum/kuringgai"),
        ("duplex", True, "scribbly-gum/kuringgai"),
        ("tile_size", 30.0, "walkabout/dice"),
        ("px", 256, "marram/art"),
        ("flip", "short", "marram/classic"),
        ("offset", "1,1", "scribbly-gum/tiles"),
        ("fit", True, "scrumpit/standard"),
    ],
)
def test_an_option_is_accepted_when_one_chosen_layout_honours_it(
    option: str, value: object, honoured_by: str
) -> None:
    request = request_of(**{option: value})
    check_options(request, [load("scribe/standard"), load(honoured_by)])  # no error
    with pytest.raises(UsageError):
        check_options(request, [load("scribe/standard")])


def test_a_names_file_saved_with_a_byte_order_mark_reads_its_first_name(tmp_path: Path) -> None:
    """Notepad saves UTF-8 with a byte order mark; it is no part of the first name."""
    from sheetgen.options import read_names

    path = tmp_path / "class.txt"
    path.write_bytes("\ufeffNguyễn Văn An\nBob\n".encode())
    assert read_names(path) == ("Nguyễn Văn An", "Bob")


def test_a_names_file_is_read_no_further_than_its_limit(tmp_path: Path) -> None:
    from sheetgen.options import MAX_NAMES_BYTES, read_names

    path = tmp_path / "huge.txt"
    path.write_bytes(b"Ann\n" * (MAX_NAMES_BYTES // 4 + 1))
    with pytest.raises(UsageError, match="over the 1,000,000 byte limit"):
        read_names(path)


def test_names_times_copies_is_bounded() -> None:
    """A thousand names a thousand times would be a million pages: refused with the fix."""
    from sheetgen.options import MAX_NAMED_SHEETS, check_named_sheets

    names = tuple(f"Pupil {i}" for i in range(1000))
    check_named_sheets(names, MAX_NAMED_SHEETS // 1000)  # 20 sheets a pupil: fine
    with pytest.raises(UsageError, match="1,000,000 sheets, over the limit of 20,000; choose "):
        check_named_sheets(names, 1000)
    # the copies offered are the most that fit: 20,000 sheets over 30 names is 666 each
    class_set = tuple(f"Pupil {i}" for i in range(30))
    with pytest.raises(UsageError, match=r"choose --copies 666 or fewer$"):
        check_named_sheets(class_set, 667)
    check_named_sheets(class_set, 666)
    # past the limit with one copy each, the least there is to offer is still one copy
    crowd = tuple(f"Pupil {i}" for i in range(MAX_NAMED_SHEETS + 1))
    with pytest.raises(UsageError, match=r"choose --copies 1 or fewer$"):
        check_named_sheets(crowd, 1)


def test_a_length_at_either_end_of_its_range_is_taken() -> None:
    """The help's ranges include their ends: '5 to 50 mm' takes 5 and 50."""
    from sheetgen.options import check_mm

    check_mm("--margin", 5.0, 5.0, 50.0, "why")
    check_mm("--margin", 50.0, 5.0, 50.0, "why")
    with pytest.raises(UsageError, match=r"--margin 50\.001: use 5 to 50 mm"):
        check_mm("--margin", 50.001, 5.0, 50.0, "why")


FIRST = [  # the command line, and the fault a build refuses first, as it always has
    (("scribe/standard",), {"flip": "sideways", "paper": "B9"}, "--flip/--offset works with"),
    (("marram/classic",), {"paper": "B9", "flip": "sideways"}, "--paper 'B9' is not a paper"),
    (("marram/classic",), {"flip": "sideways", "offset": "a,b"}, "--flip 'sideways'"),
    (("marram/classic",), {"gap": 99.0, "paper": "B9"}, "--gap 99: use 0 to 30 mm"),
    (("marram/classic",), {"bleed": 9.0, "gap": 99.0}, "--gap 99: use 0 to 30 mm"),
    (("marram/classic",), {"crop_marks": "dots", "margin": 2.0}, "--margin 2: use 5 to 50"),
    (("marram/classic",), {"margin": 6.0, "crop_marks": "dots"}, "--crop-marks 'dots'"),
    (("marram/classic",), {"fold": True, "offset": "a,b"}, "--fold prints fronts and backs"),
    (("marram/classic",), {"only": "nosuch", "paper": "B9"}, "--only nosuch: marram/classic"),
    (("scribbly-gum/pad",), {"names": Path("gone.txt"), "paper": "B9"}, "--names gone.txt:"),
    (("scribbly-gum/pad",), {"names": Path("gone.txt"), "only": "x"}, "--only: scribbly-gum/pad"),
    (("scrumpit/tiles",), {"tile_size": 999.0, "gap": 99.0}, "--tile-size 999: scrumpit/tiles"),
    (("walkabout/dice",), {"names": Path("gone.txt"), "only": "x"}, "--names works with"),
    (("gone.toml",), {"paper": "B9"}, "gone.toml: no such file"),
    (("marram/classic",), {"formats": "jpg", "out": Path("gone")}, "--format 'jpg': use one"),
]  # fmt: skip


@pytest.mark.parametrize(("refs", "options", "first"), FIRST)
def test_a_build_with_several_faults_refuses_the_same_one_first(
    refs: tuple[str, ...], options: dict[str, object], first: str, tmp_path: Path
) -> None:
    """Each option is read where the build first needs it: a bad value is refused after the
    layouts are found and the options their kinds do not take, in the order it always was."""
    given = {**PLAIN, "out": tmp_path, **options}
    with pytest.raises(SheetgenError) as caught:
        run_build(read_build(refs, **given))  # type: ignore[arg-type]
    assert str(caught.value).startswith(first), str(caught.value)
