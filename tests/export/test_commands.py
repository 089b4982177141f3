"""`sheetgen export` as a user runs it: its refusals are one line with the right exit code,
and a real layout's Tabletop Simulator files load from where they were written."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from PIL import Image

from tests.support import sheetgen


def test_px_and_dpi_together_are_a_usage_error(tmp_path: Path) -> None:
    run = sheetgen("export", "pieces", "walkabout/dice", "--px", "100", "--dpi", "300")
    assert run.code == 2 and run.err.count("\n") == 1
    assert "--px and --dpi" in run.err


def test_a_kind_without_pieces_is_refused_naming_those_that_have(tmp_path: Path) -> None:
    run = sheetgen("export", "tts", "scrumpit/scorepad", "--out", str(tmp_path))
    assert run.code == 2 and run.err.count("\n") == 1
    assert "has no pieces, dice or boards to export" in run.err
    assert list(tmp_path.iterdir()) == []


def test_walkabout_dice_export_as_three_d6_templates_and_a_saved_object(tmp_path: Path) -> None:
    run = sheetgen("export", "tts", "walkabout/dice", "--out", str(tmp_path), "--px", "128")
    assert run.code == 0, run.err
    (saved,) = tmp_path.glob("*-tts.json")
    dice = [o for o in json.loads(saved.read_text())["ObjectStates"] if o["Name"] == "Custom_Dice"]
    assert len(dice) == 3
    for die in dice:
        url = die["CustomImage"]["ImageURL"]
        assert url.startswith("file:///") and die["CustomImage"]["CustomDice"]["Type"] == 1
        template = np.asarray(Image.open(url[len("file://") :]).convert("RGB"))
        assert template.shape == (3 * 128, 4 * 128, 3)
        corners = [template[:128, :128], template[:128, 256:], template[256:, :128]]
        assert all((c == 255).all() for c in corners)  # the cross's blank cells
        assert not (template[128:256, :128] == 255).all()  # face 2, left of the middle row


def _urls(state: object) -> list[str]:
    """Every image URL in a saved object, however deep."""
    if isinstance(state, dict):
        return [
            value
            for key, value in state.items()
            if key in ("FaceURL", "BackURL", "ImageURL") and isinstance(value, str)
        ] + [url for value in state.values() for url in _urls(value)]
    if isinstance(state, list):
        return [url for value in state for url in _urls(value)]
    return []


def test_a_base_url_names_every_image_beside_the_json_wherever_it_is_written(
    tmp_path: Path,
) -> None:
    """With --base-url every image is that address and the name of a file written beside the
    JSON, so the save is the same bytes whichever folder it is written to (and loads for
    players on other machines once the images are uploaded there)."""
    base = "https://example.org/pieces/"
    saves = []
    for out in (tmp_path / "one", tmp_path / "two" / "deeper"):
        run = sheetgen(
            "export", "tts", "scrumpit/tiles", "--out", str(out), "--px", "32", "--base-url", base
        )
        assert run.code == 0, run.err
        (saved,) = out.glob("*-tts.json")
        urls = _urls(json.loads(saved.read_text()))
        assert urls
        for url in urls:
            assert url.startswith(base) and (out / url[len(base) :]).is_file(), url
        saves.append(saved.read_bytes())
    assert saves[0] == saves[1]


def test_a_base_url_without_its_slash_is_a_folder_and_other_schemes_are_refused(
    tmp_path: Path,
) -> None:
    """An address without its last '/' is taken as the folder it names; an address that is not
    http(s), has a query or a space, is refused in one line before anything is written."""
    run = sheetgen(
        "export",
        "tts",
        "walkabout/dice",
        "--out",
        str(tmp_path),
        "--px",
        "32",
        "--base-url",
        "http://example.org/dice",
    )
    assert run.code == 0, run.err
    (saved,) = tmp_path.glob("*-tts.json")
    for url in _urls(json.loads(saved.read_text())):
        assert url.startswith("http://example.org/dice/walkabout-"), url
    for bad in ("file:///tmp/", "ftp://example.org/", "example.org/pieces/", "https://x/?a=1"):
        out = tmp_path / "refused"
        run = sheetgen("export", "tts", "walkabout/dice", "--out", str(out), "--base-url", bad)
        assert run.code == 2 and run.err.count("\n") == 1, (bad, run.err)
        assert "--base-url" in run.err and not out.exists()
    # a space would be written into every image's address, and Tabletop Simulator could load
    # none: refused, saying why, as is a query the file names cannot follow
    for bad, why in (
        ("https://exa mple.org/", "a space"),
        ("https://x.org/a?b=1", "?query"),
    ):
        run = sheetgen("export", "tts", "walkabout/dice", "--out", str(out), "--base-url", bad)
        assert run.code == 2 and why in run.err and not out.exists(), (bad, run.err)
