"""Winter adjustments (seed 000 XIII.2): builds, removals, waives, and the civil-disorder
removals for powers that do not remove enough units (seed 000 XIV.4; DATC 4.D.8 for 2023)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.board import Board
from engine.orders import Build, Disband, Order, Waive
from engine.outcomes import SUCCESS, Outcome, Reason, fails, illegal
from engine.rules import Rules
from engine.vocabulary import Power, Unit, UnitType, province_of


def adjustment_counts(units: tuple[Unit, ...], centers: Mapping[Power, frozenset[str]],
                      neutral: frozenset[Power] = frozenset()) -> dict[Power, int]:
    """Builds (positive) or removals (negative) due per power."""
    counts: dict[Power, int] = {}
    for power in Power:
        if power in neutral:
            continue
        delta = len(centers.get(power, ())) - sum(1 for u in units if u.power == power)
        if delta:
            counts[power] = delta
    return counts


def build_sites(power: Power, units: tuple[Unit, ...], centers: Mapping[Power, frozenset[str]],
                board: Board) -> list[str]:
    """Vacant home centres the power still owns."""
    occupied = {u.province for u in units}
    return sorted(c for c in board.home_centers[power]
                  if c in centers.get(power, ()) and c not in occupied)


def powers_needing_orders(units: tuple[Unit, ...], centers: Mapping[Power, frozenset[str]],
                          board: Board, neutral: frozenset[Power] = frozenset()) -> set[Power]:
    return {p for p, d in adjustment_counts(units, centers, neutral).items()
            if d < 0 or build_sites(p, units, centers, board)}


def adjudicate_adjustments(units: tuple[Unit, ...], centers: Mapping[Power, frozenset[str]],
                           given: list[tuple[Power, Order, str]], board: Board, rules: Rules,
                           neutral: frozenset[Power] = frozenset()
                           ) -> tuple[dict[int, Outcome], list[Unit], list[Unit], list[Unit]]:
    """Outcomes per given order, units after, units removed by order, civil-disorder removals."""
    due = adjustment_counts(units, centers, neutral)
    outcomes: dict[int, Outcome] = {}
    built: list[Unit] = []
    removed: list[Unit] = []
    used: dict[Power, int] = {}
    taken: set[str] = {u.province for u in units}
    for index, (power, order, _text) in enumerate(given):
        delta = due.get(power, 0)
        if not isinstance(order, (Build, Disband, Waive)):
            outcomes[index] = illegal(Reason.WRONG_PHASE, getattr(order, "location", None))
        elif isinstance(order, Disband):
            outcomes[index] = _remove(power, order, units, removed, delta, used)
        elif delta <= 0 or used.get(power, 0) >= delta:
            outcomes[index] = fails(Reason.NO_BUILDS, getattr(order, "location", None))
        elif isinstance(order, Waive):
            used[power] = used.get(power, 0) + 1
            outcomes[index] = SUCCESS
        else:
            outcome = _check_build(power, order, centers, taken, board, rules)
            outcomes[index] = outcome
            if outcome.succeeded:
                used[power] = used.get(power, 0) + 1
                taken.add(province_of(order.location))
                built.append(Unit(power, order.unit, order.location))

    disorder: list[Unit] = []
    for power, delta in due.items():
        missing = -delta - sum(1 for u in removed if u.power == power)
        if delta < 0 and missing > 0:
            left = [u for u in units if u.power == power and u not in removed]
            disorder.extend(civil_disorder_removals(power, left, missing, centers, board, rules))
    gone = set(removed) | set(disorder)
    after = [u for u in units if u not in gone] + built
    return outcomes, after, removed, disorder


def _remove(power: Power, order: Disband, units: tuple[Unit, ...], removed: list[Unit],
            delta: int, used: dict[Power, int]) -> Outcome:
    province = province_of(order.location)
    unit = next((u for u in units if u.province == province), None)
    if unit is None:
        return illegal(Reason.NO_UNIT, province)
    if unit.power != power:
        return illegal(Reason.WRONG_POWER, province)
    if order.unit is not None and order.unit != unit.type:
        return illegal(Reason.WRONG_UNIT_TYPE, province)
    if unit in removed:
        return illegal(Reason.DUPLICATE, province)
    if delta >= 0 or used.get(power, 0) >= -delta:
        return fails(Reason.NO_REMOVALS, province)
    used[power] = used.get(power, 0) + 1
    removed.append(unit)
    return SUCCESS


def _check_build(power: Power, order: Build, centers: Mapping[Power, frozenset[str]],
                 taken: set[str], board: Board, rules: Rules) -> Outcome:
    province = province_of(order.location)
    if province not in board.provinces:
        return illegal(Reason.NOT_HOME_CENTER, province)
    if province not in board.home_centers[power]:
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


def civil_disorder_removals(power: Power, units: list[Unit], count: int,
                            centers: Mapping[Power, frozenset[str]], board: Board,
                            rules: Rules) -> list[Unit]:
    """The units a power in civil disorder loses: farthest first from its home centres (1971)
    or its owned centres (2023), counting moves over land and sea; fleets before armies at equal
    distance; then by the province's name in alphabetical order."""
    sources = board.home_centers[power] if rules.civil_disorder_from_home_centers else \
        centers.get(power, frozenset())
    distance = board.distances_from(set(sources)) if sources else {}
    far = len(board.provinces) + 1

    def key(unit: Unit) -> tuple[int, int, str]:
        return (-distance.get(unit.province, far), 0 if unit.type is UnitType.FLEET else 1,
                board.provinces[unit.province].name)

    return sorted(units, key=key)[:count]
