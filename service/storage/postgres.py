"""PostgreSQL, for several processes on one database: an asyncpg pool per process.

The repositories' SQL is the same as on SQLite; its `?` placeholders are numbered for
PostgreSQL here (`$1`, `$2`, ...), once per statement text. Transactions run at READ
COMMITTED, so a write transaction that concerns a game first locks the game's row
(`SELECT ... FOR UPDATE`): one writer per game, where SQLite has one writer per file. The
deadline path skips a game another process holds (`FOR UPDATE SKIP LOCKED`) rather than
wait for it, so a burst of deadlines spreads over the processes.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any

import asyncpg

from service.storage.schema import migrate_postgres

_LOCK_GAME = "SELECT id FROM games WHERE id = $1 FOR UPDATE"
_LOCK_GAME_IF_FREE = "SELECT id FROM games WHERE id = $1 FOR UPDATE SKIP LOCKED"


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """`?` placeholders as `$1`, `$2`, ... (a `?` inside a quoted string or identifier stays)."""
    out: list[str] = []
    quote: str | None = None
    count = 0
    for char in sql:
        if quote:
            if char == quote:
                quote = None
        elif char in ("'", '"'):
            quote = char
        elif char == "?":
            count += 1
            out.append(f"${count}")
            continue
        out.append(char)
    return "".join(out)


def _changed(status: str) -> int:
    """The row count in a command tag such as `UPDATE 3` or `INSERT 0 1`."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresConnection:
    """The repositories' connection API on an asyncpg connection."""

    dialect = "postgresql"

    def __init__(self, raw: asyncpg.Connection) -> None:
        self.raw = raw

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        return await self.raw.fetch(numbered(sql), *args)

    async def fetchrow(self, sql: str, args: Sequence[Any] = ()) -> Any | None:
        return await self.raw.fetchrow(numbered(sql), *args)

    async def fetchval(self, sql: str, args: Sequence[Any] = ()) -> Any:
        return await self.raw.fetchval(numbered(sql), *args)

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        return _changed(await self.raw.execute(numbered(sql), *args))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = [tuple(r) for r in rows]
        if rows:
            await self.raw.executemany(numbered(sql), rows)


class PostgresDatabase:
    """The service's handle on a PostgreSQL database (a pool of connections)."""

    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.target = url
        self.path = url

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 8) -> PostgresDatabase:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        return cls(pool, url)

    async def close(self) -> None:
        await self.pool.close()

    async def migrate(self) -> int:
        async with self.pool.acquire() as raw:
            return await migrate_postgres(raw, self.target)

    @asynccontextmanager
    async def transaction(self, game_id: int | None = None
                          ) -> AsyncIterator[PostgresConnection]:
        """One write transaction, holding the game's row lock when it concerns a game."""
        async with self.pool.acquire() as raw, raw.transaction():
            if game_id is not None:
                await raw.execute(_LOCK_GAME, game_id)
            yield PostgresConnection(raw)

    @asynccontextmanager
    async def transaction_if_free(self, game_id: int
                                  ) -> AsyncIterator[PostgresConnection | None]:
        """A write transaction on the game, or None at once when another process holds it."""
        async with self.pool.acquire() as raw, raw.transaction():
            locked = await raw.fetchval(_LOCK_GAME_IF_FREE, game_id)
            yield PostgresConnection(raw) if locked is not None else None

    @asynccontextmanager
    async def read(self) -> AsyncIterator[PostgresConnection]:
        """Reads outside any transaction (each statement sees the last committed state)."""
        async with self.pool.acquire() as raw:
            yield PostgresConnection(raw)
