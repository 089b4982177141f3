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
