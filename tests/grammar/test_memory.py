"""What the reader remembers between calls must never change an answer: a position loaded
again is the same position, and a position that differs in any unit, dislodged unit or centre
is a different one."""

from dataclasses import replace

from engine import Position, Power, Unit, UnitType
from grammar import parse_line, parse_message
from grammar.verdicts import view_of
from tests.grammar.positions import ADJUSTMENT, OPENING


def test_a_position_loaded_again_is_recognised():
    again = Position.from_record(OPENING.to_record())
    assert again is not OPENING
    assert view_of(again) is view_of(OPENING)


def test_a_moved_unit_makes_a_different_position_and_a_different_answer():
    before = parse_line("A Ven - Tyr", position=OPENING, power=Power.ITALY)
    units = tuple(u if u.location != "ven" else Unit(Power.ITALY, UnitType.ARMY, "pie")
                  for u in OPENING.units)
    moved = replace(OPENING, units=units)
    after = parse_line("A Ven - Tyr", position=moved, power=Power.ITALY)
    assert (before.valid, after.valid) == (True, False)
    assert after.reason == "there is no unit in Venice (VEN)"


def test_other_centres_make_a_different_position_in_winter():
    builds = parse_line("Build A Par", position=ADJUSTMENT, power=Power.FRANCE)
    poorer = replace(ADJUSTMENT, supply_centers={**ADJUSTMENT.supply_centers,
                                                  Power.FRANCE: frozenset({"spa", "por", "bre"})})
    refused = parse_line("Build A Par", position=poorer, power=Power.FRANCE)
    assert builds.valid and not refused.valid


def test_the_same_message_read_twice_gives_the_same_lines():
    text = "A Ven - Tri\nF Nap - Tyr\nA Rom S A Ven - Tri"
    first = parse_message(text, position=OPENING, power=Power.ITALY)
    second = parse_message(text, position=Position.from_record(OPENING.to_record()),
                           power=Power.ITALY, reply_lang="it")
    assert [x.canonical for x in first] == [x.canonical for x in second]
    assert second[1].notes == ("«Tyr» letto come Mar Tirreno (TYS)",)
