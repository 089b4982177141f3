"""A designer's own layouts: `sheetgen new` writes a starting layout of any kind, `extends`
takes a path from the extending file's folder, and collections on the search path (`--layouts`,
SHEETGEN_LAYOUTS) are listed, built by `--all` and found by name."""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from sheetgen.kinds import kinds as registered
from sheetgen.layouts.read import builtin_layouts, load
from sheetgen.pipeline.output import output_name
from tests.support import ROOT, Run, new_layout_file, sheetgen, tiered, write_new

Starter = Callable[[str], str]

KEY_LINE = re.compile(r"^([A-Za-z_][\w-]*) = (.+)$")


def run(*args: str, cwd: Path = ROOT, layouts: str | None = None) -> Run:
    """`sheetgen ARGS` in `cwd`, SHEETGEN_LAYOUTS set to `layouts` (or unset)."""
    return sheetgen(*args, cwd=cwd, env={"SHEETGEN_LAYOUTS": layouts})


def one_line(result: Run, code: int) -> str:
    assert result.code == code, (result.code, result.out, result.err)
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.err, result.err
    return lines[0]


def page_sizes(pdf: Path) -> list[tuple[float, float]]:
    """Each page's size in mm, to a tenth."""
    return [
        (
            round(float(p.mediabox.width) / 72 * 25.4, 1),
            round(float(p.mediabox.height) / 72 * 25.4, 1),
        )
        for p in PdfReader(pdf).pages
    ]


def only_pdf(folder: Path) -> Path:
    (pdf,) = folder.glob("*.pdf")
    return pdf


# --- sheetgen new ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind", tiered(sorted(registered()), {"scribe/supergrid", "walkabout/mat", "marram/tiles"})
)
def test_new_writes_for_every_kind_a_commented_layout_that_checks_and_builds(
    kind: str, tmp_path: Path, starter: Callable[[str], str]
) -> None:
    file = tmp_path / f"my-{kind.replace('/', '-')}.toml"
    new_layout_file(starter(kind), kind, file)  # `sheetgen new KIND FILE`, made once a run
    text = file.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert f"{data['game']}/{data['component']}" == kind
    base = data["extends"]
    assert base in builtin_layouts() and load(base).kind.key == kind
    assert "millimetres (mm)" in text
    lines = text.splitlines()
    for i, line in enumerate(lines):  # every key says what it is, on the line above it
        if KEY_LINE.match(line):
            assert lines[i - 1].startswith("# ") and len(lines[i - 1]) > 4, (kind, line)
    # the keys it repeats start at the built-in layout's values (a list of tables writes each
    # table's keys that differ from their defaults: read back, it is the built-in value)
    model = load(base).model.model_dump(mode="json")
    mine = load(str(file)).model.model_dump(mode="json")
    for key in data:
        if key not in {"game", "component", "extends", "name", "description", "data"}:
            assert mine[key] == model[key], (kind, key)
    checked = run("check", str(file), cwd=tmp_path)
    assert checked.code == 0, checked.err
    assert f"{file}: ok" in checked.out
    # it builds a PDF of the very pages its built-in starting layout makes
    mine, theirs = tmp_path / "mine", tmp_path / "theirs"
    mine.mkdir()
    theirs.mkdir()
    built = run("build", str(file), "-f", "pdf", "-q", "--out", str(mine))
    assert built.code == 0, built.err
    reference = run("build", base, "-f", "pdf", "-q", "--out", str(theirs))
    assert reference.code == 0, reference.err
    game, component = kind.split("/")
    pdf = mine / output_name(game, data["name"], component, "pdf")
    expected = theirs / output_name(game, load(base).model.name, component, "pdf")
    assert page_sizes(pdf) == page_sizes(expected), kind
    assert page_sizes(pdf)[0] in {(210.0, 297.0), (297.0, 210.0)} or kind in {
        "scribbly-gum/digital",  # screen images, 16:9
        "marram/art",  # one tile a page
    }, kind


def test_new_never_replaces_a_file_and_refuses_unknown_kinds(tmp_path: Path) -> None:
    file = tmp_path / "club.toml"
    file.write_text("# my work\n", encoding="utf-8")
    line = one_line(run("new", "scribe/supergrid", str(file)), 1)
    assert str(file) in line and "already exists" in line
    assert file.read_text(encoding="utf-8") == "# my work\n"
    dangling = tmp_path / "link.toml"  # a link to nothing is no room for a new file either
    dangling.symlink_to(tmp_path / "nowhere.toml")
    assert "already exists" in one_line(run("new", "scribe/supergrid", str(dangling)), 1)
    assert not (tmp_path / "nowhere.toml").exists()
    line = one_line(run("new", "scribe/supergird", str(tmp_path / "x.toml")), 2)
    assert "unknown component kind 'scribe/supergird'" in line
    assert "did you mean 'scribe/supergrid'?" in line
    assert "ends in .toml" in one_line(run("new", "scribe/supergrid", str(tmp_path / "x")), 2)
    made = run("new", "walkabout/mat", str(tmp_path / "Our Mat!.toml"))
    assert made.code == 0, made.err
    # nothing else was written: no temporary file left beside them
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Our Mat!.toml", "club.toml", "link.toml"]
    assert tomllib.loads((tmp_path / "Our Mat!.toml").read_text("utf-8"))["name"] == "our-mat"


# --- extends by path ---------------------------------------------------------------------------

SCRIBE = 'game = "scribe"\ncomponent = "supergrid"\n'


def test_extends_takes_a_path_from_the_extending_files_folder(
    tmp_path: Path, starter: Starter
) -> None:
    (tmp_path / "base").mkdir()
    (tmp_path / "work" / "deeper").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    club = tmp_path / "base" / "club.toml"
    write_new(starter("scribe/supergrid"), club)
    club.write_text(club.read_text("utf-8").replace("cell = 13.0", "cell = 12.0"), "utf-8")
    big = tmp_path / "work" / "big.toml"
    big.write_text(SCRIBE + 'extends = "../base/club.toml"\nname = "big"\ntitle = "BIG"\n')
    bigger = tmp_path / "work" / "deeper" / "bigger.toml"
    bigger.write_text('extends = "../big.toml"\nname = "bigger"\n', encoding="utf-8")
    absolute = tmp_path / "elsewhere" / "absolute.toml"
    absolute.write_text(f'extends = "{bigger.as_posix()}"\nname = "absolute"\n', "utf-8")
    # from a third folder, by relative and absolute paths
    checked = run("check", "../work/deeper/bigger.toml", str(absolute), cwd=tmp_path / "elsewhere")
    assert checked.code == 0, checked.err
    assert "../work/deeper/bigger.toml: ok" in checked.out
    for file in (bigger, absolute):
        model = load(str(file)).model
        assert (model.name, model.title, model.sheet.cell) == (file.stem, "BIG", 12.0)
        assert model.sheet.width == load("scribe/standard").model.sheet.width


def where(line: str, file: str, number: int) -> bool:
    """The error names `file` and the line of its `extends` key."""
    return bool(
        re.search(rf"{re.escape(file)}:({number}:\d+: extends|extends \(line {number}\))", line)
    )


def test_a_cycle_or_a_missing_file_is_one_line_naming_the_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(SCRIBE + 'extends = "b.toml"\nname = "a"\n', "utf-8")
    (tmp_path / "b.toml").write_text('# b\n\nextends = "./a.toml"\nname = "b"\n', "utf-8")
    line = one_line(run("check", "a.toml", cwd=tmp_path), 1)
    assert where(line, "b.toml", 3) and "a.toml -> b.toml -> a.toml" in line
    (tmp_path / "self.toml").write_text(SCRIBE + 'extends = "self.toml"\nname = "s"\n', "utf-8")
    line = one_line(run("check", "self.toml", cwd=tmp_path), 1)
    assert where(line, "self.toml", 3) and "cycle" in line
    (tmp_path / "lost.toml").write_text(SCRIBE + 'extends = "../gone/base.toml"\n', "utf-8")
    line = one_line(run("check", str(tmp_path / "lost.toml")), 1)
    assert where(line, str(tmp_path / "lost.toml"), 3)
    assert f"no such file {tmp_path.parent / 'gone' / 'base.toml'}" in line
    (tmp_path / "typo.toml").write_text(SCRIBE + 'extends = "scribe/standart"\n', "utf-8")
    line = one_line(run("build", "typo.toml", cwd=tmp_path), 1)
    assert where(line, "typo.toml", 3) and "did you mean 'scribe/standard'?" in line


# --- the search path ---------------------------------------------------------------------------


def collection(starter: Starter, root: Path, game: str, name: str, kind: str) -> Path:
    """A collection folder `root` holding a new layout `game/name` of `kind`."""
    (root / game).mkdir(parents=True, exist_ok=True)
    file = write_new(starter(kind), root / game / f"{name}.toml")
    file.write_text(
        file.read_text("utf-8").replace("description = ", f'description = "{name} of mine"\n#'),
        "utf-8",
    )
    return file


def listed(out: str) -> dict[str, tuple[str, str]]:
    """`sheetgen list`'s layout rows: name -> (kind, description)."""
    rows = {}
    for line in out.splitlines():
        parts = line.split(maxsplit=2)
        if line.startswith("  ") and len(parts) == 3 and parts[0].count("/") == 1:
            rows[parts[0]] = (parts[1], parts[2])
    return rows


def test_collections_by_option_and_environment_are_listed_built_and_named(
    tmp_path: Path,
    starter: Starter,
) -> None:
    mine, theirs = tmp_path / "mine", tmp_path / "theirs"
    collection(starter, mine, "scribe", "club", "scribe/supergrid")
    collection(starter, theirs, "walkabout", "outback", "walkabout/map")
    both = os.pathsep.join([str(mine), str(theirs)])
    by_option = listed(run("list", "--layouts", str(mine), "--layouts", str(theirs)).out)
    by_env = listed(run("list", layouts=both).out)
    plain = listed(run("list").out)
    for rows in (by_option, by_env):
        assert rows["scribe/club"] == ("scribe/supergrid", "club of mine")
        assert rows["walkabout/outback"] == ("walkabout/map", "outback of mine")
        assert {k: v for k, v in rows.items() if k in plain} == plain
    assert "scribe/club" not in plain
    # by name, from any folder, with the option (before or after the command) or the variable
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    checked = run("check", "scribe/club", "--layouts", str(mine), cwd=elsewhere)
    club_file = mine / "scribe" / "club.toml"  # shown by its file, for an editor to open
    assert checked.code == 0 and f"{club_file}: ok" in checked.out, checked.err
    assert run("--layouts", str(theirs), "check", "walkabout/outback", cwd=elsewhere).code == 0
    out = tmp_path / "out"
    out.mkdir()
    built = run("build", "walkabout/outback", "-f", "pdf", "-q", "--out", str(out), layouts=both)
    assert built.code == 0, built.err
    assert [p.name for p in out.iterdir()] == [output_name("walkabout", "outback", "map", "pdf")]
    # without the collection, the name is unknown (a usage error, suggesting nothing of it)
    assert one_line(run("check", "scribe/club", cwd=elsewhere), 2).startswith("error: scribe/club")


@pytest.mark.slow
def test_build_all_builds_the_collections_too(tmp_path: Path, starter: Starter) -> None:
    mine, theirs = tmp_path / "mine", tmp_path / "theirs"
    collection(starter, mine, "scribe", "club", "scribe/supergrid")
    collection(starter, theirs, "walkabout", "outback", "walkabout/map")
    both = os.pathsep.join([str(mine), str(theirs)])
    # build --all: every built-in layout and every one of the collections
    everything = tmp_path / "all"
    everything.mkdir()
    built = run("build", "--all", "-f", "pdf", "-q", "--out", str(everything), layouts=both)
    assert built.code == 0, built.err
    models = [load(name).model for name in builtin_layouts()]
    expected = {output_name(m.game, m.name, m.component, "pdf") for m in models} | {
        output_name("scribe", "club", "supergrid", "pdf"),
        output_name("walkabout", "outback", "map", "pdf"),
    }
    assert {p.name for p in everything.iterdir()} == expected


def test_a_collection_that_cannot_be_read_as_one_is_refused_in_one_line(
    tmp_path: Path, starter: Starter
) -> None:
    mine = tmp_path / "mine"
    club = collection(starter, mine, "scribe", "club", "scribe/supergrid")
    # a name of a built-in layout: refused, never shadowing it
    (mine / "scribe" / "standard.toml").write_text(club.read_text("utf-8"), "utf-8")
    line = one_line(run("list", "--layouts", str(mine)), 2)
    assert "standard.toml" in line and "'scribe/standard' is the name of a built-in layout" in line
    assert one_line(run("build", "scribe/club", layouts=str(mine)), 2) == line
    (mine / "scribe" / "standard.toml").unlink()
    # the same name in two collections
    other = tmp_path / "other"
    collection(starter, other, "scribe", "club", "scribe/supergrid")
    line = one_line(run("check", "scribe/club", "--layouts", str(mine), "--layouts", str(other)), 2)
    assert str(other / "scribe" / "club.toml") in line and str(club) in line
    # a folder of layouts named after no game, and a layout outside any game's folder
    (mine / "scrabble").mkdir()
    (mine / "scrabble" / "x.toml").write_text(club.read_text("utf-8"), "utf-8")
    line = one_line(run("list", layouts=str(mine)), 2)
    assert "scrabble: not a game's folder" in line and "scribe" in line
    (mine / "scrabble" / "x.toml").rename(mine / "x.toml")
    assert "sit in a game's folder" in one_line(run("list", layouts=str(mine)), 2)
    (mine / "x.toml").unlink()
    # a layout whose game is not its folder's
    (mine / "walkabout").mkdir()
    (mine / "walkabout" / "club.toml").write_text(club.read_text("utf-8"), "utf-8")
    line = one_line(run("check", "walkabout/club", layouts=str(mine)), 1)
    assert "'scribe', but the layout sits in the 'walkabout' folder" in line
    # folders that are not there
    line = one_line(run("list", layouts=str(tmp_path / "gone")), 2)
    assert line.startswith("error: SHEETGEN_LAYOUTS") and "no such folder" in line
    assert "--layouts" in one_line(run("list", "--layouts", str(tmp_path / "gone")), 2)


@pytest.mark.parametrize(
    "name,said",
    [
        ('a\ntitle = "INJECTED" #.toml', "U+000A (a control character)"),
        ("e\x1b]0;T\x07.toml", "U+001B (a control character)"),
        ("b\udcff.toml", "bytes that are not UTF-8"),
    ],
)
def test_new_refuses_a_file_name_it_could_not_write_into_the_layout(
    tmp_path: Path, name: str, said: str
) -> None:
    """The new layout's comments name its file: a line break there would write a key of the
    file's choosing, a control character a layout cannot hold. Refused in one line, nothing
    written."""
    run = sheetgen("new", "scribe/supergrid", str(tmp_path / name))
    assert run.code == 2
    assert len(run.err.splitlines()) == 1 and said in run.err, run.err
    assert list(tmp_path.iterdir()) == []
