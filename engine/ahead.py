"""Orders sent ahead, applied when their phase opens (issue 25). Pure.

During a movement phase a player may keep retreats (for a unit, if dislodged, in order of
preference) and winter builds, waives and removals (in order of preference) for later
(`grammar/ahead.py` reads them). When the retreat or adjustment phase opens, `apply_ahead`
turns them into that phase's orders:

- a retreat phase: for each dislodged unit, the first kept option that is legal now (a retreat
  to one of its options, or a disband); the options before it that are not are dropped, with
  the engine's reason; those after it are not needed;
- a winter: each power's kept builds and waives in order, while builds are due, each one that is
  legal now (a vacant home centre it still owns); its kept removals in order while removals
  are due; what is beyond the count allowed is surplus (and said so), an illegal one dropped.

Orders given in the phase itself win: a unit given a retreat or disband in the phase uses
none of its kept options; in a winter, a power that gives any order in the phase uses none
of its kept ones. `covered` lists the powers whose every obligation the orders meet (every
dislodged unit that can retreat has an order; every build due has a build or waive, or every
vacant home centre is built on; every removal due is made): they need send nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.adjustments import adjustment_counts, build_sites, powers_needing_orders
from engine.board import Board, standard_board
from engine.judgement import retreat_order_problem
from engine.legality import adjustment_outcome
from engine.orders import Build, Disband, Order, Retreat, Waive
from engine.outcomes import Outcome, Reason
from engine.position import Position
from engine.rules import DEFAULT_RULES, Rules, rules_named
from engine.vocabulary import PhaseKind, Power, Unit, province_of

Kept = tuple[Power, Order]


@dataclass(frozen=True)
class AheadApplied:
    orders: Mapping[Power, tuple[Order, ...]]      # the kept orders that become orders now
    dropped: tuple[tuple[Power, Order, Outcome], ...]  # illegal now, with the reason
    surplus: tuple[Kept, ...]                      # beyond the count, or an option not needed
    overridden: tuple[Kept, ...]                   # replaced by orders given in the phase
    covered: frozenset[Power]                      # nothing more to send


def apply_ahead(position: Position, kept: Sequence[Kept],
                given: Mapping[Power, Sequence[Order]] | None = None,
                rules: Rules | str = DEFAULT_RULES, board: Board | None = None) -> AheadApplied:
    """The orders `kept` ahead make in `position`'s phase (see the module). `given`: the
    orders already given in this phase, per power; `covered` counts them too."""
    board = board or standard_board()
    given = given or {}
    if position.phase.kind is PhaseKind.RETREAT:
        return _retreats(position, kept, given, board, rules_named(rules))
    if position.phase.kind is PhaseKind.ADJUSTMENT:
        return _winter(position, kept, given, board)
    return AheadApplied({}, (), (), tuple(kept), frozenset())


def _retreats(position: Position, kept: Sequence[Kept], given: Mapping[Power, Sequence[Order]],
              board: Board, rules: Rules) -> AheadApplied:
    occupied = {u.province for u in position.units}
    ordered = {(p, province_of(o.location)) for p, orders in given.items() for o in orders
               if isinstance(o, Retreat | Disband)}
    chosen: dict[tuple[Power, str], Order] = {}
    dropped, surplus, overridden = [], [], []
    for power, order in kept:
        if not isinstance(order, Retreat | Disband):
            surplus.append((power, order))
            continue
        slot = (power, province_of(order.location))
        if slot in ordered:
            overridden.append((power, order))
        elif slot in chosen:
            surplus.append((power, order))
        else:
            problem = retreat_order_problem(position.dislodged, power, order, occupied, board,
                                            rules)
            if problem is None:
                chosen[slot] = order
            elif problem.reason is Reason.NOT_DISLODGED:
                surplus.append((power, order))  # the unit was not dislodged: not needed
            else:
                dropped.append((power, order, problem))
    orders: dict[Power, list[Order]] = {}
    for (power, _where), order in chosen.items():
        orders.setdefault(power, []).append(order)
    answered = set(chosen) | ordered
    owing = {(d.unit.power, d.unit.province) for d in position.dislodged
             if d.retreat_options != ()}
    powers = {p for p, _w in owing}
    covered = frozenset(p for p in powers if all(s in answered for s in owing if s[0] == p))
    return AheadApplied({p: tuple(o) for p, o in orders.items()}, tuple(dropped),
                        tuple(surplus), tuple(overridden), covered)


def _winter(position: Position, kept: Sequence[Kept], given: Mapping[Power, Sequence[Order]],
            board: Board) -> AheadApplied:
    units, centers = position.units, position.supply_centers
    due = adjustment_counts(units, centers)
    used: dict[Power, int] = {}
    removed: list[Unit] = []
    taken = {u.province for u in units}
    orders: dict[Power, list[Order]] = {}
    dropped, surplus, overridden = [], [], []
    for power, order in kept:
        if given.get(power):
            overridden.append((power, order))
            continue
        delta = due.get(power, 0)
        found = adjustment_outcome(power, order, delta, used.get(power, 0), units, removed,
                                   centers, taken, board)
        if isinstance(found, Unit):
            removed.append(found)
        elif not found.succeeded:
            # Past the count due: surplus; anything else cannot apply now.
            if (found.reason is Reason.NO_BUILDS and delta > 0) or \
                    (found.reason is Reason.NO_REMOVALS and delta < 0):
                surplus.append((power, order))
            else:
                dropped.append((power, order, found))
            continue
        elif isinstance(order, Build):
            taken.add(province_of(order.location))
        used[power] = used.get(power, 0) + 1
        orders.setdefault(power, []).append(order)
    covered = set()
    for power in powers_needing_orders(units, centers, board):
        delta = due.get(power, 0)
        made = used.get(power, 0)
        if given.get(power):
            made = sum(1 for o in given[power] if isinstance(o, Build | Waive | Disband))
        owed = -delta if delta < 0 else min(delta, len(build_sites(power, units, centers, board)))
        if made >= owed:
            covered.add(power)
    return AheadApplied({p: tuple(o) for p, o in orders.items()}, tuple(dropped),
                        tuple(surplus), tuple(overridden), frozenset(covered))


__all__ = ["AheadApplied", "apply_ahead"]
