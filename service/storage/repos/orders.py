"""Orders: every submission is kept with its time. What counts is, per unit, the order of the
latest submission that named it, counting only submissions after the power's latest 'replace'
submission. Also the players' ready marks."""

from __future__ import annotations

from collections.abc import Sequence

from engine.vocabulary import Power
from service.storage.db import Connection


async def add_submission(conn: Connection, phase_id: int, power: Power,
                         user_id: int | None, text: str, mode: str,
                         orders: Sequence[tuple[str, str]], at: float) -> int:
    """Record one submission; `orders` are (unit key, canonical order text)."""
    new_id = await conn.fetchval(
        "INSERT INTO submissions (phase_id, power, user_id, text, mode, submitted_at) "
        "VALUES (?, ?, ?, ?, ?, ?) RETURNING id", (phase_id, power.value, user_id, text, mode, at))
    submission_id = int(new_id)
    await conn.executemany(
        "INSERT INTO orders (submission_id, unit_key, order_text) VALUES (?, ?, ?)",
        [(submission_id, key, order) for key, order in orders])
    return submission_id


_EFFECTIVE = """
WITH base AS (
    SELECT power, COALESCE(MAX(CASE WHEN mode = 'replace' THEN id END), 0) AS from_id
    FROM submissions WHERE phase_id = ? GROUP BY power
),
counted AS (
    SELECT s.power, o.unit_key, o.order_text, o.id,
           ROW_NUMBER() OVER (PARTITION BY s.power, o.unit_key ORDER BY s.id DESC, o.id DESC) AS rn
    FROM submissions s JOIN base b ON b.power = s.power
    JOIN orders o ON o.submission_id = s.id
    WHERE s.phase_id = ? AND s.id >= b.from_id
)
SELECT b.power, c.order_text FROM base b
LEFT JOIN counted c ON c.power = b.power AND c.rn = 1
ORDER BY b.power, c.id
"""


async def effective(conn: Connection, phase_id: int) -> dict[Power, list[str]]:
    """The orders that count, per power (powers that sent nothing are absent; a power whose
    latest word was an empty 'replace' maps to [])."""
    result: dict[Power, list[str]] = {}
    for power, text in await conn.fetch(_EFFECTIVE, (phase_id, phase_id)):
        orders = result.setdefault(Power(power), [])
        if text is not None:
            orders.append(text)
    return result


async def submissions(conn: Connection, phase_id: int,
                      power: Power | None = None) -> list[tuple[str, int | None, str, str, float]]:
    """(power, user, text, mode, time) of every submission, oldest first."""
    query = "SELECT power, user_id, text, mode, submitted_at FROM submissions WHERE phase_id = ?"
    args: tuple = (phase_id,)
    if power is not None:
        query, args = query + " AND power = ?", (phase_id, power.value)
    rows = await conn.fetch(query + " ORDER BY id", args)
    return [tuple(r) for r in rows]


async def by_computer(conn: Connection, phase_id: int) -> set[Power]:
    """The powers whose latest submission in the phase came from the computer player (a
    submission with no user: service/players/computer.py)."""
    rows = await conn.fetch(
        "SELECT s.power FROM submissions s WHERE s.phase_id = ? AND s.user_id IS NULL "
        "AND s.id = (SELECT MAX(t.id) FROM submissions t WHERE t.phase_id = s.phase_id "
        "AND t.power = s.power)", (phase_id,))
    return {Power(r[0]) for r in rows}


async def spoke(conn: Connection, phase_id: int) -> set[Power]:
    """The powers that sent a message of orders in the phase, whether any line was valid or
    not (a withdrawal of every order is no message: its text is empty)."""
    rows = await conn.fetch("SELECT DISTINCT power FROM submissions WHERE phase_id = ? "
                            "AND text <> ''", (phase_id,))
    return {Power(r[0]) for r in rows}


async def set_ready(conn: Connection, phase_id: int, power: Power, ready: bool) -> None:
    if ready:
        await conn.execute("INSERT INTO ready (phase_id, power) VALUES (?, ?) ON CONFLICT DO NOTHING",
                           (phase_id, power.value))
    else:
        await conn.execute("DELETE FROM ready WHERE phase_id = ? AND power = ?",
                           (phase_id, power.value))


async def ready_powers(conn: Connection, phase_id: int) -> set[Power]:
    rows = await conn.fetch("SELECT power FROM ready WHERE phase_id = ?", (phase_id,))
    return {Power(r[0]) for r in rows}


async def clear_ready(conn: Connection, phase_id: int) -> None:
    await conn.execute("DELETE FROM ready WHERE phase_id = ?", (phase_id,))


async def marks(conn: Connection,
                phase_id: int) -> tuple[set[Power], dict[Power, float]]:
    """In one query: the powers marked ready, and each power's latest submission time."""
    rows = await conn.fetch(
        "SELECT 'ready', power, NULL FROM ready WHERE phase_id = ? UNION ALL "
        "SELECT 'sent', power, MAX(submitted_at) FROM submissions WHERE phase_id = ? "
        "GROUP BY power", (phase_id, phase_id))
    ready = {Power(r[1]) for r in rows if r[0] == "ready"}
    return ready, {Power(r[1]): r[2] for r in rows if r[0] == "sent"}
