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


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 colour difference (Sharma, Wu and Dalal, 2005): unlike CIE76 it does not
    overstate differences among blues and purples, where England's and Russia's lands sit."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = math.degrees(math.atan2(b1, a1)) % 360, math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_big_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6))
         - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    rotation = 30 * math.exp(-((h_mean - 275) / 25) ** 2)
    r_c = 2 * math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c, s_h = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c
    dl, dc = (l2 - l1) / s_l, (c2 - c1) / s_c
    dhh = d_big_h / s_h
    return math.sqrt(dl ** 2 + dc ** 2 + dhh ** 2 + r_t * dc * dhh)


def test_ciede2000_matches_the_published_test_data():
    # Sharma, Wu and Dalal's test data, pairs 1 and 17
    assert round(ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)), 4) == 2.0425
    assert round(ciede2000((50, 2.5, 0), (73, 25, -18)), 4) == 27.1492


@pytest.mark.parametrize("kind,least", [("fills", 15), ("colours", 20)])
def test_every_pair_of_powers_is_told_apart_at_a_glance_with_normal_vision(kind, least):
    """Measured with the standard palette: lands at least 17.2 apart (France and Germany;
    England and Russia 17.2, 9.5 before Russia went toward violet), units 24."""
    colours = getattr(PALETTES["standard"], kind)
    found = min((ciede2000(seen(a, "normal"), seen(b, "normal")), pa.value, pb.value)
                for (pa, a), (pb, b) in itertools.combinations(colours.items(), 2))
    assert found[0] >= least, f"{found[1]} and {found[2]}: ΔE2000 {found[0]:.1f}"


def test_the_legend_shows_each_power_in_its_land_colour_with_its_units_colour():
    from engine import Position
    from render import render_svg
    for name, palette in PALETTES.items():
        svg = render_svg(Position.initial(), palette=name)
        for power, fill in palette.fills.items():
            legend = svg[svg.index(f'id="legend-{power.value.lower()}"'):]
            legend = legend[:legend.index("</g>")]
            assert f'fill="{fill}"' in legend and f'fill="{palette.colours[power]}"' in legend


@pytest.mark.parametrize("vision", list(VISION))
def test_the_ancient_mediterraneans_colour_blind_palette_stays_apart(vision):
    """Its own colours put Greece's green and Rome's red 14 apart under deuteranopia (their
    lands 6): the colour-blind palette gives it five of Okabe and Ito's, as far apart as the
    seven's (render/variants.py)."""
    from render.variants import map_variant
    palette = map_variant("ancmed").palette("colourblind")
    distance, a, b = closest_pair(dict(palette.colours), vision)
    assert distance >= 15, f"{a} and {b} look alike with {vision} (ΔE {distance:.1f})"
    distance, a, b = closest_pair(dict(palette.fills) | {"sea": SEA, "neutral": NEUTRAL_LAND},
                                  vision)
    assert distance >= 9, f"{a} and {b} look alike with {vision} (ΔE {distance:.1f})"
    assert map_variant("chaos").palette("colourblind") is map_variant("chaos").palette()
