"""Missed orders: the grace a phase is held in for missing orders (`phases.grace_from`), and
the phases in a row each seat missed (`seats.missed_in_row`)."""

from __future__ import annotations

from engine.vocabulary import Power
from service.storage.db import Connection


async def start_grace(conn: Connection, phase_id: int, since: float,
                      until: float) -> bool:
    """Hold the open phase, whose deadline was `since`, until `until` for missing orders;
    False if it was held before (a phase gets one grace), is no longer open, or its deadline
    changed meanwhile."""
    changed = await conn.execute(
        "UPDATE phases SET grace_from = ?, deadline_at = ? WHERE id = ? AND status = 'open' "
        "AND grace_from IS NULL AND deadline_at = ?", (since, until, phase_id, since))
    return changed == 1


async def in_grace(conn: Connection) -> list[tuple[int, int]]:
    """(phase id, game id) of every open phase of an active game held in grace."""
    rows = await conn.fetch(
        "SELECT p.id, p.game_id FROM phases p JOIN games g ON g.id = p.game_id "
        "WHERE p.status = 'open' AND g.status = 'active' AND p.grace_from IS NOT NULL "
        "ORDER BY p.id")
    return [(r[0], r[1]) for r in rows]


async def grace_from(conn: Connection, phase_id: int) -> float | None:
    rows = await conn.fetch("SELECT grace_from FROM phases WHERE id = ?",
                            (phase_id,))
    return rows[0][0] if rows else None


async def count_missed(conn: Connection, game_id: int, missed: dict[Power, int],
                       ordered: set[Power]) -> dict[Power, int]:
    """One more missed phase for each of `missed` (power -> its player: a count belongs to
    one player, and a new one starts from nothing), none in a row any more for `ordered`;
    the counts of `missed` after."""
    await conn.executemany(
        "UPDATE seats SET missed_in_row = 0 WHERE game_id = ? AND power = ?",
        [(game_id, p.value) for p in ordered])
    counts: dict[Power, int] = {}
    for power, user in sorted(missed.items(), key=lambda item: item[0].value):
        rows = await conn.fetch(
            "UPDATE seats SET missed_in_row = CASE WHEN missed_by = ? THEN missed_in_row + 1 "
            "ELSE 1 END, missed_by = ? WHERE game_id = ? AND power = ? RETURNING missed_in_row",
            (user, user, game_id, power.value))
        if rows:
            counts[power] = rows[0][0]
    return counts
