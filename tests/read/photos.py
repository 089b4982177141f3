"""Synthetic photos of printed sheets: a page's render laid on a table and seen by a camera
tilted up to 20 degrees (a true perspective: the page's plane turned in space and projected),
turned in the frame, under uneven light and a shadow, blurred, with a second sheet partly in
view, saved as a JPEG at quality 60."""

from __future__ import annotations

import math
import random
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium

FRAME = (2400, 3200)  # the photo's width and height in pixels


def render(pdf: Path, index: int = 0, dpi: int = 200) -> np.ndarray:
    """A page of `pdf` as a camera would see it printed: RGB, its annotations drawn."""
    page = pdfium.PdfDocument(pdf)[index]
    return np.asarray(page.render(scale=dpi / 72, draw_annots=True).to_pil().convert("RGB"))


def _seen(
    size: tuple[int, int], rng: random.Random, tilt: float, frame: tuple[int, int]
) -> np.ndarray:
    """Where a camera sees a page's four corners: its plane turned by up to `tilt` degrees out
    of the picture plane, turned in the frame, projected to fill most of it."""
    w, h = size
    ax, ay = (math.radians(rng.uniform(-tilt, tilt)) for _ in range(2))
    scale = math.cos(math.radians(tilt))
    if math.hypot(ax, ay) > math.radians(tilt):  # the plane's tilt itself up to `tilt`
        ax, ay = ax * scale, ay * scale
    rz = math.radians(rng.uniform(-8, 8))
    rx = np.array([[1, 0, 0], [0, math.cos(ax), -math.sin(ax)], [0, math.sin(ax), math.cos(ax)]])
    ry = np.array([[math.cos(ay), 0, math.sin(ay)], [0, 1, 0], [-math.sin(ay), 0, math.cos(ay)]])
    rzm = np.array([[math.cos(rz), -math.sin(rz), 0], [math.sin(rz), math.cos(rz), 0], [0, 0, 1]])
    turn = rzm @ ry @ rx
    f = 1.3 * max(w, h)  # a phone's lens: about 40 degrees across the long side
    out = []
    for x, y in ((0, 0), (w, 0), (w, h), (0, h)):
        p = turn @ np.array([x - w / 2, y - h / 2, 0.0]) + np.array([0, 0, f])
        out.append((f * p[0] / p[2], f * p[1] / p[2]))
    pts = np.array(out)
    fit = 0.86 * min(frame[0] / np.ptp(pts[:, 0]), frame[1] / np.ptp(pts[:, 1]))
    pts = (pts - pts.mean(axis=0)) * fit + np.array(frame) / 2
    pts += np.array([rng.uniform(-0.03, 0.03) * frame[0], rng.uniform(-0.03, 0.03) * frame[1]])
    return pts.astype(np.float32)


def photograph(
    page: np.ndarray,
    out: Path,
    seed: int,
    tilt: float = 20.0,
    other: np.ndarray | None = None,
    frame: tuple[int, int] = FRAME,
) -> None:
    """`page` (RGB) photographed as the module says, saved as a JPEG to `out`."""
    rng = random.Random(seed)
    table = np.full((frame[1], frame[0], 3), (70, 88, 110), np.uint8)  # a wooden table (BGR)
    canvas = table.copy()
    h, w = page.shape[:2]
    source = np.array([(0, 0), (w, 0), (w, h), (0, h)], np.float32)
    if other is not None:  # a second sheet, under this one, partly out of the frame
        oh, ow = other.shape[:2]
        shift = np.array([frame[0] * rng.choice((-0.75, 0.75)), frame[1] * 0.1], np.float32)
        quad = _seen((ow, oh), rng, tilt, frame) + shift
        src = np.array([(0, 0), (ow, 0), (ow, oh), (0, oh)], np.float32)
        m = cv2.getPerspectiveTransform(src, quad)
        canvas = cv2.warpPerspective(
            other[:, :, ::-1], m, frame, dst=canvas, borderMode=cv2.BORDER_TRANSPARENT
        )
    m = cv2.getPerspectiveTransform(source, _seen((w, h), rng, tilt, frame))
    canvas = cv2.warpPerspective(
        page[:, :, ::-1],
        m,
        frame,
        dst=canvas,
        borderMode=cv2.BORDER_TRANSPARENT,
        flags=cv2.INTER_AREA,
    )
    # uneven light: brighter towards one corner, and a soft shadow across part of the page
    yy, xx = np.mgrid[0 : frame[1], 0 : frame[0]].astype(np.float32)
    angle = rng.uniform(0, 2 * math.pi)
    ramp = (xx * math.cos(angle) + yy * math.sin(angle)) / max(frame)
    light = 0.62 + 0.33 * (ramp - ramp.min()) / np.ptp(ramp)
    shadow = np.zeros(frame[::-1], np.float32)
    x0 = rng.uniform(0.2, 0.8) * frame[0]
    poly = np.array([(x0, 0), (x0 + 500, 0), (x0 + 200, frame[1]), (x0 - 300, frame[1])], np.int32)
    cv2.fillPoly(shadow, [poly], 1.0)
    shadow = cv2.GaussianBlur(shadow, (0, 0), 60)
    light *= 1 - 0.25 * shadow
    lit = canvas.astype(np.float32) * light[:, :, None]
    lit = cv2.GaussianBlur(lit, (0, 0), rng.uniform(0.8, 1.3))
    noise = np.random.default_rng(seed).normal(0, 3, lit.shape).astype(np.float32)
    photo = np.clip(lit + noise, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, 60])
    assert ok
    out.write_bytes(data.tobytes())
