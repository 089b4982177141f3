"""The pictures of a designer's pieces, read: each file the rows name (found by `rules`) and
each icon of the layout's own read once a build, through `read_limited` (so `watch` rebuilds
when one is saved, and a pipe is refused), into a picture (`layouts.pictures`), every fault one
line naming the row and column it came from (an icon's, its key in [icons]); and the raster
pictures printed at fewer than 300 dots an inch."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

from sheetgen.draw.icons import symbol_width
from sheetgen.draw.pictures import GOOD_DPI, Fit, Picture, PictureError, Raster, dpi, size_of
from sheetgen.files import ReadRefused, read_limited
from sheetgen.findings import Finding, warning
from sheetgen.games.custom.model import Item
from sheetgen.games.custom.rules import Filled, FilledItem, IconFile
from sheetgen.layouts.data import Data, DataError
from sheetgen.layouts.pictures import max_bytes, read_picture


def frame(item: Item) -> tuple[float, float]:
    """The width and height of an item's box as its contents see it (turned a quarter, the
    box's height is their width)."""
    return (item.height, item.width) if item.turn in (90, 270) else (item.width, item.height)


def image_fit(item: Item) -> Fit:
    """How an image item's picture is placed in its box: fit, unless it says fill or stretch."""
    return "fill" if item.fit == "fill" else "stretch" if item.fit == "stretch" else "fit"


class Pictures:
    """The pictures of one check or build, each file read once, and the layout's own icons
    (`rules.load_icons`; sheetgen draws its built-in ones)."""

    def __init__(self, icons: Mapping[str, IconFile] | None = None) -> None:
        self.read: dict[Path, Picture] = {}
        self.icons = dict(icons or {})

    def of(self, shown: FilledItem) -> Picture:
        """The picture an image item shows for its row, or a DataError in one line."""
        assert shown.path is not None  # an image item's file is found with its row
        where = f"{shown.where}: {shown.image!r}" if shown.where else repr(shown.image)
        return self._file(shown.path, shown.image, where, shown.key)

    def icon(self, name: str) -> Picture | None:
        """The picture of the layout's icon `name`, or None for one of sheetgen's (a
        DataError in one line, at the icon's key, for a file that cannot be read)."""
        own = self.icons.get(name)
        if own is None:
            return None
        return self._file(own.path, own.file, repr(own.file), f"icons.{name}")

    def icon_width(self, name: str) -> float:
        """An icon's width for a height of 1: its picture's, or its symbol's."""
        picture = self.icon(name)
        if picture is None:
            return symbol_width(name)
        width, height = size_of(picture)
        return width / height if height > 0 else 1.0

    def _file(self, path: Path, file: str, where: str, key: str) -> Picture:
        found = self.read.get(path)
        if found is None:
            found = self.read[path] = _read(path, file, where, key)
        return found


def _read(path: Path, file: str, where: str, key: str) -> Picture:
    """The picture in the file `file` (at `path`): its faults said after `where`, at `key`."""
    limit = max_bytes(file)
    try:  # a regular file only (a pipe would never end), recorded for `watch`
        raw = read_limited(path, limit)
    except ReadRefused as exc:
        if exc.too_long:
            problem = f"is longer than {limit // 1024 // 1024} MiB"
        else:
            problem = f"{exc}; a picture is a regular file"
        raise DataError(f"{where} {problem}", key) from None
    except OSError as exc:
        raise DataError(f"{where} cannot be read ({exc.strerror})", key) from None
    try:
        return read_picture(raw)
    except PictureError as exc:
        raise DataError(f"{where} {exc}", key) from None


def soft_pictures(
    pieces: list[Filled], pictures: Pictures, side: str, index: int, data: Data
) -> list[Finding]:
    """A warning for the first row whose raster picture prints at fewer than 300 dots an inch
    in the item's box (its pixels, its dpi, the pixels it wants), counting the rows like it;
    a DataError for the first picture that cannot be read."""
    soft = []
    for piece in pieces:
        face = piece.front if side == "front" else piece.back
        assert face is not None  # the layout has the side
        shown = face.items[index]
        picture = pictures.of(shown)
        if isinstance(picture, Raster):
            box = (0.0, 0.0, *frame(shown.item))
            printed = dpi(picture, box, image_fit(shown.item))
            if printed < GOOD_DPI - 0.5:
                soft.append((piece, shown, picture, printed))
    if not soft:
        return []
    piece, shown, picture, printed = min(soft, key=lambda found: found[3])  # the softest
    wanted = GOOD_DPI / printed
    more = len(soft) - 1
    return [
        warning(
            shown.key,
            f"{shown.where or data.where(piece.row)}: {shown.image!r} is {picture.width:,} x "
            f"{picture.height:,} pixels, which print at {printed:.0f} dpi in its box, below "
            f"{GOOD_DPI} (soft in print); give it {math.ceil(picture.width * wanted):,} x "
            f"{math.ceil(picture.height * wanted):,} pixels or more"
            + (f" ({more:,} more row{'s' if more > 1 else ''} below {GOOD_DPI})" if more else ""),
        )
    ]
