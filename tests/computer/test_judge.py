"""The search's cut-down judgement (`computer/judge.py`) says what `engine.adjudicate` says:
the same units after the phase and the same units dislodged, on positions and orders of
random play."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from computer.judge import given_orders, judge
from engine import RULES_1971, RULES_2023, PhaseKind, Position, adjudicate, standard_board
from testbed.baselines import random_player


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_shortcut_agrees_with_the_engine(seed) -> None:
    rng = random.Random(seed)
    rules = rng.choice([RULES_1971, RULES_2023])
    position = Position.initial()
    checked = 0
    for _ in range(12):
        orders = {p: random_player(position, p, rng) for p in sorted(position.powers_with_units())}
        result = adjudicate(position, orders, rules)
        if position.phase.kind is PhaseKind.MOVEMENT:
            after, dislodged = judge(position, given_orders(orders), standard_board(), rules)
            assert sorted(map(repr, after)) == sorted(map(repr, result.units_after))
            assert sorted(map(repr, dislodged)) == sorted(
                repr(d.unit) for d in result.dislodged_after)
            checked += 1
        position = result.next_position
    assert checked >= 6
