"""The map in the game's language: title, seasons, phases, power names and the civil-disorder
label in English, Italian and Dutch (the legend of the SVG, and the PNG drawn from it)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine import Position, Power
from engine.vocabulary import Phase, PhaseKind, Season
from render import render_png, render_svg
from render.words import WORDS

SVG = "{http://www.w3.org/2000/svg}"


def legend_texts(svg: str) -> list[str]:
    legend = ET.fromstring(svg).find(f".//{SVG}g[@class='legend']")
    return ["".join(t.itertext()) for t in legend.iter(f"{SVG}text")]


def fall_retreats() -> Position:
    start = Position.initial()
    return Position(Phase(1903, Season.FALL, PhaseKind.RETREAT), start.units,
                    start.supply_centers)


@pytest.mark.parametrize(("language", "title", "powers", "disorder"), [
    ("en", "Fall 1903 · Retreats", ["Austria", "England", "France", "Germany", "Italy",
                                    "Russia", "Turkey"], "sommossa"),
    ("it", "Autunno 1903 · Ritirate", ["Austria", "Inghilterra", "Francia", "Germania",
                                       "Italia", "Russia", "Turchia"], "sommossa"),
    ("nl", "Najaar 1903 · Terugtochten", ["Oostenrijk", "Engeland", "Frankrijk", "Duitsland",
                                          "Italië", "Rusland", "Turkije"], "wanorde"),
])
def test_the_legend_speaks_the_games_language(language, title, powers, disorder):
    texts = legend_texts(render_svg(fall_retreats(), game_name="Lepanto", language=language,
                                    civil_disorder={Power.ITALY}))
    assert texts[0] == title
    assert [t for t in texts if t in powers] == powers
    assert texts.count(disorder) == 1


def test_dutch_never_calls_civil_disorder_a_civil_war():
    svg = render_svg(fall_retreats(), language="nl", civil_disorder=set(Power))
    assert "burgeroorlog" not in svg
    assert legend_texts(svg).count("wanorde") == 7


@pytest.mark.parametrize("language", list(WORDS))
def test_every_language_names_every_season_phase_and_power(language):
    words = WORDS[language]
    assert set(words.seasons) == set(Season) and set(words.kinds) == set(PhaseKind)
    assert set(words.powers) == set(Power)
    assert "{phase}" in words.results


def test_an_unknown_language_or_palette_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="en, it, nl"):
        render_svg(Position.initial(), language="fr")
    with pytest.raises(ValueError, match="colourblind, standard"):
        render_png(Position.initial(), palette="sepia")


def test_the_png_legend_changes_with_the_language():
    english = render_png(fall_retreats(), language="en")
    italian = render_png(fall_retreats(), language="it")
    assert english != italian
    assert english[:8] == italian[:8] == b"\x89PNG\r\n\x1a\n"
