"""`sheetgen schema KIND`: a JSON Schema (draft 2020-12) an editor can trust. A JSON Schema
validator (jsonschema) passes every built-in layout file as written and the example layouts of
the documentation, and fails what sheetgen refuses; every property says what it is, lengths
say mm."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from sheetgen.model.paper import BOTH_PAPERS
from sheetgen.press import NAMED, PressOptions
from tests.support import ROOT, sheetgen
from tests.support.docs import documentation

LAYOUTS = sorted((ROOT / "layouts").glob("*/*.toml"))
# the layouts the README and docs/ show (```toml blocks; a plugin's pyproject.toml and a print
# shop's press profile, which names its shop, are no layouts)
SHOWN_LAYOUTS = [
    text
    for text in re.findall(r"```toml\n(.*?)```", documentation(), re.DOTALL)
    if not text.lstrip().startswith("[project]") and not re.search(r"^shop = ", text, re.M)
]
KINDS = sorted(
    {f"{d['game']}/{d['component']}" for d in (tomllib.loads(p.read_text()) for p in LAYOUTS)}
)
_SCHEMAS: dict[str, dict[str, Any]] = {}
# a property whose name says it is a length (a size, a width, a cell): its unit is mm
LENGTH = re.compile(r"(^|_)(width|height|size|cell|gutter|bleed|edge|pitch|circle|overlap)$")


def schema(kind: str) -> dict[str, Any]:
    """The schema as the command prints it."""
    if kind not in _SCHEMAS:
        result = sheetgen("schema", kind)
        assert result.code == 0, result.err
        _SCHEMAS[kind] = json.loads(result.out)
    return _SCHEMAS[kind]


def kind_of(data: dict[str, Any]) -> str:
    """A layout's kind: its own game and component, or those of the built-in it extends."""
    if "game" in data and "component" in data:
        return f"{data['game']}/{data['component']}"
    parent = tomllib.loads((ROOT / "layouts" / f"{data['extends']}.toml").read_text())
    return kind_of(parent)


def problems(data: dict[str, Any]) -> list[str]:
    validator = Draft202012Validator(schema(kind_of(data)))
    return [error.message for error in validator.iter_errors(data)]


def test_the_documentation_shows_example_layouts() -> None:
    assert len(SHOWN_LAYOUTS) >= 2
    assert any("extends" in text and "game" not in text for text in SHOWN_LAYOUTS)


@pytest.mark.parametrize("path", LAYOUTS, ids=[f"{p.parent.name}/{p.stem}" for p in LAYOUTS])
def test_every_builtin_layout_passes_its_schema(path: Path) -> None:
    assert problems(tomllib.loads(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("text", SHOWN_LAYOUTS)
def test_every_documented_example_passes_its_schema(text: str) -> None:
    assert problems(tomllib.loads(text)) == []


def test_the_schema_refuses_what_sheetgen_refuses() -> None:
    """Required keys are required without `extends`; types, ranges and unknown keys hold with
    it too (an extending layout's table is merged, an array of tables replaced whole)."""
    map_1 = tomllib.loads((ROOT / "layouts" / "walkabout" / "map-1.toml").read_text())
    del map_1["columns"]
    assert problems(map_1) == ["'columns' is a required property"]
    mine = {"extends": "walkabout/map-1", "name": "mine", "sheet": {"width": 20}}
    assert problems(mine) == ["20 is less than the minimum of 100"]
    mine = {"extends": "scribe/standard", "name": "mine", "sheet": {"cel": 12.0}}
    assert problems(mine) == ["Additional properties are not allowed ('cel' was unexpected)"]
    mine = {"extends": "scribe/standard", "name": "mine", "glyphs": [{"name": "Dot"}]}
    assert sorted(problems(mine)) == [
        "'pattern' is a required property",
        "'points' is a required property",
    ]


@pytest.mark.parametrize("kind", KINDS)
def test_the_schema_names_its_dialect_and_itself(kind: str) -> None:
    found = schema(kind)
    assert found["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(found)
    assert kind.replace("/", ":") in found["$id"]
    assert len({schema(k)["$id"] for k in KINDS}) == len(KINDS)


def described(node: Any, where: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every property at every level of a schema (tables, arrays of tables, definitions)."""
    out: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                out += [(f"{where}.{name}", prop) for name, prop in value.items()]
            out += described(value, f"{where}.{key}" if key != "properties" else where)
    elif isinstance(node, list):
        for item in node:
            out += described(item, where)
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_every_property_is_described(kind: str) -> None:
    found = described(schema(kind))
    assert len(found) > 20
    bare = [where for where, prop in found if not str(prop.get("description", "")).strip()]
    assert bare == []


@pytest.mark.parametrize("kind", KINDS)
def test_every_length_says_mm_and_every_range_is_told(kind: str) -> None:
    found = described(schema(kind))
    numbers = [(w, p) for w, p in found if "number" in json.dumps(p.get("type", p.get("anyOf")))]
    lengths = [(w, p) for w, p in numbers if LENGTH.search(w.rsplit(".", 1)[-1])]
    assert [w for w, p in lengths if "mm" not in p["description"]] == []
    for where, prop in numbers:
        if "minimum" in prop and "maximum" in prop:
            # to 4 figures, as `sheetgen new` gives them too (6 pt is 2.117 mm, not 2.11667)
            said = f"{prop['minimum']:.4g} to {prop['maximum']:.4g}"
            assert said in prop["description"], where


def _checked(tmp_path: Path, text: str) -> tuple[int, str]:
    """`sheetgen check` of a layout file holding `text`: its exit code and what it printed."""
    file = tmp_path / "mine.toml"
    file.write_text(text, encoding="utf-8")
    result = sheetgen("check", str(file))
    return result.code, result.out + result.err


def test_a_whole_number_written_with_a_point_is_taken_as_the_schema_takes_it(
    tmp_path: Path,
) -> None:
    """JSON Schema counts 3.0 as an integer; so does check (3.5 is refused by both)."""
    head = 'extends = "scribe/standard"\nname = "mine"\n[sheet]\n'
    for value, passes in (("3.0", True), ("3", True), ("3.5", False)):
        data = tomllib.loads(head + f"legend_columns = {value}\n")
        assert (problems(data) == []) is passes, value
        code, said = _checked(tmp_path, head + f"legend_columns = {value}\n")
        assert (code == 0) is passes, said
    code, said = _checked(tmp_path, head + "legend_columns = 3.5\n")
    assert "sheet.legend_columns: 3.5 is not a whole number" in said


def test_the_largest_sheet_fits_a4_and_letter_inside_the_default_margins(tmp_path: Path) -> None:
    """The figure every sheet size's description gives (194 x 263.4 mm) is A4's width and
    Letter's height less two margins; check passes a sheet that size and refuses a bigger one."""
    margin = PressOptions().margin
    a4, letter = NAMED["a4"], NAMED["letter"]
    most = (min(a4.width, letter.width) - 2 * margin, min(a4.height, letter.height) - 2 * margin)
    assert most == pytest.approx(BOTH_PAPERS)
    for kind in ("scribe/supergrid", "walkabout/map", "scribbly-gum/tree"):
        sides = [
            prop["description"]
            for where, prop in described(schema(kind))
            if "heet" in where and where.rsplit(".", 1)[-1] in ("width", "height")
        ]
        assert sides
        assert all(f"{most[0]:g}" in d or f"{most[1]:g}" in d for d in sides), sides
    head = 'extends = "walkabout/map-1"\nname = "mine"\n[sheet]\n'
    assert _checked(tmp_path, head + "width = 194\nheight = 263.4\n")[0] == 0
    for too_big in ("width = 194.1", "height = 263.5"):
        assert _checked(tmp_path, head + too_big + "\n")[0] == 1, too_big
