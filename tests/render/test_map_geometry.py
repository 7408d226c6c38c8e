"""The committed map geometry (`render/data/standard_map.json`) against the engine's board."""

from __future__ import annotations

import math

import pytest

from engine import standard_board
from render.geometry import read_map_data
from render.units import _HULL, _S, _SAILS, UNIT_RADIUS
from tests.render.map_borders import drawn_borders, inside

# Pairs that may differ between the drawing and the engine, each with its reason. None are
# needed today: the Danish straits and the Bosporus are drawn as land of Denmark and
# Constantinople (tools/map_seeds.py FILLS), which is exactly how the board treats them.
DELIBERATE_EXCEPTIONS: dict[frozenset[str], str] = {}


@pytest.fixture(scope="module")
def data() -> dict:
    return read_map_data()


def engine_borders() -> set[frozenset[str]]:
    board = standard_board()
    return {frozenset((p, q)) for p in board.provinces for q in board.provinces_touching(p)}


def _names(pairs: set[frozenset[str]]) -> list[str]:
    return sorted("-".join(sorted(pair)) for pair in pairs)


def test_provinces_touching_on_the_map_are_adjacent_in_the_engine():
    extra = drawn_borders() - engine_borders() - set(DELIBERATE_EXCEPTIONS)
    assert not extra, f"drawn as neighbours but not adjacent in the engine: {_names(extra)}"


def test_provinces_adjacent_in_the_engine_touch_on_the_map():
    missing = engine_borders() - drawn_borders() - set(DELIBERATE_EXCEPTIONS)
    assert not missing, f"adjacent in the engine but not drawn touching: {_names(missing)}"


def test_every_province_of_the_board_is_drawn_with_its_kind(data):
    board = standard_board()
    assert set(data["provinces"]) == set(board.provinces)
    for pid, province in board.provinces.items():
        assert data["provinces"][pid]["kind"] == province.kind
        assert data["provinces"][pid]["outline"], pid


def test_supply_centre_markers_are_drawn_exactly_on_supply_centres(data):
    board = standard_board()
    marked = {pid for pid, p in data["provinces"].items() if p.get("center")}
    assert marked == set(board.supply_centers)
    assert len(marked) == 34


def test_unit_anchors_markers_and_labels_lie_inside_their_province(data):
    for pid, p in data["provinces"].items():
        points = {"anchor": p["anchor"], "label": p["label"], **p["coasts"]}
        if p.get("center"):
            points["center"] = p["center"]
        for what, point in points.items():
            assert inside(*point, p["outline"]), f"{pid} {what} {point} is outside {pid}"


def test_every_two_coast_province_has_one_anchor_per_coast(data):
    board = standard_board()
    for pid, province in board.provinces.items():
        assert sorted(data["provinces"][pid]["coasts"]) == sorted(province.coasts)
    assert {pid for pid, p in data["provinces"].items() if p["coasts"]} == {"stp", "spa", "bul"}


def _distance_to_outline(point: list[float], rings: list[list[float]]) -> float:
    px, py = point
    best = math.inf
    for ring in rings:
        pts = [(ring[i], ring[i + 1]) for i in range(0, len(ring), 2)]
        for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
            dx, dy = x2 - x1, y2 - y1
            t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy or 1)))
            best = min(best, math.hypot(px - x1 - t * dx, py - y1 - t * dy))
    return best


@pytest.mark.parametrize("province", ["stp", "spa", "bul"])
def test_each_coast_anchor_lies_nearer_the_seas_of_its_own_coast(data, province):
    board = standard_board()
    coasts = data["provinces"][province]["coasts"]
    seas = {c: {loc.split("/")[0] for loc in board.fleet_neighbours(f"{province}/{c}")
                if board.provinces[loc.split("/")[0]].is_sea} for c in coasts}
    for coast, anchor in coasts.items():
        own = min(_distance_to_outline(anchor, data["provinces"][s]["outline"])
                  for s in seas[coast])
        for other, other_seas in seas.items():
            for sea in other_seas - seas[coast]:
                assert own < _distance_to_outline(anchor, data["provinces"][sea]["outline"]), \
                    f"{province}/{coast} is drawn nearer {sea} ({other} coast)"


def test_the_frame_holds_every_outline(data):
    for pid, p in data["provinces"].items():
        for ring in p["outline"]:
            xs, ys = ring[0::2], ring[1::2]
            assert min(xs) >= 0 and max(xs) <= data["width"], pid
            assert min(ys) >= 0 and max(ys) <= data["height"], pid


def test_supply_centre_markers_are_clear_of_the_units_standing_in_their_province(data):
    # An army is a disc of UNIT_RADIUS, a fleet a hull with sails (render/units.py), each with
    # a 1.5-unit outline; a marker reaches 9.25 units from its centre: they must not touch, so that
    # neither hides the other.
    fleet = [(x * _S, y * _S) for x, y in _HULL]
    sails = [[(x * _S, y * _S) for x, y in sail] for sail in _SAILS]
    reach = 8 + 1.25 + 1.5 + 0.5
    for pid, p in data["provinces"].items():
        if not p.get("center"):
            continue
        for where in [p["anchor"], *p["coasts"].values()]:
            dx, dy = p["center"][0] - where[0], p["center"][1] - where[1]
            assert math.hypot(dx, dy) >= UNIT_RADIUS + reach, pid
            for shape in (fleet, *sails):
                assert _to_polygon((dx, dy), shape) >= reach, pid


def _to_polygon(point, corners) -> float:
    """Distance from `point` to a convex polygon's outline (0 inside)."""
    x, y = point
    signs = []
    best = math.inf
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1], strict=True):
        signs.append((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) > 0)
        ex, ey = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((x - x1) * ex + (y - y1) * ey) / (ex * ex + ey * ey)))
        best = min(best, math.dist(point, (x1 + t * ex, y1 + t * ey)))
    return 0.0 if all(signs) or not any(signs) else best
