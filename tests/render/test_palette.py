"""The palette under simulated colour-vision deficiencies: every pair of power colours (units,
arrows) and every pair of fills (power tints, sea, neutral land) stays apart.

Simulation: Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for
Simulation of Color Vision Deficiency", severity 1.0 matrices, applied in linear RGB; distance:
CIE76 ΔE in L*a*b* (about 2 is just noticeable; 10 is plainly different at a glance).
"""

from __future__ import annotations

import itertools
import math

import pytest

from render.palette import NEUTRAL_LAND, PALETTES, SEA

VISION = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def seen(colour: str, vision: str) -> tuple[float, float, float]:
    """L*a*b* of `colour` as seen with `vision`."""
    rgb = [_linear(int(colour[i:i + 2], 16)) for i in (1, 3, 5)]
    r, g, b = (min(1.0, max(0.0, sum(m * v for m, v in zip(row, rgb, strict=True))))
               for row in VISION[vision])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def closest_pair(colours: dict[str, str], vision: str) -> tuple[float, str, str]:
    return min((math.dist(seen(a, vision), seen(b, vision)), na, nb)
               for (na, a), (nb, b) in itertools.combinations(colours.items(), 2))


@pytest.mark.parametrize("palette", list(PALETTES))
@pytest.mark.parametrize("vision", list(VISION))
def test_unit_colours_stay_far_apart(vision, palette):
    colours = PALETTES[palette].colours
    distance, a, b = closest_pair({p.value: c for p, c in colours.items()}, vision)
    assert distance >= 15, f"{a} and {b} look alike with {vision} (ΔE {distance:.1f})"


@pytest.mark.parametrize("palette", list(PALETTES))
@pytest.mark.parametrize("vision", list(VISION))
def test_land_fills_the_sea_and_neutral_land_stay_apart(vision, palette):
    colours = {p.value: c for p, c in PALETTES[palette].fills.items()} | {
        "sea": SEA, "neutral": NEUTRAL_LAND}
    distance, a, b = closest_pair(colours, vision)
    assert distance >= 9, f"{a} and {b} look alike with {vision} (ΔE {distance:.1f})"


def test_the_simulation_tells_red_from_green_only_with_normal_vision():
    # The check above can fail: pure red and green differ plainly with normal vision and
    # nearly vanish into one colour with deuteranopia.
    red_green = {"red": "#D62728", "green": "#2CA02C"}
    assert closest_pair(red_green, "normal")[0] > 40
    assert closest_pair(red_green, "deuteranopia")[0] < 15


def _hue_and_lightness(colour: str) -> tuple[float, float]:
    import colorsys
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    hue, lightness, _saturation = colorsys.rgb_to_hls(r, g, b)
    return hue * 360, lightness


def test_the_standard_palette_has_the_boards_traditional_colours():
    """Austria red, England dark blue, France light blue, Germany dark grey, Italy green,
    Russia purple, Turkey yellow: what veterans know from the board."""
    from engine import Power
    colours = PALETTES["standard"].colours
    hue = {p: _hue_and_lightness(c)[0] for p, c in colours.items()}
    light = {p: _hue_and_lightness(c)[1] for p, c in colours.items()}
    assert hue[Power.AUSTRIA] < 15 or hue[Power.AUSTRIA] > 345
    assert 200 < hue[Power.ENGLAND] < 250 and light[Power.ENGLAND] < 0.4
    assert 190 < hue[Power.FRANCE] < 220 and light[Power.FRANCE] > 0.5
    r, g, b = (int(colours[Power.GERMANY][i:i + 2], 16) for i in (1, 3, 5))
    assert max(r, g, b) - min(r, g, b) < 30 and light[Power.GERMANY] < 0.35
    assert 100 < hue[Power.ITALY] < 140
    assert 250 < hue[Power.RUSSIA] < 290
    assert 40 < hue[Power.TURKEY] < 60
