"""Pages and documents: drawings placed on paper, ready for a backend."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from sheetgen.draw.shapes import Box as Box  # pages name it too
from sheetgen.draw.shapes import Drawing
from sheetgen.draw.transform import Transform
from sheetgen.frozen import frozen

Flip = Literal["long", "short"]


@frozen
class Placement:
    """A drawing put on a page by a transform; nothing of it shows beyond its bleed edge."""

    drawing: Drawing
    transform: Transform


@frozen
class Page:
    """One page: its size in mm, what is placed on it, and its trim and bleed boxes."""

    width: float
    height: float
    placements: tuple[Placement, ...]
    trim: Box | None = None
    bleed: Box | None = None
    label: str = ""  # names the page's image file (e.g. 'light-1'), else its number is used
    # the last placements that are its sheet mark, which says which page and copy it is: the
    # copies of a pad print apart, but an image file shows one of them
    mark: int = 0

    def signature(self, marks: bool = True) -> tuple[object, ...]:
        """Equal for pages that would print the same (without `marks`: the same but for
        their sheet marks), so backends can skip repeats."""
        placed = self.placements if marks or not self.mark else self.placements[: -self.mark]
        return (
            self.width,
            self.height,
            self.label,
            tuple((id(p.drawing), p.transform) for p in placed),
        )

    def picture(self) -> tuple[object, ...]:
        """What the page shows, by value: equal for pages built apart (by two layouts, say) that
        look the same, whatever their labels."""
        return (
            self.width,
            self.height,
            tuple((p.drawing.content(), p.transform) for p in self.placements),
        )


def alone(drawing: Drawing, label: str = "") -> Page:
    """A page exactly the size of one drawing (with its bleed), for screen images."""
    # imported here, not at the top, for start-up time
    from sheetgen.draw.transform import translate

    b = drawing.bleed
    trim = (b, b, drawing.width, drawing.height)
    return Page(
        drawing.width + 2 * b,
        drawing.height + 2 * b,
        (Placement(drawing, translate(b, b)),),
        trim,
        (0.0, 0.0, drawing.width + 2 * b, drawing.height + 2 * b),
        label,
    )


@frozen
class Document:
    """Pages plus the metadata written into the file."""

    pages: tuple[Page, ...]
    title: str
    subject: str = ""
    author: str = "sheetgen"
    keywords: tuple[str, ...] = ()
    duplex: Flip | Literal["simplex"] | None = None  # how the PDF asks to be printed; None: unsaid
    dpi: float | None = None  # a resolution the images must have (e.g. tile art at N pixels)
    notes: tuple[str, ...] = ()  # what a user should be told about the build (e.g. cell size)
    screens: tuple[Page, ...] = ()  # image files only (SVG, PNG), never printed: e.g. a die face

    def unmarked(self) -> Document:
        """The document without its pages' sheet marks, the copies of a pad one page again."""
        if not any(page.mark for page in self.pages):
            return self
        pages = tuple(
            replace(page, placements=page.placements[: -page.mark], mark=0) if page.mark else page
            for page in self.pages
        )
        return replace(self, pages=pages)

    def distinct_pages(self, marks: bool = True) -> list[Page]:
        """The pages with repeats (the copies of a pad) left out, in order; without `marks`,
        pages alike but for their sheet marks count as repeats (an image file a sheet)."""
        seen: set[tuple[object, ...]] = set()
        out = []
        for page in self.pages:
            sig = page.signature(marks)
            if sig not in seen:
                seen.add(sig)
                out.append(page)
        return out
