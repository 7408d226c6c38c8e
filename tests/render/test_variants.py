"""The renderer on every variant: its drawing, palette, power names and marks; the fog of war."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from engine import Position
from engine.variants import board_of
from render import render_png, render_svg
from render.geometry import geometry_named
from render.labels import label_points
from render.palette import FOG
from render.variants import map_variant
from testbed.variant_maps import CASES
from tests.render.png_pixels import read_png
from tests.shared_data import shared_file


@pytest.mark.parametrize("variant", sorted(CASES))
def test_each_variant_s_map_with_orders_and_results_is_a_png_under_80_kb(variant):
    position, results = CASES[variant]()
    png = render_png(position, results=results, variant=variant, game_name="Variante",
                     language="it")
    assert len(png) <= 80_000
    with Image.open(io.BytesIO(png)) as image:
        assert image.width == 720


def test_fleet_rome_draws_the_standard_map():
    position = Position.initial()
    assert render_png(position, variant="fleet_rome") == render_png(position)


@pytest.mark.parametrize(("variant", "playing", "absent"), [
    ("france_austria", ("Francia", "Austria"), ("Germania", "Inghilterra", "Turchia")),
    ("germany_italy", ("Germania", "Italia"), ("Francia", "Austria", "Russia"))])
def test_a_one_against_one_game_draws_the_standard_map_with_its_two_powers_alone(
        variant, playing, absent):
    position = Position.initial(board_of(variant))
    svg = render_svg(position, language="it")
    standard = render_svg(Position.initial(), language="it")
    legend = svg[svg.index('<g class="legend"'):]
    assert legend.count('<g class="power"') == 2
    assert all(f">{name}</text>" in legend for name in playing)
    assert not any(f">{name}</text>" in legend for name in absent)
    provinces = re.compile(r'id="province-([a-z]+)"')
    assert provinces.findall(svg) == provinces.findall(standard)       # the classic board


def test_ancmed_legend_names_its_five_powers_in_the_map_s_language():
    position, results = CASES["ancmed"]()
    svg = render_svg(position, results=results, variant="ancmed", language="nl")
    for name in ("Carthago", "Egypte", "Griekenland", "Perzië", "Rome"):
        assert f">{name}</text>" in svg
    assert "Austria" not in svg and "Oostenrijk" not in svg
    assert 'id="unit-byz"' not in svg and 'id="unit-mac"' in svg


def test_chaos_tells_its_34_powers_apart_by_letters_not_colour_alone():
    position, results = CASES["chaos"]()
    svg = render_svg(position, results=results, variant="chaos")
    board = map_variant("chaos")
    assert len(board.powers) == 34
    assert len(set(board.colours.values())) == 34
    assert len(set(board.marks.values())) == 34
    marks = re.findall(r'class="mark"[^>]*>([A-Z]+)</text>', svg)
    # every unit and every legend swatch carries its power's home centre in capitals
    assert sorted(marks) == sorted(list(board.marks.values()) * 2)
    assert svg.count('class="power"') == 34


def test_an_unknown_variant_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown variant 'atlantis'"):
        render_png(Position.initial(), variant="atlantis")


def test_fog_of_war_shows_only_what_is_in_sight():
    position = Position.initial()
    sight = {"lon", "edi", "lvp", "nth", "eng", "iri", "wal", "yor", "cly", "nwg", "bre"}
    svg = render_svg(position, visible=sight)
    assert {"unit-lon", "unit-edi", "unit-lvp", "unit-bre"} == set(
        re.findall(r'id="(unit-[a-z]+)"', svg))
    # a centre out of sight shows no owner; the land and sea out of sight are grey
    assert re.search(r'id="center-par">.*?r="4" fill="#FFFFFF"', svg)
    assert re.search(rf'id="province-par" d="[^"]*" fill="{FOG}"', svg)
    assert re.search(rf'id="province-mao" d="[^"]*" fill="{FOG}"', svg)
    assert not re.search(rf'id="province-nth" d="[^"]*" fill="{FOG}"', svg)


def _legend_counts(svg: str) -> dict[str, str]:
    legend = svg[svg.index('<g class="legend"'):]
    return dict(re.findall(r'id="legend-([a-z-]+)">.*?font-size="\d+" fill="[^"]+">([?\d]+)</text>',
                           legend))


def test_fog_of_war_s_legend_gives_only_the_counts_the_reader_may_know():
    # France holds Brest in sight: counted from the position, the legend would say 1 (a
    # whole count, as a reader takes it); told only England's, it says "?" for the others
    position = Position.initial()
    sight = {"lon", "edi", "lvp", "nth", "eng", "iri", "wal", "yor", "cly", "nwg", "bre"}
    assert _legend_counts(render_svg(position, visible=sight))["france"] == "1"
    counts = _legend_counts(render_svg(position, visible=sight, counts={"England": 3}))
    assert counts == {"austria": "?", "england": "3", "france": "?", "germany": "?",
                      "italy": "?", "russia": "?", "turkey": "?"}
    public = {p.value: 3 for p in position.board.powers} | {"Russia": 4}
    assert _legend_counts(render_svg(position, visible=sight, counts=public))["russia"] == "4"
    # without fog, the counts given are drawn and the others counted
    assert _legend_counts(render_svg(position, counts={"Italy": 9}))["italy"] == "9"
    assert _legend_counts(render_svg(position, counts={"Italy": 9}))["russia"] == "4"


def test_fog_of_war_png_greys_what_is_out_of_sight():
    position = Position.initial()
    fog = bytes(int(FOG[i:i + 2], 16) for i in (1, 3, 5))

    def fog_share(png: bytes) -> float:
        image = read_png(png)
        hits = sum(row[i:i + 3] == fog for row in image.rows
                   for i in range(0, len(row), image.channels * 4))
        return hits / (image.height * image.width / 4)

    assert fog_share(render_png(position, visible={"lon", "nth"})) > 0.5
    assert fog_share(render_png(position)) == 0


def test_fog_of_war_refuses_a_province_not_on_the_board():
    with pytest.raises(ValueError, match="not provinces of the board: xyz"):
        render_png(Position.initial(), visible={"lon", "xyz"})


def test_ancmed_powers_are_the_map_file_s_and_each_name_s_centres_are_drawn():
    text = shared_file("variants", "ancmed.map").read_text(encoding="utf-8")
    published = re.findall(r"^([A-Z]+)\s+\([A-Z]+\)", text, re.MULTILINE)
    assert list(map_variant("ancmed").powers) == sorted(p.title() for p in published)
    for language in ("en", "it", "nl"):
        assert set(map_variant("ancmed").names[language]) == set(map_variant("ancmed").powers)


@pytest.mark.parametrize("name", ["ancmed", "pure"])
def test_every_province_of_a_variant_s_drawing_has_its_name_placed_on_the_map(name):
    geometry = geometry_named(name)
    points = label_points(name)
    assert set(points) == set(geometry.provinces)
    for pid, (x, y) in points.items():
        assert 0 <= x <= geometry.width and 0 <= y <= geometry.height, pid
