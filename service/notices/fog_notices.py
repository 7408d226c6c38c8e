"""Fog of war's announcements (docs/variants.md): in a game with the setting `fog` the channel
hears only that a phase is over; each seated player is sent, privately, the results of the
orders they can see and a map drawn from their sight (`engine.fog`), for all their powers."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from engine.fog import sight
from engine.orders import Move, Retreat
from engine.position import Position
from engine.vocabulary import Power, province_of
from service.games.lookups import game_or_fail
from service.games.sealed import seen_by
from service.maps.drawing import Drawing
from service.models import Game, MapImage, PhaseReport, PhaseRow, Seat
from service.notices.notifier import Message
from service.storage.db import Database
from service.storage.repos import phases, results, seats
from service.storage.stored import engine_results, position_after

log = logging.getLogger(__name__)


def phase_over(game: Game, phase: PhaseRow, following: PhaseRow | None,
               report: PhaseReport) -> Message:
    """What the channel of a fog game hears: the phase is over (and what comes next), with
    each power's centre count when the setting `fog_centres` allows and centres were counted."""
    params: dict[str, Any] = {
        "game": game.name, "game_id": game.id, "phase": phase.name,
        "next_phase": following.name if following else None,
        "next_deadline": following.deadline_at if following else None}
    centres = report.after.get("supply_centers_after")
    if game.settings.fog_centres and centres:
        params["centre_counts"] = {p: len(cs) for p, cs in sorted(centres.items()) if cs}
        return Message("phase.over_fog_centres", f"{game.name}: {phase.name} is over; the "
                       "results go to each player privately. Supply centres: " + ", ".join(
                           f"{p} {n}" for p, n in params["centre_counts"].items()), params,
                       lang=game.settings.language, anonymous=game.settings.anonymous)
    return Message("phase.over_fog", f"{game.name}: {phase.name} is over; the results go to "
                   "each player privately.", params,
                   lang=game.settings.language, anonymous=game.settings.anonymous)


def _sight_of(phase: PhaseRow, after: Position | None,
              powers: list[Power]) -> frozenset[str]:
    seen: set[str] = set()
    for power in powers:
        seen |= sight(phase.position, power)
        if after is not None:
            seen |= sight(after, power)
    return frozenset(seen)


def _told(row: Any, engine_row: Any, powers: list[Power], seen: frozenset[str]) -> bool:
    """A result is told when its unit stands in sight, or moves or retreats into it (seen
    arriving). Not when only what it supports, convoys or is cut from is in sight: that
    would show a unit beyond sight (`F TRI S A VEN` to a player who sees Venice alone)."""
    if row.power in powers:
        return True
    order = engine_row.order if engine_row is not None else None
    if order is None:                         # read again by its text's first province
        places = [w for w in str(row.order).lower().split() if len(w) >= 3][:1]
    else:
        places = [order.location]
        if isinstance(order, Move | Retreat):
            places.append(order.target)
    return any(p and province_of(str(p)) in seen for p in places)


def private_reports(game: Game, phase: PhaseRow, following: PhaseRow | None,
                    report: PhaseReport, seated: list[Seat]) -> list[tuple[int, Message]]:
    """Each seated player's own results (user id, message); their map is drawn when the
    message is sent (`fog_map`)."""
    users: dict[int, list[Power]] = {}
    for seat in seated:
        if seat.user_id is not None:
            users.setdefault(seat.user_id, []).append(seat.power)
    out = []
    for user_id, powers in sorted(users.items()):
        told, seen, _ = _view(phase, report.results, report.after, powers)
        names = {p.value for p in powers}
        # another power's dislodged unit in sight, without where it may retreat (its
        # options tell which provinces beyond sight are empty)
        dislodged = [d if d.get("power") in names else
                     {k: v for k, v in d.items() if k != "retreat_options"}
                     for d in report.after.get("dislodged_after", [])
                     if province_of(d["location"]) in seen]
        # their own centres' count (the map shows who holds the centres in sight: a count of
        # another power's centres in sight would read as its whole count)
        centres = report.after.get("supply_centers_after")
        shown = {p: list(cs) for p, cs in centres.items() if p in names} if centres else None
        params: dict[str, Any] = {
            "game": game.name, "game_id": game.id, "phase": report.phase,
            "results": [{"power": r.power.value, "order": r.order, "status": r.status,
                         "reason": r.reason, "province": r.province} for r, _ in told],
            "dislodged": dislodged,
            "supply_centers": {p: cs for p, cs in shown.items() if cs} if shown else None,
            "centres_before": {p.value: n for p, n in phase.position.center_counts().items()
                               if p in powers and n},
            "next_phase": following.name if following else None,
            "next_deadline": following.deadline_at if following else None,
            "outcome": game.outcome if following is None else None}
        text = f"{game.name}: {report.phase}: " + "; ".join(
            f"{r.power.value} {r.order}: {r.status}" for r, _ in told)
        out.append((user_id, Message("phase.results", text, params,
                                     lang=game.settings.language, game_id=game.id)))
    return out


def _view(phase: PhaseRow, rows: Any, after_json: dict[str, Any], powers: list[Power]
          ) -> tuple[list[tuple[Any, Any]], frozenset[str], Position | None]:
    """The results `powers` are told (stored row, engine result), their sight, and the
    position the phase left (None before it is adjudicated)."""
    after = position_after(phase, after_json) if after_json.get("units_after") else None
    rows = list(rows)
    try:
        engine_rows: list[Any] = engine_results(rows, phase.position.phase.kind)
    except Exception:          # an order the engine cannot read again: told by its unit
        engine_rows = [None] * len(rows)
    seen = _sight_of(phase, after, powers)
    told = [(r, e) for r, e in zip(rows, engine_rows, strict=True)
            if _told(r, e, powers, seen)]
    return told, seen, after


async def fog_map(db: Database, drawing: Drawing, message: Message, game_id: int,
                  phase_id: int | None, user_id: int) -> Message:
    """`message` with the map of phase `phase_id` as the powers `user_id` plays see it: only
    the units, centres and results in their sight, the rest drawn in fog."""
    async with db.read() as conn:
        game = await game_or_fail(conn, game_id)
        phase = await phases.get(conn, phase_id) if phase_id is not None else None
        if phase is None:
            return message
        rows = await results.of_phase(conn, phase_id)
        stored = await results.outcome(conn, phase_id)
        powers = await seats.powers_of(conn, game_id, user_id)
    if not powers:
        return message
    after_json = stored[0] if stored else {}
    told, seen, after = _view(phase, rows, after_json, powers)
    try:
        shown = await drawing.map_image(
            game, replace(phase, position=seen_by(phase.position, powers)),
            results=[e for _, e in told if e is not None],
            after=seen_by(after, powers, seen) if after is not None else None,
            visible=sorted(seen), counts=known_counts(game, after or phase.position, powers))
    except Exception:    # its workers keep dying: the results go without it, saying so
        log.exception("the fog map of phase %s for user %s could not be drawn", phase_id,
                      user_id)
        return replace(message, params={**message.params, "map_missing": True})
    return replace(message, image=shown.png, image_name=shown.filename)


async def sight_map(drawing: Drawing, game: Game, phase: PhaseRow, powers: list[Power], *,
                    orders: Any = (), size: str = "normal") -> MapImage:
    """The open phase `phase` as the players of `powers` see it (`/game map`, the order
    preview, a replacement's briefing): their units, the units and centres in their sight,
    the rest in fog; `orders` ((power, order) of their own) drawn over it."""
    seen = _sight_of(phase, None, powers)
    return await drawing.map_image(game, replace(phase, position=seen_by(phase.position,
                                                                           powers, seen)),
                                   size=size, orders=list(orders), visible=sorted(seen),
                                   counts=known_counts(game, phase.position, powers))


def known_counts(game: Game, position: Position, powers: list[Power]) -> dict[str, int]:
    """The supply-centre counts a fog map's legend may give: the reader's own powers', and
    every power's when the game makes them public (`fog_centres`); the others show "?"."""
    public = position.board.powers if game.settings.fog_centres else powers
    return {p.value: len(position.supply_centers.get(p, ())) for p in public}
