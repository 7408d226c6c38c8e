"""One order judged alone, without building a position or adjudicating a whole phase.

The order reader (`grammar/`) asks, for every reading of every line, whether that order could
apply on the position. The phase's own functions answer that too (`effective_orders` with one
given order, `adjudicate_adjustments` with one), but they do the whole phase's work around it:
an effective order for every unit on the board, the civil-disorder removals of every power.
These functions give the same outcome for the one order, calling the same rules (the public
functions of `engine/legality.py`, which the phase's functions call too) and nothing else;
`tests/engine/test_judgement.py` checks them against the phase's functions.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.board import Board
from engine.legality import (
    NecessaryFleets,
    adjustment_outcome,
    build_problem,
    convoy_problem,
    move_way,
    ordered_unit,
    support_target,
)
from engine.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat
from engine.outcomes import SUCCESS, Outcome, Reason, Status, illegal
from engine.position import DislodgedUnit
from engine.retreats import adjudicate_retreats
from engine.rules import Rules
from engine.vocabulary import Power, Unit, UnitType, province_of


def movement_order_problem(units: Mapping[str, Unit], power: Power, order: Order,
                           board: Board, rules: Rules) -> Outcome | None:
    """Why `order`, given alone by `power`, is illegal in a movement phase where `units`
    (by province) stand; None when it applies. The same as
    `effective_orders(position, [(power, order, "")], board, rules)[1].get(0)`."""
    unit = ordered_unit(order, power, units)
    if isinstance(unit, Outcome):
        return unit
    if isinstance(order, Hold):
        return None
    if isinstance(order, Move):
        # Alone, the order has no convoy orders beside it: no fleet is ordered to convoy the
        # army, so a move to a bordering province without VIA goes by land and applies (the
        # quick case of `move_way`; army borders join two real provinces, never a sea, as
        # tests/engine/test_board.py checks, so its earlier checks cannot fail here).
        if unit.type is UnitType.ARMY and not order.via_convoy and \
                province_of(order.target) in board.army_neighbours(unit.province):
            return None
        way = move_way(unit, order, units, _NO_CONVOYS, NecessaryFleets(units, board), board,
                       rules)
        return way if isinstance(way, Outcome) else None
    if isinstance(order, Convoy):
        return convoy_problem(order, unit.province, units, NecessaryFleets(units, board), board)
    found = support_target(unit, order, board)
    return found if isinstance(found, Outcome) else None


_NO_CONVOYS: Mapping[tuple[str, str], set[str]] = MappingProxyType({})


def retreat_order_problem(dislodged: tuple[DislodgedUnit, ...], power: Power, order: Order,
                          occupied: set[str], board: Board, rules: Rules) -> Outcome | None:
    """Why `order`, given alone by `power`, is illegal in a retreat phase where `dislodged`
    wait and `occupied` provinces are taken; None when it applies. The same as the outcome
    of `adjudicate_retreats(dislodged, [(power, order, "")], occupied, board, rules)` when
    that is illegal (alone, a legal retreat or disband always succeeds)."""
    if isinstance(order, (Retreat, Disband)):
        # The usual answer, given without the phase's work: no unit is dislodged there.
        province = province_of(order.location)
        if not any(d.unit.province == province for d in dislodged):
            return illegal(Reason.NOT_DISLODGED, province)
    outcome = adjudicate_retreats(dislodged, [(power, order, "")], occupied, board, rules)[0][0]
    return outcome if outcome.status is Status.ILLEGAL else None


def adjustment_order_outcome(units: tuple[Unit, ...], centers: Mapping[Power, frozenset[str]],
                             power: Power, order: Order, board: Board, rules: Rules) -> Outcome:
    """The outcome of `order`, given alone by `power`, in a winter adjustment phase: the same
    as `adjudicate_adjustments(units, centers, [(power, order, "")], board, rules,
    neutral)[0][0]` for any `neutral` without `power` (the other powers' removals, and the
    civil disorder of any power, do not bear on it)."""
    delta = len(centers.get(power, ())) - sum(1 for u in units if u.power == power)
    found = adjustment_outcome(power, order, delta, 0, units, (), centers,
                               {u.province for u in units}, board)
    return SUCCESS if isinstance(found, Unit) else found


def build_site_problem(power: Power, order: Build, centers: Mapping[Power, frozenset[str]],
                       occupied: set[str], board: Board, rules: Rules) -> Outcome:
    """Whether the build's site and unit are right (a vacant home centre still owned, a coast
    for a fleet), whatever the power's count of builds: SUCCESS or the illegal outcome."""
    return build_problem(power, order, centers, occupied, board)
