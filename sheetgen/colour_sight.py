"""How far apart two colours look to players: in normal vision, to players with each of the
three full colour blindnesses (Machado, Oliveira and Fernandes' 2009 simulation at full
severity), and in greyscale. Colours that players must tell apart (Scrumpit's bags, Walkabout's
dice) are checked with it, so a designer's own palette is held to what the built-in ones keep."""

from __future__ import annotations

import math
from itertools import combinations

from sheetgen.findings import Finding, warning

MIN_DELTA_E = 20.0  # CIEDE2000, between colours a player must tell apart, in every vision
MIN_LIGHTNESS = 20.0  # CIE L*, between colours told apart in greyscale without a mark
VISIONS = ("normal", "deutan", "protan", "tritan")
SEEN_AS = {
    "deutan": "with deuteranopia (red-green)",
    "protan": "with protanopia (red-green)",
    "tritan": "with tritanopia (blue-yellow)",
}

Vector = tuple[float, float, float]
Matrix = tuple[Vector, Vector, Vector]

# linear sRGB as each colour blindness sees it (Machado et al. 2009, severity 1.0)
_MACHADO: dict[str, Matrix] = {
    "protan": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deutan": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritan": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
# linear sRGB to CIE XYZ, and the D65 white CIELAB is taken against (its x, y chromaticity
# 0.3127, 0.3290), as CIEDE2000 is usually computed for screen colours
_TO_XYZ: Matrix = (
    (0.4123908, 0.3575843, 0.1804808),
    (0.2126390, 0.7151687, 0.0721923),
    (0.0193308, 0.1191948, 0.9505322),
)
_WHITE: Vector = (0.3127 / 0.3290, 1.0, (1 - 0.3127 - 0.3290) / 0.3290)


def _times(m: Matrix, v: Vector) -> Vector:
    return (
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    )


def _linear(channel: float) -> float:
    """An sRGB channel (0-1) as linear light; mirrored for the negative values a simulation
    of colour blindness can give."""
    size = abs(channel)
    value = size / 12.92 if size <= 0.04045 else ((size + 0.055) / 1.055) ** 2.4
    return math.copysign(value, channel)


def _linear_rgb(colour: str) -> Vector:
    """`#rrggbb` as linear light, each channel from 0 to 1."""
    r, g, b = (_linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return r, g, b


def seen(colour: str, vision: str = "normal") -> Vector:
    """The colour `#rrggbb` in CIELAB (D65) as a viewer with `vision` sees it."""
    light = _linear_rgb(colour)
    if vision != "normal":  # the simulation works on linear light
        light = _times(_MACHADO[vision], light)
    xyz = _times(_TO_XYZ, light)

    def f(t: float) -> float:
        return math.copysign(abs(t) ** (1 / 3), t) if abs(t) > 216 / 24389 else (
            (24389 / 27 * t + 16) / 116
        )  # fmt: skip

    fx, fy, fz = (f(value / white) for value, white in zip(xyz, _WHITE, strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def lightness(colour: str) -> float:
    """CIE L* of `#rrggbb`: how light it prints in greyscale."""
    return seen(colour)[0]


def delta_e(a: str, b: str, vision: str = "normal") -> float:
    """CIEDE2000 difference of two colours as a viewer with `vision` sees them."""
    return _ciede2000(seen(a, vision), seen(b, vision))


def _ciede2000(lab1: Vector, lab2: Vector) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation), kL = kC = kH = 1."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    h_mean = h1p + h2p
    if c1p * c2p:
        if abs(h1p - h2p) <= 180:
            h_mean = (h1p + h2p) / 2
        else:
            h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = (
        -2
        * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2))))
    )
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh)
    )


def too_alike(colours: dict[str, str], marked: bool = False) -> list[tuple[str, str, str]]:
    """Each pair of named colours (`#rrggbb`) a player could not tell apart, as (name, name,
    how): closer than MIN_DELTA_E in some vision, or, where the colours carry no mark of their
    own, closer than MIN_LIGHTNESS in greyscale. Pairs in the order the names are given."""
    out = []
    for (name_a, a), (name_b, b) in combinations(colours.items(), 2):
        worst = min(VISIONS, key=lambda vision: delta_e(a, b, vision))
        difference = delta_e(a, b, worst)
        grey = abs(lightness(a) - lightness(b))
        if difference < MIN_DELTA_E:
            who = f"a player {SEEN_AS[worst]}" if worst != "normal" else "every player"
            how = (
                f"to {who}: a CIEDE2000 difference of {_below(difference)}, where "
                f"{MIN_DELTA_E:.0f} or more tells colours apart"
            )
        elif not marked and grey < MIN_LIGHTNESS:
            how = (
                f"in greyscale print: lightness {_below(grey)} apart, where {MIN_LIGHTNESS:.0f} "
                "or more tells colours apart"
            )
        else:
            continue
        out.append((name_a, name_b, how))
    return out


def alike_findings(colours: dict[str, str], marked: bool = False) -> list[Finding]:
    """A warning at each colour (named by its key in the layout) that players could not tell
    from one named before it."""
    return [
        warning(b, f"{colours[b]} looks like {a} ({colours[a]}) {how}; choose colours further "
                "apart", (a,))
        for a, b, how in too_alike(colours, marked)
    ]  # fmt: skip


def _below(value: float) -> str:
    """A difference under its limit as said beside the limit: to a tenth, rounded down, so
    that 19.96 under a limit of 20 is never said as 20."""
    return f"{math.floor(value * 10) / 10:.1f}"
