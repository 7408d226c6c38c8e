"""The audit log: every moderator action, who did it, when, with what."""

from __future__ import annotations

import json
from typing import Any

from service.models import AuditEntry
from service.storage.db import Connection
from service.timing.clock import from_ts


async def log(conn: Connection, game_id: int, actor_id: int | None, action: str,
              params: dict[str, Any], at: float) -> None:
    await conn.execute("INSERT INTO audit_log (game_id, actor_id, action, params_json, at) "
                       "VALUES (?, ?, ?, ?, ?)",
                       (game_id, actor_id, action, json.dumps(params, default=str), at))


async def entries(conn: Connection, game_id: int) -> list[AuditEntry]:
    rows = await conn.fetch("SELECT game_id, actor_id, action, params_json, at FROM audit_log "
                            "WHERE game_id = ? ORDER BY id", (game_id,))
    return [AuditEntry(r[0], r[1], r[2], json.loads(r[3]), from_ts(r[4]))
            for r in rows]
