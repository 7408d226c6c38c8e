"""The JSON record layout of the shared test data (`../shared/datc`, `../shared/games`) in and
out of the engine: what `arbitro adjudicate` reads and writes (see CONTRACTS.md)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace

from engine.adjudicator import PhaseResult, adjudicate
from engine.board import Board
from engine.orders import OrderSyntaxError, parse_order
from engine.outcomes import Reason
from engine.position import DislodgedUnit, Position, centers_to_json
from engine.retreats import retreat_options
from engine.rules import DEFAULT_RULES, Rules, rules_named
from engine.vocabulary import PhaseKind, Power, Season


def position_of(record: Mapping, board: Board | None = None,
                rules: Rules | None = None, variant: str | None = None) -> Position:
    """The record's position; for a retreat phase, with each dislodged unit's options. The
    record's `"variant"` wins over `variant`, which wins over `board`'s."""
    position = Position.from_record(record, variant or (board.variant if board else None))
    board = position.board
    if position.phase.kind is not PhaseKind.RETREAT:
        return position
    if all(d.retreat_options is not None for d in position.dislodged):
        return position
    if record.get("preceding_units") is not None and record.get("preceding_orders"):
        before = Position.from_record({"phase": "movement", "season": record.get("season"),
                                       "units": record["preceding_units"],
                                       "supply_centers": record.get("supply_centers")},
                                      position.variant)
        before = replace(before, phase=replace(position.phase, kind=PhaseKind.MOVEMENT))
        moved = adjudicate(before, record["preceding_orders"], rules or DEFAULT_RULES, board)
        found = {d.unit.province: d for d in moved.dislodged_after}
        dislodged = tuple(d if d.retreat_options is not None else
                          found.get(d.unit.province, _from_position(d, position, board))
                          for d in position.dislodged)
        return replace(position, dislodged=dislodged)
    return replace(position, dislodged=tuple(
        d if d.retreat_options is not None else _from_position(d, position, board)
        for d in position.dislodged))


def _from_position(d: DislodgedUnit, position: Position, board: Board) -> DislodgedUnit:
    occupied = {u.province for u in position.units}
    return replace(d, retreat_options=retreat_options(d.unit, d.attacker_from, False, occupied,
                                                      frozenset(), board))


def adjudicate_record(record: Mapping, rules: Rules | str | None = None,
                      board: Board | None = None, variant: str | None = None) -> dict:
    """One record in, one result object out (the `arbitro adjudicate` layout). The record's
    `"variant"` names its board; `variant` is the one for records that name none."""
    chosen = rules_named(record.get("rules") or rules or DEFAULT_RULES)
    position = position_of(record, board, chosen, variant)
    board = position.board
    kind = position.phase.kind
    orders: dict[Power, list[str]] = {}
    unreadable: list[tuple[str, str]] = []
    for power_name, given in (record.get("orders") or {}).items():
        power = Power.parse(power_name, position.variant)
        for text in given:
            try:
                parse_order(text, kind)  # kept: `adjudicate` finds it read
            except OrderSyntaxError:
                unreadable.append((power._value_, text))
                continue
            orders.setdefault(power, []).append(text)
    # Given as text, each result carries its order's text as written.
    result = adjudicate(position, orders, chosen, board)
    return result_to_json(result, record.get("id"), unreadable=unreadable)


def result_to_json(result: PhaseResult, record_id: str | None = None,
                   texts: list[str] | None = None,
                   unreadable: Sequence[tuple[str, str]] = ()) -> dict:
    out: dict = {}
    if record_id is not None:
        out["id"] = record_id
    out["units_after"] = [u.to_json() for u in result.units_after]
    out["dislodged_after"] = [
        {**d.unit.to_json(), "attacker_from": d.attacker_from,
         "retreat_options": sorted({loc for loc in (d.retreat_options or ())})}
        for d in result.dislodged_after] if result.phase.kind is PhaseKind.MOVEMENT else []
    order_results = {}
    order_reasons = {}
    for i, r in enumerate(result.results):
        key = f"{r.power._value_}: {texts[i] if texts else r.text}"
        outcome = r.outcome
        order_results[key] = outcome.status.contract_word
        reason = outcome.reason
        if reason is not None and reason is not Reason.UNREADABLE:
            order_reasons[key] = {"reason": reason._value_, "province": outcome.province}
    for power, text in unreadable:
        order_results[f"{power}: {text}"] = "invalid"
    out["order_results"] = order_results
    if _centers_reported(result):
        out["supply_centers_after"] = centers_to_json(result.supply_centers_after)
    if result.phase.kind is PhaseKind.ADJUSTMENT:
        out["civil_disorder_removes"] = [u.to_json() for u in result.civil_disorder_removes]
    out["civil_disorder"] = sorted(p._value_ for p in result.civil_disorder)
    out["order_reasons"] = order_reasons
    return out


def _centers_reported(result: PhaseResult) -> bool:
    """After a Fall movement phase with no retreats, a Fall retreat phase, and adjustments."""
    if result.phase.kind is PhaseKind.ADJUSTMENT:
        return True
    return result.phase.season is Season.FALL and result.centers_updated


def game_phase_position(phase: Mapping, dislodged: tuple[DislodgedUnit, ...] = (),
                        variant: str | None = None) -> Position:
    """The position before one phase of a `../shared/games` record (`phase`, `units_before`,
    `centers_before`). A retreat phase records its dislodged units without their attackers, so
    the caller passes them (e.g. the `dislodged_after` of its own adjudication of the preceding
    movement phase)."""
    position = Position.from_record({"phase": phase["phase"], "units": phase["units_before"],
                                     "supply_centers": phase["centers_before"]}, variant)
    return replace(position, dislodged=dislodged) if dislodged else position


def replay_game(phases: Sequence[Mapping], rules: Rules | str = DEFAULT_RULES,
                variant: str | None = None) -> Iterator[tuple[Mapping, PhaseResult]]:
    """Adjudicate every phase of a `../shared/games` record from its recorded position and
    orders, in order: (recorded phase, our result). A retreat phase takes its dislodged units,
    with their attackers and retreat options, from our result of the movement phase before."""
    previous: PhaseResult | None = None
    for phase in phases:
        dislodged = previous.dislodged_after if (
            phase["type"] == "retreat" and previous is not None) else ()
        result = adjudicate(game_phase_position(phase, dislodged, variant), phase["orders"],
                            rules)
        yield phase, result
        previous = result
