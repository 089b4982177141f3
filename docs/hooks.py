"""MkDocs hooks (mkdocs.yml, `hooks`): what the site needs that GitHub's Markdown does not.

A table cell that shows a `|` in code writes it `\\|`, as GitHub asks; Python-Markdown keeps the
backslash inside code, and needs no escape there, so the site's pages drop it."""

from __future__ import annotations

import re
from typing import Any

CODE = re.compile(r"`[^`\n]*`")


def on_page_markdown(markdown: str, **_: Any) -> str:
    """The page's Markdown with `\\|` inside code spans on table rows read as `|`."""
    return "\n".join(
        CODE.sub(lambda code: code.group(0).replace("\\|", "|"), line)
        if line.startswith("|")
        else line
        for line in markdown.split("\n")
    )
