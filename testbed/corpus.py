"""The benchmarks' and the tests' lines of orders: every order of the shared games written out
in one of six styles in turn (the engine's notation, English, Italian and Dutch words, the
Italian abbreviation table of seed 003, the rulebook's shorthand), each with the position of its
phase, the power that gave it and the engine's canonical reading (bench/grammar.py times reading
them; tests/grammar/test_single_reading.py checks each has one reading)."""

from __future__ import annotations

from collections.abc import Callable

from engine import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Position,
    Power,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
    adjudicate,
    parse_order,
)
from engine.records import game_phase_position
from grammar.lexicon import vocabulary


# -- writing an order in a style -------------------------------------------------------------
class Style:
    """Words of one way of writing orders, taken from the vocabulary files themselves."""

    def __init__(self, name: str, language: str, units: dict[str, str], words: dict[str, str],
                 place: Callable[[str], str]) -> None:
        self.name, self.language, self.units, self.words, self.place = (
            name, language, units, words, place)

    def unit(self, unit, location: str) -> str:
        where = self.place(location)
        return f"{self.units[unit.value]} {where}" if unit else where

    def write(self, order: Order) -> str:
        w = self.words
        if isinstance(order, Hold):
            return f"{self.unit(order.unit, order.location)} {w['hold']}"
        if isinstance(order, Move):
            via = f" {w['via']}" if order.via_convoy else ""
            return f"{self.unit(order.unit, order.location)} {w['move']} " \
                   f"{self.place(order.target)}{via}"
        if isinstance(order, SupportHold):
            return f"{self.unit(order.unit, order.location)} {w['support']} " \
                   f"{self.unit(order.supported_unit, order.supported_location)}"
        if isinstance(order, SupportMove):
            return f"{self.unit(order.unit, order.location)} {w['support']} " \
                   f"{self.unit(order.supported_unit, order.supported_location)} " \
                   f"{w['move']} {self.place(order.target)}"
        if isinstance(order, Convoy):
            return f"{self.unit(order.unit, order.location)} {w['convoy']} " \
                   f"{self.units['A']} {self.place(order.army_location)} {w['move']} " \
                   f"{self.place(order.target)}"
        if isinstance(order, Retreat):
            return f"{self.unit(order.unit, order.location)} {w['retreat']} " \
                   f"{self.place(order.target)}"
        if isinstance(order, Disband):
            return f"{w['disband']} {self.unit(order.unit, order.location)}"
        if isinstance(order, Build):
            return f"{w['build']} {self.unit(order.unit, order.location)}"
        if isinstance(order, Waive):
            return w["waive"]
        raise AssertionError(order)


def _names(language: str, coast_words: dict[str, str]) -> Callable[[str], str]:
    provinces = vocabulary(language)["provinces"]

    def place(location: str) -> str:
        province, _, coast = location.partition("/")
        name = provinces[province][0]
        return f"{name} {coast_words[coast]}" if coast else name
    return place


def _abbreviations(language: str) -> Callable[[str], str]:
    table: dict[str, str] = {}
    for abbr, pid in vocabulary(language)["abbreviations"].items():
        if isinstance(pid, str):
            table.setdefault(pid, abbr.capitalize())
    coasts = {"nc": "(Cn)", "sc": "(Cs)", "ec": "(Ce)"}

    def place(location: str) -> str:
        province, _, coast = location.partition("/")
        name = table.get(province, province.capitalize())
        return f"{name} {coasts[coast]}" if coast else name
    return place


def styles() -> list[Style]:
    units_en = {"A": "Army", "F": "Fleet"}
    return [
        Style("engine notation", "en", {"A": "A", "F": "F"},
              dict(hold="H", move="-", support="S", convoy="C", via="VIA", retreat="R",
                   disband="REMOVE", build="BUILD", waive="WAIVE"),
              lambda loc: loc.upper()),
        Style("English words", "en", units_en,
              dict(hold="holds", move="moves to", support="supports", convoy="convoys",
                   via="via convoy", retreat="retreats to", disband="disband", build="build",
                   waive="waive"),
              _names("en", {"nc": "north coast", "sc": "south coast", "ec": "east coast"})),
        Style("Italian table (seed 003)", "it", {"A": "A", "F": "F"},
              dict(hold="XXX", move="-", support="APP", convoy="TRA", via="via mare",
                   retreat="RIT", disband="sciogli", build="costruisci", waive="rinuncia"),
              _abbreviations("it")),
        Style("Italian words", "it", {"A": "Esercito", "F": "Flotta"},
              dict(hold="tiene", move="verso", support="appoggia", convoy="trasporta",
                   via="via mare", retreat="si ritira in", disband="sciogli",
                   build="costruisci", waive="rinuncia"),
              _names("it", {"nc": "costa nord", "sc": "costa sud", "ec": "costa est"})),
        Style("Dutch words", "nl", {"A": "Leger", "F": "Vloot"},
              dict(hold="houdt", move="naar", support="steunt", convoy="konvooieert",
                   via="via konvooi", retreat="trekt terug naar", disband="ontbind",
                   build="bouw", waive="sla over"),
              _names("nl", {"nc": "noordkust", "sc": "zuidkust", "ec": "oostkust"})),
        Style("rulebook shorthand (seed 000)", "en", {"A": "A", "F": "F"},
              dict(hold="Stands", move="-", support="S", convoy="C", via="VIA", retreat="-",
                   disband="disband", build="build", waive="waive"),
              lambda loc: loc.replace("stp", "StP").capitalize() if "/" not in loc
              else f"{loc[:3].capitalize()}/{loc[4:]}"),
    ]


# -- the corpus ------------------------------------------------------------------------------
def corpus(games: list[dict], limit: int | None) -> list[tuple[Position, Power, str, str]]:
    """(position, power, line, expected canonical) for every order of every game."""
    out = []
    kinds = styles()
    turn = 0
    for game in games:
        before = None  # the engine's result of the phase before
        for phase in game["phases"]:
            # A retreat phase's dislodged units (attackers, options) come from the engine's
            # result of the movement phase before, as in a running game.
            position = game_phase_position(phase, before.dislodged_after if (
                phase["type"] == "retreat" and before is not None) else ())
            before = adjudicate(position, phase["orders"], "2023")
            for power_name, texts in phase["orders"].items():
                power = Power.parse(power_name)
                for text in texts:
                    order = parse_order(text, position.phase.kind)
                    style = kinds[turn % len(kinds)]
                    turn += 1
                    line = text if style.name == "engine notation" else style.write(order)
                    out.append((position, power, line, _expected(order)))
                    if limit and len(out) >= limit:
                        return out
    return out


def _expected(order: Order) -> str:
    return order.canonical()
