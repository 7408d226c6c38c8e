"""Properties of adjudication on random positions and random orders (hypothesis), in all three
phase kinds. The orders are drawn from every kind of order, for any location of the board or
none (`xyz`), of the right power or not: most of them are illegal or make no sense, which is
the point. Whatever comes in, the adjudicator must not raise, must never put two units in one
province, must conserve units in movement, and must give the same answer to the same question.
"""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Build,
    Convoy,
    Disband,
    DislodgedUnit,
    Hold,
    Move,
    Phase,
    Position,
    Power,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
    Waive,
    adjudicate,
)
from engine.board import standard_board
from engine.records import adjudicate_record
from engine.vocabulary import province_of

BOARD = standard_board()
PROVINCES = sorted(BOARD.provinces)
CENTERS = sorted(BOARD.supply_centers)
LOCATIONS = sorted({loc for p in PROVINCES for t in UnitType for loc in BOARD.unit_locations(t, p)}
                   | set(PROVINCES)) + ["xyz", "spa/ec"]
FAST = settings(max_examples=int(os.environ.get("ARBITRO_EXAMPLES", "300")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

powers = st.sampled_from(sorted(Power))
rules = st.sampled_from(["1971", "2023"])
# Positions and orders come from a generator seeded by hypothesis: hundreds of separate
# hypothesis draws per example made the run ten times slower. A failure prints the position
# and the orders themselves.
generators = st.integers(0, 2**32 - 1).map(random.Random)


def placed_units(rng, min_size: int = 0, max_size: int = 24) -> tuple[Unit, ...]:
    """Units of random powers on distinct provinces, each where its type can stand."""
    provinces = rng.sample(PROVINCES, rng.randint(min_size, max_size))
    units = []
    for province in provinces:
        kind = rng.choice([t for t in UnitType if BOARD.unit_locations(t, province)])
        location = rng.choice(BOARD.unit_locations(kind, province))
        units.append(Unit(rng.choice(list(Power)), kind, location))
    return tuple(units)


def ownership(rng) -> dict[Power, frozenset[str]]:
    """Each centre owned by a random power or by nobody."""
    owned: dict[Power, set[str]] = {}
    for center in CENTERS:
        owner = rng.choice([None, *Power])
        if owner is not None:
            owned.setdefault(owner, set()).add(center)
    return {p: frozenset(cs) for p, cs in owned.items()}


def any_order(rng, own: list[str]):
    """One order of any kind: mostly for the power's own units, else for any location."""
    where = rng.choice(own) if own and rng.random() < 0.75 else rng.choice(LOCATIONS)
    kind, maybe = rng.choice(list(UnitType)), rng.choice([None, *UnitType])
    there, other = rng.choice(LOCATIONS), rng.choice(LOCATIONS)
    return rng.choice([
        Hold(kind, where), Move(kind, where, there, rng.random() < 0.2),
        Move(kind, where, there), SupportHold(kind, where, maybe, there),
        SupportMove(kind, where, maybe, there, other), Convoy(kind, where, there, other),
        Retreat(kind, where, there), Disband(maybe, where), Build(kind, there), Waive()])


def orders_for(rng, units: tuple[Unit, ...]) -> dict[Power, list]:
    orders: dict[Power, list] = {}
    for power in rng.sample(list(Power), rng.randint(0, len(Power))):
        own = [u.location for u in units if u.power is power]
        orders[power] = [any_order(rng, own) for _ in range(rng.randint(0, len(own) + 3))]
    return orders


@st.composite
def movement(draw):
    rng = draw(generators)
    units = placed_units(rng)
    phase = Phase.parse(rng.choice(["S1901M", "F1901M"]))
    return Position(phase, units, ownership(rng)), orders_for(rng, units), draw(rules)


@st.composite
def retreat(draw):
    rng = draw(generators)
    units = placed_units(rng, min_size=1)
    stay, gone = units[: len(units) // 2 + 1], units[len(units) // 2 + 1:]
    # dislodged where they stand; retreat options worked out by the engine
    dislodged = tuple(DislodgedUnit(unit, rng.choice(
        [None, *sorted(BOARD.provinces_touching(unit.province))])) for unit in gone)
    phase = Phase.parse(rng.choice(["S1901R", "F1901R"]))
    return Position(phase, stay, ownership(rng), dislodged), orders_for(rng, units), draw(rules)


@st.composite
def adjustment(draw):
    rng = draw(generators)
    units = placed_units(rng)
    return (Position(Phase.parse("W1901A"), units, ownership(rng)), orders_for(rng, units),
            draw(rules))


def _one_unit_per_province(units) -> None:
    provinces = [u.province for u in units]
    assert len(provinces) == len(set(provinces)), sorted(provinces)


def _deterministic(position, orders, rules, result) -> None:
    again = adjudicate(position, orders, rules)
    assert again == result
    assert again.next_position == result.next_position


@FAST
@given(movement())
def test_movement_never_fails_and_conserves_units(case) -> None:
    position, orders, rules = case
    result = adjudicate(position, orders, rules)
    _one_unit_per_province(result.units_after)
    assert len(result.units_after) + len(result.dislodged_after) == len(position.units)
    assert len(result.results) == sum(len(o) for o in orders.values())
    occupied = {u.province for u in result.units_after}
    for dislodged in result.dislodged_after:
        assert dislodged.unit.province in occupied  # the attacker took its place
        assert not {province_of(o) for o in dislodged.retreat_options} & occupied
    _one_unit_per_province(result.next_position.units)
    _deterministic(position, orders, rules, result)


@st.composite
def movement_with_neutrals(draw):
    """A movement phase of a smaller set-up: some powers neutral, some provinces closed."""
    position, orders, rules = draw(movement())
    rng = draw(generators)
    neutral = frozenset(rng.sample(list(Power), rng.randint(0, 2)))
    closed = frozenset(rng.sample(PROVINCES, rng.randint(0, 6)))
    return position, orders, rules, neutral, closed


@FAST
@given(movement_with_neutrals())
def test_neutral_units_only_hold_and_nobody_enters_a_closed_province(case) -> None:
    position, orders, rules, neutral, closed = case
    result = adjudicate(position, orders, rules, neutral=neutral, closed=closed)
    _one_unit_per_province(result.units_after)
    assert len(result.units_after) + len(result.dislodged_after) == len(position.units)
    before = set(position.units)
    for unit in result.units_after:
        if unit not in before:  # it moved
            assert unit.power not in neutral and unit.province not in closed
    for dislodged in result.dislodged_after:
        assert not {province_of(o) for o in dislodged.retreat_options} & closed
    assert not result.civil_disorder & neutral
    assert not {d.unit.power for d in result.next_position.dislodged} & neutral
    again = adjudicate(position, orders, rules, neutral=neutral, closed=closed)
    assert again == result and again.next_position == result.next_position


@FAST
@given(retreat())
def test_retreats_never_fail_and_never_share_a_province(case) -> None:
    position, orders, rules = case
    result = adjudicate(position, orders, rules)
    _one_unit_per_province(result.units_after)
    assert set(position.units) <= set(result.units_after)
    assert len(result.units_after) <= len(position.units) + len(position.dislodged)
    _deterministic(position, orders, rules, result)


@FAST
@given(adjustment())
def test_adjustments_never_fail_and_balance_removals(case) -> None:
    position, orders, rules = case
    result = adjudicate(position, orders, rules)
    _one_unit_per_province(result.units_after)
    for power in Power:
        before = sum(1 for u in position.units if u.power is power)
        after = sum(1 for u in result.units_after if u.power is power)
        owned = len(position.supply_centers.get(power, ()))
        if before > owned:  # removals are always made, by order or by civil disorder
            assert after == owned
        else:
            assert before <= after <= max(before, owned)
    _deterministic(position, orders, rules, result)


garbage = st.one_of(st.text(max_size=30),
                    st.sampled_from(["A PAR -", "F STP/XX - BOT", "A PAR S", "BUILD", "WAIVE X",
                                     "A PAR - BUR VIA CONVOY", "F NTH C F LON - BEL",
                                     "A ZZZ R QQQ", "REMOVE", "A PAR D"]))


@FAST
@given(st.sampled_from(["movement", "retreat", "adjustment"]),
       st.lists(garbage, max_size=6), powers)
def test_unreadable_text_is_reported_invalid_not_raised(kind, texts, power) -> None:
    record = {"phase": kind, "season": "Fall 1901",
              "units": [u.to_json() for u in Position.initial().units],
              "orders": {power.value: texts}}
    result = adjudicate_record(record, "2023")
    assert set(result["order_results"].values()) <= {"succeeds", "fails", "invalid"}
    _one_unit_per_province(Unit.from_json(u) for u in result["units_after"])
