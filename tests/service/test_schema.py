"""The migrations runner and the connection: real files, the real migrations."""

from __future__ import annotations

import pytest

from service.storage.schema import (
    Migration,
    MigrationFailed,
    SchemaTooNew,
    bundled_migrations,
    migrate,
    schema_version,
    split_statements,
)
from service.storage.sqlite import SqliteDatabase as Database

pytestmark = pytest.mark.sqlite_only   # about SQLite files


async def tables(db: Database) -> set[str]:
    async with db.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cur:
        return {r[0] for r in await cur.fetchall()}


async def test_a_new_file_is_created_and_brought_to_the_newest_version(tmp_path):
    db = await Database.open(tmp_path / "new.sqlite")
    try:
        version = await migrate(db.conn)
        assert version == bundled_migrations()[-1].version >= 2
        assert {"games", "seats", "phases", "submissions", "orders", "results", "audit_log",
                "draw_votes", "user_prefs", "guild_prefs"} <= await tables(db)
        assert await migrate(db.conn) == version          # running again changes nothing
    finally:
        await db.close()


async def test_connection_has_foreign_keys_wal_and_a_busy_timeout(tmp_path):
    db = await Database.open(tmp_path / "p.sqlite")
    try:
        async def pragma(name: str):
            async with db.conn.execute(f"PRAGMA {name}") as cur:
                return (await cur.fetchone())[0]
        assert await pragma("foreign_keys") == 1
        assert (await pragma("journal_mode")).lower() == "wal"
        assert await pragma("busy_timeout") >= 1000
    finally:
        await db.close()


async def test_a_failing_migration_rolls_back_entirely_and_says_so(tmp_path):
    db = await Database.open(tmp_path / "fail.sqlite")
    good = Migration(1, "0001_a.sql", "CREATE TABLE a (x INTEGER);")
    bad = Migration(2, "0002_b.sql", "CREATE TABLE b (y INTEGER);\n"
                                     "INSERT INTO a (x) VALUES (1);\n"
                                     "INSERT INTO nowhere VALUES (1);")
    try:
        assert await migrate(db.conn, "fail.sqlite", [good]) == 1
        with pytest.raises(MigrationFailed, match="0002_b.sql.*left at version 1"):
            await migrate(db.conn, "fail.sqlite", [good, bad])
        assert await schema_version(db.conn) == 1
        assert "b" not in await tables(db)                 # the file's first statement undone
        async with db.conn.execute("SELECT COUNT(*) FROM a") as cur:
            assert (await cur.fetchone())[0] == 0
    finally:
        await db.close()


async def test_a_database_newer_than_the_code_is_refused_with_how_to_fix_it(tmp_path):
    db = await Database.open(tmp_path / "newer.sqlite")
    try:
        await migrate(db.conn)
        await db.conn.execute("UPDATE schema_version SET version = 99")
        with pytest.raises(SchemaTooNew, match="version 99.*Upgrade Arbitro"):
            await migrate(db.conn, "newer.sqlite")
    finally:
        await db.close()


async def test_the_service_refuses_to_open_a_newer_database(tmp_path):
    from service.game_service import GameService
    path = tmp_path / "newer.sqlite"
    async with GameService.open(path, scheduler=False):
        pass
    db = await Database.open(path)
    await db.conn.execute("UPDATE schema_version SET version = 99")
    await db.close()
    with pytest.raises(SchemaTooNew):
        async with GameService.open(path, scheduler=False):
            pass


def test_statements_split_at_semicolons_outside_strings_and_trigger_bodies():
    sql = ("-- a comment; with a semicolon\nCREATE TABLE t (x TEXT DEFAULT 'a;b');\n"
           "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET x = 'c'; END;\n")
    statements = split_statements(sql)
    assert len(statements) == 2
    assert "'a;b'" in statements[0] and statements[1].endswith("END;")


async def test_a_write_transaction_that_raises_leaves_nothing_behind(tmp_path):
    db = await Database.open(tmp_path / "tx.sqlite")
    try:
        await migrate(db.conn)
        with pytest.raises(RuntimeError):
            async with db.transaction() as conn:
                await conn.execute("INSERT INTO user_prefs (user_id, language) VALUES (1, 'it')")
                raise RuntimeError("boom")
        async with db.read() as conn:
            assert await conn.fetchval("SELECT COUNT(*) FROM user_prefs") == 0
    finally:
        await db.close()
