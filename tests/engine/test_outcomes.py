"""Outcomes are values with reasons that name provinces; phases advance as the rules say."""

from __future__ import annotations

import pytest

from engine import Position, adjudicate
from engine.outcomes import Reason, Status
from engine.vocabulary import PhaseKind, Power, Season
from tests.engine.positions import outcome_of, written_position


def test_bounce_names_the_contested_province() -> None:
    position = written_position({"France": ["A BUR"], "Germany": ["A MUN"]})
    result = adjudicate(position, {"France": ["A BUR - RUH"], "Germany": ["A MUN - RUH"]})
    outcome = outcome_of(result, "A BUR - RUH")
    assert (outcome.status, outcome.reason, outcome.province) == (
        Status.FAILS, Reason.BOUNCED, "ruh")
    assert result.next_position.phase.name == "F1901M"


def test_cut_support_names_the_attacker_and_dislodged_unit_gets_options() -> None:
    position = written_position({"Germany": ["A PRU", "A SIL"], "Russia": ["A WAR", "A BOH"]})
    result = adjudicate(position, {"Germany": ["A PRU - WAR", "A SIL S A PRU - WAR"],
                                   "Russia": ["A WAR H", "A BOH - SIL"]})
    assert outcome_of(result, "A SIL S A PRU - WAR").reason is Reason.SUPPORT_CUT
    assert outcome_of(result, "A SIL S A PRU - WAR").province == "boh"
    assert outcome_of(result, "A PRU - WAR").status is Status.FAILS


def test_dislodged_unit_retreat_options_exclude_attacker_origin_and_standoffs() -> None:
    position = written_position({"Germany": ["A MUN", "A TYR", "A RUH", "A BER"],
                                "France": ["A BUR"], "Austria": ["A BOH"]})
    result = adjudicate(position, {
        "Germany": ["A MUN - BUR", "A RUH S A MUN - BUR", "A TYR H", "A BER H"],
        "France": ["A BUR - PIC"], "Austria": ["A BOH - SIL"]})
    # Burgundy moved away: nobody is dislodged there.
    assert result.dislodged_after == ()
    position = written_position({"Germany": ["A MUN", "A RUH"],
                                 "France": ["A BUR", "A PAR", "A GAS"], "England": ["A BEL"]})
    result = adjudicate(position, {
        "Germany": ["A MUN - BUR", "A RUH S A MUN - BUR"],
        "France": ["A BUR H", "A PAR - PIC", "A GAS - MAR"], "England": ["A BEL - PIC"]})
    (dislodged,) = result.dislodged_after
    assert dislodged.attacker_from == "mun"
    # Pic: standoff; Mun: the attacker's origin; Par, Mar, Ruh, Bel: occupied; Gas: vacated.
    assert dislodged.retreat_options == ("gas",)
    assert result.next_position.phase.kind is PhaseKind.RETREAT


def test_a_unit_cannot_dislodge_its_own_power() -> None:
    position = written_position({"France": ["A BUR", "A PAR", "A PIC"]})
    result = adjudicate(position, {"France": ["A PAR - BUR", "A PIC S A PAR - BUR", "A BUR H"]})
    outcome = outcome_of(result, "A PAR - BUR")
    assert (outcome.reason, outcome.province) == (Reason.OWN_UNIT, "bur")
    assert result.dislodged_after == ()


@pytest.mark.parametrize(("rules", "status"), [("1971", Status.ILLEGAL),
                                               ("2023", Status.SUCCEEDS)])
def test_missing_coast_is_void_in_1971_and_completed_in_2023(rules: str, status: Status) -> None:
    position = written_position({"France": ["F GAS"]})
    result = adjudicate(position, {"France": ["F GAS - SPA"]}, rules)
    assert outcome_of(result, "F GAS - SPA").status is status
    if status is Status.ILLEGAL:
        assert outcome_of(result, "F GAS - SPA").reason is Reason.COAST_REQUIRED


def test_orders_for_missing_or_foreign_units_are_illegal_and_the_unit_holds() -> None:
    position = written_position({"France": ["A PAR"], "Germany": ["A MUN"]})
    result = adjudicate(position, {"France": ["A MUN - BUR", "A MAR - BUR"]})
    assert outcome_of(result, "A MUN - BUR").reason is Reason.WRONG_POWER
    assert outcome_of(result, "A MAR - BUR").reason is Reason.NO_UNIT
    assert {u.location for u in result.units_after} == {"par", "mun"}


def test_powers_with_units_and_no_orders_are_in_civil_disorder() -> None:
    result = adjudicate(Position.initial(), {"France": ["A PAR H"], "Italy": []})
    assert result.civil_disorder == frozenset(Power) - {Power.FRANCE}


def test_neutral_powers_are_never_in_civil_disorder_and_their_orders_are_refused() -> None:
    result = adjudicate(Position.initial(), {"Italy": ["A ROM - APU"]},
                        neutral=frozenset({Power.ITALY}))
    assert Power.ITALY not in result.civil_disorder
    assert outcome_of(result, "A ROM - APU").reason is Reason.NEUTRAL
    assert any(u.location == "rom" for u in result.units_after)


def test_fall_without_retreats_updates_centres_and_goes_to_adjustments() -> None:
    position = written_position({"France": ["A BUR"], "Germany": ["A MUN"]}, "F1901M",
                                {"France": ["par"], "Germany": ["mun"]})
    result = adjudicate(position, {"France": ["A BUR - BEL"]})
    assert "bel" in result.supply_centers_after[Power.FRANCE]
    assert result.centers_updated
    nxt = result.next_position
    assert (nxt.phase.season, nxt.phase.kind) == (Season.WINTER, PhaseKind.ADJUSTMENT)


def test_adjustments_with_nothing_to_do_are_skipped() -> None:
    position = written_position({"France": ["A PAR"]}, "F1901M", {"France": ["par"]})
    result = adjudicate(position, {"France": ["A PAR H"]})
    assert result.next_position.phase.name == "S1902M"


def test_builds_only_in_vacant_owned_home_centres_and_surplus_ignored() -> None:
    position = written_position({"Russia": ["A MOS"]}, "W1901A",
                                {"Russia": ["mos", "stp", "war", "sev"], "Germany": ["ber"]})
    result = adjudicate(position, {"Russia": [
        "F STP B", "F STP/NC B", "A MOS B", "A WAR B", "A SEV B", "A UKR B"]})
    assert outcome_of(result, "F STP B").reason is Reason.COAST_REQUIRED
    assert outcome_of(result, "F STP/NC B").status is Status.SUCCEEDS
    assert outcome_of(result, "A MOS B").reason is Reason.OCCUPIED
    assert outcome_of(result, "A WAR B").status is Status.SUCCEEDS
    assert outcome_of(result, "A SEV B").status is Status.SUCCEEDS
    assert outcome_of(result, "A UKR B").reason is Reason.NO_BUILDS
    assert len(result.units_after) == 4


def test_missing_removals_follow_the_civil_disorder_rule_of_the_preset() -> None:
    # Italy owns Warsaw only, armies in Warsaw and Tuscany (DATC 6.J.11).
    position = written_position({"Italy": ["A WAR", "A TUS"]}, "W1901A", {"Italy": ["war"]})
    assert [u.location for u in adjudicate(position, {}, "2023").civil_disorder_removes] == [
        "tus"]
    assert [u.location for u in adjudicate(position, {}, "1971").civil_disorder_removes] == [
        "war"]
    assert adjudicate(position, {}, "2023").civil_disorder == frozenset({Power.ITALY})


def test_two_retreats_to_one_province_disband_both() -> None:
    record = {"phase": "retreat", "season": "Spring 1901", "units": [], "dislodged": [
        {"power": "Italy", "type": "A", "location": "boh", "attacker_from": "sil",
         "retreat_options": ["tyr", "gal"]},
        {"power": "Italy", "type": "A", "location": "vie", "attacker_from": "tri",
         "retreat_options": ["tyr", "gal"]}]}
    result = adjudicate(Position.from_record(record),
                        {"Italy": ["A BOH R TYR", "A VIE R TYR"]})
    assert [r.outcome.reason for r in result.results] == [Reason.RETREAT_BOUNCED] * 2
    assert result.units_after == ()
    assert result.next_position.phase.name == "F1901M"


def test_same_input_same_result() -> None:
    orders = {"France": ["A PAR - BUR"], "Germany": ["A MUN - BUR"], "Italy": ["A VEN - TRI"]}
    assert adjudicate(Position.initial(), orders) == adjudicate(Position.initial(), orders)
