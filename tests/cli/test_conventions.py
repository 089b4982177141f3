"""The command line's conventions, held to what the documentation says of them: exit codes, shell
completion, `--json` for list, check and walkabout moves, progress on stderr and a summary
after a build, and output names that do not repeat a word."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sheetgen.kinds import kinds as registered
from sheetgen.layouts.read import builtin_layouts, load
from sheetgen.pipeline.output import output_name
from tests.support import ROOT, sheetgen
from tests.support.docs import documentation

DOCUMENTATION = documentation()  # the README and docs/
LAYOUTS = ROOT / "layouts"


def documented_exit_codes() -> dict[str, int]:
    """'Exit codes: 0 ok, 1 a failed check or build, 2 a usage error.' as a mapping."""
    found = re.search(r"Exit codes: ([^.]+)\.", DOCUMENTATION)
    assert found, "the documentation states the exit codes"
    pairs = [part.split(" ", 1) for part in found[1].split(", ")]
    return {meaning: int(code) for code, meaning in pairs}


def mirrored_glyph(folder: Path) -> Path:
    """A Scribe layout that loads but breaks a rule: J drawn as Chair mirrored."""
    text = (LAYOUTS / "scribe" / "standard.toml").read_text(encoding="utf-8")
    path = folder / "mirrored.toml"
    path.write_text(text.replace('pattern = "..#/###/#.#"', 'pattern = "#../#.#/###"', 1))
    return path


def unknown_key(folder: Path) -> Path:
    """A Scribe layout that exists but is invalid: an unknown key in [sheet]."""
    text = (LAYOUTS / "scribe" / "standard.toml").read_text(encoding="utf-8")
    path = folder / "unknown-key.toml"
    path.write_text(text.replace("[sheet]", "[sheet]\nbogus = 1", 1), encoding="utf-8")
    return path


def record_on_missing_map(folder: Path) -> Path:
    """A Walkabout record whose map (named inside it) does not exist."""
    text = (LAYOUTS / "walkabout" / "example-game.toml").read_text(encoding="utf-8")
    path = folder / "game.toml"
    path.write_text(text.replace('map = "walkabout/map-1"', 'map = "gone.toml"'), "utf-8")
    return path


# --- exit codes -----------------------------------------------------------------------------------

FAILED = "a failed check or build"
CASES = [  # what is wrong, the command, and which of the documentation's meanings it is
    ("unknown built-in name", ["check", "scribe/standart"], "a usage error"),
    ("no such layout file", ["build", "{tmp}/missing.toml", "--out", "{tmp}"], "a usage error"),
    ("no such record", ["walkabout", "score", "{tmp}/missing.toml"], "a usage error"),
    ("no such --dice", ["walkabout", "roller", "--dice", "walkabout/dize"], "a usage error"),
    ("unknown kind", ["schema", "scribe/grid"], "a usage error"),
    ("bad option", ["build", "scribe/standard", "--colour", "red"], "a usage error"),
    ("bad option of list", ["list", "--long"], "a usage error"),
    ("--out in a file", ["build", "scribe/standard", "--out", "{record}/nope"], "a usage error"),
    ("invalid layout, check", ["check", "{unknown_key}"], FAILED),
    ("invalid layout, build", ["build", "{unknown_key}", "--out", "{tmp}"], FAILED),
    ("failed rules check", ["check", "{mirrored}"], FAILED),
    ("failed rules, build", ["build", "{mirrored}", "--out", "{tmp}"], FAILED),
    ("names a missing map", ["check", "{record}"], FAILED),
    ("ok", ["check", "scribe/standard", "walkabout/example-game"], "ok"),
    ("ok, list", ["list"], "ok"),
]  # fmt: skip


@pytest.mark.parametrize(("what", "args", "meaning"), CASES, ids=[c[0] for c in CASES])
def test_each_command_exits_as_the_documentation_says(
    what: str, args: list[str], meaning: str, tmp_path: Path
) -> None:
    files = {
        "tmp": str(tmp_path),
        "unknown_key": str(unknown_key(tmp_path)),
        "mirrored": str(mirrored_glyph(tmp_path)),
        "record": str(record_on_missing_map(tmp_path)),
    }
    run = sheetgen(*[arg.format(**files) for arg in args])
    assert run.code == documented_exit_codes()[meaning], (what, run.code, run.err)
    assert "Traceback" not in run.err
    if meaning == "a usage error":
        assert run.err.startswith("error: ") and run.err.count("\n") == 1, run.err
    written = sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".toml")
    assert written == [], written  # nothing built when refused, or by check


def test_check_gives_the_usage_code_when_any_name_is_missing(tmp_path: Path) -> None:
    both = sheetgen("check", str(mirrored_glyph(tmp_path)), str(tmp_path / "missing.toml"))
    assert both.code == documented_exit_codes()["a usage error"]
    assert f"{tmp_path / 'missing.toml'}: no such file" in both.err
    assert "J is Chair turned or mirrored" in both.err  # the other layout is still checked


# --- shell completion -----------------------------------------------------------------------------


def console_script(*args: str, in_bash: bool = False, **env: str) -> str:
    """The stdout of `sheetgen ARGS` run as the installed console script (so named); with
    `in_bash`, typed at a bash prompt (bash stays its parent, where shell detection finds it)."""
    code = "import sys; sys.argv[0] = 'sheetgen'; from sheetgen.cli import main; main()"
    command = [sys.executable, "-c", code, *args]
    if in_bash:
        command = ["bash", "-c", '"$@"; exit $?', "bash", *command]
    run = subprocess.run(
        command,
        env=dict(os.environ, **env),
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


def completion(words: str) -> list[str]:
    """What bash's completion asks `sheetgen` for, as the script --show-completion installs."""
    cword = str(len(words.split()) - 1)
    return console_script(
        _SHEETGEN_COMPLETE="complete_bash", COMP_WORDS=words, COMP_CWORD=cword
    ).split()


@pytest.mark.process
def test_completion_is_on_and_completes_commands_options_and_layout_names() -> None:
    script = console_script("--show-completion", in_bash=True)
    assert "_SHEETGEN_COMPLETE=complete_bash" in script
    assert "complete -o default -F _sheetgen_completion sheetgen" in script
    assert completion("sheetgen bu") == ["build"]
    assert completion("sheetgen build --pa") == ["--paper"]
    assert completion("sheetgen build scribe/st") == ["scribe/standard"]
    expected = sorted(n for n in builtin_layouts() if n.startswith("walkabout/m"))
    assert sorted(completion("sheetgen check walkabout/m")) == expected
    assert "--install-completion" in sheetgen("--help").out


# --- JSON -----------------------------------------------------------------------------------------


def test_list_json_holds_what_validation_finds() -> None:
    run = sheetgen("list", "--json")
    assert run.code == 0 and run.err == ""
    listed = json.loads(run.out)
    expected = []
    for name in builtin_layouts():
        loaded = load(name)
        expected.append(
            {
                "name": name,
                "kind": loaded.kind.key,
                "description": loaded.model.description,
                "builtin": True,
            }
        )
    assert listed["layouts"] == expected
    assert listed["kinds"] == [{"kind": k.key, "summary": k.summary} for k in registered().values()]


def line_of(path: Path, text: str, after: str = "") -> int:
    """The number of the first line of the file holding `text` (after one holding `after`)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if after in line) if after else 0
    return next(i for i in range(start, len(lines)) if text in lines[i]) + 1


def test_check_json_lists_each_layout_with_its_findings_and_lines(tmp_path: Path) -> None:
    mirrored, invalid = mirrored_glyph(tmp_path), unknown_key(tmp_path)
    args = [str(mirrored), str(invalid), "scribe/standard"]
    run = sheetgen("check", *args, "--json")
    text = sheetgen("check", *args)
    assert run.code == text.code == documented_exit_codes()["a failed check or build"]
    assert run.err == ""
    report = json.loads(run.out)
    assert report["ok"] is False
    assert [item["layout"] for item in report["layouts"]] == args
    rules, bad, fine = report["layouts"]
    assert (rules["kind"], rules["ok"], bad["kind"], bad["ok"]) == (
        "scribe/supergrid", False, None, False,
    )  # fmt: skip
    assert fine == {
        "layout": "scribe/standard",
        "source": "scribe/standard",
        "kind": "scribe/supergrid",
        "ok": True,
        "findings": [],
    }
    [finding] = rules["findings"]
    assert finding["level"] == "error" and finding["where"] == "glyphs[12].pattern"  # the twelfth
    # the same finding as the text report's line, at the J's pattern in the file
    assert finding["line"] == line_of(mirrored, "pattern =", after='name = "J"')
    at = f"{finding['line']}:{finding['column']}"
    assert f"error: {mirrored}:{at}: {finding['where']}: {finding['message']}" in text.err
    [problem] = bad["findings"]
    assert problem["where"] == "sheet.bogus" and problem["line"] == line_of(invalid, "bogus = 1")
    assert problem["message"].startswith("unknown key 'bogus'")


def test_check_json_keeps_the_exit_codes(tmp_path: Path) -> None:
    ok = sheetgen("check", "scribe/standard", "--json")
    assert ok.code == 0 and json.loads(ok.out)["ok"] is True
    missing = sheetgen("check", str(tmp_path / "missing.toml"), "--json")
    assert missing.code == documented_exit_codes()["a usage error"]
    [finding] = json.loads(missing.out)["layouts"][0]["findings"]
    assert finding["message"].startswith("no such file") and finding["line"] is None


def test_walkabout_moves_json_is_the_text_listing() -> None:
    args = ["walkabout", "moves", "walkabout/example-game", "--roll", "1,4,6"]
    text, run = sheetgen(*args), sheetgen(*args, "--json")
    assert run.code == text.code == 0
    found = json.loads(run.out)
    assert found["roll"] == [1, 4, 6]
    assert [o["text"] for o in found["options"]] == text.out.splitlines()
    for option in found["options"]:
        assert option["to"] == (option["nodes"][-1] if option["nodes"] else None)
        if option["kind"] in ("die", "die-short"):
            assert option["text"].startswith(option["die"]) and option["to"] is not None
    assert found["options"][-1] == {
        "kind": "quit", "die": None, "to": None, "nodes": [], "text": "quit",
    }  # fmt: skip


# --- progress and summary -------------------------------------------------------------------------

SUMMARY = re.compile(r"built (\d+) files? \(([\d,.]+) (KiB|MiB)\) in ([\d.]+) s")


@pytest.mark.process
def test_progress_is_drawn_on_stderr_and_a_summary_ends_stdout(tmp_path: Path) -> None:
    """stdout a pipe, stderr a terminal: the bar goes to the terminal, stdout stays plain."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        pytest.skip("drives the CLI in a subprocess, which never runs a mutant")
    args = ["build", "scribe/standard", "scribe/pad", "-f", "svg,pdf", "--out", str(tmp_path)]
    started = time.perf_counter()
    out, terminal = terminal_of(args)
    elapsed = time.perf_counter() - started
    assert b"building" in terminal  # the progress bar, on stderr
    assert "\x1b" not in out and "building" not in out
    *wrote, last = out.splitlines()
    files = sorted(tmp_path.iterdir())
    assert sorted(wrote) == [f"wrote {p} ({p.stat().st_size / 1024:,.0f} KiB)" for p in files]
    found = SUMMARY.fullmatch(last)
    assert found, last
    size = sum(p.stat().st_size for p in files)
    unit = 2**20 if found[3] == "MiB" else 1024
    assert int(found[1]) == len(files) == 4
    assert abs(float(found[2].replace(",", "")) - size / unit) <= 0.51
    assert 0 < float(found[4]) <= elapsed + 0.05


def test_notes_go_to_stderr_and_what_was_written_to_stdout(tmp_path: Path) -> None:
    """A note went to stdout from some commands and to stderr from others: every note is on
    stderr, as every progress bar is, and stdout holds what was written and the summary."""
    board = sheetgen("build", "scrumpit/single", "-f", "pdf", "--out", str(tmp_path))
    pdf = tmp_path / "scrumpit-single-board.pdf"
    assert board.code == 0 and board.out.splitlines()[0] == f"wrote {pdf} (23 KiB)"
    assert SUMMARY.fullmatch(board.out.splitlines()[1]) and len(board.out.splitlines()) == 2
    assert board.err == f"note: {pdf}: single: cells 6.6 mm on one page of A4\n"
    args = ["walkabout/dice", "--px", "32", "--bleed", "3", "--out", str(tmp_path)]
    deck = sheetgen("export", "pieces", *args)
    assert deck.code == 0 and "note:" not in deck.out
    assert all(line.startswith(("wrote ", "built ")) for line in deck.out.splitlines())
    assert deck.err.startswith("note: walkabout/dice: its layout has no bleed key")


def terminal_of(args: list[str]) -> tuple[str, bytes]:
    """What a build prints on stdout (a pipe), and what it draws on stderr (a terminal)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "sheetgen", *args],
        stdout=subprocess.PIPE,
        stderr=slave,
        stdin=subprocess.DEVNULL,
        cwd=ROOT,
        env=dict(os.environ, TERM="xterm", COLUMNS="120"),
    )
    os.close(slave)
    out = proc.stdout.read().decode() if proc.stdout else ""
    assert proc.wait(timeout=300) == 0
    drawn = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal's other end is closed: all is read
            break
        if not chunk:
            break
        drawn += chunk
    os.close(master)
    return out, drawn


@pytest.mark.process
def test_the_progress_bar_counts_files(tmp_path: Path) -> None:
    """A 3-layout build's bar counted layouts (0 % until the first whole layout, then a jump):
    it counts the files, as each is made, out of all the build writes."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        pytest.skip("drives the CLI in a subprocess, which never runs a mutant")
    refs = ["marram/classic", "walkabout/dice", "scrumpit/tiles"]
    out, drawn = terminal_of(
        ["build", *refs, "-f", "png,pdf", "--dpi", "60", "--out", str(tmp_path)]
    )
    files = len(list(tmp_path.iterdir()))
    assert len(out.splitlines()) == files + 1 and files > 20
    plain = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", drawn)  # the terminal's colours left out
    counts = {int(m) for m in re.findall(rb"(\d+)/%d files" % files, plain)}
    assert 0 in counts and counts - {0, files}, counts  # counted on the way, not only at the end


def test_quiet_prints_nothing_but_errors(tmp_path: Path) -> None:
    run = sheetgen("build", "scribe/standard", "-f", "svg", "--out", str(tmp_path), "-q")
    assert run.code == 0 and run.out == "" and run.err == ""
    assert [p.name for p in tmp_path.iterdir()] == ["scribe-standard-supergrid.svg"]


# --- output names ---------------------------------------------------------------------------------


def renamed() -> list[tuple[str, str]]:
    """The documentation's list of output names that changed, old → new (N: a map's number)."""
    start = DOCUMENTATION.index("**Output names changed")
    paragraph = DOCUMENTATION[start : DOCUMENTATION.index("\n\n", start)]
    pairs = re.findall(r"`([a-zN0-9*-]+)` →\s+`([a-zN0-9*-]+)`", paragraph)
    assert len(pairs) == 13
    out: list[tuple[str, str]] = []
    for old, new in pairs:
        numbers = range(1, 5) if "-N" in old else [0]
        out += [(old.replace("-N", f"-{n}"), new.replace("-N", f"-{n}")) for n in numbers]
    return [(old.removesuffix("-*"), new.removesuffix("-*")) for old, new in out]


def named(stem: str, name: str) -> bool:
    """Whether a file (by its stem) has this output name, alone or with a page label."""
    return stem == name or stem.startswith(f"{name}-")


def test_no_output_name_repeats_a_word() -> None:
    for name in builtin_layouts():
        model = load(name).model
        words = output_name(model.game, model.name, model.component, "pdf").removesuffix(".pdf")
        assert len(set(words.split("-"))) == len(words.split("-")), words


@pytest.mark.slow
def test_the_builds_write_the_new_names_the_documentation_lists(tmp_path: Path) -> None:
    pairs = renamed()
    layouts = sorted(
        name
        for name in builtin_layouts()
        if load(name).model.component in load(name).model.name.split("-")
    )
    run = sheetgen("build", *layouts, "-f", "svg", "--out", str(tmp_path), "-q")
    assert run.code == 0, run.err
    stems = [p.stem for p in tmp_path.iterdir()]
    for old, new in pairs:
        assert any(named(s, new) for s in stems), new
        assert not any(named(s, old) for s in stems), old
    # every file those layouts wrote has a name from the documentation's list
    assert [s for s in stems if not any(named(s, new) for _, new in pairs)] == []


@pytest.mark.slow
@pytest.mark.parametrize(
    ("given", "said"),
    [
        (["--copies", "0"], "Invalid value for '--copies': must be at least 1"),
        (["--dpi", "99999"], "Invalid value for '--dpi': must be at most 1200"),
        (["--copies", "abc"], "Invalid value for '--copies': must be a whole number"),
        (["--gap", "x"], "Invalid value for '--gap': must be a number"),
    ],
)
def test_a_bad_number_on_the_command_line_is_said_in_plain_words(
    given: list[str], said: str, tmp_path: Path
) -> None:
    run = sheetgen("build", "scribe/standard", *given, "--out", str(tmp_path))
    assert run.code == documented_exit_codes()["a usage error"]
    assert run.err.startswith(f"error: {said}") and "Input should" not in run.err
    assert list(tmp_path.iterdir()) == []
