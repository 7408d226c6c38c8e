"""The outbox: messages owed after a commit, written in the transaction that owes them and
posted after it (service/notices/outbox.py)."""

from __future__ import annotations

from dataclasses import dataclass

from service.storage.db import Connection

_COLUMNS = ("id, game_id, target, target_id, message_json, image_phase, after_phase, "
            "confirm_to, attempts")


@dataclass(frozen=True)
class Owed:
    id: int
    game_id: int
    target: str                 # 'channel' or 'user'
    target_id: int
    message_json: str
    image_phase: int | None
    after_phase: int | None
    confirm_to: int | None
    attempts: int


async def add(conn: Connection, game_id: int, target: str, target_id: int, message_json: str,
              at: float, *, image_phase: int | None = None, after_phase: int | None = None,
              confirm_to: int | None = None) -> int:
    new_id = await conn.fetchval(
        "INSERT INTO outbox (game_id, target, target_id, message_json, image_phase, "
        "after_phase, confirm_to, created_at, next_try_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "RETURNING id", (game_id, target, target_id, message_json, image_phase, after_phase,
                         confirm_to, at, at))
    return int(new_id)


async def due(conn: Connection, now: float, game_id: int | None = None,
              ids: list[int] | None = None) -> list[Owed]:
    """Messages not yet sent nor given up, due by `now`, whose phase (if they wait for one)
    is announced, oldest first."""
    # one recipient's messages go in the order they were owed: none passes an earlier one
    # still waiting for its next try; `ids` bring the earlier ones owed to their recipients
    sql = (f"SELECT {_COLUMNS} FROM outbox o WHERE o.sent_at IS NULL AND o.failed_at IS NULL "
           "AND o.next_try_at <= ? AND (o.after_phase IS NULL OR EXISTS (SELECT 1 FROM "
           "phases p WHERE p.id = o.after_phase AND p.announced_at IS NOT NULL)) "
           "AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.target = o.target AND "
           "e.target_id = o.target_id AND e.id < o.id AND e.sent_at IS NULL AND "
           "e.failed_at IS NULL AND e.next_try_at > ?)")
    args: list[object] = [now, now]
    if game_id is not None:
        sql += " AND o.game_id = ?"
        args.append(game_id)
    if ids is not None:
        if not ids:
            return []
        marks = ", ".join("?" for _ in ids)
        sql += (f" AND (o.id IN ({marks}) OR EXISTS (SELECT 1 FROM outbox l WHERE l.id IN "
                f"({marks}) AND l.target = o.target AND l.target_id = o.target_id AND "
                "o.id < l.id))")
        args.extend(ids)
        args.extend(ids)
    rows = await conn.fetch(sql + " ORDER BY o.id", args)
    return [Owed(*r) for r in rows]


async def claim(conn: Connection, owed_ids: list[int], now: float, until: float,
                instance: str, *, take_over: bool = False) -> set[int]:
    """Hold messages while posting them; those held now (not those sent, given up, or held
    by another process; `take_over`: this instance's claims left by its previous run are
    taken too)."""
    if not owed_ids:
        return set()
    marks = ", ".join("?" for _ in owed_ids)
    rows = await conn.fetch(
        "UPDATE outbox SET claimed_until = ?, claimed_by = ? WHERE id IN (" + marks + ") "
        "AND sent_at IS NULL AND failed_at IS NULL AND (claimed_until IS NULL "
        "OR claimed_until <= ? OR (? = 1 AND claimed_by = ?)) RETURNING id",
        (until, instance, *owed_ids, now, int(take_over), instance))
    return {r[0] for r in rows}


async def release(conn: Connection, owed_id: int) -> None:
    """Let go of a message held but not tried (an earlier one to its recipient failed)."""
    await conn.execute("UPDATE outbox SET claimed_until = NULL WHERE id = ?", (owed_id,))


async def mark_sent(conn: Connection, owed_id: int, at: float) -> None:
    await conn.execute("UPDATE outbox SET sent_at = ?, attempts = attempts + 1, "
                       "claimed_until = NULL, last_error = NULL WHERE id = ?", (at, owed_id))


async def mark_retry(conn: Connection, owed_id: int, next_try: float, error: str) -> None:
    await conn.execute("UPDATE outbox SET next_try_at = ?, attempts = attempts + 1, "
                       "claimed_until = NULL, last_error = ? WHERE id = ?",
                       (next_try, error[:500], owed_id))


async def mark_failed(conn: Connection, owed_id: int, at: float, error: str) -> None:
    await conn.execute("UPDATE outbox SET failed_at = ?, attempts = attempts + 1, "
                       "claimed_until = NULL, last_error = ? WHERE id = ?",
                       (at, error[:500], owed_id))


async def prune(conn: Connection, before: float) -> int:
    """Forget the messages sent, or given up, before `before`."""
    sent = await conn.execute("DELETE FROM outbox WHERE sent_at < ?", (before,))
    failed = await conn.execute("DELETE FROM outbox WHERE sent_at IS NULL AND failed_at < ?",
                                (before,))
    return sent + failed


async def forget_after(conn: Connection, phase_id: int) -> int:
    """Drop the messages not yet sent that wait for `phase_id`'s results (a rollback undid
    that adjudication: its notices no longer hold)."""
    return await conn.execute("DELETE FROM outbox WHERE after_phase = ? AND sent_at IS NULL "
                              "AND failed_at IS NULL", (phase_id,))


async def state(conn: Connection, owed_id: int) -> str:
    """'sent', 'failed' or 'pending'."""
    row = await conn.fetchrow("SELECT sent_at, failed_at FROM outbox WHERE id = ?", (owed_id,))
    if row is None or row[0] is not None:
        return "sent"
    return "failed" if row[1] is not None else "pending"


async def pending_count(conn: Connection) -> int:
    return int(await conn.fetchval(
        "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL") or 0)
