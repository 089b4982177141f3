"""What `sheetgen new` and `sheetgen schema` tell a designer is true of the layout they edit:
each key's schema default is the value a new layout gets, each colour says what it paints, the
starter's comments speak of this layout (its game, its kind, its colours)."""

from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from sheetgen.kinds import kind_for
from sheetgen.kinds import kinds as registered
from sheetgen.layouts import starter as starters
from sheetgen.layouts.read import load
from tests.support import Run, new_layout_file, sheetgen, tiered

COLOUR = "^#[0-9a-fA-F]{6}$"


def invoke(*args: str) -> Run:
    result = sheetgen(*args)
    assert result.code == 0, result.err
    return result


def new_layout(starter: Callable[[str], str], kind: str, folder: Path) -> Path:
    """The layout `sheetgen new KIND` writes (made once a run), as a file in `folder`, with the
    copy of the sample data `new` writes beside it for a kind that has one."""
    return new_layout_file(starter(kind), kind, folder / f"my-{kind.replace('/', '-')}.toml")


def defaults(schema: dict[str, Any], table: dict[str, Any], path: str = "") -> dict[str, Any]:
    """Every default the schema gives a key of an extending layout (its root properties and
    the tables within them, by reference), by dotted key."""
    out: dict[str, Any] = {}
    for key, prop in table.get("properties", {}).items():
        where = f"{path}.{key}".lstrip(".")
        if "default" in prop:
            out[where] = prop["default"]
        refs = [o["$ref"] for o in [prop, *prop.get("anyOf", [])] if "$ref" in o]
        for ref in refs:
            out |= defaults(schema, schema["$defs"][ref.rsplit("/", 1)[-1]], where)
    return out


def value_at(data: Any, dotted: str) -> Any:
    for part in dotted.split("."):
        data = data[part]
    return data


# a kind a game in the default tier (your own pieces for the sample data they copy), the rest
# in the slow tier: the starter writes every kind's keys by the same code
ONE_KIND_A_GAME = {"custom/pieces", "scribe/supergrid", "scribbly-gum/tiles", "walkabout/map",
                   "marram/tiles", "scrumpit/board"}  # fmt: skip


@pytest.mark.parametrize("kind", tiered(sorted(registered()), ONE_KIND_A_GAME))
def test_each_schema_default_is_the_value_a_new_layout_gets(
    kind: str, tmp_path: Path, starter: Callable[[str], str]
) -> None:
    file = new_layout(starter, kind, tmp_path)
    got = load(str(file)).model.model_dump(mode="json")  # what it builds with
    schema = json.loads(invoke("schema", kind).out)
    said = defaults(schema, schema)
    assert len(said) >= 3, said
    if registered()[kind].starter.sample:  # a new layout names its own copy of the sample data
        assert got["data"] == file.with_suffix(".csv").name
        said.pop("data")
    wrong = {k: (v, value_at(got, k)) for k, v in said.items() if v != value_at(got, k)}
    assert wrong == {}
    assert tomllib.loads(file.read_text())["extends"] in schema["description"]


def test_the_schema_defaults_are_the_starting_layouts_not_the_models() -> None:
    """scribe/standard's sheet is 232 mm high and its smallest text 2.8 mm (the model's own
    defaults, which no layout extending it gets, are 250 and 2.6): the schema says 232 and 2.8,
    while a layout that extends nothing is still told the model's."""
    schema = json.loads(invoke("schema", "scribe/supergrid").out)
    said = defaults(schema, schema)
    assert (said["sheet.height"], said["sheet.text"]) == (232.0, 2.8)
    model = schema["$defs"]["SheetStyle"]["properties"]
    assert (model["height"]["default"], model["text"]["default"]) == (250.0, 2.6)


def colour_keys(node: Any, where: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every colour property (a #rrggbb string) anywhere in a schema."""
    out: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties":
                out += [
                    (f"{where}.{name}", prop)
                    for name, prop in value.items()
                    # a colour, or a template of one (a piece of one's own: '{colour}')
                    if prop.get("pattern") == COLOUR
                    or str(prop.get("description", "")).endswith(", #rrggbb")
                ]
            out += colour_keys(value, f"{where}.{key}")
    elif isinstance(node, list):
        for item in node:
            out += colour_keys(item, where)
    return out


@pytest.mark.parametrize("kind", sorted(registered()))
def test_every_colour_says_what_it_paints(
    kind: str, tmp_path: Path, starter: Callable[[str], str]
) -> None:
    schema = json.loads(invoke("schema", kind).out)
    found = colour_keys(schema)
    generic = [w for w, p in found if re.sub(r"[^a-z]", "", p["description"]) in {"rrggbb", ""}]
    assert generic == []
    assert all(p["description"].endswith(", #rrggbb") for _, p in found)
    # the starter's comment over each colour it repeats is that description
    lines = new_layout(starter, kind, tmp_path).read_text().splitlines()
    described = {w.rsplit(".", 1)[-1]: p["description"] for w, p in found}
    for i, line in enumerate(lines):
        key, _, value = line.partition(" = ")
        if line.startswith(" "):  # a key of a [[table]] of a list, under the list's comment
            continue
        if re.fullmatch(r'"#[0-9a-f]{6}"', value):
            above = list(itertools.takewhile(lambda a: a.startswith("# "), lines[i - 1 :: -1]))
            said = " ".join(a[2:] for a in reversed(above))
            assert said == described[key], (kind, line)


@pytest.mark.parametrize("kind", sorted(registered()))
def test_the_starter_says_what_game_and_component_are_here(
    kind: str, tmp_path: Path, starter: Callable[[str], str]
) -> None:
    game, component = kind.split("/")
    lines = new_layout(starter, kind, tmp_path).read_text().splitlines()
    assert lines[lines.index(f'game = "{game}"') - 1] == f'# this layout\'s game: leave as "{game}"'
    above = lines[lines.index(f'component = "{component}"') - 1]
    assert above == f'# what it makes, within the game: leave as "{component}"'
    assert not any("e.g. 'scribe'" in line or "e.g. 'supergrid'" in line for line in lines)


NARROWED = re.compile(r"with this layout's other values, (\S+) to (\S+)\)$")


def schema_prop(schema: dict[str, Any], key: str) -> dict[str, Any]:
    """The schema's property at a dotted key (through the definitions it refers to)."""
    node, prop = schema, {}
    for part in key.split("."):
        prop = node["properties"][part]
        ref = next((o["$ref"] for o in [prop, *prop.get("anyOf", [])] if "$ref" in o), "")
        node = schema["$defs"][ref.rsplit("/", 1)[-1]] if ref else prop
    return prop


def commented_keys(text: str) -> list[tuple[str, str, str]]:
    """Each key the starter writes: its dotted key, its value as written and its comment."""
    out: list[tuple[str, str, str]] = []
    table, comment = "", []
    for line in text.splitlines():
        if line.startswith("# "):
            comment.append(line[2:])
        elif line.startswith("["):
            table, comment = line.strip("[]") + ".", []
        elif " = " in line:
            key, _, value = line.partition(" = ")
            out.append((table + key, value, " ".join(comment)))
            comment = []
        else:
            comment = []
    return out


def check_with(folder: Path, base: str, key: str, value: str) -> int:
    """`sheetgen check`'s exit code for a layout extending `base` that sets `key` alone."""
    table, _, leaf = key.rpartition(".")
    file = folder / "tried.toml"
    body = f"[{table}]\n{leaf} = {value}\n" if table else f"{leaf} = {value}\n"
    file.write_text(f'extends = "{base}"\nname = "tried"\n' + body, encoding="utf-8")
    return sheetgen("check", str(file)).code


@pytest.mark.parametrize(
    "kind", tiered(["scribe/supergrid", "scribbly-gum/tree", "walkabout/map"], {"scribe/supergrid"})
)
def test_a_range_the_other_values_narrow_is_said_and_holds(
    kind: str, tmp_path: Path, starter: Callable[[str], str]
) -> None:
    """scribe/standard's sheet holds cells of 11.5 to 13.3 mm, not the model's 6 to 25: the
    starter says both, and `check` passes the narrowed ends and refuses just past them."""
    file = new_layout(starter, kind, tmp_path)
    base = tomllib.loads(file.read_text())["extends"]
    narrowed = [
        (key, NARROWED.search(comment))
        for key, _, comment in commented_keys(file.read_text())
        if NARROWED.search(comment)
    ]
    assert narrowed, file.read_text()
    schema = json.loads(invoke("schema", kind).out)
    for key, said in narrowed:
        prop = schema_prop(schema, key)
        low, high = prop["minimum"], prop["maximum"]
        first, last = float(said[1]), float(said[2])
        assert low <= first <= last <= high and (first, last) != (low, high)
        step = 1 if prop.get("type") == "integer" else 0.1
        for value, code in ((first, 0), (last, 0), (first - step, 1), (last + step, 1)):
            if low <= value <= high:
                assert check_with(tmp_path, base, key, f"{value:.4g}") == code, (key, value)
    if kind == "scribe/supergrid":
        assert ("sheet.cell", "11.5", "13.3") in [(k, s[1], s[2]) for k, s in narrowed]


@pytest.mark.parametrize(
    "kind",
    tiered(["scribbly-gum/digital", "marram/art", "scribe/supergrid"], {"scribe/supergrid"}),
)
def test_the_output_name_and_credit_comments_are_true_of_what_is_built(
    kind: str, tmp_path: Path, starter: Callable[[str], str]
) -> None:
    """Screen images are PNG and SVG files named by image, with no credit on them; a kind that
    prints pages makes the PDF the comment names and prints the credit in it."""
    file = new_layout(starter, kind, tmp_path)
    comments = {key: (value, said) for key, value, said in commented_keys(file.read_text())}
    out = tmp_path / "out"
    out.mkdir()
    invoke("build", str(file), "--out", str(out))
    written = sorted(p.name for p in out.iterdir())
    named = comments["name"][1].rsplit(": ", 1)[-1]
    credit = comments["credit"][1]
    mark = json.loads(comments["credit"][0])
    [pdf] = out.glob("*.pdf")
    pages = PdfReader(pdf).pages
    on_paper = all(  # A4, the paper build presses on by default: 595 x 842 pt
        (round(float(p.mediabox.width)), round(float(p.mediabox.height))) == (595, 842)
        for p in pages
    )
    shown = [p.read_text(encoding="utf-8") for p in out.glob("*.svg")]
    shown += [page.extract_text() for page in pages]
    printed = any(mark in " ".join(text.split()) for text in shown)
    assert printed is on_paper  # sheets print the credit in their footer; screen images do not
    if on_paper:
        assert named in written
        assert "printed on every sheet" in credit
    else:  # screen images: "<stem><image>.png and .svg, one per image (<pdf> of them all)"
        found = re.fullmatch(
            r"(\S+)<image>\.png and \.svg, one per image \((\S+\.pdf) of them all\)", named
        )
        assert found, named
        images = [n for n in written if n != found[2]]
        assert found[2] == pdf.name and len(images) == len(written) - 1
        assert images and all(n.startswith(found[1]) for n in images)
        assert {n.rsplit(".", 1)[-1] for n in images} == {"png", "svg"}
        assert "print none" in credit and "printed" not in credit


def test_a_pad_takes_a_tree_by_path_as_its_comment_says(
    tmp_path: Path, starter: Callable[[str], str]
) -> None:
    file = new_layout(starter, "scribbly-gum/pad", tmp_path)
    comments = {key: said for key, _, said in commented_keys(file.read_text())}
    assert "path to a .toml file" in comments["front"] and "built-in" not in comments["front"]
    tree = new_layout(starter, "scribbly-gum/tree", tmp_path)
    file.write_text(
        file.read_text().replace('front = "scribbly-gum/kuringgai"', f'front = "{tree}"')
    )
    result = sheetgen("check", str(file))
    assert result.code == 0 and result.out.strip().endswith(": ok"), result.err


@pytest.mark.process
@pytest.mark.parametrize("command", ["new", "schema"])
def test_tab_completion_offers_the_kinds(command: str) -> None:
    words = f"sheetgen {command} scr"
    env = {**os.environ, "_SHEETGEN_COMPLETE": "complete_bash", "COMP_WORDS": words}
    code = "import sys; sys.argv[0] = 'sheetgen'; from sheetgen.cli import main; main()"
    run = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**env, "COMP_CWORD": "2"},
        check=False,
    )
    assert run.stdout.split() == [k for k in registered() if k.startswith("scr")], run.stderr


# --- the working ranges worked out ahead -----------------------------------------------------


@pytest.mark.slow
def test_the_ranges_worked_out_ahead_are_those_check_allows_now() -> None:
    """`new` reads each starter's working ranges from a table worked out ahead; trying values
    as `check` would, now, finds the same (a rule or drawing changed since needs
    `python -m sheetgen.layouts.starter` to write the table anew)."""
    assert starters.worked_out() == json.loads(starters.RANGES.read_text("utf-8"))


def test_a_starter_from_a_changed_base_works_its_ranges_out_anew(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A range worked out for other values than the base layout's is not used: the scribe
    starter with its table's digests spoiled says what trying values finds."""
    kind = kind_for("scribe/supergrid")
    base = load(kind.starter.layout).model
    spoiled = {key: {**entry, "base": "0" * 16} for key, entry in starters._ahead().items()}
    monkeypatch.setattr(starters, "_ahead", lambda: spoiled)
    text = starters.starter_text(kind, base, Path("mine.toml"))
    # the standard sheet's cells that `check` passes, as `new` has said since it said ranges
    assert "with this layout's other values, 11.5 to 13.3" in text


def schema_keys(schema: dict[str, Any], node: dict[str, Any], path: str = "") -> list[str]:
    """Every key the schema lists, a table's by dotted key (through its definitions)."""
    out: list[str] = []
    for key, prop in node.get("properties", {}).items():
        ref = next((o["$ref"] for o in [prop, *prop.get("anyOf", [])] if "$ref" in o), "")
        table = schema["$defs"][ref.rsplit("/", 1)[-1]] if ref else {}
        nested = "properties" in table and prop.get("type") != "array" and "anyOf" not in prop
        out += schema_keys(schema, table, f"{path}{key}.") if nested else [path + key]
    return out


@pytest.mark.parametrize("kind", sorted(registered()))
def test_a_starter_shows_every_key_a_designer_would_change(
    kind: str, tmp_path: Path, starter: Callable[[str], str]
) -> None:
    """`new scrumpit/tiles` wrote `size` alone: a starter now shows every key the schema lists
    (the printed words, [labels], pointed to), each under a comment saying what it holds, with
    the built-in value, so the layout as written builds exactly what its base does."""
    file = new_layout(starter, kind, tmp_path)
    text = file.read_text(encoding="utf-8")
    written = tomllib.loads(text)
    schema = json.loads(invoke("schema", kind).out)
    lines = text.splitlines()
    for key in schema_keys(schema, schema):
        if key.split(".")[0] == "labels":
            continue
        table, _, leaf = key.rpartition(".")
        unset = f"# {leaf} = ... (not set in "  # a key the base leaves unset, in a comment
        shown = leaf in (value_at(written, table) if table else written)
        assert shown or any(line.startswith(unset) for line in lines), key
    for i, line in enumerate(lines):
        if re.match(r"[a-z_]+ = ", line):
            assert lines[i - 1].startswith("# "), (kind, line)  # every key under its comment
    assert "[labels] ('sheetgen schema" in " ".join(lines)
    mine = {"name", "description", "data"}  # the data: the copy `new` made of the sample
    base = load(written["extends"]).model.model_dump(exclude=mine)
    assert load(str(file)).model.model_dump(exclude=mine) == base
    if kind == "scrumpit/tiles":
        assert {"size", "letters", "colours"} <= set(written)
        assert written["letters"][16] == {"letter": "Q", "value": 12, "count": 1}
