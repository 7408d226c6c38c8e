"""Phases: a snapshot of the position for every phase that needed orders, in play order. The
open phase of a game carries its deadline; `close` is the guard that lets a phase be
adjudicated once only."""

from __future__ import annotations

import json

from engine.position import Position
from service.models import PhaseRow
from service.storage.db import Connection, Row
from service.timing.clock import from_ts

_COLUMNS = ("id, game_id, seq, name, position_json, status, opened_at, deadline_at, "
            "adjudicated_at, announced_at")


def _phase(row: Row) -> PhaseRow:
    return PhaseRow(id=row["id"], game_id=row["game_id"], seq=row["seq"], name=row["name"],
                    position=Position.from_record(json.loads(row["position_json"])),
                    status=row["status"], opened_at=from_ts(row["opened_at"]),
                    deadline_at=from_ts(row["deadline_at"]),
                    adjudicated_at=from_ts(row["adjudicated_at"]),
                    announced_at=from_ts(row["announced_at"]))


async def insert(conn: Connection, game_id: int, position: Position, *,
                 opened_at: float, deadline_at: float | None) -> int:
    new_id = await conn.fetchval(
        "INSERT INTO phases (game_id, seq, name, position_json, opened_at, deadline_at) "
        "VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM phases WHERE game_id = ?), ?, ?, ?, ?) "
        "RETURNING id",
        (game_id, game_id, position.phase.name, json.dumps(position.to_record()), opened_at,
         deadline_at))
    return int(new_id)


async def get(conn: Connection, phase_id: int) -> PhaseRow | None:
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM phases WHERE id = ?", (phase_id,))
    row = rows[0] if rows else None
    return _phase(row) if row else None


async def latest(conn: Connection, game_id: int) -> PhaseRow | None:
    """The game's newest phase: the open one while the game runs, the last played after."""
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM phases WHERE game_id = ? "
                            "ORDER BY seq DESC LIMIT 1", (game_id,))
    row = rows[0] if rows else None
    return _phase(row) if row else None


async def history(conn: Connection, game_id: int) -> list[PhaseRow]:
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM phases WHERE game_id = ? ORDER BY seq",
                            (game_id,))
    return [_phase(r) for r in rows]


async def open_deadlines(conn: Connection, *, game_id: int | None = None,
                         due_by: float | None = None) -> list[tuple[int, int, float]]:
    """(phase id, game id, deadline) of the open phases of active games, soonest first: of
    one game, and only those due by `due_by`, when asked (read through `phases_open`)."""
    where, args = "", []
    if game_id is not None:
        where += " AND p.game_id = ?"
        args.append(game_id)
    if due_by is not None:
        where += " AND p.deadline_at <= ?"
        args.append(due_by)
    rows = await conn.fetch(
        "SELECT p.id, p.game_id, p.deadline_at FROM phases p JOIN games g ON g.id = p.game_id"
        " WHERE p.status = 'open' AND g.status = 'active' AND p.deadline_at IS NOT NULL"
        + where + " ORDER BY p.deadline_at, p.id", args)
    return [(r[0], r[1], r[2]) for r in rows]


async def close(conn: Connection, phase_id: int, at: float) -> bool:
    """Mark an open phase adjudicated. False when it was not open: someone else got there."""
    changed = await conn.execute("UPDATE phases SET status = 'done', adjudicated_at = ? "
                                 "WHERE id = ? AND status = 'open'", (at, phase_id))
    return changed == 1


async def reopen(conn: Connection, phase_id: int, deadline_at: float | None) -> None:
    await conn.execute("UPDATE phases SET status = 'open', adjudicated_at = NULL, "
                       "announced_at = NULL, announcing_until = NULL, deadline_at = ? "
                       "WHERE id = ?",
                       (deadline_at, phase_id))


async def delete(conn: Connection, phase_id: int) -> None:
    await conn.execute("DELETE FROM phases WHERE id = ?", (phase_id,))


async def set_deadline(conn: Connection, phase_id: int,
                       deadline_at: float | None) -> None:
    await conn.execute("UPDATE phases SET deadline_at = ? WHERE id = ?", (deadline_at, phase_id))


async def mark_announced(conn: Connection, phase_id: int, at: float) -> None:
    await conn.execute("UPDATE phases SET announced_at = ?, announcing_until = NULL "
                       "WHERE id = ?", (at, phase_id))


async def claim_announcement(conn: Connection, phase_id: int, now: float, until: float,
                             holder: str, *, take_over: bool = False) -> bool:
    """Hold an adjudicated, unannounced phase for posting its results until `until`, as
    `holder` (a process's instance name). False when it is announced, or held by a claim that
    has not lapsed, unless `take_over` and the claim is `holder`'s own (a process starting
    up again under its name takes over what it held before; a claim of no name is from before
    names were kept). Another process's claim is taken only once it lapses."""
    changed = await conn.execute(
        "UPDATE phases SET announcing_until = ?, announcing_by = ? WHERE id = ? "
        "AND status = 'done' AND announced_at IS NULL AND (announcing_until IS NULL "
        "OR announcing_until <= ? OR (CAST(? AS BOOLEAN) AND (announcing_by = ? "
        "OR announcing_by IS NULL)))",
        (until, holder, phase_id, now, take_over, holder))
    return changed == 1


async def release_announcement(conn: Connection, phase_id: int,
                               until: float | None = None) -> None:
    """Let a phase whose post failed be claimed again: at once, or from `until`."""
    await conn.execute("UPDATE phases SET announcing_until = ? WHERE id = ? "
                       "AND announced_at IS NULL", (until, phase_id))


async def unannounced(conn: Connection) -> list[int]:
    """Adjudicated phases whose results were not (yet) announced, oldest first (read through
    the index `phases_unannounced`)."""
    rows = await conn.fetch("SELECT id FROM phases WHERE status = 'done' AND announced_at IS "
                            "NULL ORDER BY adjudicated_at, id")
    return [r[0] for r in rows]


async def note_reminder(conn: Connection, phase_id: int, offset_s: float) -> bool:
    """Record that the reminder `offset_s` before the deadline went out; False if it had."""
    changed = await conn.execute("INSERT INTO reminders_sent (phase_id, offset_s) VALUES (?, ?) "
                                 "ON CONFLICT DO NOTHING", (phase_id, offset_s))
    return changed == 1


async def reminders_sent(conn: Connection, phase_id: int) -> set[float]:
    rows = await conn.fetch("SELECT offset_s FROM reminders_sent WHERE phase_id = ?",
                            (phase_id,))
    return {r[0] for r in rows}


async def clear_reminders(conn: Connection, phase_id: int) -> None:
    """A new deadline: its reminders are due again."""
    await conn.execute("DELETE FROM reminders_sent WHERE phase_id = ?", (phase_id,))


async def by_seq(conn: Connection, game_id: int, seq: int) -> PhaseRow | None:
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM phases WHERE game_id = ? AND seq = ?",
                            (game_id, seq))
    row = rows[0] if rows else None
    return _phase(row) if row else None


async def by_name(conn: Connection, game_id: int, name: str) -> PhaseRow | None:
    """The latest phase of that name (after a rollback a name may have been played again)."""
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM phases WHERE game_id = ? AND name = ? "
                            "ORDER BY seq DESC LIMIT 1", (game_id, name))
    row = rows[0] if rows else None
    return _phase(row) if row else None


async def latest_id(conn: Connection, game_id: int) -> tuple[int, str, str] | None:
    """(id, name, status) of the game's newest phase, without reading its position."""
    rows = await conn.fetch("SELECT id, name, status FROM phases WHERE game_id = ? "
                            "ORDER BY seq DESC LIMIT 1", (game_id,))
    return tuple(rows[0]) if rows else None
