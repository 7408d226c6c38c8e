"""The press the bot relayed between powers (docs/press.md)."""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite

from engine.vocabulary import Power


@dataclass(frozen=True)
class PressRow:
    id: int
    game_id: int
    phase: str
    from_power: Power
    to_power: Power
    sender_id: int
    signed: bool
    body: str
    sent_at: float


async def record(conn: aiosqlite.Connection, game_id: int, phase: str, from_power: Power,
                 to_power: Power, sender_id: int, signed: bool, body: str, at: float) -> int:
    cursor = await conn.execute(
        "INSERT INTO press_log (game_id, phase, from_power, to_power, sender_id, signed, body, "
        "sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (game_id, phase, from_power.value, to_power.value, sender_id, int(signed), body, at))
    return int(cursor.lastrowid or 0)


async def of_game(conn: aiosqlite.Connection, game_id: int) -> list[PressRow]:
    rows = await conn.execute_fetchall(
        "SELECT id, game_id, phase, from_power, to_power, sender_id, signed, body, sent_at "
        "FROM press_log WHERE game_id = ? ORDER BY id", (game_id,))
    return [PressRow(r[0], r[1], r[2], Power(r[3]), Power(r[4]), r[5], bool(r[6]), r[7], r[8])
            for r in rows]
