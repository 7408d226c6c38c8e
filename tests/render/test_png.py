"""Pixels of the real PNG (`render_png`: the board by resvg, the overlay by Skia, an 8-bit palette
PNG): provinces in their owner's colour, units
at their anchors, the sea, Switzerland, the legend. No golden images: each check names what it
expects at a point computed from the geometry."""

from __future__ import annotations

import math

import pytest

from engine import Position, Power, adjudicate
from engine.vocabulary import Unit, UnitType
from render import render_png
from render.geometry import read_map_data, standard_geometry
from render.labels import label_points
from render.palette import IMPASSABLE, NEUTRAL_LAND, POWER_COLOURS, POWER_FILLS, SEA
from render.svg import LEGEND_HEIGHT, OUTPUT_WIDTH
from tests.render.map_borders import inside
from tests.render.png_pixels import Image, read_png


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def close(actual: tuple[int, int, int], expected: str, tolerance: int = 6) -> bool:
    return all(abs(a - e) <= tolerance for a, e in zip(actual, rgb(expected), strict=True))


def open_spot(pid: str) -> tuple[float, float]:
    """A point of the province in map units, well inside it and clear of its unit, marker and
    label: where only the province's own fill can show."""
    data = read_map_data()["provinces"][pid]
    rings = data["outline"]
    # What else is drawn in a province, and how far it reaches: unit, label, centre marker.
    busy = [(data["anchor"], 24), (label_points()[pid], 36),
            *((xy, 24) for xy in data["coasts"].values())]
    if data.get("center"):
        busy.append((data["center"], 12))
    xs, ys = rings[0][0::2], rings[0][1::2]
    best, best_room = None, 0.0
    for gx in range(int(min(xs)), int(max(xs)), 3):
        for gy in range(int(min(ys)), int(max(ys)), 3):
            if not inside(gx, gy, rings) or any(math.dist((gx, gy), b) < reach for b, reach in busy):
                continue
            room = min(inside(gx + dx, gy + dy, rings) for dx in (-6, 6) for dy in (-6, 6))
            if room and (best is None or gx + gy < best_room):
                best, best_room = (gx, gy), gx + gy
    assert best is not None, f"no open spot in {pid}"
    return best


def at(image: Image, point: tuple[float, float]) -> tuple[int, int, int]:
    scale = OUTPUT_WIDTH / standard_geometry().width
    return image.pixel(point[0] * scale, point[1] * scale)


@pytest.fixture(scope="module")
def opening_png() -> bytes:
    position = Position.initial()
    result = adjudicate(position, {"France": ["A PAR - BUR"], "Germany": ["A MUN - BUR"]},
                        "2023")
    return render_png(position, results=result.results, game_name="Test",
                      civil_disorder={Power.ITALY})


@pytest.fixture(scope="module")
def opening(opening_png) -> Image:
    return read_png(opening_png)


def test_the_png_is_720_pixels_wide_holds_map_and_legend_and_stays_under_a_megabyte(
        opening_png, opening):
    geometry = standard_geometry()
    assert opening_png[:8] == b"\x89PNG\r\n\x1a\n"
    assert opening.width == OUTPUT_WIDTH
    expected_height = round((geometry.height + LEGEND_HEIGHT) * OUTPUT_WIDTH / geometry.width)
    assert opening.height == expected_height
    assert len(opening_png) < 1_000_000


@pytest.mark.parametrize("pid,power", [("par", Power.FRANCE), ("vie", Power.AUSTRIA),
                                       ("mos", Power.RUSSIA), ("lon", Power.ENGLAND),
                                       ("ank", Power.TURKEY), ("ber", Power.GERMANY),
                                       ("rom", Power.ITALY)])
def test_a_home_centre_is_filled_with_its_owners_colour(opening, pid, power):
    assert close(at(opening, open_spot(pid)), POWER_FILLS[power]), pid


def test_neutral_land_and_the_sea_and_switzerland_have_their_own_colours(opening):
    assert close(at(opening, open_spot("ukr")), NEUTRAL_LAND)
    assert close(at(opening, open_spot("bel")), NEUTRAL_LAND)
    assert close(at(opening, open_spot("ion")), SEA)
    data = read_map_data()["impassable"][0]
    xs, ys = data[0::2], data[1::2]
    assert close(at(opening, ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)), IMPASSABLE)


@pytest.mark.parametrize("location,power", [("par", Power.FRANCE), ("war", Power.RUSSIA),
                                            ("smy", Power.TURKEY), ("lvp", Power.ENGLAND)])
def test_an_army_is_drawn_at_its_anchor_in_its_powers_colour(opening, location, power):
    x, y = standard_geometry().anchor(location)
    # Below the power's letter, inside the disc: the power's own colour.
    assert close(at(opening, (x, y + 15)), POWER_COLOURS[power], 12), location
    # Left of the letter too, and outside the disc none of it.
    assert close(at(opening, (x - 13, y)), POWER_COLOURS[power], 12), location
    assert not close(at(opening, (x, y + 26)), POWER_COLOURS[power], 12), location


def test_a_fleet_is_drawn_at_its_coast_anchor(opening):
    x, y = standard_geometry().anchor("stp/sc")
    # the hull, beside the power's letter
    assert close(at(opening, (x - 17, y + 6)), POWER_COLOURS[Power.RUSSIA], 12)
    nx, ny = standard_geometry().anchor("stp/nc")
    assert not close(at(opening, (nx - 17, ny + 6)), POWER_COLOURS[Power.RUSSIA], 12)


def test_a_unit_moved_elsewhere_leaves_its_province_colour_and_shows_at_the_new_anchor():
    start = Position.initial()
    position = Position(start.phase, (Unit(Power.TURKEY, UnitType.ARMY, "ukr"),),
                        start.supply_centers)
    image = read_png(render_png(position))
    x, y = standard_geometry().anchor("ukr")
    assert close(at(image, (x, y + 11)), POWER_COLOURS[Power.TURKEY], 12)
    assert close(at(image, open_spot("ukr")), POWER_FILLS[Power.TURKEY])  # the occupier's tint
    wx, wy = standard_geometry().anchor("war")
    assert close(at(image, (wx, wy + 11)), POWER_FILLS[Power.RUSSIA])   # no unit there now


def test_the_legend_swatches_show_each_powers_land_and_units_colours(opening):
    geometry = standard_geometry()
    slot = geometry.width / 7
    for i, power in enumerate(Power):
        corner = (i * slot + 10 + 6, geometry.height + 62 + 6)  # clear of the sommossa slash
        token = (i * slot + 10 + 20, geometry.height + 62 + 32)   # below its mark, off the slash
        assert close(at(opening, corner), POWER_FILLS[power], 8), power
        assert close(at(opening, token), POWER_COLOURS[power], 8), power


def test_the_large_map_is_twice_as_wide_and_shows_the_same_picture(opening):
    position = Position.initial()
    result = adjudicate(position, {"France": ["A PAR - BUR"], "Germany": ["A MUN - BUR"]},
                        "2023")
    large = read_png(render_png(position, results=result.results, game_name="Test",
                                civil_disorder={Power.ITALY}, size="large"))
    assert (large.width, large.height) == (2 * opening.width, 2 * opening.height)
    x, y = standard_geometry().anchor("par")
    scale = 2 * OUTPUT_WIDTH / standard_geometry().width
    assert close(large.pixel(x * scale, (y + 15) * scale), POWER_COLOURS[Power.FRANCE], 12)
    assert close(large.pixel(*(c * scale for c in open_spot("mos"))), POWER_FILLS[Power.RUSSIA])


def test_an_unknown_size_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown map size 'huge'.*normal, large"):
        render_png(Position.initial(), size="huge")
