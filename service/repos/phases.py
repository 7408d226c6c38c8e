"""Phases: a snapshot of the position for every phase that needed orders, in play order. The
open phase of a game carries its deadline; `close` is the guard that lets a phase be
adjudicated once only."""

from __future__ import annotations

import json
import sqlite3

import aiosqlite

from engine.position import Position
from service.clock import from_ts
from service.models import PhaseRow

_COLUMNS = ("id, game_id, seq, name, position_json, status, opened_at, deadline_at, "
            "adjudicated_at, announced_at")


def _phase(row: sqlite3.Row) -> PhaseRow:
    return PhaseRow(id=row["id"], game_id=row["game_id"], seq=row["seq"], name=row["name"],
                    position=Position.from_record(json.loads(row["position_json"])),
                    status=row["status"], opened_at=from_ts(row["opened_at"]),
                    deadline_at=from_ts(row["deadline_at"]),
                    adjudicated_at=from_ts(row["adjudicated_at"]),
                    announced_at=from_ts(row["announced_at"]))


async def insert(conn: aiosqlite.Connection, game_id: int, position: Position, *,
                 opened_at: float, deadline_at: float | None) -> int:
    cursor = await conn.execute(
        "INSERT INTO phases (game_id, seq, name, position_json, opened_at, deadline_at) "
        "VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM phases WHERE game_id = ?), ?, ?, ?, ?)",
        (game_id, game_id, position.phase.name, json.dumps(position.to_record()), opened_at,
         deadline_at))
    return int(cursor.lastrowid)


async def get(conn: aiosqlite.Connection, phase_id: int) -> PhaseRow | None:
    rows = await conn.execute_fetchall(f"SELECT {_COLUMNS} FROM phases WHERE id = ?", (phase_id,))
    row = rows[0] if rows else None
    return _phase(row) if row else None


async def latest(conn: aiosqlite.Connection, game_id: int) -> PhaseRow | None:
    """The game's newest phase: the open one while the game runs, the last played after."""
    rows = await conn.execute_fetchall(f"SELECT {_COLUMNS} FROM phases WHERE game_id = ? "
                                       "ORDER BY seq DESC LIMIT 1", (game_id,))
    row = rows[0] if rows else None
    return _phase(row) if row else None


async def history(conn: aiosqlite.Connection, game_id: int) -> list[PhaseRow]:
    rows = await conn.execute_fetchall(f"SELECT {_COLUMNS} FROM phases WHERE game_id = ? ORDER BY seq",
                                       (game_id,))
    return [_phase(r) for r in rows]


async def open_deadlines(conn: aiosqlite.Connection) -> list[tuple[int, int, float]]:
    """(phase id, game id, deadline) of every open phase of an active game, soonest first."""
    rows = await conn.execute_fetchall(
            "SELECT p.id, p.game_id, p.deadline_at FROM phases p JOIN games g ON g.id = p.game_id"
            " WHERE p.status = 'open' AND g.status = 'active' AND p.deadline_at IS NOT NULL "
            "ORDER BY p.deadline_at, p.id")
    return [(r[0], r[1], r[2]) for r in rows]


async def close(conn: aiosqlite.Connection, phase_id: int, at: float) -> bool:
    """Mark an open phase adjudicated. False when it was not open: someone else got there."""
    cursor = await conn.execute("UPDATE phases SET status = 'done', adjudicated_at = ? "
                                "WHERE id = ? AND status = 'open'", (at, phase_id))
    return cursor.rowcount == 1


async def reopen(conn: aiosqlite.Connection, phase_id: int, deadline_at: float | None) -> None:
    await conn.execute("UPDATE phases SET status = 'open', adjudicated_at = NULL, "
                       "announced_at = NULL, announcing_until = NULL, deadline_at = ? "
                       "WHERE id = ?",
                       (deadline_at, phase_id))


async def delete(conn: aiosqlite.Connection, phase_id: int) -> None:
    await conn.execute("DELETE FROM phases WHERE id = ?", (phase_id,))


async def set_deadline(conn: aiosqlite.Connection, phase_id: int,
                       deadline_at: float | None) -> None:
    await conn.execute("UPDATE phases SET deadline_at = ? WHERE id = ?", (deadline_at, phase_id))


async def mark_announced(conn: aiosqlite.Connection, phase_id: int, at: float) -> None:
    await conn.execute("UPDATE phases SET announced_at = ?, announcing_until = NULL "
                       "WHERE id = ?", (at, phase_id))


async def claim_announcement(conn: aiosqlite.Connection, phase_id: int, now: float,
                             until: float, *, take_over: bool = False) -> bool:
    """Hold an adjudicated, unannounced phase for posting its results until `until`. False
    when it is announced, or another process holds it (unless `take_over`: a process starting
    up cannot tell a live holder from a dead one, and an announcement may repeat, not vanish).
    """
    cursor = await conn.execute(
        "UPDATE phases SET announcing_until = ? WHERE id = ? AND status = 'done' "
        "AND announced_at IS NULL AND (? OR announcing_until IS NULL OR announcing_until <= ?)",
        (until, phase_id, take_over, now))
    return cursor.rowcount == 1


async def release_announcement(conn: aiosqlite.Connection, phase_id: int,
                               until: float | None = None) -> None:
    """Let a phase whose post failed be claimed again: at once, or from `until`."""
    await conn.execute("UPDATE phases SET announcing_until = ? WHERE id = ? "
                       "AND announced_at IS NULL", (until, phase_id))


async def unannounced(conn: aiosqlite.Connection) -> list[int]:
    """Adjudicated phases whose results were not (yet) announced, oldest first."""
    rows = await conn.execute_fetchall("SELECT id FROM phases WHERE status = 'done' AND announced_at IS "
                                       "NULL ORDER BY adjudicated_at, id")
    return [r[0] for r in rows]


async def note_reminder(conn: aiosqlite.Connection, phase_id: int, offset_s: float) -> bool:
    """Record that the reminder `offset_s` before the deadline went out; False if it had."""
    cursor = await conn.execute("INSERT OR IGNORE INTO reminders_sent (phase_id, offset_s) "
                                "VALUES (?, ?)", (phase_id, offset_s))
    return cursor.rowcount == 1


async def reminders_sent(conn: aiosqlite.Connection, phase_id: int) -> set[float]:
    rows = await conn.execute_fetchall("SELECT offset_s FROM reminders_sent WHERE phase_id = ?",
                                       (phase_id,))
    return {r[0] for r in rows}


async def clear_reminders(conn: aiosqlite.Connection, phase_id: int) -> None:
    """A new deadline: its reminders are due again."""
    await conn.execute("DELETE FROM reminders_sent WHERE phase_id = ?", (phase_id,))


async def by_seq(conn: aiosqlite.Connection, game_id: int, seq: int) -> PhaseRow | None:
    rows = await conn.execute_fetchall(f"SELECT {_COLUMNS} FROM phases WHERE game_id = ? AND seq = ?",
                                       (game_id, seq))
    row = rows[0] if rows else None
    return _phase(row) if row else None


async def by_name(conn: aiosqlite.Connection, game_id: int, name: str) -> PhaseRow | None:
    """The latest phase of that name (after a rollback a name may have been played again)."""
    rows = await conn.execute_fetchall(f"SELECT {_COLUMNS} FROM phases WHERE game_id = ? AND name = ? "
                                       "ORDER BY seq DESC LIMIT 1", (game_id, name))
    row = rows[0] if rows else None
    return _phase(row) if row else None


async def latest_id(conn: aiosqlite.Connection, game_id: int) -> tuple[int, str, str] | None:
    """(id, name, status) of the game's newest phase, without reading its position."""
    rows = await conn.execute_fetchall("SELECT id, name, status FROM phases WHERE game_id = ? "
                                       "ORDER BY seq DESC LIMIT 1", (game_id,))
    return tuple(rows[0]) if rows else None
