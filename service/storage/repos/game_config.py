"""A game's settings once it exists, and the removal of a game that never started."""

from __future__ import annotations

import json

from service.models import FORMING, GameSettings
from service.storage.db import Connection


async def set_settings(conn: Connection, game_id: int, settings: GameSettings) -> None:
    await conn.execute("UPDATE games SET settings_json = ? WHERE id = ?",
                       (json.dumps(settings.to_json()), game_id))


async def delete_forming(conn: Connection, game_id: int) -> bool:
    """Delete a game that has not started (its roster and audit log go with it)."""
    changed = await conn.execute("DELETE FROM games WHERE id = ? AND status = ?",
                                 (game_id, FORMING))
    return changed > 0
