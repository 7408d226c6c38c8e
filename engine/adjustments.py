"""Winter adjustments (seed 000 XIII.2): builds, removals, waives, and the civil-disorder
removals for powers that do not remove enough units (seed 000 XIV.4; DATC 4.D.8 for 2023)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.board import Board
from engine.legality import adjustment_outcome
from engine.orders import Build, Order
from engine.outcomes import SUCCESS, Outcome
from engine.rules import Rules
from engine.vocabulary import Power, Unit, UnitType, province_of


def adjustment_counts(units: tuple[Unit, ...], centers: Mapping[Power, frozenset[str]],
                      neutral: frozenset[Power] = frozenset()) -> dict[Power, int]:
    """Builds (positive) or removals (negative) due per power, in the powers' alphabetical
    order."""
    due = _due(units, centers, neutral)
    return {power: due[power] for power in sorted(due)}


def _due(units: tuple[Unit, ...], centers: Mapping[Power, frozenset[str]],
         neutral: frozenset[Power]) -> dict[Power, int]:
    """`adjustment_counts` in no particular order: the centres each power owns less the units
    it has on the board, where they differ (seed 000 XIII.2); neutral powers owe nothing."""
    fielded: dict[Power, int] = {}
    for unit in units:
        fielded[unit.power] = fielded.get(unit.power, 0) + 1
    due: dict[Power, int] = {}
    for power, owned in centers.items():
        delta = len(owned) - fielded.pop(power, 0)
        if delta and power not in neutral:
            due[power] = delta
    for power, count in fielded.items():  # units, and no centre listed
        if power not in neutral:
            due[power] = -count
    return due


def build_sites(power: Power, units: tuple[Unit, ...], centers: Mapping[Power, frozenset[str]],
                board: Board) -> list[str]:
    """Vacant home centres the power still owns (any vacant owned centre when the board lets
    powers build anywhere: Chaos)."""
    occupied = {u.province for u in units}
    return sorted(c for c in _build_centres(power, centers, board) if c not in occupied)


def powers_needing_orders(units: tuple[Unit, ...], centers: Mapping[Power, frozenset[str]],
                          board: Board, neutral: frozenset[Power] = frozenset()) -> set[Power]:
    """Powers with removals due, or builds due and a site to build on (`build_sites`)."""
    due = _due(units, centers, neutral)
    if not due:  # the usual answer, and adjudication is timed (bench/)
        return set()
    occupied = {u.province for u in units}
    return {p for p, d in due.items()
            if d < 0 or not occupied.issuperset(_build_centres(p, centers, board))}


def _build_centres(power: Power, centers: Mapping[Power, frozenset[str]], board: Board
                   ) -> frozenset[str]:
    """The centres `power` may build on, vacant or not: its home centres it still owns (any
    owned centre when the board lets powers build anywhere)."""
    sites = board.supply_centers if board.builds_anywhere else board.home_centers.get(
        power, frozenset())
    return sites.intersection(centers.get(power, ()))


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
        found = adjustment_outcome(power, order, due.get(power, 0), used.get(power, 0), units,
                                   removed, centers, taken, board)
        if isinstance(found, Unit):  # a removal that applies
            removed.append(found)
            found = SUCCESS
        elif found.succeeded and isinstance(order, Build):
            taken.add(province_of(order.location))
            built.append(Unit(power, order.unit, order.location))
        if found.succeeded:
            used[power] = used.get(power, 0) + 1
        outcomes[index] = found

    disorder: list[Unit] = []
    for power, delta in due.items():
        missing = -delta - sum(1 for u in removed if u.power == power)
        if delta < 0 and missing > 0:
            left = [u for u in units if u.power == power and u not in removed]
            disorder.extend(civil_disorder_removals(power, left, missing, centers, board, rules))
    gone = set(removed) | set(disorder)
    after = [u for u in units if u not in gone] + built
    return outcomes, after, removed, disorder


def civil_disorder_removals(power: Power, units: list[Unit], count: int,
                            centers: Mapping[Power, frozenset[str]], board: Board,
                            rules: Rules) -> list[Unit]:
    """The units a power in civil disorder loses: farthest first from its home centres (1971)
    or its owned centres (2023), counting moves over land and sea; fleets before armies at equal
    distance; then by the province's name in alphabetical order."""
    sources = board.home_centers.get(power, frozenset()) \
        if rules.civil_disorder_from_home_centers else \
        centers.get(power, frozenset())
    distance = board.distances_from(set(sources)) if sources else {}
    far = len(board.provinces) + 1

    def key(unit: Unit) -> tuple[int, int, str]:
        return (-distance.get(unit.province, far), 0 if unit.type is UnitType.FLEET else 1,
                board.provinces[unit.province].name)

    return sorted(units, key=key)[:count]
