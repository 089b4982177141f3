"""One layout's pressed document: its kind's builder told only the options the kind honours
(the press's credit and words from the layout), `--only`'s chosen pieces, and `--fold`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sheetgen.draw.document import Document
from sheetgen.errors import CannotFold
from sheetgen.kinds import ComponentKind
from sheetgen.layouts.read import Loaded
from sheetgen.options import BuildOptions
from sheetgen.pipeline.honoured import press_kept
from sheetgen.press.sheets import press_sheets


def pressed(kind: ComponentKind, model: Any, options: BuildOptions) -> Document:
    """The document of `model`, a layout of `kind`: what its builder asks for, on the press."""
    return press_sheets(kind.build(model, options), options.press, kind.cuts)


def document_for(loaded: Loaded, options: BuildOptions) -> Document:
    """The pressed document of one checked layout, told only the options its kind honours."""
    kept = loaded.kind.options
    model = loaded.model
    press = press_kept(options.press, loaded.kind)
    press = replace(press, credit=model.credit, words=model.labels.words(), layout=loaded.source)
    told = replace(
        options,
        press=press,
        names=options.names if "names" in kept else (),
        duplex=options.duplex and "duplex" in kept,
        tile_size=options.tile_size if "tile_size" in kept else None,
        px=options.px if "px" in kept else None,
        fit=options.fit and "fit" in kept,
    )
    # --only: part of the set, the chosen pieces printed by the press whatever the game
    if options.only:
        from sheetgen.pipeline.only import only_document  # start-up

        document = only_document(loaded, told)
    else:
        document = pressed(loaded.kind, model, told)
    if press.fold:
        if document.duplex in (None, "simplex"):
            raise CannotFold(
                f"--fold: {loaded.source} prints no backs to fold behind its fronts "
                "(a tree prints its other side with --duplex)"
            )
        document = replace(document, duplex="simplex")  # printed on one side, then folded
    return document
