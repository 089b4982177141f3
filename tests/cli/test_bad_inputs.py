"""Bad input on the command line, answered with one named line, a non-zero exit and no file
written. The catalogue (tests/bad_inputs/, one file a case): every case answered by the real
CLI with its one-line message and a non-zero exit, no traceback, no file created and an
existing output left untouched; markup in text is accepted and escaped where it lands. Then
broken variants of a built-in layout, each said at its line and with the right word."""

from __future__ import annotations

import base64
import json
import os
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.support import ROOT, sheetgen, sheetgen_process

ACTIVE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
CASES = sorted((ROOT / "tests" / "bad_inputs").glob("*.toml"))


def snapshot(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def test_the_catalogue_is_big_enough() -> None:
    assert len(CASES) >= 40


@pytest.mark.parametrize("case_file", CASES, ids=[c.stem for c in CASES])
def test_bad_input(case_file: Path, tmp_path: Path) -> None:
    case = tomllib.loads(case_file.read_text(encoding="utf-8"))
    out = tmp_path / "out"
    out.mkdir()
    for name, content in case.get("files", {}).items():
        target = out / name
        if name.endswith("/"):
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            # a file saved in Latin-1, as an older spreadsheet saves a CSV
            encoding = "latin-1" if name == case.get("latin1") else "utf-8"
            target.write_text(content, encoding=encoding)
    for name, content in case.get("files_base64", {}).items():  # binary files: a picture
        (out / name).write_bytes(base64.b64decode(content))
    if "fifo" in case:  # a named pipe with no writer: opening it to read would wait forever
        os.mkfifo(out / case["fifo"])
    if "symlink" in case:
        link, target = case["symlink"]
        (out / link).symlink_to(out / target)
    layout = tmp_path / "layout.toml"
    if "layout" in case:
        layout.write_text(case["layout"], encoding="utf-8")
    elif "layout_base64" in case:
        layout.write_bytes(base64.b64decode(case["layout_base64"]))

    def fill(text: str) -> str:
        return text.replace("{layout}", str(layout)).replace("{out}", str(out))

    env = {k: fill(v) for k, v in case.get("env", {}).items()}
    mode = case.get("mode", "error")
    if mode == "error" and case.get("out_name"):
        (out / case["out_name"]).write_bytes(b"an earlier build")
    before = snapshot(out)
    args = [fill(a) for a in case["args"]]
    # a case that sets the environment (a font folder) needs a process that reads it afresh
    proc = sheetgen_process(*args, env=env) if env else sheetgen(*args)
    assert "Traceback" not in proc.err + proc.out
    # nothing a terminal acts on (ESC starts what retitles it or moves its cursor) is printed
    assert not ACTIVE.search(proc.err + proc.out)
    if mode == "escaped":
        assert proc.code == 0, proc.err
        written = (out / case["out_name"]).read_text(encoding="utf-8")
        assert case["expect"] not in written  # the markup is escaped, never live
        return
    if mode == "printed":  # printed, with what a terminal would act on quoted
        assert proc.code == 0, proc.err
        assert case["expect"] in proc.out, proc.out
        if case.get("json"):  # the same text to a JSON reader
            assert case["json"] in json.dumps(json.loads(proc.out), ensure_ascii=False)
        return
    assert proc.code == case["exit"] != 0, (proc.code, proc.err)
    lines = proc.err.strip().splitlines()
    # every problem found, one line each, in order ('expect_lines'), or the one line ('expect')
    expected = case.get("expect_lines", [case.get("expect")])
    if case.get("more"):  # a rules fault with others after it (every one is said at once)
        lines = lines[: len(expected)]
    assert len(lines) == len(expected), proc.err
    for line, want in zip(lines, expected, strict=True):
        assert want in line, line
    for want in case.get("also", []):  # more the (one) line must say
        assert want in lines[0], lines[0]
        assert len(line) < 400 + max(map(len, args))  # short, but for a long name said back
        # a rules finding of 'check' is printed as every error is: error: file:L:C: key: what
        assert line.startswith("error: ") and ": error: " not in line, line
    assert proc.out == ""  # a refusal prints no part of what would have been printed
    assert snapshot(out) == before  # nothing created, nothing clobbered


# --- broken variants of scribe/standard ---------------------------------------------------

STANDARD = (ROOT / "layouts" / "scribe" / "standard.toml").read_text(encoding="utf-8")
HEADER = 'game = "scribe"\ncomponent = "supergrid"\nname = "mine"\n'


def variant(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    assert old in STANDARD
    path = tmp_path / "mine.toml"
    path.write_text(
        STANDARD.replace(old, new, count).replace('name = "standard"', 'name = "mine"'),
        encoding="utf-8",
    )
    return path


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def one_line_error(args: list[str], code: int = 1) -> str:
    run = sheetgen(*args)
    assert run.code == code, (run.code, run.out, run.err)
    assert "Traceback" not in run.err
    lines = run.err.strip().splitlines()
    assert len(lines) == 1, run.err
    return lines[0]


def test_misspelled_key_names_the_line_and_the_right_key(tmp_path: Path) -> None:
    path = variant(tmp_path, "cell = 13.0", "cel = 13.0")
    message = one_line_error(["check", str(path)])
    assert message == (
        f"error: {path}:{line_of(path, 'cel = ')}:1: sheet.cel: "
        "unknown key 'cel' (did you mean 'cell'?)"
    )


def test_toml_syntax_error_gives_line_and_column(tmp_path: Path) -> None:
    path = variant(tmp_path, "gutter = 7.0", "gutter = = 7.0")
    message = one_line_error(["build", str(path), "--out", str(tmp_path)])
    assert message.startswith(f"error: {path}:{line_of(path, 'gutter')}:")
    assert "TOML syntax error" in message


def test_wrong_type_says_what_it_got(tmp_path: Path) -> None:
    path = variant(tmp_path, "cell = 13.0", 'cell = "big"')
    message = one_line_error(["check", str(path)])
    line = line_of(path, "cell = ")
    assert f":{line}:1: sheet.cell: 'big' is not a number (write a number of millimetres" in message
    assert "e.g. cell = 13)" in message


def test_out_of_range_value(tmp_path: Path) -> None:
    path = variant(tmp_path, "cell = 13.0", "cell = -4")
    assert "sheet.cell" in one_line_error(["check", str(path)])


def test_missing_required_key(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(HEADER, encoding="utf-8")
    after_the_top_level_keys = HEADER.count("\n") + 1
    assert one_line_error(["check", str(path)]) == (
        f"error: {path}:{after_the_top_level_keys}:1: glyphs: missing required key (add "
        "[[glyphs]] tables, each with name, points and pattern; or start from a built-in "
        'layout with extends = "scribe/standard")'
    )


def test_bad_glyph_pattern_is_pinned_to_its_glyph(tmp_path: Path) -> None:
    path = variant(tmp_path, 'pattern = "###/.#./.#."', 'pattern = "###/.#/.#."')
    message = one_line_error(["check", str(path)])
    line = line_of(path, 'pattern = "###/.#/.#."')
    text = path.read_text(encoding="utf-8").splitlines()[:line]
    nth = sum(row == "[[glyphs]]" for row in text)  # counted as a person counts
    assert f":{line}:1: glyphs[{nth}].pattern: must be three rows of three" in message


def test_unknown_component_kind_suggests_the_right_one(tmp_path: Path) -> None:
    path = variant(tmp_path, 'component = "supergrid"', 'component = "supergird"')
    message = one_line_error(["check", str(path)])
    assert "unknown component kind 'scribe/supergird' (did you mean 'scribe/supergrid'?)" in message


def line_after(path: Path, after: str, start: str) -> int:
    """The number of the first line starting `start` after the line `after`."""
    lines = path.read_text(encoding="utf-8").splitlines()
    first = lines.index(after)
    return next(n for n in range(first, len(lines)) if lines[n].startswith(start)) + 1


def test_rules_faults_are_listed_as_findings(tmp_path: Path) -> None:
    # give the Chair the J's shape, mirrored: the J then repeats a glyph
    path = variant(tmp_path, 'pattern = "..#/###/#.#"', 'pattern = "#../#.#/###"')
    run = sheetgen("check", str(path))
    assert run.code == 1
    # J is the twelfth [[glyphs]] table; the line is the one the file writes its pattern on
    line = line_after(path, 'name = "J"', "pattern =")
    assert run.err.strip() == (
        f"error: {path}:{line}:1: glyphs[12].pattern: J is Chair turned or "
        "mirrored (glyphs must differ under rotation and reflection)"
    )


def test_points_that_disagree_with_dots_fail_check_and_build(tmp_path: Path) -> None:
    path = variant(tmp_path, 'name = "J"\npoints = 6', 'name = "J"\npoints = 5')
    run = sheetgen("check", str(path))
    assert run.code == 1
    line = line_after(path, 'name = "J"', "points =")
    assert f"error: {path}:{line}:1: glyphs[12].points: J is worth 5 but has 6 dots" in run.err
    message = one_line_error(["build", str(path), "--out", str(tmp_path)])
    assert "J is worth 5 but has 6 dots" in message
    assert not list(tmp_path.glob("*.pdf"))


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "is empty (a layout needs game, component and name keys)"),
        (b'game = "scribe"\n\xff\xfe = 1\n', "is not UTF-8 text (bad byte at offset 16)"),
        (b"\x00\x01\x02binary", "TOML syntax error"),
    ],
)
def test_empty_binary_and_non_utf8_files(tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "mine.toml"
    path.write_bytes(content)
    assert expected in one_line_error(["check", str(path)])


def test_folder_and_missing_file(tmp_path: Path) -> None:
    assert "is a folder, not a layout file" in one_line_error(["check", str(tmp_path)])
    # a name on the command line that names nothing is a usage error (2)
    assert "no such file" in one_line_error(["check", str(tmp_path / "nope.toml")], code=2)
    assert "did you mean 'scribe/standard'?" in one_line_error(["check", "scribe/standrd"], 2)


def test_extends_an_unknown_layout(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(HEADER + 'extends = "scribe/standart"\n', encoding="utf-8")
    message = one_line_error(["check", str(path)])
    assert "'scribe/standart' is neither a layout name nor a path ending in .toml" in message
    assert "did you mean 'scribe/standard'?" in message


def test_extending_a_builtin_layout_works(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        HEADER + 'extends = "scribe/standard"\ntitle = "Scribe club"\n'
        '[sheet]\naccent = "#8f2f4f"\n',
        encoding="utf-8",
    )
    run = sheetgen("build", str(path), "-f", "svg", "--out", str(tmp_path), "-q")
    assert run.code == 0, run.err
    svg = (tmp_path / "scribe-mine-supergrid.svg").read_text(encoding="utf-8")
    assert "Scribe club" in svg and "#8f2f4f" in svg and "Ottoman" in svg


def test_a_failed_build_leaves_existing_output_untouched(tmp_path: Path) -> None:
    target = tmp_path / "scribe-mine-supergrid.pdf"
    target.write_bytes(b"previous build")
    path = variant(tmp_path, "cell = 13.0", "cell = 40.0")
    message = one_line_error(["build", str(path), "--out", str(tmp_path)])
    assert "sheet.cell" in message
    assert target.read_bytes() == b"previous build"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.toml", target.name]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["build", "scribe/standard", "--paper", "B5"], "--paper 'B5' is not a paper size"),
        (["build", "scribe/standard", "--format", "jpg"], "--format 'jpg': use one or more of"),
        (
            ["build", "scribe/standard", "--out", "/dev/null/folder"],
            "/dev/null/folder: cannot be the output folder: /dev/null is a file, not a folder",
        ),
        (["build"], "name layouts to build, or pass --all"),
        (["schema", "scribe/grid"], "unknown component kind 'scribe/grid'"),
    ],
)
def test_bad_options_get_one_line(args: list[str], expected: str) -> None:
    run = sheetgen(*args)
    assert run.code in (1, 2)
    assert expected in run.err and "Traceback" not in run.err


def test_absurd_copies_are_refused_before_any_work() -> None:
    run = sheetgen("build", "scribe/standard", "--copies", "10000000")
    assert run.code == 2
    assert run.err.strip() == (
        "error: Invalid value for '--copies': must be at most 1000 (see 'sheetgen build --help')"
    )


def number_options() -> list[tuple[str, ...]]:
    """Every option of every command (games' and export's included) that takes a number with
    a fraction: the command's words and the option."""
    import click  # the command line's own classes, read from the app as it is built
    import typer.main

    from sheetgen.cli import app

    found: list[tuple[str, ...]] = []

    def walk(command: Any, words: tuple[str, ...], ctx: Any) -> None:
        for param in command.params:
            if getattr(type(param.type), "_number_class", None) is float:
                found.append((*words, param.opts[0]))
        for name in getattr(command, "list_commands", lambda _: [])(ctx):
            walk(command.get_command(ctx, name), (*words, name), ctx)

    root = typer.main.get_command(app)
    walk(root, (), click.Context(root))
    return found


@pytest.mark.parametrize("words", number_options(), ids=" ".join)
def test_every_number_option_refuses_nan_and_the_infinities_in_one_line(
    words: tuple[str, ...],
) -> None:
    *command, option = words
    for value in ("nan", "NaN", "inf", "-inf", "1e999"):
        message = one_line_error([*command, option, value], code=2)
        assert message.startswith(f"error: Invalid value for '{option}': "), message
        # NaN passes every comparison with a bound: it is refused as no number at all
        if value.lower() == "nan":
            assert f"'{value}' is not a number, e.g. 4.5" in message


@pytest.mark.process  # the font folder is read afresh from the environment
def test_a_font_whose_end_is_zeroed_is_refused_in_one_line(tmp_path: Path) -> None:
    fonts, out = tmp_path / "fonts", tmp_path / "out"
    fonts.mkdir()
    out.mkdir()
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        data = bytearray((ROOT / "fonts" / name).read_bytes())
        data[-4096:] = bytes(4096)  # a copy cut short and padded, or a disk's damage
        (fonts / name).write_bytes(bytes(data))
    args = ("build", "scribe/standard", "-f", "pdf", "--out", str(out))
    run = sheetgen_process(*args, env={"SHEETGEN_FONT_DIR": str(fonts)})
    assert run.code == 1
    assert run.err.splitlines() == [
        f"error: {fonts / 'DejaVuSans-Bold.ttf'}: font file is damaged (its 'post', 'prep' "
        "tables fail their checksums); reinstall sheetgen or point SHEETGEN_FONT_DIR at a "
        "folder holding sheetgen's fonts/"
    ]
    assert list(out.iterdir()) == []
