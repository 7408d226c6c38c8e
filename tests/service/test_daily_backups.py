"""Daily backups (ARBITRO_BACKUP_DIR, ARBITRO_BACKUP_KEEP): one at start-up when the newest is a
day old, then every 24 hours, the newest N kept; driven by a ManualClock."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from ops.backup import check
from ops.daily_backups import DailyBackups, daily_backups, existing
from ops.settings import Settings, SettingsError
from tests.service.conftest import DAY, start_game

pytestmark = pytest.mark.sqlite_only   # about SQLite files


def names(folder) -> list[str]:
    return [path.name for _when, path in existing(folder)]


async def test_one_a_day_and_the_newest_kept(service, db_path, clock, tmp_path):
    await start_game(service)
    folder = tmp_path / "backups"                      # created at the first backup
    keeper = DailyBackups(db_path, folder, keep=3, clock=clock)
    first = keeper.run_once()
    assert first is not None and check(first).games == 1
    assert keeper.run_once() is None                   # not due again the same day
    clock.advance(DAY - timedelta(minutes=1))
    assert keeper.run_once() is None
    assert keeper.next_due() == clock.now() + timedelta(minutes=1)
    for _day in range(4):
        clock.advance(DAY)
        assert keeper.run_once() is not None
    assert names(folder) == ["arbitro-2024-01-04T1159Z.sqlite", "arbitro-2024-01-05T1159Z.sqlite",
                             "arbitro-2024-01-06T1159Z.sqlite"]
    (folder / "notes.txt").write_text("not a backup: left alone")
    clock.advance(DAY)
    keeper.run_once()
    assert (folder / "notes.txt").exists() and len(names(folder)) == 3


async def test_at_start_up_only_when_the_newest_is_a_day_old(service, db_path, clock,
                                                              tmp_path):
    await start_game(service)
    folder = tmp_path / "backups"
    DailyBackups(db_path, folder, keep=7, clock=clock).run_once()
    clock.advance(timedelta(hours=5))                  # the bot restarts
    sleeps: list[float] = []

    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        if len(sleeps) == 2:
            raise asyncio.CancelledError

    keeper = DailyBackups(db_path, folder, keep=7, clock=clock)
    with pytest.raises(asyncio.CancelledError):
        await keeper.run(sleep)
    # no backup at start: it sleeps the 19 hours left, then (the clock not having moved in
    # this test) the same again
    assert len(names(folder)) == 1
    assert sleeps == [19 * 3600.0, 19 * 3600.0]


async def test_the_bot_task_backs_up_at_once_and_stops_with_the_block(service, db_path, clock,
                                                                       tmp_path):
    await start_game(service)
    folder = tmp_path / "backups"
    async with daily_backups(db_path, str(folder), 7, clock) as keeper:
        for _ in range(200):
            if names(folder):
                break
            await asyncio.sleep(0.02)
        assert keeper is not None
    assert len(names(folder)) == 1
    async with daily_backups(db_path, None, 7, clock) as keeper:
        assert keeper is None


def test_settings_read_the_backup_variables():
    assert (Settings.from_env({}).backup_dir, Settings.from_env({}).backup_keep) == (None, 7)
    settings = Settings.from_env({"ARBITRO_BACKUP_DIR": " /srv/backups ",
                                  "ARBITRO_BACKUP_KEEP": "14"})
    assert (settings.backup_dir, settings.backup_keep) == ("/srv/backups", 14)
    for bad in ("0", "-1", "seven"):
        with pytest.raises(SettingsError, match="ARBITRO_BACKUP_KEEP"):
            Settings.from_env({"ARBITRO_BACKUP_KEEP": bad})
