"""Province abbreviations readable on a phone: Discord shows the map 400 px wide, and no two
names may run into each other where the board is crowded (the Low Countries, the Balkans)."""

from __future__ import annotations

import itertools

from render.geometry import standard_geometry
from render.overlay import text_width
from render.svg import LABEL_OPACITY, LABEL_SIZE, OUTPUT_WIDTH

PREVIEW_WIDTH = 400
# DejaVu Sans Bold: capital letters stand 0.729 of the font size.
CAP_HEIGHT = 0.729


def boxes() -> dict[str, tuple[float, float, float, float]]:
    """Each province name's box (left, top, right, bottom) in map units, as drawn."""
    out = {}
    for pid, shape in standard_geometry().provinces.items():
        x, y = shape.label
        width = text_width(pid.upper(), LABEL_SIZE)
        baseline = y + LABEL_SIZE * 0.36
        out[pid] = (x - width / 2, baseline - LABEL_SIZE * CAP_HEIGHT, x + width / 2, baseline)
    return out


def test_names_are_at_least_four_pixels_tall_in_the_400_pixel_preview():
    geometry = standard_geometry()
    cap = LABEL_SIZE * CAP_HEIGHT * PREVIEW_WIDTH / geometry.width
    assert cap >= 4.0, f"capitals {cap:.1f} px tall in the preview"
    assert LABEL_SIZE * OUTPUT_WIDTH / geometry.width >= 10      # full size: 10 px type
    assert LABEL_OPACITY >= 0.7                                   # dark enough on any tint


def test_no_two_names_overlap_anywhere_on_the_board():
    found = boxes()
    clashes = [(a, b) for (a, ba), (b, bb) in itertools.combinations(found.items(), 2)
               if ba[0] < bb[2] and bb[0] < ba[2] and ba[1] < bb[3] and bb[1] < ba[3]]
    assert clashes == []

