"""SQLite, the embedded default: one aiosqlite connection per service, opened with foreign keys
on, WAL and a busy timeout.

The connection runs in autocommit mode (`isolation_level=None`): transactions are explicit
`BEGIN IMMEDIATE ... COMMIT`, never the implicit ones of the sqlite3 module. One asyncio lock
serialises use of the connection inside the process, so one coroutine's statements never land
in another's transaction; `BEGIN IMMEDIATE` and the busy timeout do the same across processes.
SQLite has one writer at a time for the whole file, so a game's write lock is that lock.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from service.storage.schema import migrate_sqlite

BUSY_TIMEOUT_MS = 10_000


def create_private(path: str | Path) -> None:
    """Create `path` empty and readable by its owner only (0600), unless it exists: a new
    database or backup holds every order and private message. SQLite gives its -wal and -shm
    files the database's mode, so they are private too (docs/backup.md)."""
    if str(path) == ":memory:" or str(path).startswith("file:"):
        return
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass
    except OSError:
        pass        # no such folder and the like: SQLite's own open reports it


async def connect(path: str | Path) -> aiosqlite.Connection:
    """Open `path` (":memory:" for a private in-memory database) with Arbitro's pragmas; a
    new database file is readable by its owner only."""
    create_private(path)
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        await conn.execute("PRAGMA foreign_keys = ON")
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if str(path) != ":memory:":
            await _wal(conn)
            # WAL with synchronous=NORMAL survives a process crash (the test kills one); only
            # a power cut may lose the last commits.
            await conn.execute("PRAGMA synchronous = NORMAL")
    except BaseException:
        await conn.close()      # its thread would otherwise keep the process alive
        raise
    return conn


async def _wal(conn: aiosqlite.Connection) -> None:
    """Switch to WAL. Turning a new file to WAL needs the file to itself, and SQLite answers
    "locked" at once, without its busy timeout, while another process does the same (two
    processes starting together on a new file): try again for the busy timeout."""
    for attempt in range(BUSY_TIMEOUT_MS // 50):
        try:
            await conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == BUSY_TIMEOUT_MS // 50 - 1:
                raise
            await asyncio.sleep(0.05)


class SqliteConnection:
    """The repositories' connection API on an aiosqlite connection (placeholders as written)."""

    dialect = "sqlite"

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        return list(await self.raw.execute_fetchall(sql, tuple(args)))

    async def fetchrow(self, sql: str, args: Sequence[Any] = ()) -> Any | None:
        rows = await self.raw.execute_fetchall(sql, tuple(args))
        return rows[0] if rows else None

    async def fetchval(self, sql: str, args: Sequence[Any] = ()) -> Any:
        row = await self.fetchrow(sql, args)
        return row[0] if row is not None else None

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        cursor = await self.raw.execute(sql, tuple(args))
        changed = cursor.rowcount
        await cursor.close()
        return changed

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.raw.executemany(sql, [tuple(r) for r in rows])


class SqliteDatabase:
    """The service's handle on a SQLite file: `transaction()` for writes, `read()` for reads."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str | Path) -> None:
        self.conn = conn                      # the raw aiosqlite connection (backups, tests)
        self.target = str(path)
        self.path = self.target
        self._api = SqliteConnection(conn)
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> SqliteDatabase:
        return cls(await connect(path), path)

    async def close(self) -> None:
        await self.conn.close()

    async def migrate(self) -> int:
        async with self._lock:
            return await migrate_sqlite(self.conn, self.target)

    @asynccontextmanager
    async def transaction(self, game_id: int | None = None) -> AsyncIterator[SqliteConnection]:
        """One write transaction: committed when the block ends, rolled back if it raises."""
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._api
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    @asynccontextmanager
    async def transaction_if_free(self, game_id: int) -> AsyncIterator[SqliteConnection]:
        # One writer for the whole file: waiting for it is waiting for the game.
        async with self.transaction(game_id) as conn:
            yield conn

    @asynccontextmanager
    async def read(self) -> AsyncIterator[SqliteConnection]:
        """Reads outside any transaction (each statement sees the last committed state)."""
        async with self._lock:
            yield self._api
