"""The database: SQLite (one file, the embedded default) or PostgreSQL (a `postgresql://` URL,
for several processes), behind one connection API that every repository uses.

    rows = await conn.fetch("SELECT ... WHERE game_id = ?", (game_id,))
    row = await conn.fetchrow(...)          # the first row, or None
    value = await conn.fetchval(...)        # the first column of the first row, or None
    changed = await conn.execute(...)       # how many rows the statement changed
    await conn.executemany(sql, rows)

The SQL is written once, in the spelling both databases accept, with `?` placeholders: SQLite
takes them as they are and PostgreSQL gets them numbered (`$1`, `$2`, ...). Rows are read by
column name or position in both (`sqlite3.Row`, `asyncpg.Record`). Only the migrations are
written per dialect (`migrations/sqlite`, `migrations/postgresql`).

Write transactions that concern a game say so: `db.transaction(game_id)`. SQLite takes its
one writer lock (`BEGIN IMMEDIATE`) either way; PostgreSQL locks that game's row first, so
every write to a game waits for the one in progress (an order submitted while the phase is
being adjudicated is either in its results or refused as late, never recorded and lost).
`db.transaction_if_free(game_id)` is the deadline path's variant: it yields None instead of
waiting when another process holds the game (PostgreSQL's `FOR UPDATE SKIP LOCKED`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, Protocol

from service.storage.sqlite import SqliteDatabase
from service.storage.targets import POSTGRES_SCHEMES, is_postgres, shown

__all__ = ["POSTGRES_SCHEMES", "Connection", "Database", "is_postgres", "open_database", "shown"]

Row = Any   # a row: sqlite3.Row or asyncpg.Record, read by column name or position


class Connection(Protocol):
    dialect: str

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Any]: ...
    async def fetchrow(self, sql: str, args: Sequence[Any] = ()) -> Any | None: ...
    async def fetchval(self, sql: str, args: Sequence[Any] = ()) -> Any: ...
    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int: ...
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...


class Database(Protocol):
    dialect: str        # "sqlite" or "postgresql"
    target: str         # the file's path or the server's URL

    def transaction(self, game_id: int | None = None
                    ) -> AbstractAsyncContextManager[Connection]: ...
    def transaction_if_free(self, game_id: int
                            ) -> AbstractAsyncContextManager[Connection | None]: ...
    def read(self) -> AbstractAsyncContextManager[Connection]: ...
    async def migrate(self) -> int: ...
    async def close(self) -> None: ...


async def open_database(target: str | Path, *, pool_size: int = 8) -> Database:
    """Open the SQLite file `target` or connect to the PostgreSQL server it names."""
    if is_postgres(target):
        # asyncpg is an optional dependency (`[postgres]`): imported only for a server
        from service.storage.postgres import PostgresDatabase
        return await PostgresDatabase.open(str(target), pool_size=pool_size)
    return await SqliteDatabase.open(target)
