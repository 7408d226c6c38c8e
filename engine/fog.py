"""Fog of war, a rule of a game on any variant: each power sees only the provinces its units and
its supply centres occupy or border. Pure: a position (and a phase's results) in, what one
power sees out; the service sends each player their own view.

    seen = sight(position, power)              # province ids
    mine = seen_position(position, power)      # the position as that power sees it
    told = seen_results(result, before, power) # the order results it may be told

A unit is seen where it stands in a province in sight; a dislodged unit likewise; a centre's
owner is known for the centres in sight. An order's result is told when the unit that gave it
stood in sight before the phase or stands in sight after it (a unit seen leaving, or arriving,
is seen to move: a move's origin or destination in sight tells it); orders of units never in
sight are not told. The power's own orders are
always told.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.adjudicator import PhaseResult
from engine.board import Board
from engine.outcomes import OrderResult
from engine.position import DislodgedUnit, Position
from engine.vocabulary import Power, Unit, province_of


def sight(position: Position, power: Power, board: Board | None = None) -> frozenset[str]:
    """The provinces `power` sees: those its units (dislodged ones too) and centres occupy,
    and every province bordering one of them (by land or sea)."""
    board = board or position.board
    own = {u.province for u in position.units if u.power == power}
    own |= {d.unit.province for d in position.dislodged if d.unit.power == power}
    own |= set(position.supply_centers.get(power, ()))
    seen = set(own)
    for province in own:
        seen |= board.provinces_touching(province)
    return frozenset(seen)


def _units_in(units: Iterable[Unit], seen: frozenset[str]) -> tuple[Unit, ...]:
    return tuple(u for u in units if u.province in seen)


def seen_position(position: Position, power: Power, board: Board | None = None) -> Position:
    """The position as `power` sees it: the units and dislodged units in its sight, and the
    owners of the centres in its sight (its own centres always)."""
    seen = sight(position, power, board)
    dislodged: tuple[DislodgedUnit, ...] = tuple(
        d for d in position.dislodged if d.unit.province in seen)
    centers = {p: frozenset(c for c in cs if c in seen) for p, cs in
               position.supply_centers.items()}
    return Position(position.phase, _units_in(position.units, seen),
                    {p: cs for p, cs in centers.items() if cs}, dislodged, position.variant)


def seen_results(result: PhaseResult, before: Position, power: Power,
                 board: Board | None = None) -> tuple[OrderResult, ...]:
    """The results of the phase `power` may be told: its own orders, and those of units in its
    sight before the phase (`before`) or after it (the next position's sight)."""
    seen = sight(before, power, board)
    after = result.next_position
    if after is not None:
        seen |= sight(after, power, board)
    told = []
    for found in result.results:
        places = (getattr(found.order, "location", None), getattr(found.order, "target", None))
        if found.power == power or any(p and province_of(p) in seen for p in places):
            told.append(found)
    return tuple(told)


__all__ = ["seen_position", "seen_results", "sight"]
