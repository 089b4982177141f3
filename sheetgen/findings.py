"""Findings: what a rules check says about a layout, printed as `file:key.path: level: message`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Level = Literal["error", "warning"]


@dataclass(frozen=True)
class Finding:
    """One problem (error) or doubt (warning) about a layout, at a key path inside it."""

    level: Level
    where: str
    message: str

    def line(self, file: str) -> str:
        """The finding as `sheetgen check` prints it: file:key.path: level: message."""
        return f"{file}:{self.where}: {self.level}: {self.message}"

    def refusal(self, file: str) -> str:
        """An error finding as the message of a refusal (which prints 'error: ' before it)."""
        return f"{file}:{self.where}: {self.message}"


def error(where: str, message: str) -> Finding:
    return Finding("error", where, message)


def warning(where: str, message: str) -> Finding:
    return Finding("warning", where, message)
