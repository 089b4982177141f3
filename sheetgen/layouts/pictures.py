"""A designer's picture files read into pictures: PNG and JPEG with Pillow, SVG art with
`draw.svg_art`.

Pictures come from strangers as layouts do: a file's size is bounded before it is read, an
image's pixels before it is decoded (its header is read first), and a file that is damaged, cut
short or of another kind is one line. What is kept of a raster image is its pixels alone: no
metadata (camera, place, comments), turned upright as its camera said, in RGB (RGBA where it is
see-through); a JPEG in RGB or grey is kept as its own bytes (no second loss), less its
metadata segments."""

from __future__ import annotations

import io
import warnings
from functools import lru_cache

from sheetgen.draw.pictures import Picture, PictureError, Raster
from sheetgen.draw.shapes import PictureFormat

MAX_RASTER_BYTES = 30 * 1024 * 1024  # a PNG or JPEG file
MAX_SVG_BYTES = 5 * 1024 * 1024  # an SVG file
MAX_PIXELS = 50_000_000  # a raster image's width times height, read from its header


def max_bytes(name: str) -> int:
    """The most bytes a picture file of this name is read to."""
    return MAX_SVG_BYTES if name.lower().endswith(".svg") else MAX_RASTER_BYTES


@lru_cache(maxsize=32)
def read_picture(data: bytes) -> Picture:
    """A picture from a file's bytes, told by what they begin with: PNG, JPEG or SVG (a
    PictureError in one line when it is none of them, or damaged, or too large)."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return _raster(data, "png")
    if data.startswith(b"\xff\xd8\xff"):
        return _raster(data, "jpeg")
    head = data[:1024].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith((b"<?xml", b"<svg", b"<!--", b"<!doctype")):
        # imported here, not at the top, for start-up time: only SVG art needs the XML readers
        from sheetgen.draw.svg_art import read_svg

        return read_svg(data)
    raise PictureError("is no PNG, JPEG or SVG file")


def _raster(data: bytes, kind: PictureFormat) -> Raster:
    """A PNG or JPEG read with Pillow: its header first (the pixels it claims bounded), then
    every pixel (a file cut short is refused), made plain."""
    # imported here, not at the top, for start-up time: only a raster picture needs Pillow
    from PIL import Image as Pillow
    from PIL import ImageOps, UnidentifiedImageError

    name = kind.upper()
    with warnings.catch_warnings():
        warnings.simplefilter("error", Pillow.DecompressionBombWarning)
        try:
            image = Pillow.open(io.BytesIO(data), formats=(name,))
        except (Pillow.DecompressionBombError, Pillow.DecompressionBombWarning):
            image = None
        except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as exc:
            raise PictureError(f"is not a readable {name} image ({_reason(exc)})") from None
    if image is None or image.width * image.height > MAX_PIXELS:
        size = "" if image is None else f" ({image.width:,} x {image.height:,} pixels)"
        raise PictureError(
            f"is too large an image{size}: at most {MAX_PIXELS // 1_000_000} million pixels "
            "(600 dpi over 25 x 35 cm); make it smaller"
        )
    try:
        image.load()
    except (OSError, ValueError, SyntaxError, Pillow.DecompressionBombError) as exc:
        raise PictureError(f"is a damaged or cut-short {name} image ({_reason(exc)})") from None
    turned = image.getexif().get(0x0112, 1) not in (1, None)
    if kind == "jpeg" and image.mode in ("RGB", "L") and not turned:
        return Raster(_bare_jpeg(data), "jpeg", image.width, image.height)
    upright = ImageOps.exif_transpose(image)
    if kind == "jpeg":
        plain = upright.convert("RGB")
        plain.info = {}
        out = io.BytesIO()
        plain.save(out, "JPEG", quality=95, subsampling=0)
        return Raster(out.getvalue(), "jpeg", plain.width, plain.height)
    return _plain_png(upright)


def _plain_png(image: object) -> Raster:
    """A decoded PNG as RGB, or RGBA where some pixel is see-through, saved anew with nothing
    but its pixels."""
    # imported here, not at the top, for start-up time
    from PIL import Image as Pillow

    assert isinstance(image, Pillow.Image)
    if image.mode in ("I", "I;16", "I;16B", "I;16L", "F"):  # 16-bit grey: the top 8 bits
        image = image.convert("I").point(lambda v: v / 256).convert("L")
    see_through = image.mode in ("RGBA", "LA", "La", "RGBa", "PA") or (
        image.mode == "P" and "transparency" in image.info
    )
    plain = image.convert("RGBA" if see_through else "RGB")
    if see_through and plain.getchannel("A").getextrema() == (255, 255):
        plain = plain.convert("RGB")
    plain.info = {}
    out = io.BytesIO()
    plain.save(out, "PNG")
    return Raster(out.getvalue(), "png", plain.width, plain.height)


def _reason(exc: BaseException) -> str:
    text = str(exc).splitlines()[0][:100] if str(exc) else type(exc).__name__
    return text.rstrip(".")


# a JPEG's segments that hold no pixels and nothing a reader needs to show them: APP1 to APP13
# (Exif, XMP, ICC profiles, Photoshop's IPTC), APP15 and comments; APP0 (JFIF) and APP14
# (Adobe's, which says how its colours are stored) are kept
_DROPPED = frozenset(range(0xE1, 0xEE)) | {0xEF, 0xFE}


def _bare_jpeg(data: bytes) -> bytes:
    """A JPEG's bytes less its metadata segments, its pixels untouched."""
    out = bytearray(data[:2])
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            break
        marker = data[at + 1]
        if marker == 0xFF:  # a fill byte
            at += 1
            continue
        if marker == 0xDA:  # the start of the pixels: the rest is theirs
            return bytes(out + data[at:])
        if 0xD0 <= marker <= 0xD7 or marker == 0x01:
            out += data[at : at + 2]
            at += 2
            continue
        length = int.from_bytes(data[at + 2 : at + 4], "big")
        if marker not in _DROPPED:
            out += data[at : at + 2 + length]
        at += 2 + length
    raise PictureError("is a damaged JPEG image (its segments do not lead to its pixels)")
