"""Colours. The seven powers take seven of the eight colours of the Okabe-Ito palette (Okabe and
Ito, "Color Universal Design", 2008), chosen to stay apart under protanopia, deuteranopia and
tritanopia; they differ in lightness as well as hue, so they also survive greyscale better than
the board's traditional colours. Sky blue, the eighth, is left out: it would sit too close to the
sea. Province fills are lighter tints of the same colours so that units and arrows, drawn in the
full colour with dark outlines, stand out on them."""

from __future__ import annotations

from engine.vocabulary import Power

POWER_COLOURS: dict[Power, str] = {
    Power.AUSTRIA: "#D55E00",   # vermillion
    Power.ENGLAND: "#CC79A7",   # reddish purple
    Power.FRANCE: "#0072B2",    # blue
    Power.GERMANY: "#3A3A3A",   # black (softened so the outline still shows)
    Power.ITALY: "#009E73",     # bluish green
    Power.RUSSIA: "#E69F00",    # orange
    Power.TURKEY: "#F0E442",    # yellow
}

SEA = "#B9D3E6"
NEUTRAL_LAND = "#F5F0E1"
PLAIN_LAND = "#D9D4C7"
IMPASSABLE = "#8F8A80"
BORDER = "#4A4A4A"
OUTLINE = "#1A1A1A"
FAILED_MARK = "#C00000"
LEGEND_BACKGROUND = "#FFFFFF"
TEXT = "#1A1A1A"


def _mix(colour: str, weight: float) -> str:
    """`colour` mixed with white: weight 1 is the colour itself, 0 is white."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mixed = (round(255 - (255 - c) * weight) for c in (r, g, b))
    return "#{:02X}{:02X}{:02X}".format(*mixed)


# Tints strong enough that neighbouring powers' land, the sea and neutral land stay apart under
# simulated protanopia, deuteranopia and tritanopia too (tests/render/test_palette.py); yellow
# is light already and needs almost its full strength.
POWER_FILLS: dict[Power, str] = {
    power: _mix(colour, 0.65 if power is not Power.TURKEY else 0.9)
    for power, colour in POWER_COLOURS.items()
}
