"""A map's alt text (the attachment's description) says, in the reader's language, the units
the map shows: read from the PNG, so under fog of war only those in sight."""

from __future__ import annotations

from bot.map_files import LIMIT, map_description, map_file
from engine.fog import sight
from engine.position import Position
from engine.vocabulary import Power
from render import render_png
from render.chart import render_chart


def test_the_whole_board_named_in_italian():
    text = map_description(render_png(Position.initial()), "it")
    assert text.startswith("Unità sulla mappa — ")
    assert "Inghilterra: F Londra (LON)" in text and "F San Pietroburgo" in text
    assert "Nebbia" not in text and len(text) <= LIMIT


def test_a_fog_map_names_only_the_units_in_sight_and_says_so_in_dutch():
    start = Position.initial()
    png = render_png(start, visible=sight(start, Power.ENGLAND))
    text = map_description(png, "nl")
    assert text.startswith("Eenheden op de kaart — Engeland: ")
    assert "Frankrijk" not in text and "Duitsland" not in text
    assert text.endswith("Oorlogsmist: de kaart toont alleen wat je kunt zien.")


def test_a_picture_that_says_nothing_of_itself_gets_no_description():
    chart = render_chart([(1901, {Power.ENGLAND: 4}), (1902, {Power.ENGLAND: 5})], game_name="x")
    assert map_description(chart, "en") is None
    assert map_file(render_png(Position.initial()), "m.png", "en").description.startswith(
        "Units on the map — ")
