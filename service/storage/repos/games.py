"""Games: settings, status, the recorded RNG seed, the pause state and the final outcome."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from service.models import FINISHED, Game, GameSettings
from service.storage.db import Connection, Row
from service.timing.clock import from_ts

_COLUMNS = ("id, channel_id, guild_id, name, moderator_id, settings_json, status, rng_seed, "
            "paused_remaining, outcome_json, created_at, started_at, finished_at, joined_side")


def _game(row: Row) -> Game:
    return Game(
        id=row["id"], channel_id=row["channel_id"], guild_id=row["guild_id"], name=row["name"],
        moderator_id=row["moderator_id"],
        settings=GameSettings.from_json(json.loads(row["settings_json"])),
        status=row["status"], rng_seed=row["rng_seed"],
        paused_remaining=(None if row["paused_remaining"] is None
                          else timedelta(seconds=row["paused_remaining"])),
        outcome=json.loads(row["outcome_json"]) if row["outcome_json"] else None,
        created_at=from_ts(row["created_at"]), started_at=from_ts(row["started_at"]),
        finished_at=from_ts(row["finished_at"]), joined_side=row["joined_side"])


async def insert(conn: Connection, *, channel_id: int, guild_id: int | None, name: str,
                 moderator_id: int, settings: GameSettings, at: float) -> int:
    new_id = await conn.fetchval(
        "INSERT INTO games (channel_id, guild_id, name, moderator_id, settings_json, created_at,"
        " variant) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (channel_id, guild_id, name, moderator_id, json.dumps(settings.to_json()), at,
         settings.board))
    return int(new_id)


async def get(conn: Connection, game_id: int) -> Game | None:
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,))
    row = rows[0] if rows else None
    return _game(row) if row else None


async def in_channel(conn: Connection, channel_id: int,
                     include_finished: bool = False) -> list[Game]:
    extra = "" if include_finished else f" AND status != '{FINISHED}'"
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM games WHERE channel_id = ?{extra} "
                            "ORDER BY id", (channel_id,))
    return [_game(r) for r in rows]


async def with_status(conn: Connection, *statuses: str) -> list[Game]:
    marks = ", ".join("?" for _ in statuses)
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM games WHERE status IN ({marks}) "
                            "ORDER BY id", statuses)
    return [_game(r) for r in rows]


async def start(conn: Connection, game_id: int, *, rng_seed: int | None,
                at: float) -> None:
    await conn.execute("UPDATE games SET status = 'active', rng_seed = ?, started_at = ? "
                       "WHERE id = ?", (rng_seed, at, game_id))


async def set_status(conn: Connection, game_id: int, status: str, *,
                     paused_remaining: float | None = None) -> None:
    await conn.execute("UPDATE games SET status = ?, paused_remaining = ? WHERE id = ?",
                       (status, paused_remaining, game_id))


async def finish(conn: Connection, game_id: int, outcome: dict[str, Any] | None,
                 at: float | None) -> None:
    """End the game (outcome None and at None reopen it: the rollback of a final phase)."""
    status = FINISHED if at is not None else "active"
    await conn.execute("UPDATE games SET status = ?, outcome_json = ?, finished_at = ?, "
                       "paused_remaining = NULL WHERE id = ?",
                       (status, json.dumps(outcome) if outcome is not None else None, at,
                        game_id))


async def set_joined_side(conn: Connection, game_id: int, side: int | None) -> None:
    await conn.execute("UPDATE games SET joined_side = ? WHERE id = ?", (side, game_id))
