"""Backups and restores of a real SQLite file: what `backup` and `restore` accept and refuse,
and a backup taken while a burst of deadlines is adjudicated, restored, every game as it was at
one moment (never half a phase)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine.vocabulary import Power
from ops.backup import (
    BackupError,
    OlderBackup,
    backup,
    backup_name,
    check,
    default_target,
    kept_name,
    restore,
    taken_at,
)
from service.history.exports import game_record
from service.storage.schema import known_version
from service.storage.sqlite import SqliteDatabase as Database
from tests.service.conftest import DAY, MODERATOR, start_game

pytestmark = pytest.mark.sqlite_only   # about SQLite files

E, F, G = Power.ENGLAND, Power.FRANCE, Power.GERMANY


async def exports(path: Path) -> dict[int, dict]:
    """Every game's export, read from the database at `path`."""
    db = await Database.open(path)
    try:
        async with db.read() as conn:
            ids = [row[0] for row in await conn.fetch("SELECT id FROM games ORDER BY id")]
            return {gid: await game_record(conn, gid) for gid in ids}
    finally:
        await db.close()


async def played_game(service) -> int:
    game = await start_game(service)
    await service.orders.submit(game.id, game.user[G], "A MUN - BUR")
    await service.orders.submit(game.id, game.user[F], "A PAR - PIC")
    await service.moderation.process_now(game.id, MODERATOR)
    return game.id


def test_backup_names_carry_the_utc_time(tmp_path):
    when = datetime(2026, 11, 24, 2, 15, 40, tzinfo=UTC)
    assert backup_name(when) == "arbitro-2026-11-24T0215Z.sqlite"
    assert default_target(tmp_path / "arbitro.sqlite", when) == \
        tmp_path / "arbitro-2026-11-24T0215Z.sqlite"
    assert taken_at(Path("arbitro-2026-11-24T0215Z.sqlite")) == when.replace(second=0)
    assert taken_at(Path("arbitro.sqlite")) is None


async def test_a_backup_of_an_open_database_holds_every_game(service, db_path, tmp_path):
    gid = await played_game(service)
    await start_game(service, name="Second", channel=501)
    target = tmp_path / "copy.sqlite"
    checked = backup(db_path, target)            # the service still has the database open
    assert (checked.games, checked.version) == (2, known_version())
    assert not list(tmp_path.glob(".*partial"))
    assert not Path(f"{target}-wal").exists()    # one self-contained file
    copy = await exports(target)
    assert copy[gid] == await service.exports.game(gid)
    assert len(copy[gid]["phases"]) == 1
    with pytest.raises(BackupError, match="already exists"):
        backup(db_path, target)
    with pytest.raises(BackupError, match="no database at"):
        backup(tmp_path / "missing.sqlite", tmp_path / "other.sqlite")
    assert not (tmp_path / "missing.sqlite").exists()
    with pytest.raises(BackupError, match="does not exist"):
        backup(db_path, tmp_path / "nowhere" / "copy.sqlite")


async def test_restore_puts_a_backup_back_and_keeps_the_old_database(open_service, db_path,
                                                                     tmp_path):
    async with open_service() as service:
        gid = await played_game(service)
        before = await service.exports.game(gid)
    saved = backup(db_path, tmp_path / "saved.sqlite").path
    async with open_service() as service:       # later: the game moves on, another starts
        await service.moderation.process_now(gid, MODERATOR)
        await start_game(service, name="Later", channel=502)
    later = await exports(db_path)
    with pytest.raises(BackupError, match="already exists.*--force"):
        restore(saved, db_path)
    assert await exports(db_path) == later       # the refusal changed nothing
    with pytest.raises(OlderBackup) as older:    # the game announced a phase since
        restore(saved, db_path, force=True)
    assert older.value.behind == [f"game {gid} (Test game): F1901M was announced, the backup "
                                  "has only S1901M announced"]
    assert await exports(db_path) == later
    checked = restore(saved, db_path, force=True, older_ok=True)
    assert checked.games == 1
    assert await exports(db_path) == {gid: before}
    assert await exports(kept_name(db_path)) == later
    assert not [p for p in tmp_path.iterdir() if "restoring" in p.name]
    # and the bot runs on it: its game carries on where the backup left it
    async with open_service() as service:
        assert (await service.exports.game(gid)) == before
        await service.moderation.process_now(gid, MODERATOR)


async def test_restore_into_a_new_place(service, db_path, tmp_path):
    gid = await played_game(service)
    saved = backup(db_path, tmp_path / "saved.sqlite").path
    fresh = tmp_path / "fresh" / "arbitro.sqlite"
    fresh.parent.mkdir()
    restore(saved, fresh)
    assert (await exports(fresh))[gid] == await service.exports.game(gid)
    assert not kept_name(fresh).exists()
    # a write-ahead log left without its database would be replayed into the restored one
    lost = tmp_path / "lost.sqlite"
    lost.with_name("lost.sqlite-wal").write_bytes(b"\x37\x7f\x06\x82" + bytes(28))
    with pytest.raises(BackupError, match="lost.sqlite-wal is there without its database"):
        restore(saved, lost)
    assert not lost.exists()


async def test_restore_refuses_while_the_database_is_in_use(service, db_path, tmp_path):
    await played_game(service)
    saved = backup(db_path, tmp_path / "saved.sqlite").path
    with pytest.raises(BackupError, match="in use.*stop the bot"):
        restore(saved, db_path, force=True)
    assert not kept_name(db_path).exists()


def test_restore_refuses_what_is_not_a_sound_arbitro_database(tmp_path):
    db = tmp_path / "arbitro.sqlite"
    text = tmp_path / "notes.sqlite"
    text.write_text("not a database at all, just some words " * 200)
    with pytest.raises(BackupError, match="not a SQLite database"):
        restore(text, db)
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE things (x)")
    with pytest.raises(BackupError, match="not an Arbitro one"):
        restore(other, db)
    with pytest.raises(BackupError, match="no file at"):
        restore(tmp_path / "missing.sqlite", db)
    assert not db.exists()


async def test_restore_refuses_a_newer_schema_and_a_damaged_file(service, db_path, tmp_path):
    await played_game(service)
    newer = backup(db_path, tmp_path / "newer.sqlite").path
    with sqlite3.connect(newer) as conn:
        conn.execute("UPDATE schema_version SET version = 999")
    with pytest.raises(BackupError, match="version 999.*Upgrade Arbitro"):
        restore(newer, tmp_path / "a.sqlite")
    damaged = backup(db_path, tmp_path / "damaged.sqlite").path
    with sqlite3.connect(damaged) as conn:
        page = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'phases'"
                            ).fetchone()[0]
    data = bytearray(damaged.read_bytes())
    start = (root - 1) * page
    data[start:start + page] = b"\x0d" + b"\xff" * (page - 1)   # a leaf page of nonsense
    damaged.write_bytes(bytes(data))
    with pytest.raises(BackupError, match="damaged|not a SQLite database"):
        check(damaged)
    assert not (tmp_path / "a.sqlite").exists()


# -- the burst ---------------------------------------------------------------------------------
# 200 games, the figure; on this 2-core machine setting them up takes most of the test.
GAMES = 200


def _done_phases(path: Path) -> int:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        return conn.execute("SELECT COUNT(*) FROM phases WHERE status = 'done'").fetchone()[0]


async def test_a_backup_during_a_burst_of_adjudications_restores_whole_phases(
        open_service, db_path, clock, tmp_path):
    async with open_service() as service:
        ids = []
        for n in range(GAMES):
            game = await start_game(service, name=f"Burst {n}", channel=10_000 + n, seed=n)
            await service.orders.submit(game.id, game.user[G], "A MUN - BUR\nA BER - KIE")
            await service.orders.submit(game.id, game.user[F], "A PAR - BUR\nF BRE - MAO")
            await service.orders.submit(game.id, game.user[E], "F LON - NTH\nA LVP - YOR")
            ids.append(game.id)
        before = {gid: await service.exports.game(gid) for gid in ids}
        # A bot that runs for long checkpoints its WAL into the file now and then (SQLite does
        # at every 1000 pages); here at every commit, so the burst moves pages of the file
        # itself while the backup reads it.
        await service.db.conn.execute("PRAGMA wal_autocheckpoint = 1")
        clock.advance(DAY)

        target = tmp_path / "during.sqlite"
        seen: dict[str, int] = {}
        failed: list[BaseException] = []

        def take_backup() -> None:
            # another connection, in another thread, as `arbitro backup` would be
            try:
                deadline = time.monotonic() + 120
                while _done_phases(db_path) < GAMES // 4 and time.monotonic() < deadline:
                    time.sleep(0.002)
                seen["began"] = _done_phases(db_path)
                backup(db_path, target)
                seen["ended"] = _done_phases(db_path)
            except BaseException as exc:       # reported by the test below
                failed.append(exc)

        worker = threading.Thread(target=take_backup)
        worker.start()
        assert await service.deadlines.run_due() == GAMES
        await asyncio.to_thread(worker.join)
        assert not failed, failed
        after = {gid: await service.exports.game(gid) for gid in ids}

    restored = tmp_path / "restored.sqlite"
    restore(target, restored)
    got = await exports(restored)
    assert sorted(got) == ids
    as_before = [gid for gid in ids if got[gid] == before[gid]]
    as_after = [gid for gid in ids if got[gid] == after[gid]]
    assert sorted(as_before + as_after) == ids, "a game restored as neither moment"
    # the backup really ran in the middle of the burst...
    assert as_before and as_after, (len(as_before), len(as_after))
    assert seen["began"] <= len(as_after) <= seen["ended"]
    # ...and holds one moment: the games adjudicated are exactly the first ones to be
    assert as_after == ids[:len(as_after)]
    assert all(len(after[gid]["phases"]) == 1 and not before[gid]["phases"] for gid in ids)


def _mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


async def test_the_database_and_its_backups_are_readable_by_their_owner_only(
        tmp_path, clock, notifier, renderer):
    """Every order and private message is in them: 0600 whatever the umask (docs/backup.md)."""
    import os

    from ops.daily_backups import DailyBackups
    from service.game_service import GameService

    old = os.umask(0)                                    # the loosest: 0666 by default
    try:
        path = tmp_path / "arbitro.sqlite"
        async with GameService.open(path, notifier=notifier, clock=clock, renderer=renderer,
                                    scheduler=False) as service:
            await played_game(service)
            assert _mode(path) == 0o600
            wal = [p for p in tmp_path.iterdir() if p.name.startswith("arbitro.sqlite-")]
            assert wal and all(_mode(p) == 0o600 for p in wal)     # -wal, -shm
            saved = backup(path, tmp_path / "saved.sqlite").path
            assert _mode(saved) == 0o600
            daily = tmp_path / "daily"
            daily.mkdir()
            made = DailyBackups(path, daily, 3, clock).run_once()
            assert made is not None and _mode(made) == 0o600
        restored = tmp_path / "restored.sqlite"
        restore(saved, restored)
        assert _mode(restored) == 0o600
        (tmp_path / "plain").write_text("")               # the umask was really 0
        assert _mode(tmp_path / "plain") == 0o666
    finally:
        os.umask(old)
