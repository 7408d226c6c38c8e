"""Engine values rebuilt from stored rows: the order results of an adjudicated phase (as the
renderer draws them) and the position a phase left (from its stored outcome). The results
post, the history and the replay all read phases back this one way."""

from __future__ import annotations

from typing import Any

from engine.adjudicator import PhaseResult, next_position
from engine.orders import parse_order
from engine.outcomes import OrderResult, Outcome, Reason, Status
from engine.position import Position, centers_to_json
from engine.rules import DEFAULT_RULES
from engine.vocabulary import PhaseKind, Power
from service.models import OrderResultRow, PhaseRow


def engine_results(rows: list[OrderResultRow], kind: PhaseKind) -> list[OrderResult]:
    """Stored results as the engine's `OrderResult`s, which the renderer draws."""
    return [OrderResult(r.power, parse_order(r.order, kind), Outcome(
        Status(r.status), Reason(r.reason) if r.reason else None, r.province), r.order)
        for r in rows]


def position_after(phase: PhaseRow, after: dict[str, Any]) -> Position:
    """The position an adjudicated phase left (units, dislodged units with their retreat
    options, centres), from its stored outcome."""
    return Position.from_record({
        "phase": phase.name, "units": after["units_after"],
        "dislodged": after.get("dislodged_after") or [],
        "supply_centers": after.get("supply_centers_after")
        or centers_to_json(phase.position.supply_centers)}, variant=phase.position.variant)


def position_reached(phase: PhaseRow, after: dict[str, Any],
                     neutral: frozenset[Power] = frozenset()) -> Position:
    """The position a game reached with its last adjudicated phase: the one its next phase
    would have opened on (named after it, with the centres counted after a Fall), as the
    engine moves on (`engine.adjudicator.next_position`). A finished game's status, map and
    export show it; `../shared/games` records it as a game's `final`."""
    left = position_after(phase, after)
    return next_position(PhaseResult(
        phase.position.phase, DEFAULT_RULES, (), left.units, left.dislodged,
        left.supply_centers, "supply_centers_after" in after, frozenset()),
        phase.position.board, neutral)
