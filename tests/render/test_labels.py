"""Province names readable on a phone: Discord shows the map 400 px wide, where the capitals
must stand at least 6 px tall; no two names may run into each other where the board is crowded
(the Low Countries, Italy, the Balkans), and no name may hide under a unit or a centre marker."""

from __future__ import annotations

import itertools
import math

import pytest

from render.geometry import read_map_data, standard_geometry
from render.labels import (
    CAP_HEIGHT,
    LABEL_GAP,
    LABEL_SIZE,
    OUTSIDE_REACH,
    label_box,
    label_points,
    obstacles,
    overlaps,
    unit_box,
)
from render.overlay import text_width
from render.svg import LABEL_OPACITY, OUTPUT_WIDTH
from tests.render.cases import cases

PREVIEW_WIDTH = 400
LEAST_CAP_PX = 6.0       # the capitals' height in the 400 px preview (was 4.1)


def boxes() -> dict[str, tuple[float, float, float, float]]:
    """Each province name's box with its halo (left, top, right, bottom) in map units."""
    return {pid: label_box(pid, at, text_width(pid.upper(), LABEL_SIZE))
            for pid, at in label_points().items()}


def test_capitals_are_at_least_six_pixels_tall_in_the_400_pixel_preview():
    geometry = standard_geometry()
    cap = LABEL_SIZE * CAP_HEIGHT * PREVIEW_WIDTH / geometry.width
    assert cap >= LEAST_CAP_PX, f"capitals {cap:.1f} px tall in the preview"
    assert LABEL_SIZE * OUTPUT_WIDTH / geometry.width >= 15      # full size: 15 px type
    assert LABEL_OPACITY >= 0.8                                   # dark enough on any tint


def test_the_drawn_capitals_measure_six_pixels_in_the_preview():
    """Measured on the shipped font: a capital H drawn at the preview's size, supersampled
    8 times, stands at least 6 px tall (rows at least half covered)."""
    import aggdraw
    import numpy as np

    from render.overlay import font
    size = LABEL_SIZE * PREVIEW_WIDTH / standard_geometry().width * 8
    canvas = aggdraw.Draw("L", (int(size * 2), int(size * 2)), 0)
    canvas.text((4, 4), "H", font("white", size))
    pixels = np.frombuffer(canvas.tobytes(), np.uint8).reshape(int(size * 2), -1)
    rows = np.nonzero(pixels.max(axis=1) >= 128)[0]
    cap = (rows[-1] - rows[0] + 1) / 8
    assert cap >= LEAST_CAP_PX, f"capitals {cap:.2f} px tall in the preview"


def test_every_province_has_a_name_placed():
    assert set(label_points()) == set(standard_geometry().provinces)


def test_no_two_names_come_closer_than_the_gap():
    found = boxes()
    clashes = [(a, b) for (a, ba), (b, bb) in itertools.combinations(found.items(), 2)
               if overlaps(ba, bb, LABEL_GAP - 0.01)]
    assert clashes == []


def test_no_name_lies_under_a_unit_wherever_one_may_stand_or_under_a_centre_marker():
    found = boxes()
    under = [(pid, o) for pid, box in found.items() for o in obstacles() if overlaps(box, o)]
    assert under == []


@pytest.mark.parametrize("case", ["opening", "midgame", "retreat_options", "builds"])
def test_no_name_lies_under_a_unit_of_the_test_positions(case):
    position = cases()[case]["position"]
    geometry = standard_geometry()
    found = boxes()
    under = [(pid, unit.location) for unit in position.units for pid, box in found.items()
             if overlaps(box, unit_box(geometry.anchor(unit.location)))]
    assert under == []
    assert len(position.units) > 10


def _inside(point, rings) -> bool:
    x, y = point
    inside = False
    for ring in rings:
        pts = list(zip(ring[0::2], ring[1::2], strict=True))
        for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
    return inside


def _distance(point, rings) -> float:
    best = math.inf
    for ring in rings:
        pts = list(zip(ring[0::2], ring[1::2], strict=True))
        for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
            dx, dy = x2 - x1, y2 - y1
            t = max(0.0, min(1.0, ((point[0] - x1) * dx + (point[1] - y1) * dy)
                             / ((dx * dx + dy * dy) or 1.0)))
            best = min(best, math.dist(point, (x1 + t * dx, y1 + t * dy)))
    return best


def test_each_name_stands_in_its_province_or_just_off_a_narrow_one():
    data = read_map_data()["provinces"]
    outside = {}
    for pid, at in label_points().items():
        if not _inside(at, data[pid]["outline"]):
            outside[pid] = _distance(at, data[pid]["outline"])
    # the box's diagonal reaches farther than the grown mask's square corner
    assert all(d <= max(OUTSIDE_REACH) * math.sqrt(2) for d in outside.values()), outside
    assert len(outside) <= 8, outside       # only where a province has no room of its own


def test_a_name_off_its_province_is_nearer_it_than_any_other_name_off_its_own():
    """Names standing just off a narrow province (Italy's west coast) are not taken for their
    neighbour's: each is nearer its own province than any other such name is."""
    data = read_map_data()["provinces"]
    off = {pid: at for pid, at in label_points().items()
           if not _inside(at, data[pid]["outline"])}
    for pid, at in off.items():
        own = _distance(at, data[pid]["outline"])
        for other, elsewhere in off.items():
            if other != pid:
                assert own < _distance(elsewhere, data[pid]["outline"]), (pid, other)
