"""Pieces as pixels: each drawing trimmed to its cut (or with a bleed around it) at an exact
size in px, rasterised from the PDF the drawing model makes (`backends.png`), never drawn a
second time. Where a piece's own art stops short of the bleed asked for, its outermost pixels
are repeated outward, as a designer extends a background into the bleed. A piece not cut as a
square-cornered rectangle (a rounded card, a round token, a six-sided tile: its `Cut`) can be
taken clear outside its cut: its image's alpha is its cut's, rasterised alike (anti-aliased as
its own edge is), so whatever of the piece runs past the cut (a box into the corner, the outer
half of a cut line) is cut off too."""

from __future__ import annotations

import io
import math
from collections.abc import Iterator

import numpy as np
from PIL import Image

from sheetgen.backends.png import render_pngs
from sheetgen.backends.png_file import png_file
from sheetgen.draw.document import Document, Page, Placement
from sheetgen.draw.pieces import Cut
from sheetgen.draw.shapes import Drawing
from sheetgen.draw.transform import scale, translate
from sheetgen.frozen import frozen

# pages are laid out in px: at 25.4 dpi one unit of a page is one pixel
_PX_DPI = 25.4


@frozen
class Shot:
    """A drawing to rasterise: `width` x `height` px for its trimmed face, and `bleed` px of
    its art (or its repeated edge) around that on every side."""

    drawing: Drawing
    width: int
    height: int
    bleed: int = 0
    transparent: bool = False  # nothing where the drawing draws nothing (RGBA), not white
    cut: Cut | None = None  # clear outside this cut grown by the bleed (RGBA; `Cut.area`)

    @property
    def clear(self) -> bool:
        """Whether the image has an alpha channel (RGBA): transparent, or clear past a cut."""
        return self.transparent or self.cut is not None

    def mask(self) -> Shot | None:
        """The shot of the piece's cut alone (grown by the bleed), the same size in px, whose
        alpha is the image's where it is clear past its cut; None without a cut."""
        if self.cut is None:
            return None
        d = self.drawing
        grow = self.bleed * d.width / self.width  # the bleed's px as the drawing's mm
        area = Drawing(d.width, d.height, (self.cut.area(d.width, d.height, grow),), bleed=grow)
        return Shot(area, self.width, self.height, self.bleed, transparent=True)

    @property
    def own_bleed(self) -> int:
        """The whole px of the bleed the drawing's own art covers (the rest repeats its edge):
        rounded down, as a pixel the art half covers would show white at the page's edge."""
        art = math.floor(self.drawing.bleed * self.width / self.drawing.width + 1e-6)
        return min(self.bleed, art)


def _page(shot: Shot) -> Page:
    """A page of exactly the shot's trim plus the drawing's own part of the bleed, in px."""
    own = shot.own_bleed
    fit = scale(shot.width / shot.drawing.width, shot.height / shot.drawing.height)
    return Page(
        shot.width + 2 * own,
        shot.height + 2 * own,
        (Placement(shot.drawing, translate(own, own) @ fit),),
    )


def rasterise(shots: list[Shot]) -> list[Image.Image]:
    """Each shot as an image of (width + 2 bleed) x (height + 2 bleed) px, in one PDF: RGB, or
    RGBA where the shot is `clear` (transparent, or clear past its cut)."""
    return list(rasterised(shots))


def rasterised(shots: list[Shot]) -> Iterator[Image.Image]:
    """`rasterise`'s images one at a time, each made only when asked for: a caller that keeps
    each as a PNG file holds one picture's pixels at once, not every one's."""
    if not shots:
        return
    masks = [shot.mask() for shot in shots]
    every = shots + [mask for mask in masks if mask is not None]
    pages = [_page(shot) for shot in every]
    done: dict[int, bytes] = {}
    for clear in sorted({shot.clear for shot in every}):
        mine = [i for i, shot in enumerate(every) if shot.clear == clear]
        picked = [pages[i] for i in mine]
        pngs = render_pngs(Document(tuple(picked), "pieces"), picked, _PX_DPI, transparent=clear)
        for i, png in zip(mine, pngs, strict=True):
            done[i] = png
    at = len(shots)
    for i, (shot, mask) in enumerate(zip(shots, masks, strict=True)):
        image = _image(done[i], shot)
        if mask is not None:
            image = _cut_off(image, _image(done[at], mask))
            at += 1
        yield image


def _image(png: bytes, shot: Shot) -> Image.Image:
    """A shot's rasterised page as its image: its bleed past its own art repeats its edge."""
    image = Image.open(io.BytesIO(png)).convert("RGBA" if shot.clear else "RGB")
    extend = shot.bleed - shot.own_bleed
    if extend:
        pixels = np.asarray(image)
        padded = np.pad(pixels, ((extend, extend), (extend, extend), (0, 0)), mode="edge")
        image = Image.fromarray(padded)
    return image


def _cut_off(image: Image.Image, mask: Image.Image) -> Image.Image:
    """The image clear where its mask is: each pixel's alpha the lesser of its own and its
    mask's (an edge drawn and cut alike stays as anti-aliased as it was, not fainter)."""
    pixels = np.array(image)
    np.minimum(pixels[:, :, 3], np.asarray(mask)[:, :, 3], out=pixels[:, :, 3])
    return Image.fromarray(pixels)


def png_bytes(image: Image.Image, dpi: float | None = None) -> bytes:
    """An image's colours (and its alpha, where it is RGBA) as PNG bytes, written as every PNG
    of sheetgen is (`png_file`): the same bytes for the same pixels."""
    alpha = image.mode == "RGBA"
    pixels = np.array(image.convert("RGBA"))
    if not alpha:
        pixels[:, :, 3] = 0
    return png_file(pixels.view(np.uint32)[:, :, 0], alpha=alpha, dpi=dpi)


def art_box(image: Image.Image) -> tuple[int, int, int, int]:
    """The box (left, top, right, bottom px) of the image's art: of every pixel not clear, in
    an RGBA image; else of every pixel unlike the white paper of its four corners, so a board
    drawn on a sheet with uneven white around it comes out with none on any side; the whole
    image where a corner is not white (art to the edge) or nothing is drawn."""
    whole = (0, 0, image.width, image.height)
    if image.mode == "RGBA":
        drawn = np.asarray(image)[:, :, 3] > 0
        rows, cols = np.flatnonzero(drawn.any(axis=1)), np.flatnonzero(drawn.any(axis=0))
        if not len(rows):
            return whole
        return int(cols[0]), int(rows[0]), int(cols[-1]) + 1, int(rows[-1]) + 1
    pixels = np.asarray(image)
    corners = {tuple(pixels[y, x]) for y in (0, -1) for x in (0, -1)}
    if len(corners) != 1 or min(next(iter(corners))) < 250:
        return whole
    paper = np.array(corners.pop())
    art = np.abs(pixels.astype(int) - paper).max(axis=2) > 8
    rows, cols = np.flatnonzero(art.any(axis=1)), np.flatnonzero(art.any(axis=0))
    if not len(rows):
        return whole
    return int(cols[0]), int(rows[0]), int(cols[-1]) + 1, int(rows[-1]) + 1


def trim_to_art(image: Image.Image) -> Image.Image:
    """The image cropped to its art (`art_box`)."""
    return image.crop(art_box(image))
