"""Adjudicate one phase: the single entry point of the engine.

`adjudicate(position, orders, rules)` dispatches on the phase kind to the movement, retreat or
adjustment rules and returns a PhaseResult: the outcome of every order, the position after the
phase, and the next position that needs orders (retreat and adjustment phases that need none are
skipped, their automatic effects applied).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from engine.adjustments import adjudicate_adjustments, powers_needing_orders
from engine.board import Board, standard_board
from engine.movement import MovementAdjudicator
from engine.orders import Order, Waive, parse_order
from engine.outcomes import SUCCESS, OrderResult, Outcome, Reason, fails, illegal
from engine.position import DislodgedUnit, Position
from engine.retreats import adjudicate_retreats, retreat_options
from engine.rules import DEFAULT_RULES, Rules, rules_named
from engine.validation import effective_orders
from engine.vocabulary import (
    ADJUSTMENT,
    FALL,
    MOVEMENT,
    RETREAT,
    SPRING,
    WINTER,
    Phase,
    PhaseKind,
    Power,
    Season,
    Unit,
    made,
    province_of,
    unit_at,
    unit_read,
)


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
               neutral: frozenset[Power] = frozenset(),
               closed: frozenset[str] = frozenset()) -> PhaseResult:
    """Adjudicate `position.phase` with `orders` (values or canonical/DATC text, per power).

    `neutral` powers (the smaller set-ups) never order: their units hold, are disbanded when
    dislodged, and they neither build nor remove; they are never reported in civil disorder.
    `closed` provinces may not be entered (the two-player game's neutral Italy, seed 000
    XIV.2): a move there is illegal (`Reason.NEUTRAL`) and no unit retreats there.
    `engine.setups` says which powers are neutral and which provinces closed in each phase.
    """
    rules = rules_named(rules)
    board = board or position.board
    given = normalise_orders(orders, position)
    kind = position.phase.kind
    if kind is MOVEMENT:
        result = _movement(position, given, board, rules, neutral, closed)
    elif kind is RETREAT:
        result = _retreat(position, given, board, rules, neutral)
    else:
        result = _adjustment(position, given, board, rules, neutral)
    # The result is new and nobody else holds it yet: its last field is set in place rather
    # than copied whole by `dataclasses.replace` (adjudication is timed: bench/engine.py).
    object.__setattr__(result, "next_position", next_position(result, board, neutral))
    return result


def _results(given: list[tuple[Power, Order, str]], outcomes: Mapping[int, Outcome],
             by_province: Mapping[str, Outcome] | None = None) -> tuple[OrderResult, ...]:
    """One OrderResult per order given, each made without the frozen dataclass's one
    `object.__setattr__` call per field (its fields written straight into its dictionary):
    the same objects, equal to the constructor's (`made` does the same, but a call of it per
    order costs about 2% of a Pure phase: bench/). An order without an outcome of its own (by
    its index in `outcomes`, usually empty) has the outcome of its unit's province in
    `by_province` (a movement phase's orders that apply), else succeeds."""
    found = []
    new = object.__new__
    for i, (power, order, text) in enumerate(given):
        outcome = outcomes.get(i) if outcomes else None  # (usually none is refused)
        if outcome is None:
            if by_province is None:
                outcome = SUCCESS
            else:  # (a location is its province unless it names a coast: then `province_of`)
                outcome = by_province.get(order.location) or by_province[
                    province_of(order.location)]
        result = new(OrderResult)
        fields = result.__dict__
        fields["power"] = power
        fields["order"] = order
        fields["outcome"] = outcome
        fields["text"] = text
        found.append(result)
    return tuple(found)


def _phase_result(phase: Phase, rules: Rules, results: tuple[OrderResult, ...],
                  units_after: tuple[Unit, ...], dislodged_after: tuple[DislodgedUnit, ...],
                  supply_centers_after: Mapping[Power, frozenset[str]], centers_updated: bool,
                  civil_disorder: frozenset[Power]) -> PhaseResult:
    """`PhaseResult(...)` of a movement phase, made as `made` makes values; `next_position`
    is set by `adjudicate`."""
    return made(PhaseResult, {
        "phase": phase, "rules": rules, "results": results, "units_after": units_after,
        "dislodged_after": dislodged_after, "supply_centers_after": supply_centers_after,
        "centers_updated": centers_updated, "civil_disorder": civil_disorder,
        "civil_disorder_removes": (), "next_position": None})


def _silent(given: list[tuple[Power, Order, str]], expected: set[Power],
            neutral: frozenset[Power]) -> frozenset[Power]:
    """Powers that had orders to give and gave none: civil disorder (sommossa)."""
    spoke = {power for power, _order, _text in given}
    if spoke.issuperset(expected):
        return _NOBODY  # the usual answer, without a new set (adjudication is timed: bench/)
    return frozenset(expected).difference(spoke, neutral)


_NOBODY: frozenset[Power] = frozenset()


def _movement(position: Position, given: list[tuple[Power, Order, str]], board: Board,
              rules: Rules, neutral: frozenset[Power], closed: frozenset[str]) -> PhaseResult:
    # A neutral power's orders count for nothing (its units hold by themselves): each becomes
    # a no-op that validation refuses, keeping the indices of `given`, and is then reported.
    given_by_neutral = {i for i, (p, _o, _t) in enumerate(given) if p in neutral} \
        if neutral else ()
    active = [g if i not in given_by_neutral else (g[0], Waive(), g[2])
              for i, g in enumerate(given)] if given_by_neutral else given
    effective, rejected = effective_orders(position, active, board, rules, closed)
    for i in given_by_neutral:
        rejected[i] = illegal(Reason.NEUTRAL, getattr(given[i][1], "location", None))
    resolution = MovementAdjudicator(effective, board, rules).resolve()

    units_after: list[Unit] = []
    dislodged_by, moved = resolution.dislodged_by, resolution.moved
    fielded: set[Power] = set()  # the powers with units, who had orders to give
    for unit in position.units:
        province = unit.province
        fielded.add(unit.power)
        if province in dislodged_by:
            continue
        if moved.get(province):  # (only moves are in `moved`)
            order = effective[province]
            units_after.append(unit_at(unit.power, unit.type,
                                       order.target_location or order.target))
        else:
            units_after.append(unit)
    dislodged: tuple[DislodgedUnit, ...] = ()
    if dislodged_by:
        occupied = {u.province for u in units_after}
        contested = resolution.contested | closed
        dislodged = tuple(  # (made as `made` makes values: one a dislodged unit)
            made(DislodgedUnit, {
                "unit": unit, "attacker_from": dislodged_by[unit.province],
                "retreat_options": retreat_options(
                    unit, dislodged_by[unit.province],
                    resolution.convoyed_attack[unit.province], occupied, contested, board)})
            for unit in position.units if unit.province in dislodged_by)
    centers = position.supply_centers
    updated = False
    if position.phase.season is FALL and not (dislodged and _needs_retreat(dislodged, neutral)):
        centers, updated = update_centers(position.supply_centers, units_after, board), True
    silent = _silent(given, fielded, neutral)
    # Every order that applies has its unit's outcome; the others' are in `rejected`.
    return _phase_result(position.phase, rules,
                         _results(given, rejected, resolution.outcomes), tuple(units_after),
                         dislodged, centers, updated, silent)


def _retreat(position: Position, given: list[tuple[Power, Order, str]], board: Board,
             rules: Rules, neutral: frozenset[Power]) -> PhaseResult:
    occupied = {u.province for u in position.units}
    outcomes, retreated, _disbanded = adjudicate_retreats(position.dislodged, given, occupied,
                                                          board, rules)
    units_after = tuple(position.units) + tuple(retreated)
    centers, updated = position.supply_centers, False
    if position.phase.season is FALL:
        centers, updated = update_centers(position.supply_centers, units_after, board), True
    expected = {d.unit.power for d in position.dislodged if d.retreat_options != ()}
    return PhaseResult(position.phase, rules, _results(given, outcomes), units_after, (),
                       centers, updated, _silent(given, expected, neutral))


def _adjustment(position: Position, given: list[tuple[Power, Order, str]], board: Board,
                rules: Rules, neutral: frozenset[Power]) -> PhaseResult:
    outcomes, after, _removed, disorder = adjudicate_adjustments(
        position.units, position.supply_centers, given, board, rules, neutral)
    expected = powers_needing_orders(position.units, position.supply_centers, board, neutral)
    return PhaseResult(position.phase, rules, _results(given, outcomes), tuple(after), (),
                       position.supply_centers, True, _silent(given, expected, neutral),
                       tuple(disorder))


def update_centers(centers: Mapping[Power, frozenset[str]], units: tuple[Unit, ...] | list[Unit],
                   board: Board) -> dict[Power, frozenset[str]]:
    """After a Fall turn (retreats included) an occupied centre belongs to its occupier."""
    supply_centers = board.supply_centers
    for unit in units:
        if unit.province in supply_centers and unit.province not in centers.get(unit.power, ()):
            break
    else:
        listed = centers.values()
        if sum(map(len, listed)) == len(frozenset().union(*listed)):
            # Nobody took a centre (and none is listed twice): the same owners, in the same
            # order, as the loops below would give them (adjudication is timed: bench/).
            return {p: frozenset(cs) for p, cs in centers.items() if cs}
    owner = {c: p for p, cs in centers.items() for c in cs}
    for unit in units:
        if unit.province in supply_centers:
            owner[unit.province] = unit.power
    result: dict[Power, set[str]] = {}
    for center, power in owner.items():
        result.setdefault(power, set()).add(center)
    return {p: frozenset(cs) for p, cs in result.items()}


def _needs_retreat(dislodged: tuple[DislodgedUnit, ...], neutral: frozenset[Power]) -> bool:
    return bool(dislodged) and any(d.retreat_options and d.unit.power not in neutral
                                   for d in dislodged)


def next_position(result: PhaseResult, board: Board,
                  neutral: frozenset[Power] = frozenset()) -> Position:
    """The next position that needs orders; retreat and adjustment phases that need none are
    passed over (dislodged units with nowhere to go, or of neutral powers, are disbanded)."""
    phase = result.phase
    units = tuple(result.units_after)
    centers = result.supply_centers_after
    if phase.kind is MOVEMENT and _needs_retreat(result.dislodged_after, neutral):
        dislodged = tuple(d for d in result.dislodged_after if d.unit.power not in neutral)
        return _position(phase.year, phase.season, RETREAT, units, centers, dislodged,
                         board)
    if phase.season is SPRING:
        return _position(phase.year, FALL, MOVEMENT, units, centers, (), board)
    if phase.kind is not ADJUSTMENT and not result.centers_updated:
        centers = update_centers(centers, units, board)
    if phase.kind is not ADJUSTMENT and powers_needing_orders(units, centers, board,
                                                                        neutral):
        return _position(phase.year, WINTER, ADJUSTMENT, units, centers, (),
                         board)
    return _position(phase.year + 1, SPRING, MOVEMENT, units, centers, (),
                     board)


def _position(year: int, season: Season, kind: PhaseKind, units: tuple[Unit, ...],
              centers: Mapping[Power, frozenset[str]], dislodged: tuple[DislodgedUnit, ...],
              board: Board) -> Position:
    """`Position(Phase(year, season, kind), units, centers, dislodged, board.variant)`, made
    as `made` makes values (one a phase)."""
    return made(Position, {"phase": _phase(year, season, kind), "units": units,
                           "supply_centers": centers, "dislodged": dislodged,
                           "variant": board.variant})


@lru_cache(maxsize=1024)
def _phase(year: int, season: Season, kind: PhaseKind) -> Phase:
    """`Phase(year, season, kind)`: phases are values, made once each (bounded memory), and
    as `made` makes values (each phase of a game is a new one)."""
    return made(Phase, {"year": year, "season": season, "kind": kind})


# Each phase names its powers again, by the same names.
_power_named = lru_cache(maxsize=1024)(Power.parse)


def normalise_orders(orders: OrdersInput, position: Position) -> list[tuple[Power, Order, str]]:
    """Per-power orders as (power, order value, text as given), in the order given."""
    flat: list[tuple[Power, Order, str]] = []
    kind = position.phase.kind
    for power_name, given in orders.items():
        power = power_name if isinstance(power_name, Power) else _power_named(
            power_name, position.variant)
        for item in given:
            if isinstance(item, str):
                flat.append((power, parse_order(item, kind), item))
            else:
                flat.append((power, item, item.canonical()))
    return flat


def forget() -> None:
    """Empty the engine's memories of values (order texts read, units read, the provinces of
    locations, outcomes, phases, power names): the engine as in a process just started, its
    boards kept. For benchmarks (each round starts so, as the peer's does) and tests; a
    running bot never needs it."""
    for memory in (parse_order, unit_read, province_of, fails, illegal, _phase, _power_named):
        memory.cache_clear()


__all__ = ["PhaseResult", "adjudicate", "forget", "normalise_orders", "rules_named",
           "standard_board"]
