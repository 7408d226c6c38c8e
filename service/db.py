"""The database connection: one aiosqlite connection per service, opened with foreign keys on,
WAL and a busy timeout, and the transaction discipline every repository relies on.

The connection runs in autocommit mode (`isolation_level=None`): transactions are explicit
`BEGIN IMMEDIATE ... COMMIT`, never the implicit ones of the sqlite3 module. One asyncio lock
serialises use of the connection inside the process, so one coroutine's statements never land
in another's transaction; `BEGIN IMMEDIATE` and the busy timeout do the same across processes.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

BUSY_TIMEOUT_MS = 10_000


async def connect(path: str | Path) -> aiosqlite.Connection:
    """Open `path` (":memory:" for a private in-memory database) with Arbitro's pragmas."""
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    conn.row_factory = sqlite3.Row
    await conn.execute("PRAGMA foreign_keys = ON")
    await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    if str(path) != ":memory:":
        await conn.execute("PRAGMA journal_mode = WAL")
        # WAL with synchronous=NORMAL survives a process crash (the test kills one); only a
        # power cut may lose the last commits.
        await conn.execute("PRAGMA synchronous = NORMAL")
    return conn


class Database:
    """The service's handle on SQLite: `transaction()` for writes, `read()` for reads."""

    def __init__(self, conn: aiosqlite.Connection, path: str | Path) -> None:
        self.conn = conn
        self.path = str(path)
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        return cls(await connect(path), path)

    async def close(self) -> None:
        await self.conn.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: committed when the block ends, rolled back if it raises."""
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """Reads outside any transaction (each statement sees the last committed state)."""
        async with self._lock:
            yield self.conn
