"""A whole game as JSON, in the layout of `../shared/games` (see its README and CONTRACTS.md,
`arbitro export`): the settings, then one object per adjudicated phase with the position before
it, the orders that counted (canonical), the orders as sent (every message, with its time),
each order's result and the position after it. Each phase also carries its position in the
layout `arbitro adjudicate` reads (`phase`, `units`, `dislodged` with retreat options,
`supply_centers`, `rules`), so the exported phases replay through it as they are.

The smaller set-ups' neutral powers and closed provinces are not part of that layout: a two- to
six-player game is exported all the same, but only the seven-player game replays exactly.
"""

from __future__ import annotations

from typing import Any

from engine.position import centers_to_json
from engine.vocabulary import PhaseKind, Season
from service.games.lookups import game_or_fail
from service.games.sealed import ensure_unsealed
from service.models import FINISHED, PhaseRow
from service.storage.db import Database
from service.storage.repos import games, phases, results
from service.storage.repos import orders as order_rows
from service.storage.views import shown_position
from service.timing.clock import from_ts

_SEASONS = {Season.SPRING: "Spring", Season.FALL: "Fall", Season.WINTER: "Winter"}
_TYPES = {PhaseKind.MOVEMENT: "movement", PhaseKind.RETREAT: "retreat",
          PhaseKind.ADJUSTMENT: "adjustment"}


async def game_record(conn: Any, game_id: int, *,
                      players: bool = True) -> dict[str, Any] | None:
    """The export of game `game_id` (None when there is no such game). Without `players`, an
    anonymous game that has not ended names no user (docs/press.md)."""
    game = await games.get(conn, game_id)
    if game is None:
        return None
    rules = game.settings.rules
    hide = not players and game.settings.anonymous and game.status != FINISHED
    played = await phases.history(conn, game_id)
    records = [await _phase_record(conn, row, rules, played, hide) for row in played
               if row.status == "done"]
    # the position after the last phase (`../shared/games`' `final`), builds included
    last = await shown_position(conn, game, played[-1]) if played else None
    return {
        "id": f"arbitro-{game.id}", "map": game.settings.board, "variant": game.settings.board,
        "name": game.name,
        "source": {"program": "arbitro", "game": game.id},
        "settings": game.settings.to_json(), "rules": rules, "status": game.status,
        "outcome": game.outcome, "rng_seed": game.rng_seed,
        "created_at": _iso(game.created_at), "started_at": _iso(game.started_at),
        "finished_at": _iso(game.finished_at),
        "final": {"phase": last.phase.name, "units": [u.to_json() for u in last.units],
                  "centers": centers_to_json(last.supply_centers)} if last else None,
        "phases": records}


async def _phase_record(conn: Any, row: PhaseRow, rules: str, played: list[PhaseRow],
                        hide: bool) -> dict[str, Any]:
    position = row.position
    stored = await results.outcome(conn, row.id)
    after, disorder = stored if stored else ({}, [])
    following = next((p for p in played if p.seq == row.seq + 1), None)
    record: dict[str, Any] = {
        "phase": row.name, "season": f"{_SEASONS[position.phase.season]} {position.phase.year}",
        "type": _TYPES[position.phase.kind], "rules": rules,
        "units_before": [u.to_json() for u in position.units],
        "centers_before": centers_to_json(position.supply_centers),
        "dislodged_before": [d.unit.to_json() for d in position.dislodged],
        **position.to_record(),            # what `arbitro adjudicate` reads
    }
    record["phase"] = row.name
    if position.phase.kind is PhaseKind.RETREAT:
        record["retreat_options"] = {d.unit.label(): list(d.retreat_options or ())
                                     for d in position.dislodged}
    record["orders"] = {p.value: texts for p, texts in
                        sorted((await order_rows.effective(conn, row.id)).items()) if texts}
    record["orders_sent"] = [
        {"power": power, "user": None if hide else user, "text": text, "mode": mode,
         "at": _iso(from_ts(at))}
        for power, user, text, mode, at in await order_rows.submissions(conn, row.id)]
    record["results"] = [{"power": r.power.value, "order": r.order, "status": r.status,
                          "reason": r.reason, "province": r.province}
                         for r in await results.of_phase(conn, row.id)]
    record["units_after"] = after.get("units_after", [])
    record["dislodged_after"] = after.get("dislodged_after", [])
    record["centers_after"] = after.get("supply_centers_after",
                                        record["centers_before"])
    if after.get("civil_disorder_removes"):
        record["civil_disorder_removes"] = after["civil_disorder_removes"]
    record["civil_disorder"] = [p.value for p in disorder]
    record["next_phase"] = following.name if following else None
    record["adjudicated_at"] = _iso(row.adjudicated_at)
    return record


def _iso(when: Any) -> str | None:
    return when.isoformat() if when is not None else None


class Exports:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def game(self, game_id: int, *, players: bool = True) -> dict[str, Any]:
        """The export of a game (NotFound when there is none); `players=False` for anyone
        but its moderators: an anonymous game's users stay hidden until it ends."""
        async with self.db.read() as conn:
            ensure_unsealed(await game_or_fail(conn, game_id))    # fog of war: once it ends
            record = await game_record(conn, game_id, players=players)
        assert record is not None
        return record
