"""The set-ups for seven down to two players (seed 000 XIV.2), and how neutral powers and the
two-player game's closed Italy play out in adjudication."""

from __future__ import annotations

import pytest

from engine import (
    SETUPS,
    Phase,
    Position,
    Power,
    Reason,
    Status,
    adjudicate,
    closed_provinces,
    coin_toss,
    coin_toss_due,
    neutral_powers,
    setup_named,
    sides,
)
from engine.setups import ITALIAN_TERRITORY
from tests.engine.positions import outcome_of, written_position

A, E, F, G, I, R, T = (  # noqa: E741 (one letter a power, as in the rulebook)
    Power.AUSTRIA, Power.ENGLAND, Power.FRANCE, Power.GERMANY, Power.ITALY,
    Power.RUSSIA, Power.TURKEY)




@pytest.mark.parametrize(("players", "variant", "groups", "neutral", "first_year"), [
    (7, None, [{A}, {E}, {F}, {G}, {I}, {R}, {T}], set(), 1901),
    (6, None, [{A}, {E}, {F}, {G}, {R}, {T}], {I}, 1870),
    (5, None, [{A}, {E}, {F}, {R}, {T}], {I, G}, 1801),
    (4, None, [{E}, {A, F}, {G, T}, {I, R}], set(), 1901),
    (3, "a", [{R}, {E, F, G}, {A, I, T}], set(), 1901),
    (3, "b", [{E, G, A}, {R, I}, {F, T}], set(), 1901),
    (2, None, [{E, F, R}, {G, A, T}], {I}, 1914),
])
def test_setups_follow_the_rulebook(players, variant, groups, neutral, first_year) -> None:
    setup = setup_named(players, variant)
    assert [set(g) for g in setup.groups] == groups
    assert setup.neutral == neutral
    assert setup.first_year == first_year
    assert setup.players == players
    # every power is played by exactly one player or is neutral
    assert sorted(setup.playing + tuple(setup.neutral)) == sorted(Power)


def test_only_the_two_player_game_counts_units_and_closes_italy() -> None:
    for name, setup in SETUPS.items():
        if name == "2":
            assert (setup.victory_target, setup.victory_counts) == (24, "units")
            assert (setup.joins_by_lot, setup.joins_in) == (I, 1915)
            assert setup.closed == ITALIAN_TERRITORY == {"pie", "ven", "tus", "rom", "apu",
                                                         "nap"}
        else:
            assert (setup.victory_target, setup.victory_counts) == (18, "centers")
            assert setup.joins_by_lot is None and setup.closed == frozenset()


@pytest.mark.parametrize(("players", "variant", "message"), [
    (8, None, "no set-up for 8 players"), (1, None, "no set-up for 1 players"),
    (3, "c", "variant 'c'")])
def test_unknown_setups_are_refused_with_what_exists(players, variant, message) -> None:
    with pytest.raises(ValueError, match=message) as error:
        setup_named(players, variant)
    assert "use 2 to 7 players" in str(error.value)


def test_three_players_default_to_the_first_alternative() -> None:
    assert setup_named(3) is SETUPS["3a"] and setup_named(3, "B") is SETUPS["3b"]


# -- neutral powers (six and five players) --------------------------------------------------------
def test_neutral_units_hold_and_do_not_support_each_other() -> None:
    position = written_position({"Italy": ["A VEN", "A ROM"], "Austria": ["A TRI", "A TYR"]})
    result = adjudicate(position, {"Italy": ["A ROM S A VEN", "A VEN - PIE"],
                                   "Austria": ["A TRI - VEN", "A TYR S A TRI - VEN"]},
                        neutral=frozenset({I}))
    assert outcome_of(result, "A ROM S A VEN").reason is Reason.NEUTRAL
    assert outcome_of(result, "A VEN - PIE").reason is Reason.NEUTRAL
    assert outcome_of(result, "A TRI - VEN").status is Status.SUCCEEDS
    # Dislodged neutral units are disbanded at once: no retreat phase.
    assert [u.location for u in result.units_after if u.power is I] == ["rom"]
    assert result.next_position.phase.name == "F1901M"
    assert result.next_position.dislodged == ()
    assert I not in result.civil_disorder


def test_any_order_of_a_neutral_power_is_refused_even_one_of_another_phase() -> None:
    # Found by the property tests: a neutral power's WAIVE in a movement phase used to raise.
    position = written_position({"Italy": ["A VEN"], "Austria": ["A TRI"]})
    result = adjudicate(position, {"Italy": ["WAIVE", "A VEN - TRI", "A TRI H"]},
                        neutral=frozenset({I}))
    assert [r.outcome.reason for r in result.results] == [Reason.NEUTRAL] * 3
    assert {u.location for u in result.units_after} == {"ven", "tri"}


def test_neutral_units_can_be_supported_by_other_powers() -> None:
    position = written_position({"Italy": ["A VEN"], "Austria": ["A TRI", "A TYR"],
                                "France": ["A PIE"]})
    result = adjudicate(position, {"Austria": ["A TRI - VEN", "A TYR S A TRI - VEN"],
                                   "France": ["A PIE S A VEN"]}, neutral=frozenset({I}))
    assert outcome_of(result, "A TRI - VEN").status is Status.FAILS
    assert any(u.power is I and u.location == "ven" for u in result.units_after)


def test_neutral_powers_neither_build_nor_remove() -> None:
    position = written_position({"Italy": ["A VEN", "A ROM", "F NAP"], "Austria": ["A TRI"]},
                                "W1901A", {"Italy": ["ven"], "Austria": ["tri", "vie", "bud"]})
    result = adjudicate(position, {"Austria": ["A VIE B"]}, neutral=frozenset({I}))
    assert len([u for u in result.units_after if u.power is I]) == 3
    assert result.civil_disorder_removes == ()
    assert result.civil_disorder == frozenset()


# -- the two-player game ---------------------------------------------------------------------------
TWO = SETUPS["2"]


def test_italy_is_closed_until_it_joins_a_side() -> None:
    position = written_position({"Italy": ["A VEN"], "Austria": ["A TRI", "A TYR"],
                                "France": ["A MAR"]}, "S1914M")
    orders = {"Austria": ["A TYR - VEN", "A TRI - VEN"], "France": ["A MAR - PIE"]}
    before = adjudicate(position, orders, neutral=neutral_powers(TWO, position.phase),
                        closed=closed_provinces(TWO, position.phase))
    for text, province in (("A MAR - PIE", "pie"), ("A TRI - VEN", "ven")):
        outcome = outcome_of(before, text)
        assert (outcome.status, outcome.reason, outcome.province) == (
            Status.ILLEGAL, Reason.NEUTRAL, province)
    assert {u.location for u in before.units_after} == {"ven", "tri", "tyr", "mar"}

    joined = Phase.parse("S1915M")
    after = adjudicate(Position(joined, position.units, position.supply_centers),
                       {**orders, "Italy": ["A VEN H"]},
                       neutral=neutral_powers(TWO, joined, 1), closed=closed_provinces(
                           TWO, joined, 1))
    assert outcome_of(after, "A MAR - PIE").status is Status.SUCCEEDS
    assert outcome_of(after, "A TRI - VEN").status is Status.FAILS  # a real bounce now
    assert outcome_of(after, "A TRI - VEN").reason is Reason.BOUNCED


def test_no_unit_retreats_into_closed_italy() -> None:
    closed = closed_provinces(TWO, Phase.parse("S1914M"))
    position = written_position({"Austria": ["A TRI"], "Turkey": ["A ALB", "A SER"],
                                "Russia": ["A BUD"], "Germany": ["A VIE"]}, "S1914M")
    result = adjudicate(position, {"Turkey": ["A ALB - TRI", "A SER S A ALB - TRI"]},
                        neutral=frozenset({I}), closed=closed)
    (dislodged,) = result.dislodged_after
    # Trieste's other neighbours are occupied or the attacker's origin; Venice is closed.
    assert dislodged.retreat_options == ("tyr",)
    result = adjudicate(position, {"Turkey": ["A ALB - TRI", "A SER S A ALB - TRI"]},
                        neutral=frozenset({I}))
    assert result.dislodged_after[0].retreat_options == ("tyr", "ven")


def test_the_coin_is_seeded_and_recorded_by_the_caller() -> None:
    assert coin_toss(TWO, 1914) == coin_toss(TWO, 1914)
    assert coin_toss(TWO, "game-42") == coin_toss(TWO, "game-42")
    assert {coin_toss(TWO, seed) for seed in range(40)} == {0, 1}
    with pytest.raises(ValueError, match="no coin toss"):
        coin_toss(SETUPS["7"], 1)


@pytest.mark.parametrize(("phase", "joined", "due"), [
    ("S1914M", None, False), ("F1914M", None, False), ("F1914R", None, False),
    ("W1914A", None, True), ("S1915M", None, True), ("W1914A", 0, False),
    ("S1915M", 1, False)])
def test_the_coin_is_due_after_fall_1914_until_recorded(phase, joined, due) -> None:
    assert coin_toss_due(TWO, Phase.parse(phase), joined) is due
    assert coin_toss_due(SETUPS["6"], Phase.parse(phase), joined) is False


def test_italy_joins_the_drawn_side_from_spring_1915() -> None:
    winter, spring = Phase.parse("W1914A"), Phase.parse("S1915M")
    assert neutral_powers(TWO, winter, 0) == {I}
    assert closed_provinces(TWO, winter, 0) == ITALIAN_TERRITORY
    assert sides(TWO, winter, 0) == ((E, F, R), (G, A, T))
    assert neutral_powers(TWO, spring, 0) == frozenset()
    assert closed_provinces(TWO, spring, 0) == frozenset()
    assert sides(TWO, spring, 0) == ((E, F, R, I), (G, A, T))
    assert sides(TWO, spring, 1) == ((E, F, R), (G, A, T, I))
    # Without a recorded coin Italy stays neutral (and coin_toss_due says so).
    assert neutral_powers(TWO, spring, None) == {I}
