"""The audit log: every moderator action, who did it, when, with what."""

from __future__ import annotations

import json
from typing import Any

import aiosqlite

from service.clock import from_ts
from service.models import AuditEntry


async def log(conn: aiosqlite.Connection, game_id: int, actor_id: int | None, action: str,
              params: dict[str, Any], at: float) -> None:
    await conn.execute("INSERT INTO audit_log (game_id, actor_id, action, params_json, at) "
                       "VALUES (?, ?, ?, ?, ?)",
                       (game_id, actor_id, action, json.dumps(params, default=str), at))


async def entries(conn: aiosqlite.Connection, game_id: int) -> list[AuditEntry]:
    rows = await conn.execute_fetchall("SELECT game_id, actor_id, action, params_json, at FROM audit_log "
                                       "WHERE game_id = ? ORDER BY id", (game_id,))
    return [AuditEntry(r[0], r[1], r[2], json.loads(r[3]), from_ts(r[4]))
            for r in rows]
