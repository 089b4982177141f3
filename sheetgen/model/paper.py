"""Paper facts that layouts are checked against and the press lays out with: the largest sheet
that goes onto both A4 and Letter, and the room the press keeps under the pieces for the
calibration ruler (a layout's checks and descriptions say them; the press uses the same
values)."""

from __future__ import annotations

# mm: the largest sheet that goes inside 8 mm margins (the press's default) on both A4
# (210 x 297) and Letter (215.9 x 279.4), the papers 'sheetgen check' presses every layout on
BOTH_PAPERS = (194.0, 263.4)


def sheet_side_said(side: str, low: float, high: float) -> str:
    """The description of a sheet's `side` ('width' or 'height') that a larger --paper than
    A4 and Letter takes up to `high` mm."""
    most = BOTH_PAPERS[side == "height"]
    return (
        f"sheet {side} in mm, {low:g} to {high:g}: at most {most:g} goes onto A4 and Letter "
        "inside 8 mm margins, as 'sheetgen check' asks; more needs a larger --paper (A3) "
        "for check and build"
    )


MARGIN = 8.0  # mm: the paper the press keeps clear at each edge, unless --margin says
RULER_HEIGHT = 9.0  # mm: the calibration ruler's height on the page
RULER_CLEARANCE = 3.0  # mm between the pieces and the calibration ruler under them
# mm: the tallest sheet of the A4-and-Letter width under which Letter keeps the ruler
KEEPS_RULER = round(BOTH_PAPERS[1] - RULER_HEIGHT - RULER_CLEARANCE, 1)
