"""Write the documentation's two reference pages from the program itself:
`python docs/make_reference.py`.

`reference/commands.md` walks the command line (every command's help, arguments and options,
as `sheetgen COMMAND --help` knows them) and `reference/layouts.md` walks each component kind's
JSON Schema (as `sheetgen schema KIND` prints it). Both pages are committed; a test fails when
either differs from what this script would write, so they never fall behind the code."""

from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
from pathlib import Path
from typing import Any

import typer.main

DOCS = Path(__file__).resolve().parent
COMMANDS_PAGE = DOCS / "reference" / "commands.md"
LAYOUTS_PAGE = DOCS / "reference" / "layouts.md"
WRITTEN_BY = "<!-- written by docs/make_reference.py; run it again after changing the {} -->\n"


def cell(text: str) -> str:
    """Text made safe for one cell of a Markdown table: on one line, no `|` or tag read."""
    said = " ".join(text.split()).replace("|", "\\|")
    return said.replace("<", "&lt;").replace(">", "&gt;")


def code(text: str) -> str:
    """Text as code in one cell of a Markdown table (where `<` is shown as it is)."""
    return "`" + " ".join(text.split()).replace("|", "\\|") + "`"


# the command line


def command_reference() -> str:
    """Every command of `sheetgen`, a section each, in the order `sheetgen --help` lists them."""
    from sheetgen.cli.app import app

    root = typer.main.get_command(app)
    lines = [
        WRITTEN_BY.format("command line"),
        "# Command reference",
        "",
        "Every command and option of `sheetgen`, as the program's own `--help` gives them.",
        "The examples under a command are run by the tests, as every command in these pages is.",
        "",
    ]
    lines += _command(root, root.context_class(root, info_name="sheetgen"), "sheetgen")
    return "\n".join(lines).rstrip() + "\n"


def _command(command: Any, ctx: Any, path: str) -> list[str]:
    """A command's section, and its subcommands' (Typer's own click, so duck-typed)."""
    lines = [f"{'#' * min(path.count(' ') + 2, 4)} `{path}`", ""]
    usage = " ".join(_usage_pieces(command, ctx))
    lines += ["```text", f"{path} {usage}", "```", ""]
    lines += _help(command.help or "")
    rows = [row for param in command.get_params(ctx) if (row := _param_row(param, ctx))]
    if rows:
        lines += ["| argument or option | meaning |", "|---|---|", *rows, ""]
    if hasattr(command, "list_commands"):
        names = command.list_commands(ctx)
        lines += [f"Commands: {', '.join(f'`{name}`' for name in names)}.", ""]
        for name in names:
            sub = command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                context = sub.context_class(sub, info_name=name, parent=ctx)
                lines += _command(sub, context, f"{path} {name}")
    return lines


def _usage_pieces(command: Any, ctx: Any) -> list[str]:
    """The usage line's pieces as click gives them, each argument shown by its metavar
    (`LAYOUT...`, `KIND`) rather than Typer's `{layouts}...`."""
    pieces: list[str] = [command.options_metavar] if command.options_metavar else []
    for param in command.get_params(ctx):
        if param.param_type_name != "argument":
            pieces += param.get_usage_pieces(ctx)
            continue
        many = param.nargs == -1
        name = param.metavar or (_singular(param.name) if many else param.name).upper()
        name += "..." if many else ""
        pieces.append(name if param.required else f"[{name}]")
    if hasattr(command, "list_commands"):
        pieces.append(command.subcommand_metavar)
    return pieces


def _singular(name: str) -> str:
    """An argument's name for one of its values: `layouts` takes LAYOUT..., `games` GAME...."""
    return name[:-1] if name.endswith("s") and len(name) > 3 else name


def _help(text: str) -> list[str]:
    """A command's help as Markdown: its paragraphs, and its examples as a block of commands."""
    lines: list[str] = []
    for paragraph in textwrap.dedent(text).split("\n\n"):
        said = [line.strip() for line in paragraph.splitlines() if line.strip() not in ("", "\b")]
        if not said:
            continue
        if all(line.startswith("sheetgen ") for line in said):
            lines += ["```sh", *said, "```", ""]
        else:
            lines += [" ".join(said).replace("<", "&lt;").replace(">", "&gt;"), ""]
    return lines


def _param_row(param: Any, ctx: Any) -> str | None:
    if getattr(param, "hidden", False):
        return None
    record = param.get_help_record(ctx)
    if record is None:
        return None
    names, meaning = record
    # a help text that gives its default itself, as a bare "[300]", says so as click does
    meaning = re.sub(r"\[(-?[0-9][0-9.]*)\]", r"[default: \1]", meaning)
    return f"| {code(names)} | {cell(meaning)} |"


# the layouts


def layout_reference() -> str:
    """Every component kind's layout keys, a table a kind, walked from its JSON Schema."""
    from sheetgen.kinds import kinds
    from sheetgen.layouts.schema import layout_schema

    lines = [
        WRITTEN_BY.format("layout models"),
        "# Layout reference",
        "",
        "Every key a layout file of each component kind may hold, walked from the kind's JSON",
        "Schema (`sheetgen schema KIND` prints it whole, for editors). A key in a table is",
        "written `table.key`; a key of each table of an array of tables `tables[].key`. The",
        "default is the key's value in the built-in layout `sheetgen new KIND` starts from;",
        "a long one is left to `sheetgen new` and `sheetgen schema`.",
        "",
    ]
    for key, kind in kinds().items():
        schema = layout_schema(kind)
        lines += [f"## `{key}`", "", cell(_intro(key, kind.summary, kind.starter.layout)), ""]
        lines += ["| key | type | meaning | default |", "|---|---|---|---|"]
        lines += _rows(schema, schema.get("$defs", {}), "", frozenset())
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _intro(key: str, summary: str, starter: str) -> str:
    """What a kind's layout file is, and where its defaults come from."""
    return (
        f"A {key} layout file: {summary}. A key's default is its value in {starter}, the "
        f"built-in layout `sheetgen new {key}` starts from (a layout that extends another gets "
        "that one's values; one that extends none, sheetgen's own)."
    )


def _resolve(node: dict[str, Any], defs: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    ref = node.get("$ref")
    if not isinstance(ref, str):
        return node, None
    name = ref.rsplit("/", 1)[-1]
    return {**defs[name], **{k: v for k, v in node.items() if k != "$ref"}}, name


def _rows(
    node: dict[str, Any], defs: dict[str, Any], prefix: str, seen: frozenset[str]
) -> list[str]:
    rows: list[str] = []
    for key, prop in node.get("properties", {}).items():
        prop, name = _resolve(prop, defs)
        if name in seen:
            continue
        inner = seen | ({name} if name else set())
        path = f"{prefix}{key}"
        rows.append(
            f"| {code(path)} | {_type(prop, defs)} | {cell(_meaning(prop))} | {_default(prop)} |"
        )
        for table, suffix in _tables(prop, defs):
            table, table_name = _resolve(table, defs)
            if table_name not in inner:
                rows += _rows(table, defs, f"{path}{suffix}.", inner | {table_name or ""})
    return rows


def _tables(prop: dict[str, Any], defs: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """The tables a key holds: itself, each item of its array, each branch that is a table."""
    if "properties" in prop:
        return [(prop, "")]
    found: list[tuple[dict[str, Any], str]] = []
    items = prop.get("items")
    if isinstance(items, dict) and "properties" in _resolve(items, defs)[0]:
        found.append((items, "[]"))
    for branch in prop.get("anyOf", []):
        found += _tables(_resolve(branch, defs)[0], defs)
    return found


def _type(prop: dict[str, Any], defs: dict[str, Any]) -> str:
    prop = _resolve(prop, defs)[0]
    if "const" in prop:
        return json.dumps(prop["const"], ensure_ascii=False)
    if "enum" in prop:
        return " or ".join(json.dumps(value, ensure_ascii=False) for value in prop["enum"])
    if "anyOf" in prop:
        kinds = [_type(branch, defs) for branch in prop["anyOf"]]
        return " or ".join(dict.fromkeys(kind for kind in kinds if kind != "null"))
    kind = prop.get("type", "table" if "properties" in prop else "value")
    if kind == "object":
        kind = "table"
        extra = prop.get("additionalProperties")
        if isinstance(extra, dict):
            kind = f"table of {_type(extra, defs)}"
    if kind == "array":
        if "prefixItems" in prop:
            kind = f"[{', '.join(_type(item, defs) for item in prop['prefixItems'])}]"
        elif isinstance(prop.get("items"), dict):
            kind = f"array of {_type(prop['items'], defs)}"
    if kind == "array of table":
        kind = "array of tables"
    return str(kind) + _bounds(prop)


# the layouts' patterns in words; any other is shown as it is
PATTERNS = {
    "^#[0-9a-fA-F]{6}$": "a colour, #rrggbb",
    "^[a-z0-9][a-z0-9-]{0,39}$": "1 to 40 lower-case letters, digits and hyphens, "
    "not a hyphen first",
    "^[a-z0-9-]{1,30}$": "1 to 30 lower-case letters, digits and hyphens",
    "^[A-Za-z0-9_]{1,12}$": "1 to 12 letters, digits and underscores",
    "^[A-Z]$": "one capital letter",
    "^[A-Z]*$": "capital letters only",
    "^[gs]{4}$": "four letters, each g or s",
}


def number(value: object) -> str:
    """A bound as a reader wants it: `2.117`, not `2.1166666666666663`; `6`, not `6.0`."""
    if isinstance(value, float):
        return f"{round(value, 3):g}"
    return str(value)


def _bounds(prop: dict[str, Any]) -> str:
    said = [
        f"{word} {number(prop[key])}"
        for key, word in (
            ("minimum", "≥"),
            ("exclusiveMinimum", ">"),
            ("maximum", "≤"),
            ("exclusiveMaximum", "<"),
        )
        if key in prop
    ]
    for low, high, unit in (
        ("minLength", "maxLength", "characters"),
        ("minItems", "maxItems", "items"),
    ):
        if low in prop or high in prop:
            said.append(
                f"{prop.get(low, 0)} to {prop[high]} {unit}"
                if high in prop
                else f"{prop[low]}+ {unit}"
            )
    if "pattern" in prop:
        pattern = prop["pattern"]
        said.append(PATTERNS.get(pattern, f"matching {code(pattern)}"))
    return f" ({', '.join(said)})" if said else ""


def _meaning(prop: dict[str, Any]) -> str:
    return str(prop.get("description", prop.get("title", "")))


def _default(prop: dict[str, Any]) -> str:
    if "default" not in prop:
        return ""
    said = json.dumps(prop["default"], ensure_ascii=False)
    return code(said) if len(said) <= 40 else "(long)"


PAGES = {COMMANDS_PAGE: command_reference, LAYOUTS_PAGE: layout_reference}


def main(argv: list[str] | None = None) -> None:
    """Write both pages (`--help` says so and writes nothing)."""
    parser = argparse.ArgumentParser(
        prog="python docs/make_reference.py",
        description="Write docs/reference/commands.md and docs/reference/layouts.md from the "
        "command line and the layout schemas. Run it after changing either; a test fails while "
        "a page is stale.",
    )
    parser.parse_args(argv)
    for page, write in PAGES.items():
        page.parent.mkdir(exist_ok=True)
        page.write_text(write(), encoding="utf-8")
        print(f"wrote {page.relative_to(DOCS.parent)}")


if __name__ == "__main__":
    sys.path.insert(0, str(DOCS.parent))  # the checkout's sheetgen, run as a script
    main()
