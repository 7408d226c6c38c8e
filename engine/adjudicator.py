"""Adjudicate one phase: the single entry point of the engine.

`adjudicate(position, orders, rules)` dispatches on the phase kind to the movement, retreat or
adjustment rules and returns a PhaseResult: the outcome of every order, the position after the
phase, and the next position that needs orders (retreat and adjustment phases that need none are
skipped, their automatic effects applied).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.board import Board, standard_board
from engine.orders import Order, parse_order
from engine.outcomes import OrderResult
from engine.position import DislodgedUnit, Position
from engine.rules import DEFAULT_RULES, Rules, rules_named
from engine.vocabulary import Phase, Power, Unit


@dataclass(frozen=True)
class PhaseResult:
    phase: Phase
    rules: Rules
    results: tuple[OrderResult, ...]          # one per order given, in the order given
    units_after: tuple[Unit, ...]
    dislodged_after: tuple[DislodgedUnit, ...]  # movement: with attacker and retreat options
    supply_centers_after: Mapping[Power, frozenset[str]]
    centers_updated: bool                     # ownership was (re)computed in this phase
    civil_disorder: frozenset[Power]          # powers that had to order and gave no orders
    civil_disorder_removes: tuple[Unit, ...] = ()
    next_position: Position | None = field(default=None, compare=False)


OrdersInput = Mapping[Power | str, Sequence[Order | str]]


def adjudicate(position: Position, orders: OrdersInput, rules: Rules | str = DEFAULT_RULES,
               board: Board | None = None,
               neutral: frozenset[Power] = frozenset()) -> PhaseResult:
    """Adjudicate `position.phase` with `orders` (values or canonical/DATC text, per power).

    `neutral` powers (the smaller set-ups) never order: their units hold, are disbanded when
    dislodged, and they neither build nor remove; they are never reported in civil disorder.
    """
    raise NotImplementedError  # being written: movement/retreat/adjustment modules


def normalise_orders(orders: OrdersInput, position: Position) -> list[tuple[Power, Order, str]]:
    """Per-power orders as (power, order value, text as given), in the order given."""
    flat: list[tuple[Power, Order, str]] = []
    for power_name, given in orders.items():
        power = power_name if isinstance(power_name, Power) else Power.parse(power_name)
        for item in given:
            if isinstance(item, str):
                flat.append((power, parse_order(item, position.phase.kind), item))
            else:
                flat.append((power, item, item.canonical()))
    return flat


__all__ = ["PhaseResult", "adjudicate", "normalise_orders", "rules_named", "standard_board"]
