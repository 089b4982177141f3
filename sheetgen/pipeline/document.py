"""One layout's pressed document: its kind's builder told only the options the kind honours
(the press's credit and words from the layout), `--only`'s chosen pieces, and `--fold`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sheetgen.draw.document import Document
from sheetgen.errors import CannotFold, SheetgenError
from sheetgen.kinds import ComponentKind
from sheetgen.layouts.read import Loaded
from sheetgen.options import BuildOptions
from sheetgen.pipeline.honoured import press_kept
from sheetgen.press.paper import Paper
from sheetgen.press.sheets import press_sheets


def pressed(kind: ComponentKind, model: Any, options: BuildOptions) -> Document:
    """The document of `model`, a layout of `kind`: what its builder asks for, on the press."""
    return press_sheets(kind.build(model, options), options.press, kind.cuts)


def document_for(loaded: Loaded, options: BuildOptions) -> Document:
    """The pressed document of one checked layout, told only the options its kind honours."""
    told = _told(loaded, options)
    paper = told.press.paper  # (a --printer that prints less of it lays out on less)
    told = replace(told, press=replace(told.press, paper=told.printer_fit.press_paper(paper)))
    # --only: part of the set, the chosen pieces printed by the press whatever the game
    if options.only:
        from sheetgen.pipeline.only import only_document  # start-up

        document = only_document(loaded, told)
    else:
        document = pressed(loaded.kind, loaded.model, told)
    return _finished(loaded, told.printer_fit.fitted(document, paper), told)


def documents_on(
    loaded: Loaded, options: BuildOptions, papers: Sequence[Paper]
) -> list[Document | SheetgenError]:
    """`document_for` on each of `papers` in turn, or the error that stopped it. The kind's
    sheets are built once: a builder draws the same on any paper (the press alone lays them
    on it), so only the pressing is done for each."""
    on_each = [replace(options, press=replace(options.press, paper=p)) for p in papers]
    if options.only:
        return [_attempt(loaded, each) for each in on_each]
    told = _told(loaded, on_each[0])
    try:
        sheets = loaded.kind.build(loaded.model, told)
    except SheetgenError as exc:
        return [exc for _ in papers]
    out: list[Document | SheetgenError] = []
    for paper in papers:
        press = replace(told.press, paper=paper)
        try:
            document = press_sheets(sheets, press, loaded.kind.cuts)
            out.append(_finished(loaded, document, replace(told, press=press)))
        except SheetgenError as exc:
            out.append(exc)
    return out


def _attempt(loaded: Loaded, options: BuildOptions) -> Document | SheetgenError:
    try:
        return document_for(loaded, options)
    except SheetgenError as exc:
        return exc


def _told(loaded: Loaded, options: BuildOptions) -> BuildOptions:
    """The options the layout's kind is told: those it honours, and the press's credit and
    words its layout's."""
    kept = loaded.kind.options
    model = loaded.model
    press = press_kept(options.press, loaded.kind)
    press = replace(
        press,
        credit=model.credit,
        words=model.labels.words(),
        layout=loaded.source,
        named=f"{model.game}/{model.name}",
    )
    told = replace(
        options,
        press=press,
        names=options.names if "names" in kept else (),
        duplex=options.duplex and "duplex" in kept,
        tile_size=options.tile_size if "tile_size" in kept else None,
        px=options.px if "px" in kept else None,
        fit=options.fit and "fit" in kept,
    )
    proof = press.proof
    if proof is not None and loaded.kind.parts is not None:  # pieces cut on their shape
        # imported here, not at the top, for start-up time: only a proof reads the parts
        from sheetgen.pipeline.only import resized

        drawn = resized(model, told.tile_size, press.bleed)  # as the sheets draw them
        shaped = loaded.kind.parts(drawn).cuts()
        cuts = tuple((drawing.content(), cut) for drawing, cut in shaped.items())
        told = replace(told, press=replace(press, proof=replace(proof, cuts=cuts)))
    return told


def _finished(loaded: Loaded, document: Document, told: BuildOptions) -> Document:
    """The document folded when --fold asks."""
    if told.press.fold:
        if document.duplex in (None, "simplex"):
            raise CannotFold(
                f"--fold: {loaded.source} prints no backs to fold behind its fronts "
                "(a tree prints its other side with --duplex)"
            )
        document = replace(document, duplex="simplex")  # printed on one side, then folded
    return document
