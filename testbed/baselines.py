"""The computer player's opponents in `bench.players`, written here and not in `computer/` so
that the yardstick does not share the code it measures: random legal orders, "hold
everything" (a power in civil disorder), and a greedy player in the manner of the classic
DumbBot (it values provinces by the centres in them and the threats to them, spreads the
values to the neighbours, and sends each unit to the best province it can reach, supporting
a move of its own side instead when another unit already goes there).

A player is a function `(position, power, rng) -> list[Order]`.
"""

from __future__ import annotations

import random

from computer.options import reaches
from engine.adjustments import adjustment_counts, build_sites
from engine.board import Board, standard_board
from engine.orders import (
    Build,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from engine.position import Position
from engine.vocabulary import PhaseKind, Power, Unit, UnitType, province_of

BOARD = standard_board()


def _moves(unit: Unit, board: Board) -> list[Move]:
    if unit.type is UnitType.ARMY:
        return [Move(unit.type, unit.location, p)
                for p in sorted(board.army_neighbours(unit.province))
                if not board.provinces[p].is_sea]
    return [Move(unit.type, unit.location, loc)
            for loc in sorted(board.fleet_neighbours(unit.location))
            if board.provinces[province_of(loc)].kind != "land"]


def _retreats(position: Position, power: Power, pick) -> list[Order]:
    orders: list[Order] = []
    taken: set[str] = set()
    for entry in sorted(position.dislodged, key=lambda d: d.unit.province):
        unit = entry.unit
        if unit.power != power:
            continue
        options = [o for o in entry.retreat_options or () if province_of(o) not in taken]
        if options:
            where = pick(unit, options)
            taken.add(province_of(where))
            orders.append(Retreat(unit.type, unit.location, where))
        else:
            orders.append(Disband(unit.type, unit.location))
    return orders


def _adjustments(position: Position, power: Power, board: Board, rank_sites, rank_units
                 ) -> list[Order]:
    delta = adjustment_counts(position.units, position.supply_centers).get(power, 0)
    if delta < 0:
        units = rank_units(list(position.units_of(power)))
        return [Disband(u.type, u.location) for u in units[:-delta]]
    if delta > 0:
        sites = build_sites(power, position.units, position.supply_centers, board)
        builds = rank_sites(sites)[:delta]
        return builds + [Waive()] * (delta - len(builds))
    return []


def _build_options(site: str, board: Board) -> list[Build]:
    return [Build(UnitType.ARMY, loc) for loc in board.unit_locations(UnitType.ARMY, site)] + \
        [Build(UnitType.FLEET, loc) for loc in board.unit_locations(UnitType.FLEET, site)]


# -- random legal orders ----------------------------------------------------------------------
def random_player(position: Position, power: Power, rng: random.Random,
                  board: Board = BOARD) -> list[Order]:
    kind = position.phase.kind
    if kind is PhaseKind.RETREAT:
        return _retreats(position, power, lambda _u, options: rng.choice(options))
    if kind is PhaseKind.ADJUSTMENT:
        def sites(found: list[str]) -> list[Order]:
            rng.shuffle(found)
            return [rng.choice(_build_options(s, board)) for s in found]

        def units(found: list[Unit]) -> list[Unit]:
            rng.shuffle(found)
            return found
        return _adjustments(position, power, board, sites, units)
    orders: list[Order] = []
    for unit in position.units_of(power):
        choices: list[Order] = [Hold(unit.type, unit.location), *_moves(unit, board)]
        for other in position.units:
            if other != unit and reaches(unit, other.province, board):
                choices.append(SupportHold(unit.type, unit.location, other.type, other.location))
        orders.append(rng.choice(choices))
    return orders


# -- hold everything (civil disorder) ---------------------------------------------------------
def hold_player(position: Position, power: Power, rng: random.Random,
                board: Board = BOARD) -> list[Order]:
    return []


# -- greedy, DumbBot-like ---------------------------------------------------------------------
PROXIMITY = (100, 60, 30, 15, 8, 4, 2, 1)


def _values(position: Position, power: Power, board: Board) -> dict[UnitType, dict[str, float]]:
    owner = {c: p for p, cs in position.supply_centers.items() for c in cs}
    size = {p: len(cs) for p, cs in position.supply_centers.items()}
    near: dict[str, int] = {}  # the size of the strongest enemy next to each province
    for unit in position.units:
        if unit.power == power:
            continue
        for move in _moves(unit, board):
            target = province_of(move.target)
            near[target] = max(near.get(target, 0), size.get(unit.power, 0))
    base: dict[str, float] = {}
    for pid in board.provinces:
        if pid not in board.supply_centers:
            base[pid] = 0.0
        elif owner.get(pid) == power:
            base[pid] = float(near.get(pid, 0))
        elif owner.get(pid) is None:
            base[pid] = 5.0
        else:
            base[pid] = float(size.get(owner[pid], 0))
    result: dict[UnitType, dict[str, float]] = {}
    for unit_type in UnitType:
        places = [p for p in sorted(board.provinces)
                  if board.unit_locations(unit_type, p)]
        links = {p: sorted({province_of(m.target) for loc in board.unit_locations(unit_type, p)
                            for m in _moves(Unit(power, unit_type, loc), board)})
                 for p in places}
        ring = {p: base[p] for p in places}
        total = {p: PROXIMITY[0] * ring[p] for p in places}
        for weight in PROXIMITY[1:]:
            ring = {p: (ring[p] + sum(ring[q] for q in links[p] if q in ring)) / 5
                    for p in places}
            for p in places:
                total[p] += weight * ring[p]
        result[unit_type] = total
    return result


def greedy_player(position: Position, power: Power, rng: random.Random,
                  board: Board = BOARD) -> list[Order]:
    values = _values(position, power, board)

    def worth(unit_type: UnitType, location: str) -> float:
        return values[unit_type].get(province_of(location), 0.0)

    kind = position.phase.kind
    if kind is PhaseKind.RETREAT:
        return _retreats(position, power,
                         lambda u, options: max(options, key=lambda o: (worth(u.type, o), o)))
    if kind is PhaseKind.ADJUSTMENT:
        def sites(found: list[str]) -> list[Order]:
            best = [max(_build_options(s, board), key=lambda b: (worth(b.unit, b.location),
                                                                 b.location)) for s in found]
            return sorted(best, key=lambda b: -worth(b.unit, b.location))

        def units(found: list[Unit]) -> list[Unit]:
            return sorted(found, key=lambda u: (worth(u.type, u.location), u.location))
        return _adjustments(position, power, board, sites, units)
    mine = list(position.units_of(power))
    rng.shuffle(mine)
    going: dict[str, Unit] = {}   # destination -> the unit going (or staying) there
    orders: list[Order] = []
    for unit in mine:
        options: list[tuple[float, Order]] = [(worth(unit.type, unit.location),
                                               Hold(unit.type, unit.location))]
        options += [(worth(unit.type, m.target), m) for m in _moves(unit, board)]
        # A little randomness between choices of nearly the same worth, as DumbBot has.
        options.sort(key=lambda o: -o[0] * (0.9 + 0.2 * rng.random()))
        choice = options[0][1]
        target = province_of(choice.target) if isinstance(choice, Move) else unit.province
        if target in going:
            other = going[target]
            if other.province != target and reaches(unit, target, board):
                choice = SupportMove(unit.type, unit.location, other.type, other.location,
                                     target)
            else:
                free = [o for _v, o in options if (province_of(o.target) if isinstance(o, Move)
                                                   else unit.province) not in going]
                choice = free[0] if free else Hold(unit.type, unit.location)
                target = province_of(choice.target) if isinstance(choice, Move) \
                    else unit.province
                going[target] = unit
        else:
            going[target] = unit
        orders.append(choice)
    return orders


BASELINES = {"random": random_player, "hold": hold_player, "greedy": greedy_player}
