"""A server's finished games as its standings read them (issue 25), and the server's scoring
system (`guild_prefs.scoring`; NULL is draw-size)."""

from __future__ import annotations

import json
from typing import Any

from engine.vocabulary import Power
from service.storage.db import Connection


async def finished_games(conn: Connection, guild_id: int
                         ) -> list[tuple[int, dict[str, Any], dict[Power, int]]]:
    """(game id, outcome, power -> user holding it at the end) of every finished game of the
    server, oldest first; games ended with no outcome are left out."""
    games = await conn.fetch("SELECT id, outcome_json FROM games WHERE guild_id = ? AND "
                             "status = 'finished' AND outcome_json IS NOT NULL ORDER BY id",
                             (guild_id,))
    out = []
    for game_id, outcome in games:
        seats = await conn.fetch("SELECT power, user_id FROM seats WHERE game_id = ? AND "
                                 "user_id IS NOT NULL", (game_id,))
        out.append((game_id, json.loads(outcome), {Power(p): u for p, u in seats}))
    return out


async def scoring(conn: Connection, guild_id: int) -> str | None:
    row = await conn.fetchrow("SELECT scoring FROM guild_prefs WHERE guild_id = ?", (guild_id,))
    return row[0] if row else None


async def set_scoring(conn: Connection, guild_id: int, system: str | None) -> None:
    await conn.execute("INSERT INTO guild_prefs (guild_id, scoring) VALUES (?, ?) "
                       "ON CONFLICT (guild_id) DO UPDATE SET scoring = excluded.scoring",
                       (guild_id, system))
