"""The computer player's entry point: the orders one power needs in the phase of a position.

Movement: the search of `computer/search.py`. Retreats: each dislodged unit to its most
valuable retreat (two of the power's units never to the same place), else disbanded.
Adjustments: builds on the vacant home centres worth most (army or fleet, whichever the
neighbourhood needs; `WAIVE` for builds with no site), or removals of the units worth least.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from computer.search import Context, search_orders
from computer.values import Values, province_values, reach
from engine.adjustments import adjustment_counts, build_sites
from engine.board import Board
from engine.orders import Build, Disband, Order, Retreat, Waive
from engine.position import Position
from engine.retreats import retreat_options
from engine.rules import DEFAULT_RULES, Rules, rules_named
from engine.vocabulary import PhaseKind, Power, Unit, UnitType, province_of

DEFAULT_THINK_MS = 2000


def choose_orders(position: Position, power: Power, board: Board | None = None,
                  rules: Rules | str = DEFAULT_RULES, seed: int = 0,
                  think_ms: int = DEFAULT_THINK_MS, neutral: frozenset[Power] = frozenset(),
                  closed: frozenset[str] = frozenset(),
                  clock: Callable[[], float] = time.thread_time) -> list[Order]:
    """Every order `power` needs in `position`'s phase, each legal there. The same arguments
    (the seed included) give the same orders. `neutral` and `closed`: as for `adjudicate`."""
    board = board or position.board
    rules = rules_named(rules)
    if power in neutral:
        return []
    rng = random.Random(f"{seed}:{position.phase.name}:{power.value}")
    kind = position.phase.kind
    if kind is PhaseKind.RETREAT:
        return retreats(position, power, board, closed)
    if kind is PhaseKind.ADJUSTMENT:
        return adjustments(position, power, board, neutral, closed)
    if not position.units_of(power):
        return []
    ctx = Context(position, power, board, rules, neutral, closed)
    return search_orders(ctx, rng, think_ms, clock)


def retreats(position: Position, power: Power, board: Board,
             closed: frozenset[str] = frozenset()) -> list[Order]:
    values = province_values(position, power, board, closed)
    occupied = {u.province for u in position.units}
    taken: set[str] = set()
    orders: list[Order] = []
    for entry in sorted(position.dislodged, key=lambda d: d.unit.province):
        unit = entry.unit
        if unit.power != power:
            continue
        options = entry.retreat_options
        if options is None:
            options = retreat_options(unit, entry.attacker_from, False, occupied, frozenset(),
                                      board)
        usable = [o for o in options if province_of(o) not in taken
                  and province_of(o) not in closed]
        if not usable:
            orders.append(Disband(unit.type, unit.location))
            continue
        best = max(usable, key=lambda o: (values.of(unit.type, o), o))
        taken.add(province_of(best))
        orders.append(Retreat(unit.type, unit.location, best))
    return orders


def adjustments(position: Position, power: Power, board: Board,
                neutral: frozenset[Power] = frozenset(),
                closed: frozenset[str] = frozenset()) -> list[Order]:
    delta = adjustment_counts(position.units, position.supply_centers, neutral).get(power, 0)
    if delta == 0:
        return []
    values = province_values(position, power, board, closed)
    if delta < 0:
        return removals(position.units_of(power), -delta, values, board)
    sites = build_sites(power, position.units, position.supply_centers, board)
    builds = best_builds(sites, delta, values, board)
    return builds + [Waive()] * (delta - len(builds))


def _worth(unit_type: UnitType, location: str, values: Values, board: Board) -> float:
    """What a unit there is worth: the best of its place and the places it can move to."""
    here = values.of(unit_type, location)
    return max([here, *(values.of(unit_type, p) for p in reach(unit_type, location, board))])


def best_builds(sites: list[str], count: int, values: Values, board: Board) -> list[Order]:
    ranked: list[tuple[float, str, Build]] = []
    for site in sites:
        options = [Build(UnitType.ARMY, loc)
                   for loc in board.unit_locations(UnitType.ARMY, site)]
        options += [Build(UnitType.FLEET, loc)
                    for loc in board.unit_locations(UnitType.FLEET, site)]
        scored = [(_worth(b.unit, b.location, values, board), b.location, b) for b in options]
        if scored:
            ranked.append(max(scored, key=lambda s: (s[0], s[1])))
    ranked.sort(key=lambda s: (-s[0], s[1]))
    return [b for _v, _loc, b in ranked[:count]]


def removals(units: tuple[Unit, ...], count: int, values: Values, board: Board) -> list[Order]:
    ranked = sorted(units, key=lambda u: (_worth(u.type, u.location, values, board),
                                          u.location))
    return [Disband(u.type, u.location) for u in ranked[:count]]
