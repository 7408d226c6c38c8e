"""`arbitro migrate-db FROM TO` as a person runs it: the demo game copied from its SQLite file into
a real PostgreSQL server (and back, and file to file) exports byte for byte the same and replays
through `arbitro adjudicate`; FROM is never changed; a TO that holds rows is refused and left as
it was; a failure halfway leaves TO empty; and a game goes on in PostgreSQL afterwards with new
ids that do not collide with the copied ones."""

from __future__ import annotations

import asyncio
import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from arbitro.cli import main
from engine.vocabulary import Power
from ops.repos import catalog
from service.game_service import GameService
from service.storage.db import open_database
from service.storage.schema import bundled_migrations, known_version, migrate_sqlite
from tests.service.conftest import MODERATOR, start_game
from tests.service.test_backup_commands import run
from tests.service.test_export import replay

CLOSED_PORT = "postgresql://arbitro:s3cret-word@127.0.0.1:1/arbitro"


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("demo-migrate")
    assert main(["demo", "--out", str(out)]) == 0
    return out / "demo.sqlite"


@pytest.fixture
def source(demo, tmp_path) -> Path:
    """The test's own copy of the demo's database (one game, in Spring 1903)."""
    copy = tmp_path / "from.sqlite"
    with sqlite3.connect(demo) as src, sqlite3.connect(copy) as dst:
        src.backup(dst)
    return copy


def export(capsys, db, game: int = 1) -> str:
    status, out, err = run(capsys, "export", str(game), "--db", str(db))
    assert status == 0, err
    return out


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def row_counts(target) -> dict[str, int]:
    db = await open_database(target)
    try:
        async with db.read() as conn:
            return {name: await catalog.count(conn, name)
                    for name in await catalog.describe(conn)}
    finally:
        await db.close()


def test_the_demo_moves_into_postgresql_and_replays_identically(source, postgres_url, tmp_path,
                                                                capsys):
    before = export(capsys, source)
    untouched = digest(source)
    status, out, err = run(capsys, "migrate-db", str(source), postgres_url)
    assert status == 0, err
    assert "1 game (1 active)" in out
    counts = asyncio.run(row_counts(source))
    for table in ("games", "phases", "submissions", "orders", "results", "seats", "seat_terms"):
        assert counts[table] > 0
        assert f"  {table} " in out and f"{counts[table]:,}" in out
    assert asyncio.run(row_counts(postgres_url)) == counts
    assert f"{len(counts)} tables, {sum(counts.values()):,} rows" in out
    assert digest(source) == untouched                      # FROM was only read
    after = export(capsys, postgres_url)
    assert after == before                                  # byte for byte
    phases = json.loads(after)["phases"]
    for recorded, result in zip(phases, replay(phases, tmp_path, capsys), strict=True):
        assert result["units_after"] == recorded["units_after"], recorded["phase"]
    # and back into a new SQLite file, then file to file: the same export each time
    back = tmp_path / "back.sqlite"
    assert run(capsys, "migrate-db", postgres_url, str(back))[0] == 0
    assert export(capsys, back) == before
    again = tmp_path / "again.sqlite"
    assert run(capsys, "migrate-db", str(back), str(again))[0] == 0
    assert export(capsys, again) == before


def test_a_second_migration_into_a_database_with_games_is_refused(source, postgres_url, capsys):
    assert run(capsys, "migrate-db", str(source), postgres_url)[0] == 0
    before = asyncio.run(row_counts(postgres_url))
    exported = export(capsys, postgres_url)
    status, out, err = run(capsys, "migrate-db", str(source), postgres_url)
    assert status == 2 and out == ""
    assert "already holds 1 game" in err and "nothing was changed" in err
    assert asyncio.run(row_counts(postgres_url)) == before
    assert export(capsys, postgres_url) == exported


def test_a_database_holding_other_rows_is_refused_too(source, tmp_path, capsys):
    target = tmp_path / "to.sqlite"
    asyncio.run(_with_a_preference(target))
    status, _, err = run(capsys, "migrate-db", str(source), str(target))
    assert status == 2 and "already holds rows in user_prefs (1)" in err
    counts = asyncio.run(row_counts(target))
    assert counts["user_prefs"] == 1 and sum(counts.values()) == 1


async def _with_a_preference(target: Path) -> None:
    db = await open_database(target)
    await db.migrate()
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO user_prefs (user_id, language) VALUES (?, ?)", (7, "it"))
    await db.close()


def test_a_failure_halfway_leaves_postgresql_empty(source, postgres_url, capsys):
    # SQLite keeps a NUL character in text; PostgreSQL refuses it. press_log comes after the
    # games, phases and seats, which are already written by then.
    with sqlite3.connect(source) as conn:
        conn.execute("INSERT INTO press_log (game_id, phase, from_power, to_power, sender_id, "
                     "signed, body, sent_at) VALUES (1, 'S1903M', 'France', 'Italy', 5, 1, "
                     "?, 1.5)", ("hello\x00there",))
    conn.close()
    status, out, err = run(capsys, "migrate-db", str(source), postgres_url)
    assert status == 2 and out == ""
    assert "copying press_log failed" in err and "nothing was written" in err
    assert set(asyncio.run(row_counts(postgres_url)).values()) == {0}


def test_a_game_goes_on_in_postgresql_with_new_ids(source, postgres_url, capsys):
    assert run(capsys, "migrate-db", str(source), postgres_url)[0] == 0
    copied = asyncio.run(_largest_ids(postgres_url))
    asyncio.run(_play_on(postgres_url))
    grown = asyncio.run(_largest_ids(postgres_url))
    for table in ("games", "phases", "submissions", "orders", "results", "audit_log",
                  "seat_terms"):
        assert grown[table] > copied[table], table
    # the demo game's copied phases are still what they were; the new ones follow them
    phases = json.loads(export(capsys, postgres_url))["phases"]
    assert [p["phase"] for p in phases][:8] == ["S1901M", "F1901M", "W1901A", "S1902M",
                                               "F1902M", "F1902R", "W1902A", "S1903M"]
    assert json.loads(export(capsys, postgres_url, 2))["phases"][0]["phase"] == "S1901M"


async def _largest_ids(target: str) -> dict[str, int]:
    db = await open_database(target)
    try:
        async with db.read() as conn:
            return {name: int(await conn.fetchval(f"SELECT COALESCE(MAX(id), 0) FROM {name}"))
                    for name, table in (await catalog.describe(conn)).items()
                    if table.identity}
    finally:
        await db.close()


async def _play_on(target: str) -> None:
    async with GameService.open(target, scheduler=False) as service:
        view = await service.games.status(1)
        france = next(s.user_id for s in view.seats if s.power == Power.FRANCE)
        await service.orders.submit(1, france, "A PAR - BUR")
        await service.moderation.process_now(1, view.moderator_id)
        second = await start_game(service, channel=777)
        await service.orders.submit(second.id, second.user[Power.GERMANY], "A MUN - RUH")
        await service.moderation.process_now(second.id, MODERATOR)


def test_an_older_sqlite_file_is_read_from_a_migrated_copy_and_left_as_it_was(tmp_path,
                                                                              capsys):
    older = tmp_path / "older.sqlite"
    asyncio.run(_older_database(older))
    untouched = digest(older)
    target = tmp_path / "to.sqlite"
    status, out, err = run(capsys, "migrate-db", str(older), str(target))
    assert status == 0, err
    assert f"read from a temporary copy migrated to version {known_version()}" in out
    assert "1 game (1 forming)" in out
    assert digest(older) == untouched
    with sqlite3.connect(older) as conn:
        assert conn.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == \
            known_version() - 1
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()
    assert asyncio.run(row_counts(target))["games"] == 1


async def _older_database(path: Path) -> None:
    import aiosqlite
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    await migrate_sqlite(conn, str(path), bundled_migrations("sqlite")[:-1])
    await conn.execute("INSERT INTO games (channel_id, name, moderator_id, settings_json, "
                       "created_at) VALUES (1, 'Old', 2, '{}', 1.0)")
    await conn.close()


def test_refusals_say_what_is_wrong(source, tmp_path, capsys):
    status, _, err = run(capsys, "migrate-db", str(source), str(source))
    assert status == 2 and "the same database" in err
    status, _, err = run(capsys, "migrate-db", str(tmp_path / "none.sqlite"),
                         str(tmp_path / "to.sqlite"))
    assert status == 2 and "there is no database at" in err
    assert not (tmp_path / "to.sqlite").exists()
    status, _, err = run(capsys, "migrate-db", str(source), CLOSED_PORT)
    assert status == 2 and "TO: cannot open postgresql://arbitro@127.0.0.1:1/arbitro" in err
    assert "s3cret" not in err
    newer = tmp_path / "newer.sqlite"
    shutil.copy(source, newer)
    with sqlite3.connect(newer) as conn:
        conn.execute("UPDATE schema_version SET version = 999")
    conn.close()
    status, _, err = run(capsys, "migrate-db", str(newer), str(tmp_path / "to.sqlite"))
    assert status == 2 and "newer than this Arbitro" in err


def test_an_older_postgresql_database_is_refused_and_left_as_it_was(postgres_maintenance_url,
                                                                    tmp_path, capsys):
    older = asyncio.run(_older_postgres(postgres_maintenance_url))
    status, out, err = run(capsys, "migrate-db", older, str(tmp_path / "to.sqlite"))
    assert status == 2 and out == ""
    assert f"schema version {known_version() - 1}, older than this Arbitro's" in err
    assert "migrate-db never changes FROM" in err and "Start this Arbitro's bot on it once" in err
    assert asyncio.run(_version(older)) == known_version() - 1
    assert not (tmp_path / "to.sqlite").exists()


async def _older_postgres(maintenance_url: str) -> str:
    from service.storage.schema import migrate_postgres
    from tests.postgres import new_database
    url = await new_database(maintenance_url, "arbitro_older")
    db = await open_database(url)
    try:
        async with db.pool.acquire() as raw:
            await migrate_postgres(raw, url, bundled_migrations("postgresql")[:-1])
    finally:
        await db.close()
    return url


async def _version(target: str) -> int | None:
    db = await open_database(target)
    try:
        async with db.read() as conn:
            return await catalog.schema_version(conn)
    finally:
        await db.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_from_is_read_as_one_moment_while_a_bot_writes_to_it(kind, source, request, capsys):
    if kind == "postgresql":
        url = request.getfixturevalue("postgres_url")
        assert run(capsys, "migrate-db", str(source), url)[0] == 0
        source = url
    asyncio.run(_read_while_writing(str(source)))


async def _read_while_writing(source: str) -> None:
    from ops.migrate_db import read_snapshot
    async with read_snapshot(source) as (conn, version, from_copy):
        assert version == known_version() and not from_copy
        games = await catalog.count(conn, "games")
        async with GameService.open(source, scheduler=False) as service:   # the bot, writing
            await start_game(service, channel=778)
            async with service.db.read() as live:
                assert await catalog.count(live, "games") == games + 1
        assert await catalog.count(conn, "games") == games
