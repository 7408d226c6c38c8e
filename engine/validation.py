"""Turning the orders given in a movement phase into the orders that will be adjudicated.

Each unit gets exactly one effective order. An order that cannot apply (no such unit, another
power's unit, not adjacent, no convoy route, wrong phase, ...) is illegal: it is reported with
its reason and the unit holds, as if the order were absent (DATC 4.E.1).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from engine.board import Board
from engine.orders import MOVEMENT_ORDERS, Convoy, Hold, Move, Order, SupportHold, SupportMove
from engine.outcomes import Outcome, Reason, illegal
from engine.position import Position
from engine.rules import Rules
from engine.vocabulary import Power, Unit, UnitType, province_of


@dataclass(slots=True)
class Effective:
    """The order a unit will execute. `kind` is hold, move, support or convoy."""

    unit: Unit
    kind: str = "hold"
    target: str | None = None          # move: destination province; support: where it acts
    target_location: str | None = None  # move: exact destination location (coast for fleets)
    convoyed: bool = False             # move: goes by convoy
    supported: str | None = None       # support/convoy: province of the unit supported/convoyed
    support_coast: str | None = None   # support: coast named in the support, if any
    given: int | None = None           # index of the given order this came from
    route_fleets: frozenset[str] = frozenset()  # convoyed move: fleets on some route

    @property
    def province(self) -> str:
        return self.unit.province


def effective_orders(position: Position, given: list[tuple[Power, Order, str]], board: Board,
                     rules: Rules, closed: frozenset[str] = frozenset()
                     ) -> tuple[dict[str, Effective], dict[int, Outcome]]:
    """Effective order per occupied province, and the outcome of each given order that is
    illegal (indexed like `given`). Moves into `closed` provinces are illegal."""
    units = {u.province: u for u in position.units}
    ordered: dict[str, Effective] = {}
    rejected: dict[int, Outcome] = {}
    chosen: dict[str, int] = {}

    convoy_orders: list[tuple[str, int]] = []
    for index, (power, order, _text) in enumerate(given):
        unit = _ordered_unit(order, power, units)
        if isinstance(unit, Outcome):
            rejected[index] = unit
            continue
        province = unit.province
        if province in chosen:  # a later order for the same unit replaces the earlier one
            rejected[chosen[province]] = illegal(Reason.DUPLICATE, province)
        chosen[province] = index
        if isinstance(order, Convoy):
            convoy_orders.append((province, index))

    # Convoy orders first: whether an army's move goes by convoy depends on them. A convoy
    # order is legal only when its fleet is necessary for some convoy route of the fleets on
    # the board (DATC 6.G.19); an army may be ordered across water whenever such a route exists,
    # whatever the fleets' orders (DATC 6.D.8).
    necessary = _NecessaryFleets(units, board)
    convoys: dict[tuple[str, str], set[str]] = {}
    for province, index in convoy_orders:
        if chosen[province] != index:
            continue  # replaced by a later order
        order = given[index][1]
        army, target = province_of(order.army_location), province_of(order.target)
        outcome = _check_convoy(order, units, board)
        if outcome is None and province not in necessary(army, target):
            outcome = illegal(Reason.NO_CONVOY_ROUTE, target)
        if outcome:
            rejected[index] = outcome
            continue
        convoys.setdefault((army, target), set()).add(province)

    for province, index in chosen.items():
        power, order, _ = given[index]
        if index in rejected:
            continue
        unit = units[province]
        result = _effective(unit, order, units, convoys, necessary, board, rules)
        if closed and isinstance(result, Effective) and result.kind == "move" \
                and result.target in closed:
            result = illegal(Reason.NEUTRAL, result.target)
        if isinstance(result, Outcome):
            rejected[index] = result
        else:
            result.given = index
            ordered[province] = result
    # In the units' order, so that results do not depend on the order the orders came in.
    effective = {p: ordered.get(p) or Effective(u) for p, u in units.items()}
    return effective, rejected


def _ordered_unit(order: Order, power: Power, units: dict[str, Unit]) -> Unit | Outcome:
    """The unit a movement order is for, or why the order cannot be for any."""
    if not isinstance(order, MOVEMENT_ORDERS):
        return illegal(Reason.WRONG_PHASE, getattr(order, "location", None))
    province = province_of(order.location)
    unit = units.get(province)
    if unit is None:
        return illegal(Reason.NO_UNIT, province)
    if unit.power != power:
        return illegal(Reason.WRONG_POWER, province)
    if order.unit is not None and order.unit != unit.type:
        return illegal(Reason.WRONG_UNIT_TYPE, province)
    return unit


def _check_convoy(order: Convoy, units: dict[str, Unit], board: Board) -> Outcome | None:
    province = province_of(order.location)
    if units[province].type is not UnitType.FLEET or not board.provinces[province].is_sea:
        return illegal(Reason.NOT_A_SEA, province)
    army = units.get(province_of(order.army_location))
    if army is None:
        return illegal(Reason.NO_UNIT, province_of(order.army_location))
    if army.type is not UnitType.ARMY:
        return illegal(Reason.WRONG_UNIT_TYPE, army.province)
    target = province_of(order.target)
    if target not in board.provinces or board.provinces[target].kind != "coast":
        return illegal(Reason.NOT_ADJACENT, target)
    return None


def _effective(unit: Unit, order: Order, units: dict[str, Unit],
               convoys: dict[tuple[str, str], set[str]], necessary: _NecessaryFleets,
               board: Board, rules: Rules) -> Effective | Outcome:
    if isinstance(order, Hold):
        return Effective(unit)
    if isinstance(order, Move):
        return _move(unit, order, units, convoys, necessary, board, rules)
    if isinstance(order, Convoy):
        return Effective(unit, "convoy", target=province_of(order.target),
                         supported=province_of(order.army_location))
    # supports
    found = _support_target(unit, order, board)
    if isinstance(found, Outcome):
        return found
    supported, where, coast = found
    kind = "support_hold" if isinstance(order, SupportHold) else "support_move"
    return Effective(unit, kind, target=where, supported=supported, support_coast=coast)


def _support_target(unit: Unit, order: SupportHold | SupportMove, board: Board
                    ) -> tuple[str, str, str | None] | Outcome:
    """The province of the unit supported, where the support acts (that province, or the
    move's target) and the coast it names, or why `unit` cannot give this support."""
    province = unit.province
    supported = province_of(order.supported_location)
    if supported == province:
        return illegal(Reason.SELF_SUPPORT, province)
    if supported not in board.provinces:
        return illegal(Reason.NO_UNIT, supported)
    if isinstance(order, SupportHold):
        where, coast = supported, None
    else:
        where = province_of(order.target)
        coast = order.target if "/" in order.target else None
        if where not in board.provinces:
            return illegal(Reason.UNREACHABLE_TARGET, where)
        if where == province:
            return illegal(Reason.SELF_SUPPORT, province)
    # (`where` is a province: a fleet reaches it when it borders any of its coasts.)
    army = unit.type is UnitType.ARMY
    reaches = where in board.army_neighbours(unit.province) if army else \
        bool(board.reachable_coasts(unit.location, where))
    if not reaches or board.provinces[where].kind == ("sea" if army else "land"):
        return illegal(Reason.UNREACHABLE_TARGET, where)
    return supported, where, coast


def _move(unit: Unit, order: Move, units: dict[str, Unit],
          convoys: dict[tuple[str, str], set[str]], necessary: _NecessaryFleets,
          board: Board, rules: Rules) -> Effective | Outcome:
    way = _move_way(unit, order, units, convoys, necessary, board, rules)
    if isinstance(way, Outcome):
        return way
    location, convoyed = way
    target = province_of(order.target)
    if not convoyed:
        return Effective(unit, "move", target, location)
    fleets = convoys.get((unit.province, target)) or set()
    return Effective(unit, "move", target=target, target_location=location, convoyed=True,
                     route_fleets=_route_fleets(unit.province, target, fleets, board))


def _move_way(unit: Unit, order: Move, units: dict[str, Unit],
              convoys: Mapping[tuple[str, str], set[str]], necessary: _NecessaryFleets,
              board: Board, rules: Rules) -> tuple[str, bool] | Outcome:
    """Where a move goes (the exact location: a coast for a fleet to a province with coasts)
    and whether it goes by convoy, or why it cannot apply."""
    target = province_of(order.target)
    place = board.provinces.get(target)
    if place is None or target == unit.province:
        return illegal(Reason.NOT_ADJACENT, target)
    army = unit.type is UnitType.ARMY
    if place.kind == ("sea" if army else "land"):  # wrong terrain for this unit
        return illegal(Reason.NOT_ADJACENT, target)
    if army and not order.via_convoy and not convoys.get((unit.province, target)) \
            and target in board.army_neighbours(unit.province):
        return target, False  # the usual case, said quickly

    if not army:
        location = _fleet_destination(unit.location, order.target, board, rules)
        if isinstance(location, Outcome):
            return location
        return location, False

    # Armies: by land, or by convoy (DATC 4.A.3, 2000/2023 rule: a move to an adjacent
    # province goes by convoy only when ordered "via convoy" or when a fleet of the same power
    # is ordered to convoy it; then there is no fallback to the land route).
    by_land = target in board.army_neighbours(unit.province)
    fleets = convoys.get((unit.province, target)) or set()
    own_fleet = bool(fleets) and any(units[f].power == unit.power for f in fleets)
    if by_land and not (order.via_convoy or own_fleet):
        return target, False
    if by_land and not fleets and rules.via_convoy_falls_back_to_land:
        return target, False
    if not necessary(unit.province, target):
        return illegal(Reason.NO_CONVOY_ROUTE, target)
    return target, True


def _fleet_destination(origin: str, target: str, board: Board, rules: Rules) -> str | Outcome:
    province = province_of(target)
    coasts = board.reachable_coasts(origin, province)
    if not coasts:
        return illegal(Reason.NOT_ADJACENT, province)
    if not board.provinces[province].coasts:
        return province
    if "/" in target:
        return target if target in coasts else illegal(Reason.BAD_COAST, target)
    if len(coasts) == 1 and not rules.fleet_coast_always_required:
        return coasts[0]
    return illegal(Reason.COAST_REQUIRED, province)


def _route_fleets(start: str, end: str, fleets: set[str], board: Board) -> frozenset[str]:
    """Fleets (sea provinces) that lie on at least one chain from `start` to `end`."""
    if not fleets or board.provinces[start].kind != "coast" or board.provinces[end].kind != "coast":
        return frozenset()
    from_start = _reach(start, fleets, board)
    from_end = _reach(end, fleets, board)
    return frozenset(from_start & from_end)


def _reach(coast: str, fleets: set[str], board: Board) -> set[str]:
    seen = {f for f in fleets if coast in board.provinces_touching(f)}
    queue = deque(seen)
    while queue:
        here = queue.popleft()
        for there in board.provinces_touching(here):
            if there in fleets and there not in seen:
                seen.add(there)
                queue.append(there)
    return seen


class _NecessaryFleets:
    """For an army's start and end, the fleets that lie on some route without detours (each
    fleet needed: no shortcut from an earlier place of the chain to a later one), using every
    fleet at sea on the board. Empty when no convoy route exists at all."""

    __slots__ = ("units", "board", "_memo")

    def __init__(self, units: Mapping[str, Unit], board: Board) -> None:
        self.units = units
        self.board = board
        self._memo: dict[tuple[str, str], frozenset[str]] = {}

    def __call__(self, start: str, end: str) -> frozenset[str]:
        key = (start, end)
        if key not in self._memo:
            self._memo[key] = self._search(start, end)
        return self._memo[key]

    def _search(self, start: str, end: str) -> frozenset[str]:
        board = self.board
        if start == end or board.provinces[start].kind != "coast" or \
                board.provinces[end].kind != "coast":
            return frozenset()
        touching = board.provinces_touching
        seas = _sea_provinces(board)
        units = self.units
        found: set[str] = set()

        def fleets_near(place: str) -> list[str]:
            """The fleets at sea bordering `place` (asked of the few seas there, not of
            every unit on the board)."""
            return [sea for sea in touching(place) & seas
                    if (unit := units.get(sea)) is not None and unit.type is UnitType.FLEET]

        def extend(chain: list[str], shortcut: frozenset[str]) -> None:
            """`shortcut`: the places bordering an earlier place of the chain than its last
            one; a fleet there would make the chain's last fleet unneeded (a detour)."""
            last = chain[-1]
            if end in touching(last):
                found.update(chain[1:])
                return
            for sea in fleets_near(last):
                if sea in chain or sea in shortcut:
                    continue
                chain.append(sea)
                extend(chain, shortcut | touching(last))
                chain.pop()

        # The order the chains are tried in does not matter: every chain is tried.
        for sea in fleets_near(start):
            extend([start, sea], touching(start))
        return frozenset(found)


@cache
def _sea_provinces(board: Board) -> frozenset[str]:
    """The board's sea provinces (a board is immutable: worked out once per board)."""
    return frozenset(p for p, place in board.provinces.items() if place.is_sea)
