"""Turning the orders given in a movement phase into the orders that will be adjudicated.

Each unit gets exactly one effective order. An order that cannot apply (no such unit, another
power's unit, not adjacent, no convoy route, wrong phase, ...) is illegal: it is reported with
its reason and the unit holds, as if the order were absent (DATC 4.E.1). What makes an order
apply is in `engine/legality.py`, shared with the one-order judgement the order reader asks.
"""

from __future__ import annotations

from collections import deque

from engine.board import Board
from engine.legality import (
    NecessaryFleets,
    convoy_problem,
    move_way,
    ordered_unit,
    support_target,
)
from engine.orders import MOVEMENT_ORDERS, Convoy, Hold, Move, Order, SupportHold
from engine.outcomes import Outcome, Reason, illegal
from engine.position import Position
from engine.rules import Rules
from engine.vocabulary import ARMY, Power, Unit, province_of


class Effective:
    """The order a unit will execute. `kind` is hold, move, support or convoy.

    A plain class with slots and its fields by position (made for every unit every phase:
    its `__init__` written out costs a quarter less than a dataclass's; bench/)."""

    __slots__ = ("unit", "kind", "target", "target_location", "convoyed", "supported",
                 "support_coast", "route_fleets")

    def __init__(self, unit: Unit, kind: str = "hold", target: str | None = None,
                 target_location: str | None = None, convoyed: bool = False,
                 supported: str | None = None, support_coast: str | None = None,
                 route_fleets: frozenset[str] = frozenset()) -> None:
        self.unit = unit
        self.kind = kind
        self.target = target                    # move: destination province; support: where it acts
        self.target_location = target_location  # move: exact destination (a coast for fleets)
        self.convoyed = convoyed                # move: goes by convoy
        self.supported = supported              # support/convoy: province of the unit supported
        self.support_coast = support_coast      # support: coast named in the support, if any
        self.route_fleets = route_fleets        # convoyed move: fleets on some route

    @property
    def province(self) -> str:
        return self.unit.province

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"Effective({fields})"


def effective_orders(position: Position, given: list[tuple[Power, Order, str]], board: Board,
                     rules: Rules, closed: frozenset[str] = frozenset()
                     ) -> tuple[dict[str, Effective], dict[int, Outcome]]:
    """Effective order per occupied province, and the outcome of each given order that is
    illegal (indexed like `given`). Moves into `closed` provinces are illegal."""
    units: dict[str, Unit] = {}
    for unit in position.units:  # (a loop, not a comprehension: one frame less a phase)
        units[unit.province] = unit
    rejected: dict[int, Outcome] = {}
    chosen: dict[str, int] = {}

    convoy_orders: list[tuple[str, int]] = []
    for index, (power, order, _text) in enumerate(given):
        # `ordered_unit`'s usual case inline (one call less per order: adjudication is timed):
        # a location is its province unless it names a coast (then `ordered_unit` finds it)
        unit = units.get(order.location) if order.__class__ in _MOVEMENT else None
        if unit is None or unit.power is not power or order.unit is not unit.type:
            unit = ordered_unit(order, power, units)
            if isinstance(unit, Outcome):
                rejected[index] = unit
                continue
        province = unit.province
        if province in chosen:  # a later order for the same unit replaces the earlier one
            rejected[chosen[province]] = illegal(Reason.DUPLICATE, province)
        chosen[province] = index
        if order.__class__ is Convoy:
            convoy_orders.append((province, index))

    # Convoy orders first: whether an army's move goes by convoy depends on them. A convoy
    # order is legal only when its fleet is necessary for some convoy route of the fleets on
    # the board (DATC 6.G.19); an army may be ordered across water whenever such a route exists,
    # whatever the fleets' orders (DATC 6.D.8).
    # (made only when asked: most phases have no convoy order and no move across water)
    necessary = NecessaryFleets(units, board) if convoy_orders else None
    convoys: dict[tuple[str, str], set[str]] = {}
    for province, index in convoy_orders:
        if chosen[province] != index:
            continue  # replaced by a later order
        order = given[index][1]
        outcome = convoy_problem(order, province, units, necessary, board)
        if outcome:
            rejected[index] = outcome
            continue
        convoys.setdefault((province_of(order.army_location), province_of(order.target)),
                           set()).add(province)

    # In the units' order, so that results do not depend on the order the orders came in.
    effective: dict[str, Effective] = {}
    for province, unit in units.items():
        index = chosen.get(province)
        if index is None or index in rejected or given[index][1].__class__ is Hold:
            effective[province] = Effective(unit)  # no order, a refused one, or a hold
            continue
        order = given[index][1]
        if order.__class__ is Move and unit.type is ARMY and not order.via_convoy:
            # An army's move to a province it borders, the commonest order after holds, said
            # without a call (`move_way` would say the same: army borders never join a sea or
            # a province to itself; tests/engine/test_speed_shortcuts.py).
            target = order.target
            if "/" in target:  # (a coast named: rare for an army; a call of the memory costs)
                target = province_of(target)
            if target in board.army_borders[province] and target not in closed \
                    and not (convoys and convoys.get((province, target))):
                effective[province] = Effective(unit, "move", target, target)
                continue
        result = _effective(unit, order, units, convoys, necessary, board, rules)
        if closed and result.__class__ is Effective and result.kind == "move" \
                and result.target in closed:
            result = illegal(Reason.NEUTRAL, result.target)
        if result.__class__ is Effective:  # (else an Outcome: the order is refused)
            effective[province] = result
        else:
            rejected[index] = result
            effective[province] = Effective(unit)
    return effective, rejected


_MOVEMENT = frozenset(MOVEMENT_ORDERS)  # exactly these classes; anything else asks `ordered_unit`


def _effective(unit: Unit, order: Order, units: dict[str, Unit],
               convoys: dict[tuple[str, str], set[str]], necessary: NecessaryFleets | None,
               board: Board, rules: Rules) -> Effective | Outcome:
    order_class = order.__class__  # (exactly these classes: none has subclasses)
    if order_class is Move:  # (an army's move to a bordering province is said earlier)
        target = province_of(order.target)
        if unit.type is not ARMY and order.target in board.fleet_neighbours(unit.location):
            # A fleet to a location it borders: `move_way` would say the same (fleet borders
            # join two provinces, never inland, a coast named when the province has coasts:
            # tests/engine/test_speed_shortcuts.py).
            return Effective(unit, "move", target, order.target)
        way = move_way(unit, order, units, convoys,
                       necessary or NecessaryFleets(units, board), board, rules)
        if isinstance(way, Outcome):
            return way
        location, convoyed = way
        if not convoyed:
            return Effective(unit, "move", target, location)
        fleets = convoys.get((unit.province, target)) or set()
        return Effective(unit, "move", target=target, target_location=location, convoyed=True,
                         route_fleets=_route_fleets(unit.province, target, fleets, board))
    if order_class is Hold:
        return Effective(unit)
    if order_class is Convoy:
        return Effective(unit, "convoy", province_of(order.target), None, False,
                         province_of(order.army_location))
    # supports
    found = support_target(unit, order, board)
    if found.__class__ is Outcome:
        return found
    supported, where, coast = found
    # (fields by position: a keyword call costs more)
    return Effective(unit, "support_hold" if order_class is SupportHold else "support_move", where,
                     None, False, supported, coast)


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
