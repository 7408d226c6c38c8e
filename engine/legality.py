"""What an order must be to apply: the rules shared by the whole phase (`validation.py` for
movement, `adjustments.py` for the winter) and by one order judged alone (`judgement.py`, which
the order reader asks), so the two can never drift apart.

Movement: the unit an order is for (`ordered_unit`), where a move goes and whether by convoy
(`move_way`), which fleets a convoy route needs (`NecessaryFleets`), whether a convoy order
applies (`convoy_problem`), what a support reaches (`support_target`). Winter: one adjustment
order given what the power owes (`adjustment_outcome`), with its removal (`removable_unit`) and
build site (`build_problem`). Each answers with the illegal (or failing) `Outcome` and its
reason when the order cannot apply.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import cache

from engine.board import Board
from engine.orders import (
    MOVEMENT_ORDERS,
    Build,
    Convoy,
    Disband,
    Move,
    Order,
    SupportHold,
    SupportMove,
    Waive,
)
from engine.outcomes import SUCCESS, Outcome, Reason, fails, illegal
from engine.rules import Rules
from engine.vocabulary import ARMY, FLEET, Power, Unit, UnitType, province_of


# -- movement ---------------------------------------------------------------------------------
def ordered_unit(order: Order, power: Power, units: Mapping[str, Unit]) -> Unit | Outcome:
    """The unit a movement order is for, or why the order cannot be for any."""
    if not isinstance(order, MOVEMENT_ORDERS):
        return illegal(Reason.WRONG_PHASE, getattr(order, "location", None))
    province = province_of(order.location)
    unit = units.get(province)
    if unit is not None and unit.power == power and order.unit in (None, unit.type):
        return unit  # the usual case, said quickly (adjudication is timed: bench/)
    return _own_unit(unit, power, order, province)


def _own_unit(unit: Unit | None, power: Power, order: Order, province: str) -> Unit | Outcome:
    """`unit` when it is there, `power`'s and of the type the order names; else why not."""
    if unit is None:
        return illegal(Reason.NO_UNIT, province)
    if unit.power != power:
        return illegal(Reason.WRONG_POWER, province)
    if order.unit is not None and order.unit != unit.type:
        return illegal(Reason.WRONG_UNIT_TYPE, province)
    return unit


def convoy_problem(order: Convoy, fleet: str, units: Mapping[str, Unit],
                   necessary: NecessaryFleets, board: Board) -> Outcome | None:
    """Why the convoy order of the fleet in `fleet` cannot apply, or None. A convoy order is
    legal only when its fleet is necessary for some convoy route of the fleets on the board
    (DATC 6.G.19)."""
    problem = _convoy_shape(order, units, board)
    target = province_of(order.target)
    if problem is None and fleet not in necessary(province_of(order.army_location), target):
        problem = illegal(Reason.NO_CONVOY_ROUTE, target)
    return problem


def _convoy_shape(order: Convoy, units: Mapping[str, Unit], board: Board) -> Outcome | None:
    """A fleet at sea, an army to carry, a coast to carry it to; or why not."""
    province = province_of(order.location)
    if units[province].type is not FLEET or province not in board.convoy_provinces:
        return illegal(Reason.NOT_A_SEA, province)
    army = units.get(province_of(order.army_location))
    if army is None:
        return illegal(Reason.NO_UNIT, province_of(order.army_location))
    if army.type is not ARMY:
        return illegal(Reason.WRONG_UNIT_TYPE, army.province)
    target = province_of(order.target)
    if target not in board.provinces or board.provinces[target].kind != "coast":
        return illegal(Reason.NOT_ADJACENT, target)
    return None


def support_target(unit: Unit, order: SupportHold | SupportMove, board: Board
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
    army = unit.type is ARMY
    reaches = where in board.army_neighbours(unit.province) if army else \
        bool(board.reachable_coasts(unit.location, where))
    if not reaches or board.provinces[where].kind == ("sea" if army else "land"):
        return illegal(Reason.UNREACHABLE_TARGET, where)
    return supported, where, coast


def move_way(unit: Unit, order: Move, units: Mapping[str, Unit],
              convoys: Mapping[tuple[str, str], set[str]], necessary: NecessaryFleets,
              board: Board, rules: Rules) -> tuple[str, bool] | Outcome:
    """Where a move goes (the exact location: a coast for a fleet to a province with coasts)
    and whether it goes by convoy, or why it cannot apply."""
    target = province_of(order.target)
    army = unit.type is ARMY
    if army and not order.via_convoy and target in board.army_neighbours(unit.province) \
            and not convoys.get((unit.province, target)):
        # The usual case, said quickly: army borders join two distinct provinces, neither a
        # sea (tests/engine/test_board.py), so the checks below could not fail.
        return target, False
    place = board.provinces.get(target)
    if place is None or target == unit.province:
        return illegal(Reason.NOT_ADJACENT, target)
    if place.kind == ("sea" if army else "land"):  # wrong terrain for this unit
        return illegal(Reason.NOT_ADJACENT, target)

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
        # Between two coasts a convoy could carry it (the fleets are missing); from or to an
        # inland province no fleet ever could: the province is simply not adjacent.
        coastal = board.provinces[unit.province].kind == "coast" and place.kind == "coast"
        return illegal(Reason.NO_CONVOY_ROUTE if coastal or by_land else Reason.NOT_ADJACENT,
                       target)
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


class NecessaryFleets:
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
                    if (unit := units.get(sea)) is not None and unit.type is FLEET]

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
    """Where the board's fleets convoy: its seas and any coasts it names (a variant's ports)."""
    return board.convoy_provinces


# -- winter adjustments -----------------------------------------------------------------------
def adjustment_outcome(power: Power, order: Order, delta: int, used: int,
                       units: tuple[Unit, ...], removed: Collection[Unit],
                       centers: Mapping[Power, frozenset[str]], taken: Collection[str],
                       board: Board) -> Outcome | Unit:
    """One winter order of `power`, which owes `delta` builds (+) or removals (-) and has used
    `used` of them in its earlier orders: the unit to remove when a removal applies, else the
    outcome (SUCCESS for a build or waive that applies). `taken`: provinces with a unit or a
    build already; `removed`: units already removed by order."""
    if not isinstance(order, (Build, Disband, Waive)):
        return illegal(Reason.WRONG_PHASE, getattr(order, "location", None))
    if isinstance(order, Disband):
        return removable_unit(power, order, units, removed, delta, used)
    if delta <= 0 or used >= delta:
        return fails(Reason.NO_BUILDS, getattr(order, "location", None))
    if isinstance(order, Waive):
        return SUCCESS
    return build_problem(power, order, centers, taken, board)


def removable_unit(power: Power, order: Disband, units: tuple[Unit, ...],
                   removed: Collection[Unit], delta: int, used: int) -> Unit | Outcome:
    """The unit a winter removal takes, or why it cannot: `delta` builds (+) or removals (-)
    due to `power`, `used` of them taken by its earlier orders, `removed` the units already
    removed by order."""
    province = province_of(order.location)
    unit = _own_unit(next((u for u in units if u.province == province), None), power, order,
                     province)
    if isinstance(unit, Outcome):
        return unit
    if unit in removed:
        return illegal(Reason.DUPLICATE, province)
    if delta >= 0 or used >= -delta:
        return fails(Reason.NO_REMOVALS, province)
    return unit


def build_problem(power: Power, order: Build, centers: Mapping[Power, frozenset[str]],
                  taken: Collection[str], board: Board) -> Outcome:
    """Whether the build's site and unit are right (a vacant home centre still owned, a coast
    for a fleet), whatever the power's count of builds: SUCCESS or the illegal outcome."""
    province = province_of(order.location)
    if province not in board.provinces:
        return illegal(Reason.NOT_HOME_CENTER, province)
    if province not in board.home_centers.get(power, ()) and not (
            board.builds_anywhere and province in board.supply_centers):
        return illegal(Reason.NOT_HOME_CENTER, province)
    if province not in centers.get(power, ()):
        return illegal(Reason.NOT_OWNED, province)
    if province in taken:
        return illegal(Reason.OCCUPIED, province)
    kind = board.provinces[province].kind
    if order.unit is UnitType.ARMY:
        if "/" in order.location:
            return illegal(Reason.BAD_COAST, order.location)
        return SUCCESS
    if kind == "land":
        return illegal(Reason.WRONG_UNIT_TYPE, province)
    if board.provinces[province].coasts and not board.can_stand(UnitType.FLEET, order.location):
        return illegal(Reason.COAST_REQUIRED, province)
    return SUCCESS
