"""The category, channels and roles the bot made for a game (migration 0009)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.vocabulary import Power
from service.storage.db import Connection


@dataclass(frozen=True)
class GameChannelsRow:
    game_id: int
    guild_id: int
    category_id: int | None
    delete_after_days: int | None
    archived_at: float | None
    deleted_at: float | None


_COLUMNS = "game_id, guild_id, category_id, delete_after_days, archived_at, deleted_at"


async def get(conn: Connection, game_id: int) -> GameChannelsRow | None:
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM game_channels WHERE game_id = ?",
                            (game_id,))
    return GameChannelsRow(*rows[0]) if rows else None


async def enable(conn: Connection, game_id: int, guild_id: int,
                 delete_after_days: int | None, powers: list[Power]) -> None:
    """Ask for a game's channels (again: the stored ids stay, the archive setting changes)."""
    await conn.execute(
        "INSERT INTO game_channels (game_id, guild_id, delete_after_days) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id) DO UPDATE SET delete_after_days = excluded.delete_after_days",
        (game_id, guild_id, delete_after_days))
    await conn.executemany("INSERT INTO power_channels (game_id, power) VALUES (?, ?) "
                           "ON CONFLICT DO NOTHING",
                           [(game_id, p.value) for p in powers])


async def rooms(conn: Connection, game_id: int) -> list[tuple[Power, int | None,
                                                                         int | None]]:
    """(power, channel id, role id) of every power of the game, in power order."""
    rows = await conn.fetch("SELECT power, channel_id, role_id FROM power_channels "
                            "WHERE game_id = ? ORDER BY power", (game_id,))
    return [(Power(r[0]), r[1], r[2]) for r in rows]


async def set_category(conn: Connection, game_id: int, category_id: int | None) -> None:
    await conn.execute("UPDATE game_channels SET category_id = ? WHERE game_id = ?",
                       (category_id, game_id))


async def set_room(conn: Connection, game_id: int, power: Power,
                   channel_id: int | None, role_id: int | None) -> None:
    await conn.execute("UPDATE power_channels SET channel_id = ?, role_id = ? "
                       "WHERE game_id = ? AND power = ?",
                       (channel_id, role_id, game_id, power.value))


async def room_of_channel(conn: Connection,
                          channel_id: int) -> tuple[int, Power] | None:
    rows = await conn.fetch("SELECT game_id, power FROM power_channels "
                            "WHERE channel_id = ?", (channel_id,))
    return (rows[0][0], Power(rows[0][1])) if rows else None


async def set_archived(conn: Connection, game_id: int, at: float | None) -> None:
    await conn.execute("UPDATE game_channels SET archived_at = ? WHERE game_id = ?",
                       (at, game_id))


async def set_deleted(conn: Connection, game_id: int, at: float) -> None:
    await conn.execute("UPDATE game_channels SET deleted_at = ? WHERE game_id = ?",
                       (at, game_id))


async def game_ids(conn: Connection) -> list[int]:
    """Every game with channels not yet deleted."""
    rows = await conn.fetch("SELECT game_id FROM game_channels "
                            "WHERE deleted_at IS NULL ORDER BY game_id")
    return [r[0] for r in rows]
