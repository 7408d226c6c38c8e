"""Colours. Two palettes for the seven powers, chosen by the `palette` keyword of the renderer:

- "standard" (the default): the board's traditional colours that veterans know (Austria red,
  England dark blue, France light blue, Germany dark grey, Italy green, Russia purple, Turkey
  yellow), with lightness and tint strength picked so that every pair of unit colours and of land
  tints stays apart under simulated protanopia, deuteranopia and tritanopia as well
  (tests/render/test_palette.py).
- "colourblind": seven of the eight colours of the Okabe-Ito palette (Okabe and Ito, "Color
  Universal Design", 2008), which differ in lightness as well as hue, so they also survive
  greyscale. Sky blue, the eighth, is left out: it would sit too close to the sea. This was the
  map's only palette until the traditional one came.

Province fills are lighter tints of the power colours so that units and arrows, drawn in the full
colour with dark outlines, stand out on them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.vocabulary import Power

SEA = "#B9D3E6"
NEUTRAL_LAND = "#F5F0E1"
PLAIN_LAND = "#D9D4C7"
IMPASSABLE = "#8F8A80"
BORDER = "#4A4A4A"
OUTLINE = "#1A1A1A"
FAILED_MARK = "#C00000"
LEGEND_BACKGROUND = "#FFFFFF"
TEXT = "#1A1A1A"
FOG = "#A9A9A4"             # fog of war: land and sea out of sight


def mix(colour: str, weight: float) -> str:
    """`colour` mixed with white: weight 1 is the colour itself, 0 is white."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mixed = (round(255 - (255 - c) * weight) for c in (r, g, b))
    return "#{:02X}{:02X}{:02X}".format(*mixed)


@dataclass(frozen=True)
class Palette:
    name: str
    colours: dict[Power, str]      # units, arrows, the legend's squares
    fills: dict[Power, str]        # land owned (or held) by the power


def _palette(name: str, colours: dict[Power, str], tints: dict[Power, float]) -> Palette:
    return Palette(name, colours, {p: mix(c, tints[p]) for p, c in colours.items()})


STANDARD = _palette("standard", {
    Power.AUSTRIA: "#D9262B",   # red
    Power.ENGLAND: "#22348C",   # dark blue
    Power.FRANCE: "#5BB3EA",    # light blue
    Power.GERMANY: "#4A4A4A",   # dark grey
    Power.ITALY: "#3A9A44",     # green
    Power.RUSSIA: "#9B59B6",    # purple, toward violet: its land apart from England's
    Power.TURKEY: "#F2CF1D",    # yellow
}, {  # light enough for names and units to read on; apart from each other and from the sea
    Power.AUSTRIA: 0.65, Power.ENGLAND: 0.6, Power.FRANCE: 0.7, Power.GERMANY: 0.4,
    Power.ITALY: 0.55, Power.RUSSIA: 0.6, Power.TURKEY: 0.9,
})

COLOURBLIND = _palette("colourblind", {
    Power.AUSTRIA: "#D55E00",   # vermillion
    Power.ENGLAND: "#CC79A7",   # reddish purple
    Power.FRANCE: "#0072B2",    # blue
    Power.GERMANY: "#3A3A3A",   # black (softened so the outline still shows)
    Power.ITALY: "#009E73",     # bluish green
    Power.RUSSIA: "#E69F00",    # orange
    Power.TURKEY: "#F0E442",    # yellow
}, {  # yellow is light already and needs almost its full strength
    p: 0.65 if p is not Power.TURKEY else 0.9 for p in Power
})

PALETTES = {p.name: p for p in (STANDARD, COLOURBLIND)}


def palette_named(name: str) -> Palette:
    try:
        return PALETTES[name]
    except KeyError:
        raise ValueError(f"unknown palette {name!r}: choose one of "
                         f"{', '.join(sorted(PALETTES))}") from None


# The default palette's colours, for code that draws with one palette only.
POWER_COLOURS = STANDARD.colours
POWER_FILLS = STANDARD.fills
