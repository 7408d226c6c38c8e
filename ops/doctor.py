"""`arbitro doctor`: what the bot would find at start-up, examined without writing anything.

Each finding is one line for a person (the database, its migrations, its games, the Discord
token, the daily backups); a finding marked as a problem makes the command fail. A PostgreSQL
`ARBITRO_DB` is examined by ops/doctor_postgres.py."""

from __future__ import annotations

import contextlib
import sqlite3
from datetime import datetime
from pathlib import Path

from ops.backup import read_only
from ops.daily_backups import EVERY, existing
from ops.doctor_postgres import examine_postgres
from ops.findings import Finding, faults_findings, games_finding, schema_finding
from ops.settings import Settings
from service.models import ACTIVE, FORMING, PAUSED, Game
from service.storage.db import is_postgres, open_database
from service.storage.repos import files
from service.storage.repos import games as game_rows
from service.storage.schema import known_version, stored_version


def examine(settings: Settings, now: datetime) -> list[Finding]:
    if is_postgres(settings.db_path):
        return [*examine_postgres(settings.db_path), _token(settings),
                *_postgres_backups(settings)]
    return [*_database(Path(settings.db_path)), _token(settings), *_backups(settings, now)]


async def running_games(db_path: str) -> list[Game]:
    """The games the bot would serve (forming, running or paused), for `arbitro bot --check`
    to ask Discord about their channels; none when the database is not there or not migrated
    (`examine` says so)."""
    db = await open_database(db_path)
    try:
        async with db.read() as conn:
            return await game_rows.with_status(conn, FORMING, ACTIVE, PAUSED)
    except Exception:
        return []
    finally:
        await db.close()


def _database(path: Path) -> list[Finding]:
    if not path.exists():
        if path.parent.is_dir():
            return [Finding("database", f"{path} does not exist yet: the bot creates it at its "
                                        f"first start")]
        return [Finding("database", f"{path} cannot be created: the folder {path.parent} does "
                                    f"not exist", problem=True)]
    try:
        with contextlib.closing(read_only(path)) as conn:
            version = stored_version(conn)
            if version is None or not files.has_table(conn, "games"):
                return [Finding("database", f"{path} is a SQLite file but not an Arbitro "
                                            f"database: point ARBITRO_DB (or --db) at the "
                                            f"right file", problem=True)]
            problems = files.integrity_problems(conn)
            games = files.games_by_status(conn)
            failing = files.game_faults(conn)
    except sqlite3.DatabaseError as exc:
        return [Finding("database", f"{path} cannot be read ({exc})", problem=True)]
    found = [Finding("database", f"{path} is reachable")]
    if problems:
        found.append(Finding("database", f"SQLite's integrity check failed: "
                                         f"{'; '.join(problems[:3])}. Restore the newest backup "
                                         f"(arbitro restore FILE --force)", problem=True))
    found.append(schema_finding(version, known_version()))
    found.append(games_finding(games))
    return found + faults_findings(failing)


def _token(settings: Settings) -> Finding:
    if settings.discord_token:
        return Finding("token", "DISCORD_TOKEN is set")
    return Finding("token", "DISCORD_TOKEN is not set: `arbitro bot` explains how to get one",
                   problem=True)


def _postgres_backups(settings: Settings) -> list[Finding]:
    recipe = "back up with pg_dump (docs/postgresql.md)"
    if settings.backup_dir is None:
        return [Finding("backups", f"PostgreSQL: {recipe}")]
    return [Finding("backups", f"ARBITRO_BACKUP_DIR is set, but daily backups copy SQLite files "
                               f"only: unset it and {recipe}", problem=True)]


def _backups(settings: Settings, now: datetime) -> list[Finding]:
    if settings.backup_dir is None:
        return [Finding("backups", "daily backups are off (set ARBITRO_BACKUP_DIR to a folder, "
                                   "best on another disk, to turn them on)")]
    folder = Path(settings.backup_dir)
    kept = f"to {folder}, the newest {settings.backup_keep} kept"
    if folder.exists() and not folder.is_dir():
        return [Finding("backups", f"daily, {kept}; but {folder} is not a folder",
                        problem=True)]
    found = existing(folder)
    if not found:
        return [Finding("backups", f"daily, {kept}; none yet (the bot takes one when it "
                                   f"starts)")]
    newest = found[-1][0]
    age = now - newest
    hours = age.total_seconds() / 3600
    text = (f"daily, {kept}; {len(found)} there, the newest {found[-1][1].name} "
            f"taken {hours:.0f} hours ago" if hours < 48 else
            f"daily, {kept}; {len(found)} there, the newest {found[-1][1].name} taken "
            f"{age.days} days ago")
    if age > 2 * EVERY:
        text += " (the bot takes a new one when it starts)"
    return [Finding("backups", text)]
