"""One range of tile (or die face) sizes a kind: its layouts' size key, `--tile-size`, the
schema and `--help` agree and say it in the same words; both ends pass `sheetgen check` and
build with `--tile-size`; at the smallest, no text is under 6 pt and text keeps as clear of the
cut as those words say."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from sheetgen.draw import Drawing, Group, Shape, Text, Transform, cap_height, text_width
from sheetgen.draw.document import Document
from sheetgen.kinds import kinds, tile_sizes_of, tile_sizes_said
from sheetgen.layouts.read import load
from sheetgen.options import BuildOptions
from sheetgen.pipeline.document import pressed
from sheetgen.pipeline.honoured import check_tile_size
from tests.support import sheetgen, tiered
from tests.support.text_sizes import small_texts

Box = tuple[float, float, float, float]  # mm: left, top, right, bottom

# each kind that takes --tile-size, the built-in layout of it and the key the option replaces
SIZE_KEYS = {
    "marram/tiles": ("marram/classic", "sheet.size"),
    "scribbly-gum/tiles": ("scribbly-gum/tiles", "sheet.size"),
    "scrumpit/tiles": ("scrumpit/tiles", "size"),
    "walkabout/dice": ("walkabout/dice", "face_size"),
}
# "KIND takes LOW to HIGH mm (WHAT stays 6 pt or more, ... clear of the cut ...)"
SAID = re.compile(
    r"(\S+) takes (\S+) to (\S+) mm \(((?:text stays|numbers and symbols stay) 6 pt or more, "
    r"[^)]*clear of the cut[^)]*)\)"
)


def run(*args: str) -> tuple[int, str]:
    result = sheetgen(*args)
    return result.code, result.out + result.err


def layout_with(tmp_path: Path, kind: str, size: float) -> Path:
    """A layout extending the kind's built-in one with its size key set to `size`."""
    base, key = SIZE_KEYS[kind]
    table, _, leaf = key.rpartition(".")
    file = tmp_path / f"sized-{kind.replace('/', '-')}.toml"
    head = f'extends = "{base}"\nname = "sized"\n'
    body = f"[{table}]\n{leaf} = {size}\n" if table else f"{leaf} = {size}\n"
    file.write_text(head + body, encoding="utf-8")
    return file


def test_the_kinds_that_take_tile_size_are_these() -> None:
    assert {k.key for k in kinds().values() if "tile_size" in k.options} == set(SIZE_KEYS)


@pytest.mark.parametrize("kind", sorted(SIZE_KEYS))
def test_layout_option_schema_and_help_give_one_range_in_one_wording(
    kind: str, tmp_path: Path
) -> None:
    base, key = SIZE_KEYS[kind]
    refused = sheetgen("build", base, "--tile-size", "1000", "--out", str(tmp_path))
    assert refused.code == 2
    option_error = refused.err
    said = SAID.search(option_error)
    assert said and said[1] == kind, option_error
    low, high = float(said[2]), float(said[3])
    # a layout's own size: refused just outside the range in the very same words, taken at
    # its ends
    for outside in (low - 0.5, high + 0.5):
        checked = sheetgen("check", str(layout_with(tmp_path, kind, outside)))
        assert checked.code == 1, checked.err
        layout_error = checked.err
        assert f"{key}: {said[0]}" in layout_error, layout_error
    for end in (low, high):
        check_tile_size(end, [load(str(layout_with(tmp_path, kind, end)))])  # both take it
    # the schema: the same bounds, and the same words
    schema = json.loads(run("schema", kind)[1])
    node, prop = schema, {}
    for part in key.split("."):
        prop = node["properties"][part]
        node = schema["$defs"][prop["$ref"].rsplit("/", 1)[-1]] if "$ref" in prop else prop
    assert (prop["minimum"], prop["maximum"]) == (low, high)
    assert said[0] in prop["description"]
    # --help names the same range
    help_text = " ".join(run("build", "--help")[1].split())
    assert f"{kind} {low:g} to {high:g} mm" in help_text


@pytest.mark.parametrize("kind", sorted(SIZE_KEYS))
def test_at_the_smallest_size_no_text_is_under_six_points(kind: str) -> None:
    loaded = load(SIZE_KEYS[kind][0])
    low = loaded.kind.tile_sizes[0]
    doc = pressed(loaded.kind, loaded.model, BuildOptions(tile_size=low))
    small = small_texts(doc)
    assert not small, sorted(small)[:8]


def _document(kind: str, size: float) -> Document:
    loaded = load(SIZE_KEYS[kind][0])
    return pressed(loaded.kind, loaded.model, BuildOptions(tile_size=size))


def _pieces(doc: Document, size: float) -> list[Drawing]:
    """The document's distinct drawings `size` mm square: its tiles, or its dice's faces."""
    found: dict[int, Drawing] = {}
    for page in (*doc.pages, *doc.screens):
        for placement in page.placements:
            drawing = placement.drawing
            if abs(drawing.width - size) < 1e-6 and abs(drawing.height - size) < 1e-6:
                found.setdefault(id(drawing), drawing)
    return list(found.values())


@pytest.mark.parametrize("end", ["smallest", "largest"])
@pytest.mark.parametrize("kind", tiered(sorted(SIZE_KEYS), set(SIZE_KEYS) - {"walkabout/dice"}))
def test_both_ends_of_the_range_pass_check_and_build(kind: str, end: str, tmp_path: Path) -> None:
    """A layout whose size key is at either end of the range passes `sheetgen check` (its
    drawings stay on their sheets: Marram's beasts ran 1.5 mm past a 120 mm tile's bleed), and
    `build --tile-size` at that end writes a PDF of pieces that size."""
    low, high = tile_sizes_of(kind)
    size = low if end == "smallest" else high
    layout = layout_with(tmp_path, kind, size)
    checked = sheetgen("check", str(layout))
    assert (checked.code, checked.err) == (0, ""), checked.err
    assert checked.out.strip().endswith(f"{layout}: ok"), checked.out
    base = SIZE_KEYS[kind][0]
    out = tmp_path / "out"
    out.mkdir()
    built = sheetgen("build", base, "--tile-size", f"{size:g}", "-f", "pdf", "--out", str(out))
    assert built.code == 0 and "error" not in built.err, built.err
    [pdf] = out.glob("*.pdf")
    assert len(PdfReader(pdf).pages) >= 1
    assert len(_pieces(_document(kind, size), size)) >= 6  # the set, at the size asked for


def _text_boxes(shapes: tuple[Shape, ...], transform: Transform) -> list[tuple[str, Box]]:
    """Each text drawn and the box its letters take (the advance width from the font, the
    capital height above the baseline, a descender's depth below it where a letter has one),
    in the drawing's mm."""
    out: list[tuple[str, Box]] = []
    for shape in shapes:
        if isinstance(shape, Group):
            out += _text_boxes(shape.children, transform @ shape.transform)
        elif isinstance(shape, Text):
            width = text_width(shape.text, shape.size, shape.weight, shape.family)
            left = shape.x - {"start": 0.0, "middle": width / 2, "end": width}[shape.anchor]
            tall = shape.size * 0.76 if re.search(r"[a-z]", shape.text) else 0.0
            top = max(tall, cap_height(shape.size, shape.weight, shape.family))
            deep = 0.24 * shape.size if re.search(r"[gjpqyJQ,;]", shape.text) else 0.0
            corners = [
                transform.apply(x, y)
                for x in (left, left + width)
                for y in (shape.y - top, shape.y + deep)
            ]
            xs, ys = zip(*corners, strict=True)
            out.append((shape.text, (min(xs), min(ys), max(xs), max(ys))))
    return out


def _clear_by_the_words(kind: str, size: float) -> float:
    """mm of clearance from the cut the kind's own words promise at `size`."""
    why = SAID.search(tile_sizes_said(kind))
    assert why, tile_sizes_said(kind)
    share = re.search(r"by (\d+)% of the tile, at most (\d+) mm", why[4])
    if share:
        return min(float(share[2]), float(share[1]) / 100 * size)
    flat = re.search(r"(\d+) mm clear of the cut", why[4])
    assert flat, why[4]
    return float(flat[1])


@pytest.mark.parametrize("kind", sorted(SIZE_KEYS))
def test_at_the_smallest_size_text_is_as_clear_of_the_cut_as_the_words_say(kind: str) -> None:
    """Scrumpit's letters are 1 mm from the cut of a 6 mm tile: its words say 16% of the tile,
    not 3 mm; every kind's words hold at its smallest size."""
    size = tile_sizes_of(kind)[0]
    least = _clear_by_the_words(kind, size)
    pieces = _pieces(_document(kind, size), size)
    assert pieces
    near = sorted(
        (round(min(x0, y0, size - x1, size - y1), 2), text, piece.title)
        for piece in pieces
        for text, (x0, y0, x1, y1) in _text_boxes(piece.children, Transform())
        if min(x0, y0, size - x1, size - y1) < least - 0.05
    )
    assert near == [], near[:5]
