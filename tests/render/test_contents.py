"""What a map shows, written into its PNG (`render.svg.contents`, docs/maps.md): the units,
dislodged units, centre owners and orders of the scene the overlay draws, and fog's sight."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from engine import Position, adjudicate
from engine.fog import sight
from engine.vocabulary import Phase, PhaseKind, Power, Season
from render import render_png
from render.png import read_text


def _text(png: bytes) -> dict[str, list[str]]:
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        return {k: [line for line in v.split("\n") if line] for k, v in image.text.items()}


def _dislodging_fall():
    """Fall 1901: France's army in Burgundy, Germany's in the Ruhr and Munich; Germany takes
    Burgundy with support, Italy walks to Tyrolia."""
    start = Position.initial()
    moved = {"par": "bur", "mun": "ruh", "ber": "mun"}
    units = tuple(replace(u, location=moved.get(u.location, u.location)) for u in start.units)
    fall = Position(Phase(1901, Season.FALL, PhaseKind.MOVEMENT), units, start.supply_centers)
    result = adjudicate(fall, {"Germany": ["A RUH - BUR", "A MUN S A RUH - BUR"],
                               "Italy": ["A VEN - TYR"]}, "2023")
    return fall, result


def test_a_whole_map_says_it_shows_every_unit_centre_owner_and_order():
    fall, result = _dislodging_fall()
    shown = _text(render_png(fall, results=result.results))
    assert len(shown["Arbitro-units"]) == 22
    assert "France A bur" in shown["Arbitro-units"] and "Russia F stp/sc" in shown["Arbitro-units"]
    assert len(shown["Arbitro-centres"]) == 22
    assert "Germany A RUH - BUR" in shown["Arbitro-orders"]
    assert shown["Arbitro-sight"] == ["all"]


def test_the_new_position_lists_the_dislodged_unit_and_where_units_now_stand():
    fall, result = _dislodging_fall()
    after = result.next_position
    shown = _text(render_png(fall, results=result.results, after=after))
    assert "Germany A bur" in shown["Arbitro-units"] and "Germany A ruh" not in shown[
        "Arbitro-units"]
    assert [d.unit.location for d in after.dislodged] == ["bur"]
    assert shown["Arbitro-dislodged"] == ["France A bur"]


def test_a_fog_map_lists_only_what_is_in_sight():
    fall, result = _dislodging_fall()
    after = result.next_position
    seen = sight(fall, Power.FRANCE) | sight(after, Power.FRANCE)
    shown = _text(render_png(fall, results=result.results, after=after, visible=seen))
    assert set(shown["Arbitro-sight"][0].split()) == set(seen)
    assert "Germany A bur" in shown["Arbitro-units"]
    assert shown["Arbitro-dislodged"] == ["France A bur"]
    assert "tyr" not in seen and "Italy A tyr" not in shown["Arbitro-units"]
    assert "kie" not in seen and "Germany F kie" not in shown["Arbitro-units"]
    assert not [u for u in shown["Arbitro-units"] if u.startswith(("Russia", "Turkey"))]
    for line in shown["Arbitro-units"] + shown["Arbitro-centres"]:
        assert line.split()[-1].split("/")[0] in seen, line
    assert "Germany A RUH - BUR" in shown["Arbitro-orders"]
    assert not [o for o in shown["Arbitro-orders"] if "VEN" in o]


def test_the_renderers_own_reader_gives_back_what_pillow_reads():
    fall, result = _dislodging_fall()
    png = render_png(fall, results=result.results, after=result.next_position,
                     visible=sight(fall, Power.ITALY))
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        assert read_text(png) == dict(image.text)
    assert read_text(b"\x89PNG\r\n\x1a\n") == {}
