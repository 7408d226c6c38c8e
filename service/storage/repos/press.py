"""The press the bot relayed between powers (docs/press.md)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.vocabulary import Power
from service.storage.db import Connection


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


async def record(conn: Connection, game_id: int, phase: str, from_power: Power,
                 to_power: Power, sender_id: int, signed: bool, body: str, at: float) -> int:
    new_id = await conn.fetchval(
        "INSERT INTO press_log (game_id, phase, from_power, to_power, sender_id, signed, body, "
        "sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (game_id, phase, from_power.value, to_power.value, sender_id, int(signed), body, at))
    return int(new_id)


async def of_game(conn: Connection, game_id: int) -> list[PressRow]:
    rows = await conn.fetch(
        "SELECT id, game_id, phase, from_power, to_power, sender_id, signed, body, sent_at "
        "FROM press_log WHERE game_id = ? ORDER BY id", (game_id,))
    return [PressRow(r[0], r[1], r[2], Power(r[3]), Power(r[4]), r[5], bool(r[6]), r[7], r[8])
            for r in rows]
