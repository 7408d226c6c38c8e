"""Every order the computer player gives is legal, and every unit that needs an order gets one,
on random positions reached by random play, in every phase kind, on every set-up the engine
knows (seven players down to two: neutral powers, closed provinces), under both rule presets.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from computer import choose_orders
from engine import (
    SETUPS,
    DislodgedUnit,
    Phase,
    PhaseKind,
    Position,
    Status,
    adjudicate,
    closed_provinces,
    neutral_powers,
)
from engine.adjustments import adjustment_counts
from engine.orders import Build, Disband, Retreat, Waive
from engine.records import game_phase_position, replay_game
from engine.variants import VARIANT_IDS, board_of
from engine.vocabulary import province_of
from testbed.baselines import random_player
from tests.engine.test_properties import ownership, placed_units
from tests.shared_data import shared_file

EXAMPLES = settings(max_examples=int(os.environ.get("ARBITRO_COMPUTER_EXAMPLES", "25")),
                    deadline=None, suppress_health_check=[HealthCheck.too_slow])
THINK_MS = 15   # a small budget: legality does not depend on how long it thinks


def random_game(seed: int, setup_name: str, kind: PhaseKind) -> tuple[Position, dict]:
    """A position of the wanted kind reached by random legal play from the set-up's start."""
    rng = random.Random(seed)
    setup = SETUPS[setup_name]
    position = Position.initial(year=setup.first_year)
    for _ in range(rng.randint(0, 24)):
        neutral = neutral_powers(setup, position.phase)
        closed = closed_provinces(setup, position.phase)
        orders = {p: random_player(position, p, rng) for p in sorted(position.powers_with_units())
                  if p not in neutral}
        position = adjudicate(position, orders, rng.choice(["1971", "2023"]),
                              neutral=neutral, closed=closed).next_position
        if position.phase.kind is kind and rng.random() < 0.5:
            break
    return position, {"neutral": neutral_powers(setup, position.phase),
                      "closed": closed_provinces(setup, position.phase)}


def check(position: Position, extra: dict, rules: str, seed: int) -> None:
    kind = position.phase.kind
    due = adjustment_counts(position.units, position.supply_centers, extra["neutral"])
    for power in sorted({u.power for u in position.units}
                        | {d.unit.power for d in position.dislodged}
                        | set(position.supply_centers)):
        orders = choose_orders(position, power, rules=rules, seed=seed, think_ms=THINK_MS,
                               **extra)
        result = adjudicate(position, {power: orders} if orders else {}, rules,
                            neutral=extra["neutral"], closed=extra["closed"])
        bad = [(r.text, r.outcome) for r in result.results if r.outcome.status is Status.ILLEGAL]
        assert not bad, (position.phase.name, power, bad, position)
        if power in extra["neutral"]:
            assert orders == []
            continue
        if kind is PhaseKind.MOVEMENT:
            ordered = sorted(province_of(o.location) for o in orders)
            assert ordered == sorted(u.province for u in position.units_of(power))
        elif kind is PhaseKind.RETREAT:
            assert all(isinstance(o, (Retreat, Disband)) for o in orders)
            assert sorted(province_of(o.location) for o in orders) == sorted(
                d.unit.province for d in position.dislodged if d.unit.power == power)
            assert power not in result.civil_disorder
        else:
            delta = due.get(power, 0)
            assert len(orders) == abs(delta)
            kinds = (Build, Waive) if delta > 0 else (Disband,)
            assert all(isinstance(o, kinds) for o in orders)
            assert all(r.outcome.succeeded for r in result.results)
            assert not [u for u in result.civil_disorder_removes if u.power == power]


@EXAMPLES
@given(st.integers(0, 2**32 - 1), st.sampled_from(sorted(SETUPS)),
       st.sampled_from(list(PhaseKind)), st.sampled_from(["1971", "2023"]))
def test_orders_are_legal_after_random_play(seed, setup_name, kind, rules) -> None:
    position, extra = random_game(seed, setup_name, kind)
    check(position, extra, rules, seed)


@EXAMPLES
@given(st.integers(0, 2**32 - 1), st.sampled_from(list(PhaseKind)))
def test_orders_are_legal_on_scrambled_positions(seed, kind) -> None:
    """Units of any power anywhere, centres owned at random: many builds or removals due."""
    rng = random.Random(seed)
    units = placed_units(rng, min_size=1)
    phase = Phase.parse({PhaseKind.MOVEMENT: "F1905M", PhaseKind.RETREAT: "S1905R",
                         PhaseKind.ADJUSTMENT: "W1905A"}[kind])
    position = Position(phase, units, ownership(rng))
    if kind is PhaseKind.RETREAT:
        stay, gone = units[: len(units) // 2 + 1], units[len(units) // 2 + 1:]
        position = replace(position, units=stay, dislodged=tuple(
            DislodgedUnit(u, None) for u in gone))
    check(position, {"neutral": frozenset(), "closed": frozenset()}, "1971", seed)


def test_orders_are_legal_on_positions_of_recorded_games() -> None:
    """Positions people reached: every tenth phase of each recorded game in ../shared/games
    (retreat phases with the dislodged units our engine finds), every power."""
    checked = 0
    for path in sorted(shared_file("games").glob("*.json"))[:6]:
        game = json.loads(path.read_text(encoding="utf-8"))
        previous = None
        for index, (phase, result) in enumerate(replay_game(game["phases"], "2023")):
            if index % 10 == 5:
                dislodged = previous.dislodged_after if (
                    phase["type"] == "retreat" and previous is not None) else ()
                position = game_phase_position(phase, dislodged)
                check(position, {"neutral": frozenset(), "closed": frozenset()}, "2023", index)
                checked += 1
            previous = result
    assert checked >= 10


def random_variant_game(seed: int, vid: str, kind: PhaseKind) -> Position:
    """A position of the wanted kind on variant `vid`, reached by random legal play."""
    rng = random.Random(seed)
    board = board_of(vid)
    position = Position.initial(board)
    for _ in range(rng.randint(0, 16)):
        orders = {p: random_player(position, p, rng, board)
                  for p in sorted(position.powers_with_units())}
        position = adjudicate(position, orders, "1971").next_position
        if position.phase.kind is kind and rng.random() < 0.5:
            break
    return position


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(sorted(VARIANT_IDS)),
       st.sampled_from(list(PhaseKind)))
def test_orders_are_legal_on_every_variant(seed, vid, kind) -> None:
    """On every variant the engine knows (its own board, powers and rules: Chaos builds on any
    owned centre, ancmed's ports), every order is legal and every unit ordered."""
    position = random_variant_game(seed, vid, kind)
    assert position.variant == vid
    check(position, {"neutral": frozenset(), "closed": frozenset()}, "1971", seed)
