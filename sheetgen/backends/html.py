"""Self-contained offline HTML pages: inline SVG drawings, one inline script and style, and a
strict content security policy that allows exactly those (by hash) and nothing from a network."""

from __future__ import annotations

import base64
import hashlib
import html
import json

from sheetgen.draw.document import alone
from sheetgen.draw.shapes import Drawing
from sheetgen.files import GENERATOR


def inline_svg(drawing: Drawing, prefix: str) -> str:
    """A drawing as an <svg> element for inlining (ids prefixed to stay unique)."""
    # imported here, not at the top, for start-up time
    from sheetgen.backends.svg import render_svg

    text = render_svg(alone(drawing), drawing.title, prefix, inline=True).decode("utf-8")
    return text[text.index("<svg") :]


def script_json(value: object) -> str:
    """`value` as JSON to put inside a <script> (data, or a string for a script's code)."""
    # inside <script> nothing is unescaped: keep '<', '>' and '&' out of the raw text instead
    text = json.dumps(value)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


def page(title: str, body: str, style: str, script: str) -> str:
    """A complete HTML document; `body` must already be escaped where it holds user text."""
    # imported here, not at the top, for start-up time
    from sheetgen.backends.svg import SVG_TEXT_STYLE

    style = f"svg{{{SVG_TEXT_STYLE}}}\n{style}"  # inline SVGs set their text as the PDF does
    csp = (
        f"default-src 'none'; script-src '{_sha256(script)}'; "
        f"style-src '{_sha256(style)}'; img-src data:; base-uri 'none'; form-action 'none'"
    )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"{GENERATOR}\n<title>{html.escape(title)}</title>\n<style>{style}</style>\n</head>\n"
        f"<body>\n{body}\n<script>{script}</script>\n</body>\n</html>\n"
    )
