"""Where the parts of a tree sheet go, as plain arithmetic on its layout: shared by the rules'
fit check and the drawing, so neither keeps its own copy and the rules import no drawing."""

from __future__ import annotations

from sheetgen.games.scribbly_gum.model import TreeLayout

GAP = 3.0  # mm between the tree panel, the tracker and the score strip
TITLE = 14.0  # mm of the tree panel's title band
PAD = 3.0  # mm between the tree panel's edge and its grid


def tree_area(layout: TreeLayout) -> tuple[float, float]:
    """Width and height (mm) that the tree's grid may use inside its grey panel."""
    s = layout.sheet
    panel_w = s.width - s.tracker_width - GAP
    panel_h = s.height - s.score_height - GAP
    return panel_w - 2 * PAD, panel_h - TITLE - 2 * PAD
