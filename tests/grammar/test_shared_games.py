"""The 12,336 orders of the 20 shared games, written in the engine's notation, read by the
grammar against each phase's position exactly as the engine's own reader reads them."""

from __future__ import annotations

from engine import Position, Power, parse_order
from grammar import parse_line
from tests.shared_data import load_json, shared_file


def test_every_order_of_the_shared_games_reads_as_the_engine_reads_it():
    read = 0
    for path in sorted(shared_file("games").glob("*.json")):
        game = load_json("games", path.name)
        for phase in game["phases"]:
            position = Position.from_record({"phase": phase["phase"],
                                             "units": phase["units_before"],
                                             "supply_centers": phase["centers_before"]})
            for power, texts in phase["orders"].items():
                for text in texts:
                    expected = parse_order(text, position.phase.kind).canonical()
                    line = parse_line(text, position=position, power=Power.parse(power),
                                      rules="2023")
                    assert line.canonical == expected, (path.name, phase["phase"], text,
                                                        line.error)
                    read += 1
    assert read == 12_336
