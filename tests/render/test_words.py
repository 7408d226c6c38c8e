"""The map in the game's language: title, seasons, phases, power names and the civil-disorder
label in English, Italian and Dutch (the legend of the SVG, and the PNG drawn from it)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine import Position, Power
from engine.vocabulary import Phase, PhaseKind, Season
from render import render_png, render_svg
from render.palette import palette_named
from render.units import ink
from render.words import WORDS, power_marks

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


@pytest.mark.parametrize("language", sorted(WORDS))
def test_each_powers_mark_is_unique_in_its_language_and_starts_its_name(language):
    marks = power_marks(WORDS[language])
    assert len(set(marks.values())) == len(Power)
    for power, mark in marks.items():
        assert WORDS[language].powers[power].lower().startswith(mark.lower())
        assert 1 <= len(mark) <= 2


def test_italian_tells_inghilterra_from_italia_with_two_letters():
    marks = power_marks(WORDS["it"])
    assert (marks[Power.ENGLAND], marks[Power.ITALY]) == ("In", "It")
    assert marks[Power.AUSTRIA] == "A"
    assert power_marks(WORDS["nl"])[Power.AUSTRIA] == "O"      # Oostenrijk
    assert power_marks(WORDS["nl"])[Power.GERMANY] == "D"      # Duitsland


@pytest.mark.parametrize("language", sorted(WORDS))
def test_every_unit_and_legend_swatch_carries_its_powers_mark(language):
    root = ET.fromstring(render_svg(Position.initial(), language=language))
    marks = power_marks(WORDS[language])
    units = root.find(f".//{SVG}g[@class='units']")
    drawn = {g.get("id"): "".join(g.find(f"{SVG}text[@class='mark']").itertext())
             for g in units}
    assert len(drawn) == 22
    assert drawn["unit-lon"] == marks[Power.ENGLAND]          # a fleet
    assert drawn["unit-rom"] == marks[Power.ITALY]            # an army
    assert drawn["unit-vie"] == marks[Power.AUSTRIA]
    legend = {g.get("id"): "".join(g.find(f"{SVG}text[@class='mark']").itertext())
              for g in root.iter(f"{SVG}g") if g.get("class") == "power"}
    assert legend == {f"legend-{p.value.lower()}": marks[p] for p in Power}


@pytest.mark.parametrize("palette", ["standard", "colourblind"])
def test_each_mark_stands_out_from_its_units_colour(palette):
    """The mark's ink against the unit's colour: a contrast ratio of at least 3 (WCAG's for
    large bold type), in both palettes."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    for power, colour in palette_named(palette).colours.items():
        a, b = sorted((luminance(colour), luminance(ink(colour))))
        assert (b + 0.05) / (a + 0.05) >= 3.0, (palette, power, colour, ink(colour))
