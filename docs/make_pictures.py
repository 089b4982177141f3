"""Make the documentation's pictures again from the built-in layouts:
`python docs/make_pictures.py`.

Every picture is a page as sheetgen renders it (A4 at 60 dpi), the gallery at 90 dpi; the dice
sheet is cropped to its rows of faces, and the custom dice faces with art (at 150 dpi) to their
tiles."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageOps

DOCS = Path(__file__).resolve().parent
PAGES = {  # the documentation's picture: the page sheetgen writes
    "custom-poker-fronts.png": "custom-poker-pieces-p3.png",  # p1, p2: the alignment test
    "custom-scrumpit-es.png": "custom-scrumpit-es-pieces-p1.png",
    "marram-example-board.png": "marram-example-board.png",
    "marram-tiles-front.png": "marram-classic-tiles-p3.png",  # p1, p2: the alignment test
    "marram-tiles-back.png": "marram-classic-tiles-p4.png",
    "scribbly-gum-kuringgai-tree.png": "scribbly-gum-kuringgai-tree.png",
    "scribbly-gum-mooloolah-tree.png": "scribbly-gum-mooloolah-tree.png",
    "scribbly-gum-movement-tiles.png": "scribbly-gum-tiles-p1.png",
    "scribbly-gum-achievement-tiles.png": "scribbly-gum-tiles-p3.png",
    "scribe-standard-supergrid.png": "scribe-standard-supergrid.png",
    "scribe-pad-supergrid.png": "scribe-pad-supergrid.png",
    "scrumpit-board.png": "scrumpit-single-board.png",
    "scrumpit-scorepad.png": "scrumpit-scorepad-p1.png",
    "walkabout-map-1.png": "walkabout-map-1.png",
    "walkabout-example-game.png": "walkabout-example-game.png",
    "walkabout-mat.png": "walkabout-mat.png",
}
LAYOUTS = sorted(
    {"custom/poker", "custom/scrumpit-es", "marram/classic", "marram/example-board"}
    | {"walkabout/dice"}
    | {
        "scribbly-gum/kuringgai",
        "scribbly-gum/mooloolah",
        "scribbly-gum/tiles",
        "scribe/standard",
        "scribe/pad",
        "scrumpit/single",
        "scrumpit/scorepad",
        "walkabout/map-1",
        "walkabout/example-game",
        "walkabout/mat",
    }
)


def sheetgen(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "sheetgen", *args], check=True, stdout=subprocess.DEVNULL)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        sheetgen("build", *LAYOUTS, "-f", "png", "--dpi", "60", "--out", tmp, "-q")
        for picture, page in PAGES.items():
            shutil.copyfile(out / page, DOCS / picture)
        dice = Image.open(out / "walkabout-dice-light-medium-dark.png")
        upper = dice.crop((0, 0, dice.width, dice.height * 2 // 3))  # above ruler and footer
        box = ImageOps.invert(upper.convert("L")).getbbox()  # where there is ink
        assert box is not None
        x0, y0, x1, y1 = box
        dice.crop((x0 - 6, y0 - 6, x1 + 6, y1 + 6)).save(DOCS / "walkabout-dice-sheet.png")
        sheetgen("gallery", "--dpi", "90", "--out", tmp)
        shutil.copyfile(out / "gallery.png", DOCS / "gallery.png")
        dice_art(out)
        dice_net(out)
        remote_play(out)


def dice_art(out: Path) -> None:
    """docs/custom-dice-art.png: the custom/dice-art tiles (SVG and PNG art) at 150 dpi, cropped
    to the tiles and their crop marks."""
    _cropped(out, "dice-art")


def dice_net(out: Path) -> None:
    """docs/custom-dice-net.png: the custom/dice-net die's net at 150 dpi, cropped to the net
    and its crop marks."""
    _cropped(out, "dice-net")


def _cropped(out: Path, name: str) -> None:
    """docs/custom-NAME.png: the layout custom/NAME's page at 150 dpi, cropped to what it
    prints above the ruler and footer."""
    sheetgen("build", f"custom/{name}", "-f", "png", "--dpi", "150", "--out", str(out), "-q")
    page = Image.open(out / f"custom-{name}-pieces.png").convert("RGB")
    upper = page.crop((0, 0, page.width, page.height * 3 // 4))  # above ruler and footer
    box = ImageOps.invert(upper.convert("L")).getbbox()
    assert box is not None
    x0, y0, x1, y1 = box
    page.crop((x0 - 8, y0 - 8, x1 + 8, y1 + 8)).save(DOCS / f"custom-{name}.png", optimize=True)


def remote_play(out: Path) -> None:
    """docs/remote-play.png: a fillable tree sheet played in pdfium (Chrome's PDF viewer) as a
    remote player plays it: circles and tracker boxes ticked, the name and scores typed."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    sheetgen("build", "scribbly-gum/kuringgai", "--fillable", "-f", "pdf", "--out", str(out), "-q")
    doc = pdfium.PdfDocument(out / "scribbly-gum-kuringgai-tree-fillable.pdf")
    doc.init_forms()
    page, form = doc[0], doc.formenv
    height = page.get_height()
    ticks, typed = 0, ["Mia", "7", "9", "6", "4"]  # the name, then scores, as the fields come
    annots = pdfium_c.FPDFPage_GetAnnotCount(page)
    for i in range(annots):
        annot = pdfium_c.FPDFPage_GetAnnot(page, i)
        rect = pdfium_c.FS_RECTF()
        pdfium_c.FPDFAnnot_GetRect(annot, rect)
        kind = pdfium_c.FPDFAnnot_GetFormFieldType(form, annot)
        pdfium_c.FPDFPage_CloseAnnot(annot)
        x, y = (rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2
        pdfium_c.FORM_OnMouseMove(form, page, 0, x, y)  # (pdfium acts on the field under it)
        if kind == pdfium_c.FPDF_FORMFIELD_CHECKBOX and i % 5 == 0 and ticks < 18:
            pdfium_c.FORM_OnLButtonDown(form, page, 0, x, y)
            pdfium_c.FORM_OnLButtonUp(form, page, 0, x, y)
            ticks += 1
        elif kind == pdfium_c.FPDF_FORMFIELD_TEXTFIELD and y < height * 0.25 and typed:
            text = typed.pop(0)
            pdfium_c.FORM_OnLButtonDown(form, page, 0, x, y)
            pdfium_c.FORM_OnLButtonUp(form, page, 0, x, y)
            for char in text:
                pdfium_c.FORM_OnChar(form, page, ord(char), 0)
            pdfium_c.FORM_ForceToKillFocus(form)
    image = page.render(scale=60 / 72, may_draw_forms=True).to_pil().convert("RGB")
    image.save(DOCS / "remote-play.png")


if __name__ == "__main__":
    main()
