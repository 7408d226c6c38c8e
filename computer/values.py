"""How much each province is worth to a power, in the manner of the classic DumbBot: a centre
it does not own is worth taking (a neutral one most, a rival's according to how weakly it is
held), a centre it owns is worth defending as much as it is threatened, and every value then
spreads to the neighbours over the board's borders, separately for armies and for fleets, so
that a unit far from the action is drawn towards it: a province is worth its own value plus,
for every valuable province within a few moves, that value discounted by the distance (so a
place next to several prizes is worth more than one next to a single prize).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.board import Board
from engine.position import Position
from engine.vocabulary import PhaseKind, Power, Season, Unit, UnitType, province_of

NEUTRAL_CENTRE = 10.0   # an unowned centre
RIVAL_CENTRE = 7.0      # a centre another power owns
UNGUARDED = 2.0         # ... that no unit of its owner stands on or next to
LOST_HOME = 3.0         # one's own home centre held by another power
THREAT = 6.0            # an own centre, per enemy unit that could enter it (up to 3)
OWN_CENTRE = 1.0        # an own centre nobody threatens
NEAR = 0.45             # a centre's value seen from one move away; squared from two, ...
NEAR_IN_FALL = 0.2      # in a Fall movement phase what stands on a centre at its end counts
HORIZON = 4             # centres farther than this many moves add nothing


@dataclass(frozen=True)
class Values:
    """Per unit type, the worth of each province to one power; `base` before spreading."""

    army: dict[str, float]
    fleet: dict[str, float]
    base: dict[str, float]

    def of(self, unit_type: UnitType, location: str) -> float:
        table = self.army if unit_type is UnitType.ARMY else self.fleet
        return table.get(province_of(location), 0.0)


@cache
def graphs(board: Board) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """Province-level neighbours for armies and for fleets (a board is immutable)."""
    army: dict[str, tuple[str, ...]] = {}
    fleet: dict[str, tuple[str, ...]] = {}
    for pid, place in sorted(board.provinces.items()):
        if not place.is_sea:
            army[pid] = tuple(sorted(p for p in board.army_neighbours(pid)
                                     if not board.provinces[p].is_sea))
        locations = board.unit_locations(UnitType.FLEET, pid)
        if locations:
            fleet[pid] = tuple(sorted({province_of(x) for loc in locations
                                       for x in board.fleet_neighbours(loc)
                                       if board.provinces[province_of(x)].kind != "land"}))
    return army, fleet


def reach_of(unit: Unit, board: Board) -> tuple[str, ...]:
    """Provinces the unit could move to (province level)."""
    return reach(unit.type, unit.location, board)


@cache
def reach(unit_type: UnitType, location: str, board: Board) -> tuple[str, ...]:
    """Provinces a unit of this type at `location` could move to (province level)."""
    if unit_type is UnitType.ARMY:
        return graphs(board)[0].get(province_of(location), ())
    return tuple(sorted({province_of(x) for x in board.fleet_neighbours(location)
                         if board.provinces[province_of(x)].kind != "land"}))


def threats(position: Position, power: Power, board: Board) -> dict[str, int]:
    """For each province, how many units of other powers could move into it next."""
    count: dict[str, int] = {}
    for unit in position.units:
        if unit.power == power:
            continue
        for p in reach_of(unit, board):
            count[p] = count.get(p, 0) + 1
    return count


def base_values(position: Position, power: Power, board: Board,
                closed: frozenset[str] = frozenset()) -> dict[str, float]:
    owner = {c: p for p, cs in position.supply_centers.items() for c in cs}
    danger = threats(position, power, board)
    guarded: set[tuple[Power, str]] = set()
    for unit in position.units:
        guarded.add((unit.power, unit.province))
        for p in reach_of(unit, board):
            guarded.add((unit.power, p))
    home = board.home_centers.get(power, frozenset())
    values: dict[str, float] = {}
    for pid in sorted(board.provinces):
        value = 0.0
        if pid in closed:
            values[pid] = 0.0
            continue
        if pid in board.supply_centers:
            held_by = owner.get(pid)
            if held_by == power:
                value = OWN_CENTRE + THREAT * min(danger.get(pid, 0), 3)
            elif held_by is None:
                value = NEUTRAL_CENTRE
            else:
                value = RIVAL_CENTRE + (0.0 if (held_by, pid) in guarded else UNGUARDED)
                if pid in home:
                    value += LOST_HOME
        values[pid] = value
    return values


@cache
def distances(board: Board, unit_type: UnitType) -> dict[str, dict[str, int]]:
    """For each province, the provinces within HORIZON moves of a unit of this type."""
    graph = graphs(board)[0 if unit_type is UnitType.ARMY else 1]
    table: dict[str, dict[str, int]] = {}
    for origin in graph:
        seen = {origin: 0}
        frontier = [origin]
        for step in range(1, HORIZON + 1):
            frontier = [q for p in frontier for q in graph[p] if q not in seen]
            for q in frontier:
                seen.setdefault(q, step)
            frontier = sorted(set(frontier))
        table[origin] = seen
    return table


def spread(base: dict[str, float], board: Board, unit_type: UnitType, near: float = NEAR
           ) -> dict[str, float]:
    prizes = {p: v for p, v in base.items() if v}
    total: dict[str, float] = {}
    for origin, around in distances(board, unit_type).items():
        value = base.get(origin, 0.0)
        for place, steps in around.items():
            if steps and place in prizes:
                value += prizes[place] * near ** steps
        total[origin] = value
    return total


def province_values(position: Position, power: Power, board: Board,
                    closed: frozenset[str] = frozenset()) -> Values:
    base = base_values(position, power, board, closed)
    phase = position.phase
    near = NEAR_IN_FALL if (phase.season, phase.kind) == (Season.FALL, PhaseKind.MOVEMENT) \
        else NEAR
    return Values(spread(base, board, UnitType.ARMY, near),
                  spread(base, board, UnitType.FLEET, near), base)
