"""Marks read from pixels: a page's image set beside the same page rendered blank at the same
scale, the ink in each mark region (darker than the blank, inside the region shrunk so its
printed lines never count) told apart by its shape, each with how sure the reading is.

A Scribe square holds nothing, a `+` or an `O`, often slashed through (the rulebook: each
player slashes their older mark). Seen from the mark's own centre, an `O` has ink in every
direction (a ring round it), a `+` in four (its arms) and six when slashed, with wide empty
sectors between; that share of directions, and the widest gap between them, decide. Ink in
fewer than three directions (a slash alone) is neither, and ink too little to be a mark but
more than a speck is not sure either: both are read as uncertain, never guessed silently."""

from __future__ import annotations

import numpy as np

from sheetgen.draw.regions import Region
from sheetgen.frozen import frozen

DPI = 150  # the scale pages are read at: a Scribe square is 77 pixels wide
PX = DPI / 25.4  # pixels a millimetre
INK = 48  # grey levels darker than the blank that count as ink (pencil grey is ~100 darker)
MARGIN = 0.5  # mm of a region left out all round: its printed edge, a pixel or two off
EMPTY_MM2 = 0.35  # ink under this area (mm², a dot of pencil) is an empty square, surely
FAINT_MM2 = 0.9  # ink between the two is not sure: a smudge, or a mark begun
SECTORS = 48  # directions round the mark's centre
RING = 0.3  # of the mark's reach: ink nearer its centre than this says nothing of direction
O_SHARE, PLUS_SHARE = 0.82, 0.62  # share of directions inked: an O over, a + under
O_GAP, PLUS_GAP = 40.0, 52.0  # degrees: an O's widest gap under, a +'s over
BLUR = 2  # pixels a photo's printed line may spread past where the blank draws it
SURE = 0.75  # a reading this sure is taken; any less is listed for the host to confirm


@frozen
class Mark:
    """One region read: its name, what it holds ('' for nothing, '+', 'O'), how sure the
    reading is (0 to 1) and whether that is sure enough to be taken without asking."""

    name: str
    value: str
    confidence: float
    sure: bool


def ink(image: np.ndarray, blank: np.ndarray) -> np.ndarray:
    """Where `image` is darker than `blank` by INK grey levels or more (both grey, equal size)."""
    return (blank.astype(np.int16) - image.astype(np.int16)) >= INK


def _window(region: Region, scale: float) -> tuple[slice, slice]:
    dx = dy = MARGIN
    x1, x2 = round((region.x + dx) * scale), round((region.x + region.w - dx) * scale)
    y1, y2 = round((region.y + dy) * scale), round((region.y + region.h - dy) * scale)
    return slice(y1, y2), slice(x1, x2)


def _sure(value: str, confidence: float) -> Mark:
    return Mark("", value, round(confidence, 3), confidence >= SURE)


def classify(dark: np.ndarray, scale: float) -> Mark:
    """What one region's ink (True where inked) shows, unnamed: nothing, `+` or `O`."""
    area = float(dark.sum()) / scale**2
    if area < EMPTY_MM2:
        return _sure("", 1.0 - 0.25 * area / EMPTY_MM2)
    rows, cols = np.nonzero(dark)
    cy, cx = float(np.median(rows)), float(np.median(cols))
    dy, dx = rows - cy, cols - cx
    r = np.hypot(dx, dy)
    reach = float(np.percentile(r, 90)) or 1.0
    far = r >= RING * reach
    angles = (np.degrees(np.arctan2(dy[far], dx[far])) + 360.0) % 360.0
    counts = np.bincount((angles * SECTORS / 360.0).astype(int) % SECTORS, minlength=SECTORS)
    inked = counts >= 2
    share = float(inked.mean())
    gap = _widest_gap(inked) * 360.0 / SECTORS
    if area < FAINT_MM2:
        guess = "O" if share >= O_SHARE else "+"
        return _sure(guess, 0.3 * area / FAINT_MM2)
    arms = _runs(inked)
    if share < O_SHARE and arms < 3:  # a stroke or two, no cross: a slash alone, a tick
        return _sure("+", 0.25 * arms)
    o = min((share - PLUS_SHARE) / (O_SHARE - PLUS_SHARE), (PLUS_GAP - gap) / (PLUS_GAP - O_GAP))
    plus = min((O_SHARE - share) / (O_SHARE - PLUS_SHARE), (gap - O_GAP) / (PLUS_GAP - O_GAP))
    if o >= plus:
        return _sure("O", _confidence(o, plus))
    return _sure("+", _confidence(plus, o))


def _confidence(won: float, lost: float) -> float:
    """How sure a reading is from its two shapes' scores (each 1 at its own thresholds, 0 at
    the other's): 0.5 where they tie, 1 where the winner is past its thresholds by as much."""
    return max(0.0, min(1.0, 0.5 + 0.25 * (won - lost)))


def _runs(inked: np.ndarray) -> int:
    """How many separate runs of inked sectors there are round the circle (a +'s arms)."""
    if inked.all():
        return 1
    return int((inked & ~np.roll(inked, 1)).sum())


def _widest_gap(inked: np.ndarray) -> int:
    """The longest run of empty sectors, round the circle."""
    if inked.all():
        return 0
    if not inked.any():
        return len(inked)
    start = int(np.argmax(inked))
    turned = np.roll(inked, -start)
    best = run = 0
    for value in turned:
        run = 0 if value else run + 1
        best = max(best, run)
    return best


def read_marks(
    image: np.ndarray,
    blank: np.ndarray,
    regions: tuple[Region, ...],
    scale: float = PX,
    slack: int = 0,
) -> list[Mark]:
    """Each mark region of a page read: `image` and `blank` grey, the page at `scale` pixels a
    millimetre, `regions` in the page's millimetres. `slack` (pixels) lets each region's blank
    move that far to lie on the image's printed lines (a photo's pages meet to a pixel or two,
    not exactly), and each printed line counts BLUR pixels wider; 0 for a PDF's render, which
    meets its blank exactly."""
    spread = _darkest(blank, BLUR) if slack else blank
    out = []
    for region in regions:
        rows, cols = _window(region, scale)
        dy, dx = _shift(image, blank, region, scale, slack) if slack else (0, 0)
        seen = image[rows, cols]
        empty = spread[rows.start + dy : rows.stop + dy, cols.start + dx : cols.stop + dx]
        mark = classify(ink(seen, empty), scale)
        out.append(Mark(region.name, mark.value, mark.confidence, mark.sure))
    return out


def _darkest(page: np.ndarray, reach: int) -> np.ndarray:
    """Each pixel of `page` as the darkest within `reach` pixels: a photo's printed lines,
    blurred wider than the blank draws them, then count as no one's mark."""
    padded = np.pad(page, reach, mode="edge")
    h, w = page.shape
    out = page.copy()
    for dy in range(2 * reach + 1):
        for dx in range(2 * reach + 1):
            np.minimum(out, padded[dy : dy + h, dx : dx + w], out=out)
    return out


def _shift(
    image: np.ndarray, blank: np.ndarray, region: Region, scale: float, slack: int
) -> tuple[int, int]:
    """How far the blank is best moved (rows, columns) to lie on the image round `region`:
    the move that leaves least difference over the region and its printed edge."""
    grow = 1.0  # mm round the region: its printed lines, what the two are aligned on
    y1, y2 = round((region.y - grow) * scale), round((region.y + region.h + grow) * scale)
    x1, x2 = round((region.x - grow) * scale), round((region.x + region.w + grow) * scale)
    y1, x1 = max(y1, slack), max(x1, slack)
    y2, x2 = min(y2, image.shape[0] - slack), min(x2, image.shape[1] - slack)
    seen = image[y1:y2, x1:x2].astype(np.int16)
    best, at = None, (0, 0)
    for dy in range(-slack, slack + 1):
        for dx in range(-slack, slack + 1):
            moved = blank[y1 + dy : y2 + dy, x1 + dx : x2 + dx].astype(np.int16)
            cost = int(np.abs(seen - moved).sum())
            if best is None or cost < best:
                best, at = cost, (dy, dx)
    return at
