"""Seats offered in a game's channel, and players' claims on them awaiting the moderator."""

from __future__ import annotations

from engine.vocabulary import Power
from service.models import SeatClaim
from service.storage.db import Connection, Row

_COLUMNS = "id, game_id, power, user_id, status"


def _claim(row: Row) -> SeatClaim:
    return SeatClaim(row[0], row[1], Power(row[2]), row[3], row[4])


async def offer(conn: Connection, game_id: int, power: Power, actor_id: int | None,
                at: float) -> None:
    await conn.execute("INSERT INTO seat_offers (game_id, power, offered_by, offered_at)"
                       " VALUES (?, ?, ?, ?) ON CONFLICT (game_id, power) DO UPDATE SET "
                       "offered_by = excluded.offered_by, offered_at = excluded.offered_at", (game_id, power.value, actor_id, at))


async def is_offered(conn: Connection, game_id: int, power: Power) -> bool:
    rows = await conn.fetch("SELECT 1 FROM seat_offers WHERE game_id = ? AND power = ?",
                            (game_id, power.value))
    return bool(rows)


async def withdraw_offer(conn: Connection, game_id: int, power: Power) -> None:
    await conn.execute("DELETE FROM seat_offers WHERE game_id = ? AND power = ?",
                       (game_id, power.value))


async def add(conn: Connection, game_id: int, power: Power, user_id: int,
              at: float) -> int | None:
    """A new pending claim's id; None when this player already has one pending for the seat."""
    rows = await conn.fetch(
        "SELECT id FROM seat_claims WHERE game_id = ? AND power = ? AND user_id = ? "
        "AND status = 'pending'", (game_id, power.value, user_id))
    if rows:
        return None
    new_id = await conn.fetchval("INSERT INTO seat_claims (game_id, power, user_id, claimed_at) "
                                 "VALUES (?, ?, ?, ?) RETURNING id", (game_id, power.value, user_id, at))
    return int(new_id)


async def get(conn: Connection, claim_id: int) -> SeatClaim | None:
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM seat_claims WHERE id = ?",
                            (claim_id,))
    return _claim(rows[0]) if rows else None


async def decide(conn: Connection, claim_id: int, status: str, actor_id: int,
                 at: float) -> bool:
    """Settle a pending claim (False when it was settled already)."""
    changed = await conn.execute(
        "UPDATE seat_claims SET status = ?, decided_at = ?, decided_by = ? "
        "WHERE id = ? AND status = 'pending'", (status, at, actor_id, claim_id))
    return changed == 1


async def supersede(conn: Connection, game_id: int, power: Power,
                    at: float) -> list[SeatClaim]:
    """The seat was taken: every other pending claim on it is settled; returns them."""
    rows = await conn.fetch(
        f"UPDATE seat_claims SET status = 'superseded', decided_at = ? WHERE game_id = ? "
        f"AND power = ? AND status = 'pending' RETURNING {_COLUMNS}",
        (at, game_id, power.value))
    return [_claim(r) for r in rows]


async def game_of(conn: Connection, claim_id: int) -> int | None:
    """The game the claim belongs to (to lock it before deciding the claim)."""
    return await conn.fetchval("SELECT game_id FROM seat_claims WHERE id = ?", (claim_id,))
