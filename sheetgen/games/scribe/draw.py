"""Scribe's sheet drawing: the super grid with its winner tabs, names, tally, legend, rules."""

from __future__ import annotations

from sheetgen.draw import (
    Circle,
    Drawing,
    Field,
    Rect,
    Shape,
    Style,
    cap_height,
    label,
    line,
    polyline,
    text_width,
    wrap,
)
from sheetgen.draw.shapes import Weight
from sheetgen.frozen import frozen
from sheetgen.games.scribe.model import Glyph, ScribeLayout
from sheetgen.games.scribe.rules import COLUMNS

EDGE = 4.0  # mm kept clear inside the sheet's edges, which are a pad's cut lines
TAB_CLEAR = 2.0  # mm of gutter between a winner tab and the next mini grid below it
TITLE = 3.4  # title size, in body text sizes
MARK = 1.9  # the players' marks beside the name lines
HEADING = 1.15
GRID_LABEL = 1.2
NAMES_AT = 0.45  # the name lines start this far across the sheet
LEADING = 1.45  # line pitch of the rules, in body text sizes
PARAGRAPH = 0.5  # extra space after a paragraph, in body text sizes
COLUMN_GAP = 6.0  # mm between columns of the rules
CAPTION_LEADING = 1.3  # line pitch of the captions under the legend's diagrams, in text sizes


@frozen
class RuleLine:
    """One line of the rules summary, and whether it ends its paragraph."""

    text: str
    last: bool

    def height(self, t: float) -> float:
        return LEADING * t + (PARAGRAPH * t if self.last else 0.0)


@frozen
class Plan:
    """Where the parts of the sheet go, in millimetres from its top-left corner."""

    grid_x: float
    grid_y: float
    grid_size: float
    tab: float  # height of each winner tab, hanging below its mini grid
    tally_x: float  # the tally row starts under the grid, or further left if it needs room
    tally_y: float
    tally_limit: float  # where the tally row must end
    legend_x: float
    legend_y: float
    legend_w: float
    legend_columns: int
    legend_note: tuple[str, ...]  # the note's lines under the heading (none: it follows it)
    legend_top: float  # where the first row of diagrams starts
    legend_row: float  # pitch of the rows of diagrams
    legend_bottom: float
    rules_y: float
    rules: tuple[tuple[RuleLine, ...], ...]  # the rules summary's lines, column by column
    credit_y: float  # centre of the credit line, at the foot (drawn on sheets that share a page)
    bottom: float  # where the sheet's parts end, its bottom edge clearance included

    @property
    def slot(self) -> float:
        """Width of one column of the legend."""
        return self.legend_w / self.legend_columns


@frozen
class Caption:
    """One line printed under a glyph's diagram in the legend: its words, weight and colour."""

    text: str
    weight: Weight
    colour: str


def captions(layout: ScribeLayout, glyph: Glyph) -> tuple[Caption, ...]:
    """The lines under `glyph`'s diagram, top down: its name in bold (where the layout names
    the glyphs, as `sheetgen scribe score` does), then what it scores."""
    s, words = layout.sheet, layout.labels
    worth = words.point if glyph.points == 1 else words.points
    points = Caption(worth.format(n=glyph.points), "regular", s.accent)
    return (Caption(glyph.name, "bold", s.ink), points) if s.legend_names else (points,)


def _legend_row(layout: ScribeLayout) -> float:
    s = layout.sheet
    lines = len(captions(layout, layout.glyphs[0]))
    return 3 * s.legend_cell + 0.5 * s.text + lines * CAPTION_LEADING * s.text + 2.0


def _legend_note(layout: ScribeLayout, width: float) -> tuple[str, ...]:
    """The legend's note wrapped under its heading, or () when both fit on one line."""
    t, words = layout.sheet.text, layout.labels
    heading = words.legend.format(n=len(layout.glyphs))
    one_line = text_width(heading, HEADING * t, "bold") + 2.5 + text_width(words.legend_note, t)
    return () if one_line <= width else tuple(wrap(words.legend_note, t, width))


def _rule_columns(layout: ScribeLayout, width: float) -> tuple[tuple[RuleLine, ...], ...]:
    """The rules paragraphs wrapped to their column width and shared out over the columns,
    each column about as tall as the others (a paragraph may run on into the next)."""
    s, t = layout.sheet, layout.sheet.text
    n = s.rules_columns
    column_w = (width - (n - 1) * COLUMN_GAP) / n
    lines = []
    for paragraph in layout.rules:
        wrapped = wrap(paragraph, t, column_w)
        lines += [RuleLine(text, i == len(wrapped) - 1) for i, text in enumerate(wrapped)]
    share = sum(line.height(t) for line in lines) / n
    columns: list[list[RuleLine]] = [[]]
    done = 0.0
    for rule in lines:
        if done + rule.height(t) / 2 > share * len(columns) and len(columns) < n:
            columns.append([])
        columns[-1].append(rule)
        done += rule.height(t)
    return tuple(tuple(c) for c in columns if c)


def plan(layout: ScribeLayout) -> Plan:
    """Lay the sheet out top to bottom; `bottom` past the sheet height means it does not fit."""
    s, t = layout.sheet, layout.sheet.text
    width = s.width - 2 * EDGE
    size = 9 * s.cell + 2 * s.gutter
    band = 2.2 * t  # the column names over the grid, the row numbers beside it
    grid_y = EDGE + cap_height(TITLE * t, "bold") + 2.5 + band
    tab = s.gutter - TAB_CLEAR
    tally_y = grid_y + size + tab + 2.0
    y = tally_y + 3.0 * t + 2.0
    if s.legend == "beside":
        grid_x = EDGE + band
        legend_x = grid_x + size + 4.0
        legend_y = grid_y - band
    else:
        grid_x = EDGE + (width - band - size) / 2 + band
        legend_x, legend_y = EDGE, y
    legend_w = s.width - EDGE - legend_x
    tally_limit = legend_x - 3.0 if s.legend == "beside" else s.width - EDGE
    tally_x = max(EDGE, min(grid_x, tally_limit - tally_width(layout)))
    note = _legend_note(layout, legend_w)
    legend_top = legend_y + 2.2 * t + len(note) * LEADING * t
    rows = -(-len(layout.glyphs) // s.legend_columns)
    legend_row = _legend_row(layout)
    legend_bottom = legend_top + rows * legend_row
    y = max(y, legend_bottom)
    rules = _rule_columns(layout, width)
    rules_y = y
    if rules:
        y += 2.2 * t + max(sum(line.height(t) for line in c) for c in rules)
    credit_y = y + 0.6 * t
    if layout.credit:
        y += 1.2 * t
    return Plan(
        grid_x=grid_x,
        grid_y=grid_y,
        grid_size=size,
        tab=tab,
        tally_x=tally_x,
        tally_y=tally_y,
        tally_limit=tally_limit,
        legend_x=legend_x,
        legend_y=legend_y,
        legend_w=legend_w,
        legend_columns=s.legend_columns,
        legend_note=note,
        legend_top=legend_top,
        legend_row=legend_row,
        legend_bottom=legend_bottom,
        rules_y=rules_y,
        rules=rules,
        credit_y=credit_y,
        bottom=y + EDGE,
    )


def cell_origin(layout: ScribeLayout, p: Plan, row: int, col: int) -> tuple[float, float]:
    """Top-left corner of super grid square (row, col), 0-based, in sheet millimetres."""
    s = layout.sheet
    return (
        p.grid_x + col * s.cell + (col // 3) * s.gutter,
        p.grid_y + row * s.cell + (row // 3) * s.gutter,
    )


def _header(layout: ScribeLayout) -> list[Shape]:
    """The title, and a name line for each player on the same row."""
    s, t, words = layout.sheet, layout.sheet.text, layout.labels
    title = TITLE * t
    cy = EDGE + cap_height(title, "bold") / 2
    names_x = NAMES_AT * s.width
    out: list[Shape] = [
        label(
            EDGE,
            cy,
            layout.title,
            title,
            anchor="start",
            weight="bold",
            colour=s.accent,
            max_width=names_x - EDGE - 3.0,
        )
    ]
    field_w = (s.width - EDGE - names_x) / 2
    for i, (mark, key) in enumerate(((words.plus, "plus"), (words.o, "o"))):
        x = names_x + i * field_w
        out.append(label(x, cy, mark, MARK * t, anchor="start", weight="bold", colour=s.ink))
        start = x + text_width(mark, MARK * t, "bold") + 1.2
        end = x + field_w - (3.0 if i == 0 else 0.0)
        base = cy + cap_height(MARK * t, "bold") / 2
        out.append(line(start, base, end, base, Style(stroke=s.grid, width=0.3)))
        out.append(
            Field(
                f"name_{key}",
                "text",
                start,
                base - 2.4 * t,
                end - start,
                2.4 * t,
                Style(stroke=None),
            )
        )
    return out


def _winner_tab(layout: ScribeLayout, p: Plan, index: int, fill: str | None) -> list[Shape]:
    """A tab hanging from the mini grid's bottom edge, flush with its right side: the word
    'win' and a square for the winner's mark, so the box plainly belongs to that grid."""
    s, t = layout.sheet, layout.sheet.text
    x, y = cell_origin(layout, p, 3 * (index // 3), 3 * (index % 3))
    right, top = x + 3 * s.cell, y + 3 * s.cell
    word = layout.labels.win
    box = p.tab
    width = text_width(word, t) + 2.4 + box
    edge = Style(stroke=s.ink, width=0.5, fill=fill, join="round")
    left, bottom = right - width, top + box
    return [
        polyline(((left, top), (left, bottom), (right, bottom), (right, top)), edge),
        label(right - box - 1.2, top + box / 2, word, t, anchor="end", colour=s.grid),
        line(right - box, top, right - box, top + box, Style(stroke=s.ink, width=0.35)),
        Field(f"winner_{index + 1}", "mark", right - box, top, box, box, Style(stroke=None)),
    ]


def _super_grid(layout: ScribeLayout, p: Plan) -> list[Shape]:
    s, t = layout.sheet, layout.sheet.text
    thin = Style(stroke=s.grid, width=0.25)
    out: list[Shape] = []
    mini = 3 * s.cell
    for index in range(9):
        x, y = cell_origin(layout, p, 3 * (index // 3), 3 * (index % 3))
        fill = s.shade if index % 2 == 0 else None
        out += _winner_tab(layout, p, index, fill)
        if fill:
            out.append(Rect(x, y, mini, mini, Style(stroke=None, fill=fill)))
        for k in (1, 2):
            out.append(line(x + k * s.cell, y, x + k * s.cell, y + mini, thin))
            out.append(line(x, y + k * s.cell, x + mini, y + k * s.cell, thin))
        out.append(Rect(x, y, mini, mini, Style(stroke=s.ink, width=0.7, join="round")))
    columns = layout.labels.column_names()
    for row in range(9):
        for col in range(9):
            x, y = cell_origin(layout, p, row, col)
            name = f"cell_{COLUMNS[col]}{row + 1}"
            out.append(Field(name, "mark", x, y, s.cell, s.cell, Style(stroke=None)))
    size, gap = GRID_LABEL * t, 1.1 * t
    for i in range(9):
        x, _ = cell_origin(layout, p, 0, i)
        out.append(
            label(
                x + s.cell / 2,
                p.grid_y - gap,
                columns[i],
                size,
                weight="bold",
                colour=s.grid,
                max_width=s.cell,
            )
        )
        _, y = cell_origin(layout, p, i, 0)
        out.append(
            label(p.grid_x - gap, y + s.cell / 2, str(i + 1), size, weight="bold", colour=s.grid)
        )
    return out


def tally_width(layout: ScribeLayout) -> float:
    """The width of the tally row."""
    return _tally(layout, 0.0)[1]


def _tally(layout: ScribeLayout, top: float, x0: float = 0.0) -> tuple[list[Shape], float]:
    """The 'mini grids won' row with a box for each player, and the note after it; and its
    width."""
    s, t, words = layout.sheet, layout.sheet.text, layout.labels
    y = top + 1.5 * t
    head, mark = HEADING * t, 1.5 * t
    out: list[Shape] = [
        label(x0, y, words.won, head, anchor="start", weight="bold", colour=s.ink),
    ]
    x = x0 + text_width(words.won, head, "bold") + 2.5
    box_w, box_h = 3.6 * t, 2.6 * t
    for player, key in ((words.plus, "plus"), (words.o, "o")):
        out.append(label(x, y, player, mark, anchor="start", weight="bold", colour=s.ink))
        x += text_width(player, mark, "bold") + 1.0
        out.append(
            Field(
                f"won_{key}",
                "number",
                x,
                y - box_h / 2,
                box_w,
                box_h,
                Style(stroke=s.accent, width=0.35),
                rx=0.8,
                max_length=1,  # of nine mini grids
            )
        )
        x += box_w + 2.5
    out.append(label(x + 1.0, y, words.won_note, t, anchor="start", colour=s.grid))
    return out, x + 1.0 + text_width(words.won_note, t) - x0


def _glyph_diagram(
    glyph: Glyph, x: float, y: float, cell: float, ink: str, faint: str
) -> list[Shape]:
    out: list[Shape] = [Rect(x, y, 3 * cell, 3 * cell, Style(stroke=faint, width=0.2))]
    dots = glyph.cells()
    for r in range(3):
        for c in range(3):
            cx, cy = x + (c + 0.5) * cell, y + (r + 0.5) * cell
            if (r, c) in dots:
                out.append(Circle(cx, cy, cell * 0.36, Style(stroke=None, fill=ink)))
            else:
                out.append(Circle(cx, cy, 0.25, Style(stroke=None, fill=faint)))
    return out


def _legend(layout: ScribeLayout, p: Plan) -> list[Shape]:
    s, t, words = layout.sheet, layout.sheet.text, layout.labels
    head = HEADING * t
    heading = words.legend.format(n=len(layout.glyphs))
    y = p.legend_y + head / 2
    out: list[Shape] = [
        label(p.legend_x, y, heading, head, anchor="start", weight="bold", colour=s.accent)
    ]
    if p.legend_note:
        for i, text in enumerate(p.legend_note):
            line_y = p.legend_y + 2.2 * t + (i + 0.35) * LEADING * t
            out.append(label(p.legend_x, line_y, text, t, anchor="start", colour=s.ink))
    else:
        note_x = p.legend_x + text_width(heading, head, "bold") + 2.5
        out.append(label(note_x, y, words.legend_note, t, anchor="start", colour=s.ink))
    cell = s.legend_cell
    for i, glyph in enumerate(layout.glyphs):
        row, col = divmod(i, s.legend_columns)
        cx = p.legend_x + (col + 0.5) * p.slot
        top = p.legend_top + row * p.legend_row
        out += _glyph_diagram(glyph, cx - 1.5 * cell, top, cell, s.ink, s.grid)
        y = top + 3 * cell + 0.5 * t + 0.5 * CAPTION_LEADING * t
        for caption in captions(layout, glyph):
            out.append(label(cx, y, caption.text, t, weight=caption.weight, colour=caption.colour))
            y += CAPTION_LEADING * t
    return out


def _rules(layout: ScribeLayout, p: Plan) -> list[Shape]:
    s, t = layout.sheet, layout.sheet.text
    if not p.rules:
        return []
    head = HEADING * t
    out: list[Shape] = [
        label(
            EDGE,
            p.rules_y + head / 2,
            layout.labels.rules,
            head,
            anchor="start",
            weight="bold",
            colour=s.accent,
        )
    ]
    n = s.rules_columns
    pitch = (s.width - 2 * EDGE + COLUMN_GAP) / n
    for i, column in enumerate(p.rules):
        y = p.rules_y + 2.2 * t
        for rule in column:
            out.append(
                label(EDGE + i * pitch, y + t / 2, rule.text, t, anchor="start", colour=s.ink)
            )
            y += rule.height(t)
    return out


def _credit(layout: ScribeLayout, p: Plan) -> list[Shape]:
    """The designer credit at the sheet's foot, right-aligned, so a sheet cut from a shared
    page still carries it."""
    s = layout.sheet
    if not layout.credit:
        return []
    return [
        label(
            s.width - EDGE,
            p.credit_y,
            layout.credit,
            s.text,
            anchor="end",
            colour=s.grid,
            max_width=s.width - 2 * EDGE,
        )
    ]


def draw_sheet(layout: ScribeLayout, credit: bool = False) -> Drawing:
    """The whole super grid sheet at its printed size, with the credit at its foot if `credit`
    (for sheets that share a page and are cut apart; otherwise the page footer carries it)."""
    p = plan(layout)
    shapes = (
        _header(layout)
        + _super_grid(layout, p)
        + _tally(layout, p.tally_y, p.tally_x)[0]
        + _legend(layout, p)
        + _rules(layout, p)
        + (_credit(layout, p) if credit else [])
    )
    s = layout.sheet
    return Drawing(s.width, s.height, tuple(shapes), title=f"{layout.title} super grid")
