"""Colours players must tell apart, in a designer's own layouts: sheetgen's own colour
difference agrees with an independent colour library (coloraide), and `check` warns, at the
designer's line, where two bags, dice or symbol kinds would look alike to a colour-blind player
or print as one grey."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from sheetgen.colour_sight import VISIONS, delta_e, lightness
from sheetgen.layouts.read import builtin_layouts
from tests.support import ROOT, palette, sheetgen


def test_colour_differences_agree_with_coloraide_in_every_vision() -> None:
    draw = random.Random(7)
    for _ in range(300):
        a, b = (f"#{draw.randrange(1 << 24):06x}" for _ in range(2))
        for vision in VISIONS:
            assert delta_e(a, b, vision) == pytest.approx(palette.delta_e(a, b, vision), abs=1e-3)
        lab = palette.Color(a).convert("lab-d65")
        assert lightness(a) == pytest.approx(float(lab["lightness"]), abs=1e-3)


def _check(tmp_path: Path, text: str) -> tuple[int, list[str]]:
    layout = tmp_path / "mine.toml"
    layout.write_text(text)
    run = sheetgen("check", str(layout))
    return run.code, [
        line for line in (run.out + run.err).splitlines() if line.startswith("warning: ")
    ]


def test_bags_a_red_green_blind_player_cannot_tell_apart_are_warned_at_the_line(
    tmp_path: Path,
) -> None:
    red, green = "#cc3333", "#669933"  # far apart in normal vision, close to a deuteranope
    assert palette.delta_e(red, green) > 20 > palette.delta_e(red, green, "deutan")
    code, warnings = _check(
        tmp_path,
        'game = "scrumpit"\ncomponent = "tiles"\nname = "mine"\nextends = "scrumpit/tiles"\n'
        f'colours = {{ yellow = "#f7e03c", blue = "#24307a", red = "{red}", green = "{green}" }}\n',
    )
    assert code == 0  # a warning, not a refusal
    assert len(warnings) == 1, warnings
    assert warnings[0].startswith("warning: ") and "mine.toml:5:" in warnings[0]
    assert "colours.green" in warnings[0] and "colours.red" in warnings[0]
    assert "deuteranopia" in warnings[0]


def test_dice_grounds_of_one_grey_are_warned(tmp_path: Path) -> None:
    """The three dice grounds must differ in lightness too: a die carries no mark of its own
    colour, so in greyscale print only lightness tells them apart."""
    light, medium = "#8ecae6", "#e9c46a"  # apart in every vision, alike in grey
    assert min(palette.delta_e(light, medium, v) for v in palette.VISIONS) > 20
    assert abs(palette.lightness(light) - palette.lightness(medium)) < 20
    text = (ROOT / "layouts/walkabout/dice.toml").read_text()
    grounds = [line for line in text.splitlines() if line.startswith("colour = ")]
    assert len(grounds) == 3
    text = text.replace(grounds[0], f'colour = "{light}"', 1)
    text = text.replace(grounds[1], f'colour = "{medium}"', 1)
    text = text.replace('name = "dice"', 'name = "mine"', 1)
    code, warnings = _check(tmp_path, text)
    assert code == 0
    assert len(warnings) == 1, warnings
    assert "dice[2].colour" in warnings[0] and "greyscale" in warnings[0]


@pytest.mark.slow  # every built-in layout: the slow tier
def test_the_built_in_palettes_draw_no_warning() -> None:
    run = sheetgen("check", *builtin_layouts())
    assert run.code == 0, run.err
    assert "look" not in run.out + run.err and "greyscale" not in run.out + run.err


def test_a_difference_under_its_limit_is_never_said_as_the_limit() -> None:
    """Two greys just under 20 apart (#777777 and the lightest grey under 20 L* above it):
    the difference is said with a decimal, below the limit, never '20 ..., where 20 or more
    tells colours apart'."""
    from sheetgen.colour_sight import lightness, too_alike

    low = "#777777"
    high = next(
        f"#{v:02x}{v:02x}{v:02x}"
        for v in range(0xAC, 0x77, -1)
        if 19.5 < lightness(f"#{v:02x}{v:02x}{v:02x}") - lightness(low) < 20.0
    )
    ((_, _, how),) = too_alike({"a": low, "b": high})
    found = re.search(r"(\d+(?:\.\d+)?)(?: apart)?, where 20 or more", how)
    assert found is not None, how
    assert "." in found[1] and float(found[1]) < 20.0, how
