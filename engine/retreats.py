"""Retreat options after a movement phase, and the retreat phase itself (seed 000 XI)."""

from __future__ import annotations

from collections import Counter

from engine.board import Board
from engine.orders import Disband, Order, Retreat
from engine.outcomes import SUCCESS, Outcome, Reason, fails, illegal
from engine.position import DislodgedUnit
from engine.rules import Rules
from engine.vocabulary import Power, Unit, UnitType, province_of


def retreat_options(unit: Unit, attacker_from: str | None, by_convoy: bool,
                    occupied: set[str], contested: frozenset[str] | set[str],
                    board: Board) -> tuple[str, ...]:
    """Where a dislodged unit may go: a place it could move to, not occupied, not the
    attacker's origin (unless the attack came by convoy, DATC 4.A.5), not left empty by a
    standoff."""
    if unit.type is UnitType.ARMY:
        candidates = [p for p in board.army_neighbours(unit.province)]
    else:
        candidates = list(board.fleet_neighbours(unit.location))
    options = []
    for location in sorted(candidates):
        province = province_of(location)
        if province in occupied or province in contested:
            continue
        if province == attacker_from and not by_convoy:
            continue
        options.append(location)
    return tuple(options)


def adjudicate_retreats(dislodged: tuple[DislodgedUnit, ...],
                        given: list[tuple[Power, Order, str]], occupied: set[str],
                        board: Board, rules: Rules
                        ) -> tuple[dict[int, Outcome], list[Unit], list[Unit]]:
    """Outcomes per given order, units that retreat (at their new place), units disbanded."""
    by_province = {d.unit.province: d for d in dislodged}
    outcomes: dict[int, Outcome] = {}
    chosen: dict[str, int] = {}
    destinations: dict[int, str] = {}
    for index, (power, order, _text) in enumerate(given):
        if not isinstance(order, (Retreat, Disband)):
            outcomes[index] = illegal(Reason.WRONG_PHASE, getattr(order, "location", None))
            continue
        province = province_of(order.location)
        entry = by_province.get(province)
        if entry is None:
            outcomes[index] = illegal(Reason.NOT_DISLODGED, province)
            continue
        if entry.unit.power != power:
            outcomes[index] = illegal(Reason.WRONG_POWER, province)
            continue
        if order.unit is not None and order.unit != entry.unit.type:
            outcomes[index] = illegal(Reason.WRONG_UNIT_TYPE, province)
            continue
        if isinstance(order, Retreat):
            target = _retreat_target(entry, order.target, occupied, board, rules)
            if isinstance(target, Outcome):
                outcomes[index] = target
                continue
            destinations[index] = target
        if province in chosen:
            outcomes[chosen[province]] = illegal(Reason.DUPLICATE, province)
            destinations.pop(chosen[province], None)
        chosen[province] = index

    crowd = Counter(province_of(t) for t in destinations.values())
    retreated: list[Unit] = []
    disbanded: list[Unit] = []
    moved_from: set[str] = set()
    for province, index in chosen.items():
        unit = by_province[province].unit
        if index in destinations:
            target = destinations[index]
            if crowd[province_of(target)] > 1:
                outcomes[index] = fails(Reason.RETREAT_BOUNCED, province_of(target))
                disbanded.append(unit)
            else:
                outcomes[index] = SUCCESS
                retreated.append(Unit(unit.power, unit.type, target))
        else:
            outcomes[index] = SUCCESS
            disbanded.append(unit)
        moved_from.add(province)
    disbanded.extend(d.unit for d in dislodged if d.unit.province not in moved_from)
    return outcomes, retreated, disbanded


def _retreat_target(entry: DislodgedUnit, target: str, occupied: set[str], board: Board,
                    rules: Rules) -> str | Outcome:
    unit = entry.unit
    options = entry.retreat_options
    if options is None:
        options = retreat_options(unit, entry.attacker_from, False, occupied, frozenset(), board)
    province = province_of(target)
    if unit.type is UnitType.ARMY:
        return province if province in options else illegal(Reason.RETREAT_BLOCKED, province)
    matching = [o for o in options if province_of(o) == province]
    if not matching:
        return illegal(Reason.RETREAT_BLOCKED, province)
    if "/" in target:
        return target if target in matching else illegal(Reason.BAD_COAST, target)
    if board.provinces[province].coasts:
        if len(matching) == 1 and not rules.fleet_coast_always_required:
            return matching[0]
        return illegal(Reason.COAST_REQUIRED, province)
    return matching[0]
