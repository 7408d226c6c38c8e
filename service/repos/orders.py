"""Orders: every submission is kept with its time. What counts is, per unit, the order of the
latest submission that named it, counting only submissions after the power's latest 'replace'
submission. Also the players' ready marks."""

from __future__ import annotations

from collections.abc import Sequence

import aiosqlite

from engine.vocabulary import Power


async def add_submission(conn: aiosqlite.Connection, phase_id: int, power: Power,
                         user_id: int | None, text: str, mode: str,
                         orders: Sequence[tuple[str, str]], at: float) -> int:
    """Record one submission; `orders` are (unit key, canonical order text)."""
    cursor = await conn.execute(
        "INSERT INTO submissions (phase_id, power, user_id, text, mode, submitted_at) "
        "VALUES (?, ?, ?, ?, ?, ?)", (phase_id, power.value, user_id, text, mode, at))
    submission_id = int(cursor.lastrowid)
    await conn.executemany(
        "INSERT INTO orders (submission_id, unit_key, order_text) VALUES (?, ?, ?)",
        [(submission_id, key, order) for key, order in orders])
    return submission_id


_EFFECTIVE = """
WITH base AS (
    SELECT power, COALESCE(MAX(CASE WHEN mode = 'replace' THEN id END), 0) AS from_id
    FROM submissions WHERE phase_id = :phase GROUP BY power
),
counted AS (
    SELECT s.power, o.unit_key, o.order_text, o.id,
           ROW_NUMBER() OVER (PARTITION BY s.power, o.unit_key ORDER BY s.id DESC, o.id DESC) AS rn
    FROM submissions s JOIN base b ON b.power = s.power
    JOIN orders o ON o.submission_id = s.id
    WHERE s.phase_id = :phase AND s.id >= b.from_id
)
SELECT power, order_text FROM counted WHERE rn = 1 ORDER BY power, id
"""


async def effective(conn: aiosqlite.Connection, phase_id: int) -> dict[Power, list[str]]:
    """The orders that count, per power (powers that sent nothing are absent; a power whose
    latest word was an empty 'replace' maps to [])."""
    result: dict[Power, list[str]] = {}
    async with conn.execute("SELECT DISTINCT power FROM submissions WHERE phase_id = ?",
                            (phase_id,)) as cur:
        for row in await cur.fetchall():
            result[Power(row[0])] = []
    async with conn.execute(_EFFECTIVE, {"phase": phase_id}) as cur:
        for power, text in await cur.fetchall():
            result[Power(power)].append(text)
    return result


async def submissions(conn: aiosqlite.Connection, phase_id: int,
                      power: Power | None = None) -> list[tuple[str, int | None, str, str, float]]:
    """(power, user, text, mode, time) of every submission, oldest first."""
    query = "SELECT power, user_id, text, mode, submitted_at FROM submissions WHERE phase_id = ?"
    args: tuple = (phase_id,)
    if power is not None:
        query, args = query + " AND power = ?", (phase_id, power.value)
    async with conn.execute(query + " ORDER BY id", args) as cur:
        return [tuple(r) for r in await cur.fetchall()]


async def set_ready(conn: aiosqlite.Connection, phase_id: int, power: Power, ready: bool) -> None:
    if ready:
        await conn.execute("INSERT OR IGNORE INTO ready (phase_id, power) VALUES (?, ?)",
                           (phase_id, power.value))
    else:
        await conn.execute("DELETE FROM ready WHERE phase_id = ? AND power = ?",
                           (phase_id, power.value))


async def ready_powers(conn: aiosqlite.Connection, phase_id: int) -> set[Power]:
    async with conn.execute("SELECT power FROM ready WHERE phase_id = ?", (phase_id,)) as cur:
        return {Power(r[0]) for r in await cur.fetchall()}


async def clear_ready(conn: aiosqlite.Connection, phase_id: int) -> None:
    await conn.execute("DELETE FROM ready WHERE phase_id = ?", (phase_id,))
