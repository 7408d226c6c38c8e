"""An order for a unit that is not there (`F Mao - Spa/nc` with the fleet still in Brest):
which of the sender's units it could mean. Such a line is not recorded (it would only hold);
the player is asked "did you mean F BRE?" with the corrected orders (docs/bot.md)."""

from __future__ import annotations

from dataclasses import replace

from engine.adjudicator import adjudicate
from engine.orders import Build, Hold, Order, Waive
from engine.outcomes import Status
from engine.position import Position
from engine.vocabulary import PhaseKind, Power, province_of

MEANT_AT_MOST = 3  # corrections offered for one line


def absent_unit(position: Position, order: Order | None) -> bool:
    """Whether a movement order names a place where no unit stands."""
    if position.phase.kind is not PhaseKind.MOVEMENT or order is None \
            or isinstance(order, Build | Waive) or not getattr(order, "location", None):
        return False
    return position.unit_in(province_of(order.location)) is None


def meant_orders(position: Position, power: Power, order: Order, rules: str) -> list[str]:
    """The order given instead to each unit of `power` of the type written that it could
    mean: one that could reach the place named, or (but for a hold, which any unit may
    give) for which the same order is legal; the
    legal ones first, then the nearer ones, MEANT_AT_MOST at most (canonical texts)."""
    board = position.board
    ranked = []
    for unit in position.units:
        if unit.power is not power or unit.type is not order.unit:
            continue
        fixed = replace(order, location=unit.location)
        if unit.province in _others(fixed):
            continue  # `A MAR - MAR`, `A MAR S A MAR`: no order for that unit
        try:
            near = board.adjacent(unit.type, unit.location, order.location)
        except (KeyError, ValueError):
            near = False
        result = adjudicate(position, {power: [fixed]}, rules)
        verdict = next((r for r in result.results if r.order == fixed), None)
        legal = verdict is not None and verdict.outcome.status is not Status.ILLEGAL
        if near or (legal and not isinstance(order, Hold)):  # any unit may hold
            ranked.append((not legal, not near, unit.location, fixed.canonical()))
    return [text for *_key, text in sorted(ranked)[:MEANT_AT_MOST]]


def _others(order: Order) -> set[str]:
    """The provinces an order names besides its unit's."""
    return {province_of(value) for name in ("target", "supported_location", "army_location")
            if (value := getattr(order, name, None))}
