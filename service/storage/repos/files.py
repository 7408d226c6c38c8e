"""Questions asked of a database file as a whole, with the plain sqlite3 module and without
writing (backups, restores, `arbitro doctor`)."""

from __future__ import annotations

import sqlite3


def integrity_problems(conn: sqlite3.Connection) -> list[str]:
    """What SQLite's full integrity check reports; empty when the file is sound."""
    found = [row[0] for row in conn.execute("PRAGMA integrity_check")]
    return [] if found == ["ok"] else found


def has_table(conn: sqlite3.Connection, name: str) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                        (name,)).fetchone() is not None


def games_by_status(conn: sqlite3.Connection) -> dict[str, int]:
    """How many games are forming, active, paused and finished (statuses with none left out)."""
    return {status: count for status, count in conn.execute(
        "SELECT status, COUNT(*) FROM games GROUP BY status ORDER BY status")}


def game_faults(conn: sqlite3.Connection) -> list[tuple]:
    """The failing games (service/timing/boundary.py), as `repos.faults.Fault` fields; none before
    the table exists."""
    if not has_table(conn, "game_faults"):
        return []
    return conn.execute("SELECT game_id, phase_id, stage, reason, first_at, last_at, attempts, "
                        "retry_at, reported_at FROM game_faults ORDER BY game_id").fetchall()


def announced_phases(conn: sqlite3.Connection) -> dict[int, tuple[str, int, str]]:
    """Each game's last announced phase: game id -> (game name, the phase's seq, its name)."""
    rows = conn.execute(
        "SELECT g.id, g.name, p.seq, p.name FROM games g JOIN phases p ON p.game_id = g.id "
        "WHERE p.announced_at IS NOT NULL AND p.seq = (SELECT MAX(q.seq) FROM phases q "
        "WHERE q.game_id = g.id AND q.announced_at IS NOT NULL)").fetchall()
    return {game_id: (name, seq, phase) for game_id, name, seq, phase in rows}


def leave_wal(conn: sqlite3.Connection) -> str:
    """Fold the write-ahead log into the file and leave WAL mode (possible only for the one
    connection to the database); the journal mode it is in afterwards."""
    return str(conn.execute("PRAGMA journal_mode = DELETE").fetchone()[0]).lower()
