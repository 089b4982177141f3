"""`check` meets what `build` meets: a sheet must go onto A4 and Letter both, and a drawing
must not draw past its own edge (the catalogue in tests/bad_inputs/ drives the CLI on the
failing cases); a fifth Walkabout map (and a fiftieth) can be made."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.draw import Text, Transform
from sheetgen.draw.walk import leaves
from sheetgen.layouts.read import builtin_layouts, load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.check import PAPERS
from sheetgen.pipeline.document import document_for
from sheetgen.pipeline.fits import sheet_findings
from tests.support import sheetgen


@pytest.mark.slow  # every built-in layout: the slow tier
def test_every_builtin_layout_fits_both_papers_and_its_sheets() -> None:
    found = {ref: sheet_findings(load(ref), PAPERS) for ref in builtin_layouts()}
    assert {ref: f for ref, f in found.items() if f} == {}


def test_a_tree_too_narrow_for_its_score_circle_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "narrow.toml"
    path.write_text(
        'extends = "scribbly-gum/kuringgai"\ngame = "scribbly-gum"\ncomponent = "tree"\n'
        'name = "narrow"\n[sheet]\nwidth = 150.0\npitch = 9.0\ncircle = 6.0\n',
        encoding="utf-8",
    )
    loaded = load(str(path))
    (found,) = sheet_findings(loaded, PAPERS)
    assert found.level == "error" and found.where == "sheet.width"
    # the circle it names is indeed drawn past the 150 mm edge
    drawing = document_for(loaded, BuildOptions()).pages[0].placements[0].drawing
    assert drawing.width == 150.0
    assert "a circle (from x = " in found.message
    low = float(found.message.split("from x = ")[1].split(" ")[0])
    assert low > drawing.width


def test_a_fifth_map_can_be_made(tmp_path: Path) -> None:
    for number in (5, 50):
        path = tmp_path / f"map-{number}.toml"
        path.write_text(
            f'extends = "walkabout/map-1"\nname = "map-{number}"\nsheet_number = {number}\n',
            encoding="utf-8",
        )
        loaded = load(str(path))
        assert loaded.kind.check(loaded.model) == [] and sheet_findings(loaded, PAPERS) == []
        drawing = document_for(loaded, BuildOptions()).pages[0].placements[0].drawing
        drawn = leaves(drawing.children, Transform())
        assert f"Map {number}" in {leaf.text for leaf, _ in drawn if isinstance(leaf, Text)}


def test_check_presses_on_the_paper_it_is_told_as_build_does(tmp_path: Path) -> None:
    # a 194 x 270 mm sheet is taller than Letter's 279.4 mm less two 8 mm margins (263.4 mm),
    # shorter than A4's 281 mm: check fails it on the default A4 and Letter, passes it on A4
    # alone or A3 (as build --paper A4 makes it), and refuses a paper that does not exist
    path = tmp_path / "tall.toml"
    path.write_text(
        'extends = "scribe/standard"\ngame = "scribe"\ncomponent = "supergrid"\n'
        'name = "tall"\n[sheet]\nheight = 270\n',
        encoding="utf-8",
    )
    both = sheetgen("check", str(path))
    assert both.code == 1 and "does not fit on Letter" in both.err
    for paper in ("A4", "A3"):
        alone = sheetgen("check", str(path), "--paper", paper)
        assert (alone.code, alone.out, alone.err) == (0, f"{path}: ok\n", "")
    assert sheetgen("check", str(path), "--paper", "B9").code == 2
