"""A photo or scan of a printed sheet brought onto the page's millimetre grid: its sheet mark's QR
code decoded (zxing-cpp), which says the layout, page and copy and, by its corners, roughly
where the page lies; the four corner squares found near where that puts them (OpenCV's
contours: a square holding a square holding a square); the perspective undone from those four
to the page at `pixels.DPI`; the light evened out (the paper made white again). Which paper it
was printed on is the one whose blank the undone photo matches best."""

from __future__ import annotations

import itertools
from pathlib import Path

import cv2
import numpy as np
import zxingcpp

from sheetgen.frozen import frozen
from sheetgen.press.paper import NAMED, Paper
from sheetgen.press.sheetmark import FIDUCIAL, INSET, MarkPayload
from sheetgen.read.form import ReadError
from sheetgen.read.pixels import PX

MAX_PIXELS = 60_000_000  # a photo larger than this is refused before it is decoded
PAPERS = (NAMED["a4"], NAMED["letter"])  # the papers a photographed sheet may be printed on
MATCH = 0.5  # the least likeness (correlation) of the undone photo with its blank page
NEAREST = 6  # candidates tried for each corner square, nearest where the QR code puts it
QR_MISS = 1.5  # mm: four corner squares are the page's when they put the QR code this near
UPSIDE_DOWN = 135  # degrees the QR code may be turned in the photo; more is a sheet upside down
ALONE = 1.8  # corner square sides from its centre kept clear of ink round it
DECODE_PIXELS = 6_000_000  # a photo over this is decoded at half its size first (faster)
GOOD = 0.75  # a likeness this high is the page: the other paper is not tried
LIGHT = 25  # px at DPI: the size of the light's unevenness smoothed out (more than a stroke)


@frozen
class Found:
    """A photo's sheet mark: what its QR code says and the photo's pixels where its corners
    are (top left, top right, bottom right, bottom left of the code itself)."""

    payload: MarkPayload
    corners: np.ndarray


def load_grey(path: Path) -> np.ndarray:
    """The photo at `path` in grey; a ReadError for a file that is not an image."""
    data = np.fromfile(path, dtype=np.uint8)
    shape = cv2.imdecode(data, cv2.IMREAD_REDUCED_GRAYSCALE_8)
    if shape is None:
        raise ReadError(f"{path}: not an image that can be read; name a JPEG or PNG photo or scan")
    if shape.size * 64 > MAX_PIXELS:
        raise ReadError(f"{path}: over {MAX_PIXELS // 1_000_000} megapixels; send a smaller photo")
    grey = cv2.imdecode(data, cv2.IMREAD_GRAYSCALE)
    if grey is None:
        raise ReadError(f"{path}: not an image that can be read; name a JPEG or PNG photo or scan")
    return np.asarray(grey, dtype=np.uint8)


def find_marks(path: Path, grey: np.ndarray) -> list[Found]:
    """The sheet marks in the photo, largest first (a second sheet may be partly in view);
    a ReadError where there is none, or the sheet is upside down."""
    found = []
    if grey.size > DECODE_PIXELS:  # a large photo's code has pixels to spare: halved first
        found = _codes(cv2.resize(grey, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA), 2)
    if not found:
        found = _codes(grey, 1)
    if not found:
        raise ReadError(
            f"{path}: no sheetgen sheet mark found; photograph a whole sheet that sheetgen "
            "printed with its mark, flat and in focus"
        )
    found.sort(key=lambda f: -f[0])
    if abs(found[0][1]) > UPSIDE_DOWN:
        raise ReadError(f"{path}: the sheet is upside down in the photo; turn it and read it again")
    return [f for _, _, f in found]


def _codes(grey: np.ndarray, scale: int) -> list[tuple[float, float, Found]]:
    """The sheet marks zxing-cpp decodes in `grey` (the photo shrunk `scale` times): each one's
    area, its turn in degrees and where it is in the photo."""
    found = []
    for code in zxingcpp.read_barcodes(grey):
        payload = MarkPayload.parse(code.text)
        if payload is None:
            continue
        p = code.position
        corners = np.array(
            [(q.x, q.y) for q in (p.top_left, p.top_right, p.bottom_right, p.bottom_left)],
            dtype=np.float64,
        )
        corners *= scale
        area = cv2.contourArea(corners.astype(np.float32))
        found.append((area, float(code.orientation), Found(payload, corners)))
    return found


def squares(grey: np.ndarray, code: np.ndarray) -> list[tuple[float, float, float]]:
    """Where squares holding a square hole lie in the photo (a corner square's dark outside
    and light ring; its small dark centre may blur away): each one's centre and side in
    pixels, those standing alone (letters and the sheet's own boxes do not), the QR code at
    `code` (its corners) not counted against them."""
    binary = cv2.adaptiveThreshold(
        grey, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, 51, 40
    )
    contours, hierarchy = cv2.findContours(binary, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return []
    tree = hierarchy[0]
    ink = (binary > 0).astype(np.uint8)
    middle = code.mean(axis=0)
    cv2.fillConvexPoly(ink, ((code - middle) * 1.25 + middle).astype(np.int32), 0)
    sums = cv2.integral(ink)
    out = []
    for index, contour in enumerate(contours):
        child = int(tree[index][2])
        area = cv2.contourArea(contour)
        if child < 0 or area < 25:
            continue
        corners = cv2.approxPolyDP(contour, 0.1 * cv2.arcLength(contour, True), True)
        if len(corners) != 4 or not cv2.isContourConvex(corners):
            continue
        hole = 0.0
        while child >= 0:
            hole = max(hole, cv2.contourArea(contours[child]))
            child = int(tree[child][0])
        if not 0.12 < hole / area < 0.6:
            continue
        m = cv2.moments(contour)
        x, y, side = m["m10"] / m["m00"], m["m01"] / m["m00"], float(np.sqrt(area))
        if _alone(sums, x, y, side):
            out.append((x, y, side))
    return out


def _box_sum(sums: np.ndarray, x: float, y: float, half: float) -> tuple[float, int]:
    """The ink and the pixels in the square `half` round (x, y), from the integral image."""
    h, w = sums.shape[0] - 1, sums.shape[1] - 1
    x1, x2 = max(0, round(x - half)), min(w, round(x + half))
    y1, y2 = max(0, round(y - half)), min(h, round(y + half))
    ink = sums[y2, x2] - sums[y1, x2] - sums[y2, x1] + sums[y1, x1]
    return float(ink), max(1, (x2 - x1) * (y2 - y1))


def _alone(sums: np.ndarray, x: float, y: float, side: float) -> bool:
    """Whether the square at (x, y) stands alone, as a corner square does (the press keeps
    other ink clear of it, and the paper's edge is further): next to no ink round it out to
    ALONE sides from its centre."""
    outer, outer_n = _box_sum(sums, x, y, ALONE * side)
    inner, inner_n = _box_sum(sums, x, y, 0.75 * side)
    return (outer - inner) / max(1, outer_n - inner_n) < 0.02


def fiducials(paper: Paper, landscape: bool = False) -> np.ndarray:
    """The corner squares' centres on `paper`, upright or on its side (mm from the top
    left): TL, TR, BR, BL."""
    c = INSET + FIDUCIAL / 2
    w, h = paper.oriented(landscape)
    return np.array([(c, c), (w - c, c), (w - c, h - c), (c, h - c)], dtype=np.float64)


def undo(
    grey: np.ndarray,
    found: Found,
    seen: list[tuple[float, float, float]],
    qr_on_page: np.ndarray,
    paper: Paper,
    blank: np.ndarray,
) -> tuple[np.ndarray, float] | None:
    """The photo brought onto `paper` at PX pixels a mm, the light evened out, and how like
    `blank` (that paper's page) it is; None where no four corner squares put the QR code (at
    `qr_on_page`, mm) where the page has it. `seen` are the squares `squares` found."""
    size = (blank.shape[1], blank.shape[0])
    small = cv2.resize(blank, (size[0] // 4, size[1] // 4), interpolation=cv2.INTER_AREA)
    quarter = np.diag([0.25, 0.25, 1.0])
    best: tuple[float, np.ndarray] | None = None
    landscape = blank.shape[1] > blank.shape[0]
    for m in _fits(found, seen, qr_on_page, fiducials(paper, landscape)):
        look = cv2.warpPerspective(grey, quarter @ m, small.shape[::-1], borderValue=255)
        alike = likeness(even_light(look, LIGHT // 4), small)
        if best is None or alike > best[0]:
            best = (alike, m)
    if best is None:
        return None
    page = cv2.warpPerspective(grey, best[1], size, flags=cv2.INTER_AREA, borderValue=255)
    return even_light(page), best[0]


def _fits(
    found: Found, seen: list[tuple[float, float, float]], qr_on_page: np.ndarray, aims: np.ndarray
) -> list[np.ndarray]:
    """Perspectives from the photo to the page at PX that four corner squares give and that
    put the QR code where the page has it. Candidates for each corner are the squares found
    nearest where the QR code, extended flat, puts it (far off under a tilt, but the right way
    round and about as far)."""
    # the QR code's own perspective, extended to the page's corners, can swing far off (even
    # past the horizon); a flat (affine) fit to its corners keeps the way and rough distance
    ones = np.hstack([qr_on_page, np.ones((4, 1))])
    affine = np.linalg.lstsq(ones, found.corners, rcond=None)[0]
    expected = np.hstack([aims, np.ones((4, 1))]) @ affine
    px_mm = float(np.linalg.norm(found.corners[1] - found.corners[0])) / max(
        1e-6, float(np.linalg.norm(qr_on_page[1] - qr_on_page[0]))
    )
    side = FIDUCIAL * px_mm
    candidates = [
        c for c in seen if 0.4 * side < c[2] < 2.5 * side and not _inside(c, found.corners)
    ]
    if len(candidates) < 4:
        return []
    points = np.array([c[:2] for c in candidates])
    mine = [np.argsort(np.hypot(*(points - aim).T))[:NEAREST] for aim in expected]
    target = (aims * PX).astype(np.float32)
    on_page = qr_on_page * PX
    out = []
    for pick in itertools.product(*mine):
        if len(set(pick)) < 4:
            continue
        m = cv2.getPerspectiveTransform(points[list(pick)].astype(np.float32), target)
        qr = cv2.perspectiveTransform(found.corners.reshape(-1, 1, 2), m).reshape(-1, 2)
        if float(np.abs(qr - on_page).max()) / PX < QR_MISS:
            out.append(m)
    return out


def _inside(c: tuple[float, float, float], code: np.ndarray) -> bool:
    """Whether a square found lies within the QR code (one of its own finder patterns)."""
    return cv2.pointPolygonTest(code.astype(np.float32), (c[0], c[1]), False) >= 0


def even_light(page: np.ndarray, light: int = LIGHT) -> np.ndarray:
    """The page with its paper made white: each pixel over the brightest near it (`light`
    pixels round), so shade and uneven light leave only the ink."""
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (light, light))
    paper = cv2.GaussianBlur(cv2.dilate(page, kernel), (0, 0), light / 2)
    even = page.astype(np.float32) * 255.0 / np.maximum(paper.astype(np.float32), 1.0)
    return np.clip(even, 0, 255).astype(np.uint8)


def likeness(a: np.ndarray, b: np.ndarray) -> float:
    """How alike two pages are (correlation of their pixels, a quarter the size)."""
    small = (a.shape[1] // 4, a.shape[0] // 4)
    x = cv2.resize(a, small, interpolation=cv2.INTER_AREA).astype(np.float64).ravel()
    y = cv2.resize(b, small, interpolation=cv2.INTER_AREA).astype(np.float64).ravel()
    x -= x.mean()
    y -= y.mean()
    return float(x @ y / (np.sqrt((x @ x) * (y @ y)) or 1.0))


def qr_corners(blank: np.ndarray) -> np.ndarray | None:
    """Where the blank page's own QR code is, in mm (its corners as `Found` has them)."""
    for code in zxingcpp.read_barcodes(blank):
        if MarkPayload.parse(code.text) is not None:
            p = code.position
            points = (p.top_left, p.top_right, p.bottom_right, p.bottom_left)
            return np.array([(q.x / PX, q.y / PX) for q in points], dtype=np.float64)
    return None
