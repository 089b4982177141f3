"""`sheetgen check`'s work: each layout loaded and rules-checked, its findings printed as lines
(`level: file:LINE:COLUMN: key.path: message`) or as JSON for machines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sheetgen.errors import LayoutError, LayoutProblems, SheetgenError, error_lines
from sheetgen.findings import Finding, Lookup
from sheetgen.frozen import frozen
from sheetgen.pipeline.ranges import fitting

PAPERS = ("A4", "Letter")  # every sheet prints on both, as docs/building.md promises


@frozen
class Checked:
    """One layout's check: the name it was given by, the file it was read from and its kind
    (None when it could not be loaded), the error that stopped it loading or the findings of
    its rules, and whether a word list was consulted."""

    ref: str
    source: str
    kind: str | None
    lookup: Lookup | None  # where the layout's files write each key
    refused: SheetgenError | None = None
    findings: tuple[Finding, ...] = ()
    looked_up: bool = False

    @property
    def errors(self) -> int:
        """How many errors stop this layout being built."""
        return 1 if self.refused else sum(f.level == "error" for f in self.findings)


def check_one(ref: str, words: Path | None, papers: tuple[str, ...] = PAPERS) -> Checked:
    """Load one layout and run its rules check (against `words` where its kind takes a list),
    then, when the rules find no error, the checks of its drawings that `build` would meet on
    each of `papers` (A4 and Letter, both of which every sheet fits, unless told a paper)."""
    # imported here, not at the top, for start-up time
    from sheetgen.layouts.read import load, lookup

    try:
        loaded = load(ref)
    except SheetgenError as exc:
        return Checked(ref, getattr(exc, "file", ref), None, None, refused=exc)
    check_words = loaded.kind.check_words
    if words is not None and check_words is not None:
        findings, looked_up = check_words(loaded.model, words), True
    else:
        findings, looked_up = loaded.kind.check(loaded.model), False
    findings = fitting(loaded.kind, loaded.model, findings)  # what fits, beside an error
    if not any(f.level == "error" for f in findings):  # drawn as build draws it, on A4 and Letter
        # imported here, not at the top, for start-up time
        from sheetgen.pipeline.fits import sheet_findings

        findings = [*findings, *sheet_findings(loaded, papers)]
    return Checked(
        ref, loaded.source, loaded.kind.key, lookup(loaded), None, tuple(findings), looked_up
    )


def text_lines(checked: Checked) -> list[tuple[str, bool]]:
    """What `check` prints for one layout: each line, and whether it goes to stderr."""
    if checked.refused is not None:
        return [(line, True) for line in error_lines(checked.refused)]
    assert checked.lookup is not None  # a layout that loaded
    lines = [(f.line(checked.source, checked.lookup), f.level == "error") for f in checked.findings]
    if not checked.errors:
        warnings = len(checked.findings)
        plural = "s" if warnings != 1 else ""
        counted = f" ({warnings} warning{plural})" if warnings else ""
        lines.append((f"{checked.source}: ok{counted}", False))
    return lines


def as_json(results: list[Checked]) -> dict[str, Any]:
    """The check of every layout for machines: `ok` overall, and each layout's name, file,
    kind, `ok` and findings (level, where, message, and the line and column of the file it
    points at, or null)."""
    layouts = [_layout_json(c) for c in results]
    return {"ok": all(item["ok"] for item in layouts), "layouts": layouts}


def _layout_json(checked: Checked) -> dict[str, Any]:
    if checked.refused is not None:
        findings = _refusal_json(checked.refused)
    else:
        assert checked.lookup is not None  # a layout that loaded
        findings = []
        for f in checked.findings:
            held, key, at = f.place(checked.lookup, checked.source)
            findings.append(_finding(f.level, held or checked.source, key, at, f.message))
    return {
        "layout": checked.ref,
        "source": checked.source,
        "kind": checked.kind,
        "ok": checked.errors == 0,
        "findings": findings,
    }


def _finding(
    level: str, file: str, where: str, at: tuple[int, int] | None, message: str
) -> dict[str, Any]:
    line, column = at or (None, None)
    return {
        "level": level,
        "file": file,
        "where": where,
        "message": message,
        "line": line,
        "column": column,
    }


def _refusal_json(exc: SheetgenError) -> list[dict[str, Any]]:
    """A layout that could not be loaded: each of its problems as an error finding."""
    if not isinstance(exc, LayoutError):
        return [_finding("error", getattr(exc, "file", ""), "", None, str(exc))]
    out = []
    for problem in exc.problems if isinstance(exc, LayoutProblems) else [exc]:
        message = f"{problem.problem} ({problem.hint})" if problem.hint else problem.problem
        line, column = getattr(problem, "line", None), getattr(problem, "column", None)
        at = (line, column) if line is not None and column is not None else None
        out.append(_finding("error", problem.file, problem.where, at, message))
    return out
