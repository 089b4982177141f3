"""The layout of a designer's own pieces: the piece's shape and size, and a template of what
each face prints (texts, boxes, circles and pictures placed in millimetres), filled from a data
file with one piece a row. Any text, colour or picture file may be a template of the row's
columns: `"{rank} of {suit}"`, `"{colour}"`, `"art/{art}.png"`."""

from __future__ import annotations

from typing import Annotated, Literal

from sheetgen.games.custom.inline import BUILT_IN, NAME
from sheetgen.model.base import AlignmentLabels, LayoutBase, Section
from sheetgen.model.tables import CheckAfter, Key

Shape = Literal["rectangle", "circle", "hexagon", "die-net"]
ItemType = Literal["text", "box", "circle", "image", "icon"]
Align = Literal["left", "centre", "right"]
Valign = Literal["top", "middle", "bottom"]
Fit = Literal["", "wrap", "shrink", "fit", "fill", "stretch"]
TEXT_FITS = ("", "wrap", "shrink")
IMAGE_FITS = ("", "fit", "fill", "stretch")
Turn = Literal[0, 90, 180, 270]

TEMPLATE = "text, or a template of the row's columns: '{rank} of {suit}'"
COLOUR = "or a template of the row's columns that gives one ('{colour}'), #rrggbb"
BUILT_INS = ", ".join(BUILT_IN)
MAX_ICONS = 100


def _icon_name(name: str) -> str:
    """An icon's name as the [icons] table gives it, and a text writes it between colons."""
    if not NAME.fullmatch(name):
        raise ValueError(
            f"{name!r} is no icon name: write lowercase letters, digits, '-' and '_', starting "
            "with a letter, at most 40 (':coin:' prints the icon coin)"
        )
    return name


IconName = Annotated[str, CheckAfter(_icon_name)]
IconFile = Annotated[str, Key(min_length=1, max_length=200)]


class Item(Section):
    """One thing printed on a face, in its box (mm from the piece's top-left corner, at the
    cut): a text, a box, a circle, an image or an icon."""

    type: ItemType = Key(
        default="text",
        description="text, box (a rectangle), circle (filling its box), image (a PNG, JPEG "
        "or SVG file) or icon (a named icon, filling its box)",
    )
    x: float = Key(default=0.0, ge=-20.0, le=600.0, description="mm from the left edge")
    y: float = Key(default=0.0, ge=-20.0, le=600.0, description="mm from the top edge")
    width: float = Key(ge=0.5, le=600.0, description="mm")
    height: float = Key(ge=0.5, le=600.0, description="mm")
    text: str = Key(
        default="",
        max_length=1000,
        description=f"a text item's words: {TEMPLATE}; ':name:' prints the icon of that name "
        "inline, '::' a colon",
    )
    points: float = Key(
        default=10.0,
        ge=6.0,
        le=200.0,
        description="the text's size in points (6 to 200; 1 pt is 1/72 in, 0.353 mm), made "
        "smaller to fit its box, never below 6 pt",
    )
    colour: str = Key(
        default="#000000",
        max_length=200,
        description=f"the text's colour (and a built-in icon's, in a text or an icon item), "
        f"{COLOUR}",
    )
    weight: Literal["regular", "bold"] = Key(
        default="regular",
        description="regular or bold (with a font file of your own: the weight of sheetgen's "
        "fonts for the letters it lacks; yours prints as it is drawn)",
    )
    font: str = Key(
        default="",
        max_length=200,
        description="a TrueType (.ttf) or OpenType (.otf) file to set the text in, named from "
        "this layout's folder and kept inside it, with its licence file beside it (LICENSE, "
        "OFL or the font's name .txt); characters it lacks print in sheetgen's fonts; '' "
        "sheetgen's fonts alone",
    )
    align: Align = Key(default="centre", description="left, centre or right in its box")
    valign: Valign = Key(default="middle", description="top, middle or bottom in its box")
    image: str = Key(
        default="",
        max_length=200,
        description="an image item's picture: a .png, .jpg or .svg file named from this "
        "layout's folder and kept inside it, or a template of the row's columns that names "
        "one: 'art/{art}.png'",
    )
    icon: str = Key(
        default="",
        max_length=200,
        description=f"an icon item's icon: its name ({BUILT_INS}, or one of the layout's "
        "[icons]), or a template of the row's columns that gives one: '{suit}'",
    )
    fit: Fit = Key(
        default="",
        description="a text's: wrap (the default), lines broken to the box's width (shrunk "
        "until they fit its height), or shrink, one line shrunk to the box's width; an image's: "
        "fit (the default), the whole picture in the box, its proportions kept; fill, the box "
        "covered, its proportions kept, cut off at the box; stretch, the picture drawn to the "
        "box's size",
    )
    fill: str = Key(
        default="", max_length=200, description=f"a box's or circle's fill ('' none), {COLOUR}"
    )
    stroke: str = Key(
        default="", max_length=200, description=f"a box's or circle's outline ('' none), {COLOUR}"
    )
    stroke_width: float = Key(default=0.3, ge=0.05, le=10.0, description="mm")
    radius: float = Key(default=0.0, ge=0.0, le=300.0, description="mm: a box's corner radius")
    turn: Turn = Key(
        default=0,
        description="degrees the item is turned about its box's centre (180: the upside-down "
        "corner index of a playing card)",
    )

    @classmethod
    def own_font_keys(cls) -> frozenset[str]:
        """A text item's words: the rules check them against its font once it is read."""
        return frozenset({"text"})


class Face(Section):
    """One side of the pieces: its background and what it prints, drawn in order."""

    background: str = Key(
        default="#ffffff",
        max_length=200,
        description=f"the colour printed to the bleed edge, {COLOUR}",
    )
    items: list[Item] = Key(default_factory=list, max_length=100, description="drawn in order")


class Piece(Section):
    """The pieces' shape and size: every piece of a layout is cut alike."""

    shape: Shape = Key(
        default="rectangle",
        description="rectangle (a card, a tile), circle (a token), hexagon (flat top and "
        "bottom, corners at the left and right edges) or die-net (a paper die to cut out, fold "
        "and glue: every six pieces are one die's faces, width the cube's edge)",
    )
    width: float = Key(default=63.0, ge=10.0, le=400.0, description="mm")
    height: float = Key(default=88.0, ge=10.0, le=400.0, description="mm")
    radius: float = Key(default=3.0, ge=0.0, le=50.0, description="mm: a rectangle's corner radius")
    bleed: float = Key(
        default=3.0,
        ge=0.0,
        le=5.0,
        description="mm of background printed beyond the cut (--bleed sets it for one build)",
    )


class PiecesLayout(LayoutBase):
    """Your own cards, tiles and tokens: one piece a row of a data file, each face filled in
    from a template."""

    game: Literal["custom"]
    component: Literal["pieces"]
    labels: AlignmentLabels = AlignmentLabels()
    data: str = Key(
        max_length=200,
        description="the data file, one piece a row under a first row of column names: .csv, "
        ".tsv, .json, .xlsx or .ods, named from this layout's folder and kept inside it",
    )
    sheet: str = Key(default="", max_length=100, description="the workbook's sheet; '' the first")
    count: str = Key(
        default="count",
        max_length=100,
        description="the column that says how many of a row's piece a set holds (1 where the "
        "data has no such column or the cell is empty)",
    )
    title: str = Key(
        default="",
        max_length=200,
        description=f"each piece's name, for its image file and --only: {TEMPLATE}; '' the "
        "row's number",
    )
    apart: list[str] = Key(
        default_factory=list,
        max_length=10,
        description="the columns whose colours players must tell apart (a team's, a bag's): "
        "every two of their colours are checked to stay apart for colour-blind players and in "
        "greyscale print",
    )
    marked: bool = Key(
        default=False,
        description="the pieces of each colour in `apart` also carry a mark of their own (a "
        "shape, a letter), so greyscale print need not tell the colours apart",
    )
    deck: str = Key(
        default="",
        max_length=200,
        description=f"the deck each piece goes in on a digital table (a bag, a faction): "
        f"{TEMPLATE}; '' one deck of them all",
    )
    drawn: Literal["pile", "bag", "open"] = Key(
        default="pile",
        description="how players take a deck's pieces on a digital table: pile, shuffled face "
        "down; bag, drawn blind from a bag; open, laid out face up",
    )
    icons: dict[IconName, IconFile] = Key(
        default_factory=dict,
        max_length=MAX_ICONS,
        json_schema_extra={"propertyNames": {"pattern": f"^{NAME.pattern}$"}},
        description="icons of your own, by name: a .png, .jpg or .svg file each, named from "
        "this layout's folder and kept inside it ({ coin = 'art/coin.svg' }); a text prints one "
        f"inline as ':coin:', an icon item alone. Built in, in the text's colour: {BUILT_INS}",
    )
    piece: Piece = Key(default=Piece(), description="the shape and size every piece is cut to")
    front: Face = Key(description="what each piece's front prints")
    back: Face | None = Key(
        default=None,
        description="what each piece's back prints (the same for every piece unless it uses "
        "the row's columns); none: the pieces print on one side",
    )
