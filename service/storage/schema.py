"""The migrations runner. Migrations are the numbered SQL files of the `migrations` package,
one folder per dialect with the same numbers (`migrations/sqlite/0001_initial.sql`,
`migrations/postgresql/0001_initial.sql`, ...), read with importlib.resources so they work
from an installed wheel.

The schema version lives in the database (`schema_version`). Each file runs together with its
version bump in one explicit transaction (on SQLite statement by statement: `executescript`
would commit on its own), so a failing file leaves the database exactly as it was. The
version is read again inside that transaction, so several processes starting together on one
database apply each file once: on SQLite `BEGIN IMMEDIATE` makes them take turns, on
PostgreSQL a transaction-scoped advisory lock does.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from importlib import resources

import aiosqlite

from service.storage.repos import files
from service.storage.targets import shown

_FILE_NAME = re.compile(r"^(\d{4})_[A-Za-z0-9_]+\.sql$")


class SchemaTooNew(RuntimeError):
    """The database was written by a newer Arbitro than this one."""


class MigrationFailed(RuntimeError):
    """A migration file failed; the database was left at the previous version."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


DIALECTS = ("sqlite", "postgresql")
# Any constant will do: the one advisory lock of Arbitro's, taken while migrating.
_MIGRATION_LOCK = 0x417262_6974726F


def bundled_migrations(dialect: str = "sqlite") -> list[Migration]:
    """The SQL files shipped in the `migrations` package for `dialect`, in version order."""
    if dialect not in DIALECTS:
        raise ValueError(f"no migrations for {dialect!r}")
    found: list[Migration] = []
    for entry in resources.files("migrations").joinpath(dialect).iterdir():
        match = _FILE_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name,
                                   entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise RuntimeError(f"migration numbers must run 0001, 0002, ... without gaps; "
                               f"found {migration.name} where {expected:04d} was expected")
    return found


def split_statements(sql: str) -> list[str]:
    """Split a script into complete statements (semicolons inside strings and trigger bodies
    stay where they are)."""
    statements: list[str] = []
    buffer = ""
    for piece in sql.split(";"):
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            statement = _strip_comments(buffer).strip()
            if statement.rstrip(";").strip():
                statements.append(statement)
            buffer = ""
    if _strip_comments(buffer).strip().rstrip(";").strip():
        raise ValueError(f"incomplete SQL statement at the end of the script: {buffer.strip()!r}")
    return statements


def _strip_comments(sql: str) -> str:
    return "\n".join(line for line in sql.splitlines() if not line.strip().startswith("--"))


def known_version(migrations: list[Migration] | None = None) -> int:
    """The newest schema version this Arbitro knows (its last migration's number)."""
    migrations = bundled_migrations() if migrations is None else migrations
    return migrations[-1].version if migrations else 0


def too_new(path: str, current: int, known: int) -> SchemaTooNew:
    """The refusal for a database written by a newer Arbitro (for the runner, restore, doctor)."""
    return SchemaTooNew(
        f"{path} has schema version {current}, but this Arbitro only knows versions up to "
        f"{known}: it was written by a newer Arbitro. Upgrade Arbitro "
        f"(pip install -U arbitro), or set ARBITRO_DB to another file.")


def stored_version(conn: sqlite3.Connection) -> int | None:
    """The version recorded in a database opened with the plain sqlite3 module, read without
    writing anything; None when it has no `schema_version` table (not an Arbitro database, or
    one never started)."""
    if not files.has_table(conn, "schema_version"):
        return None
    row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
    return int(row[0] or 0)


async def schema_version(conn: aiosqlite.Connection) -> int:
    await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    async with conn.execute("SELECT MAX(version) FROM schema_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0] or 0)


def _failed(migration: Migration, exc: Exception, path: str, current: int) -> MigrationFailed:
    return MigrationFailed(
        f"migration {migration.name} failed ({exc}); {path} was left at version "
        f"{current}. Fix the migration or restore the database, then start again.")


async def migrate_sqlite(conn: aiosqlite.Connection, path: str = "the database",
                         migrations: list[Migration] | None = None) -> int:
    """Bring a SQLite database up to the newest migration; return the version it is at.

    `conn` must be in autocommit mode (see `service.db_sqlite.connect`)."""
    migrations = bundled_migrations("sqlite") if migrations is None else migrations
    known = known_version(migrations)
    current = await schema_version(conn)
    if current > known:
        raise too_new(path, current, known)
    for migration in migrations:
        if migration.version <= current:
            continue
        await conn.execute("BEGIN IMMEDIATE")
        try:
            # another process may have applied it since the version was read
            current = await schema_version(conn)
            if migration.version <= current:
                await conn.execute("ROLLBACK")
                continue
            for statement in split_statements(migration.sql):
                await conn.execute(statement)
            await conn.execute("DELETE FROM schema_version")
            await conn.execute("INSERT INTO schema_version (version) VALUES (?)",
                               (migration.version,))
        except Exception as exc:
            await conn.execute("ROLLBACK")
            raise _failed(migration, exc, path, current) from exc
        await conn.execute("COMMIT")
        current = migration.version
    return current


migrate = migrate_sqlite


async def migrate_postgres(conn, url: str = "the database",
                           migrations: list[Migration] | None = None) -> int:
    """Bring a PostgreSQL database up to the newest migration (`conn`: an asyncpg connection);
    each file, with its version bump, in one transaction under the advisory lock."""
    migrations = bundled_migrations("postgresql") if migrations is None else migrations
    known = known_version(migrations)
    where = shown(url)
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version "
                           "(version INTEGER NOT NULL)")
    current = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
    if current > known:
        raise too_new(where, current, known)
    for migration in migrations:
        if migration.version <= current:
            continue
        try:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
                current = int(await conn.fetchval(
                    "SELECT COALESCE(MAX(version), 0) FROM schema_version"))
                if migration.version <= current:
                    continue
                await conn.execute(migration.sql)
                await conn.execute("DELETE FROM schema_version")
                await conn.execute("INSERT INTO schema_version (version) VALUES ($1)",
                                   migration.version)
        except Exception as exc:
            raise _failed(migration, exc, where, current) from exc
        current = migration.version
    return current
