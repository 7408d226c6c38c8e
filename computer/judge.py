"""The engine's movement adjudication, cut to what the search scores: where the units stand
after the phase and which were dislodged. The same validation (`effective_orders`) and the
same resolver (`MovementAdjudicator`) as `engine.adjudicate`, without the order results,
retreat options, centre updates and next phase that the search never reads; about a third
quicker per candidate. `adjudicate` itself is used for the search's tests of this shortcut.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.board import Board
from engine.movement import MovementAdjudicator
from engine.orders import Order
from engine.position import Position
from engine.rules import Rules
from engine.validation import effective_orders
from engine.vocabulary import Power, Unit

Given = list[tuple[Power, Order, str]]


def given_orders(orders: dict[Power, Sequence[Order]]) -> Given:
    return [(power, order, "") for power in sorted(orders) for order in orders[power]]


def judge(position: Position, given: Given, board: Board, rules: Rules,
          closed: frozenset[str] = frozenset()) -> tuple[list[Unit], list[Unit]]:
    """(units after the phase, units dislodged)."""
    effective, _rejected = effective_orders(position, given, board, rules, closed)
    resolution = MovementAdjudicator(effective, board, rules).resolve()
    after: list[Unit] = []
    dislodged: list[Unit] = []
    moved = resolution.moved
    for unit in position.units:
        province = unit.province
        if province in resolution.dislodged_by:
            dislodged.append(unit)
            continue
        order = effective[province]
        if order.kind == "move" and moved[province]:
            after.append(Unit(unit.power, unit.type, order.target_location or order.target))
        else:
            after.append(unit)
    return after, dislodged
