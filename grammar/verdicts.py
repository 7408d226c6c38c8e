"""The position's say on a reading: the engine's verdict on one order, and whether a support
or convoy names a unit that is there and could make that move.

The engine decides legality (`engine.validation`, the retreat and adjustment rules); this
module only asks it, one order at a time, and remembers the answers: per position (`view_of`:
every player's orders for a phase are read against the same position) and, for movement
orders, by the units the verdict reads, so that it serves every position where they stand.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

from engine import (
    Board,
    Build,
    Convoy,
    Move,
    Order,
    Outcome,
    PhaseKind,
    Position,
    Power,
    Rules,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
)
from engine.judgement import (
    adjustment_order_outcome,
    build_site_problem,
    movement_order_problem,
    retreat_order_problem,
)
from engine.outcomes import Reason, Status
from engine.vocabulary import province_of


@dataclass
class PositionView:
    """What the readers ask of a position, computed once per position."""

    position: Position
    on_board: dict[str, Unit]
    orderable: dict[str, Unit]  # units that take orders in this phase (dislodged: retreats)
    fleets_at_sea: tuple[Unit, ...]
    # Each unit as text ("Italy A ven"), and the fleets at sea likewise: the keys of the shared
    # movement verdicts. Strings keep their hash; a Unit computes its own at every lookup.
    unit_keys: dict[str, str] = field(default_factory=dict)
    fleets_at_sea_key: str = ""
    judged: dict[tuple, Outcome | None] = field(default_factory=dict)
    lines: dict[tuple, object] = field(default_factory=dict)  # kept by grammar.api
    movement: bool = False  # a movement phase


# Positions by identity (the calls for one message pass the same object) and by content (the
# service loads the phase again for each message: an equal position is the same position).
_BY_ID: OrderedDict[int, tuple[Position, PositionView]] = OrderedDict()
_BY_CONTENT: OrderedDict[tuple, PositionView] = OrderedDict()
_VIEWS_KEPT = 64
_last: tuple[Position | None, PositionView | None] = (None, None)  # the latest asked about

# The engine's verdict on one movement order, by the units it reads (see _movement_verdict).
_MOVEMENT_VERDICTS: dict[tuple, tuple[Order, Outcome | None]] = {}
_VERDICTS_KEPT = 100_000


def view_of(position: Position) -> PositionView:
    global _last
    if _last[0] is position:  # the lines of one message, one phase's messages
        return _last[1]
    known = _BY_ID.get(id(position))
    if known is not None and known[0] is position:
        _BY_ID.move_to_end(id(position))
        _last = known
        return known[1]
    # A unit as text, "Italy A ven": the enums are strings, so joining them is quick.
    units = {u.province: " ".join((u.power, u.type, u.location)) for u in position.units}
    content = _content(position, units)
    view = _BY_CONTENT.get(content)
    if view is None:
        view = _new_view(position, units)
        _BY_CONTENT[content] = view
    _BY_CONTENT.move_to_end(content)
    _BY_ID[id(position)] = (position, view)
    for table in (_BY_ID, _BY_CONTENT):
        while len(table) > _VIEWS_KEPT:
            table.popitem(last=False)
    _last = (position, view)
    return view


def _content(position: Position, units: dict[str, str]) -> tuple:
    """Everything a reading can depend on (units, dislodged units and their options, centres,
    the phase), as sets of strings: equal for equal positions, quick to build and compare."""
    dislodged = frozenset([f"{d.unit.power}:{d.unit.type}:{d.unit.location}:"
                           f"{d.attacker_from}:{d.retreat_options}" for d in position.dislodged])
    centers = frozenset([(power.value, frozenset(owned))
                         for power, owned in position.supply_centers.items()])
    # (`units` has one unit per province; the count keeps a malformed position apart.)
    return (position.phase.name, len(position.units), frozenset(units.values()), dislodged,
            centers, position.variant)


def _new_view(position: Position, units: dict[str, str]) -> PositionView:
    on_board = {u.province: u for u in position.units}
    orderable = ({d.unit.province: d.unit for d in position.dislodged}
                 if position.phase.kind is PhaseKind.RETREAT else on_board)
    provinces = position.board.provinces
    at_sea = tuple(u for u in position.units if u.type is UnitType.FLEET
                   and provinces[u.province].is_sea)
    return PositionView(position, on_board, orderable, at_sea, units,
                        ",".join([units[u.province] for u in at_sea]),
                        movement=position.phase.kind is PhaseKind.MOVEMENT)


def forget() -> None:
    """Drop every remembered position and verdict (benchmarks start cold with it)."""
    global _last
    _last = (None, None)
    _BY_ID.clear()
    _BY_CONTENT.clear()
    _MOVEMENT_VERDICTS.clear()


def verdict(view: PositionView, power: Power | None, order: Order, board: Board,
            rules: Rules) -> Outcome | None:
    """None when the order can apply on this position, else the engine's illegal outcome
    (or, in winter, the failing one) with its reason. Without a sender, the unit's owner
    asks."""
    power = power or owner_for(view, order, board)
    if view.movement:
        return _movement_verdict(view, power, order, board, rules)
    key = (power, order, rules.name)
    found = view.judged.get(key, _UNJUDGED)
    if found is _UNJUDGED:
        found = view.judged[key] = _engine_verdict(view, power, order, board, rules)
    return found


_UNJUDGED = object()


def _movement_verdict(view: PositionView, power: Power, order: Order, board: Board,
                      rules: Rules) -> Outcome | None:
    """Remembered by the units the verdict reads, as text: its own, the one it supports or
    convoys, and, when a convoy route can matter (a convoy order; an army going VIA or to a
    province it does not border), the fleets at sea. The verdict depends on nothing else, so
    the same units and order have the same verdict on every position where they stand."""
    keys = view.unit_keys
    own = view.on_board.get(province_of(order.location))
    other = getattr(order, "supported_location", None) or getattr(order, "army_location", None)
    other_unit = view.on_board.get(province_of(other)) if other else None
    # The order by identity (the reader makes one object per distinct order; hashing a
    # frozen dataclass is a Python call per lookup); the entry keeps the order itself, so
    # its id is never another order's. Strings and numbers only: the collector lets it be.
    by_sea = _may_go_by_sea(order, own, board)
    key = (power._value_, id(order), rules.name, keys[own.province] if own else "",
           keys[other_unit.province] if other_unit else "",
           view.fleets_at_sea_key if by_sea else "")
    found = _MOVEMENT_VERDICTS.get(key)
    if found is None or found[0] is not order:
        if len(_MOVEMENT_VERDICTS) > _VERDICTS_KEPT:
            _MOVEMENT_VERDICTS.clear()
        found = _MOVEMENT_VERDICTS[key] = (order, movement_order_problem(
            view.on_board, power, order, board, rules))
    return found[1]


def _engine_verdict(view: PositionView, power: Power, order: Order, board: Board,
                    rules: Rules) -> Outcome | None:
    """A retreat or adjustment order's verdict, on the whole position."""
    position = view.position
    if position.phase.kind is PhaseKind.RETREAT:
        return retreat_order_problem(position.dislodged, power, order, set(view.on_board),
                                     board, rules)
    # The other powers' removals (and civil disorder) do not bear on this one order.
    outcome = adjustment_order_outcome(position.units, position.supply_centers, power, order,
                                       board, rules)
    if outcome.reason is Reason.NO_BUILDS and isinstance(order, Build):
        # The count comes first in the engine; for choosing among readings, and for telling
        # the player, whether the site itself is buildable matters more.
        site = build_site_problem(power, order, position.supply_centers, set(view.on_board),
                                  board, rules)
        outcome = site if site.status is not Status.SUCCEEDS else outcome
    return outcome if outcome and outcome.status is not Status.SUCCEEDS else None


def _may_go_by_sea(order: Order, unit: Unit | None, board: Board) -> bool:
    if isinstance(order, Convoy):
        return True
    if not isinstance(order, Move) or unit is None or unit.type is not UnitType.ARMY:
        return False
    return order.via_convoy or not board.adjacent(UnitType.ARMY, unit.location, order.target)


def owner_for(view: PositionView, order: Order, board: Board) -> Power:
    """Who would give this order: the unit's owner, else the power whose home it is."""
    location = getattr(order, "location", None)
    unit = view.orderable.get(province_of(location)) if location else None
    if unit is not None:
        return unit.power
    province = board.provinces.get(province_of(location)) if location else None
    if province is not None and province.home is not None:
        return province.home
    return Power.ENGLAND  # nobody's unit: the engine reports "no unit" whoever asks


def plausible(view: PositionView, order: Order, board: Board) -> bool:
    """Does the supported or convoyed unit exist, and could it make that move?"""
    if isinstance(order, (SupportHold, SupportMove, Convoy)):
        where = order.army_location if isinstance(order, Convoy) else order.supported_location
        unit = view.on_board.get(province_of(where))
        if unit is None:
            return False
        if isinstance(order, SupportMove):
            return _could_move(unit, order.target, board)
        if isinstance(order, Convoy):
            return unit.type is UnitType.ARMY
    return True


def _could_move(unit: Unit, target: str, board: Board) -> bool:
    if board.adjacent(unit.type, unit.location, target):
        return True
    province = board.provinces.get(target)
    here = board.provinces.get(unit.province)
    return (unit.type is UnitType.ARMY and province is not None and here is not None
            and province.kind == "coast" and here.kind == "coast")
