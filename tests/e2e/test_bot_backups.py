"""Daily backups as the bot runs them (ARBITRO_BACKUP_DIR): one at start-up when the newest is
a day old or there is none, none at a restart a few hours later; each a sound Arbitro
database."""

import asyncio
from datetime import timedelta

from ops.backup import check
from ops.daily_backups import existing
from tests.e2e.harness import arbitro_bot


async def backups_in(folder, count: int) -> list:
    for _ in range(500):
        found = existing(folder)
        if len(found) >= count:
            return found
        await asyncio.sleep(0.02)
    return existing(folder)


async def test_the_bot_backs_up_at_start_when_the_newest_is_a_day_old(fake_discord, tmp_path):
    folder = tmp_path / "backups"
    async with arbitro_bot(fake_discord, tmp_path, backup_dir=folder) as first:
        [(when, path)] = await backups_in(folder, 1)
        assert when == first.clock.now().replace(second=0, microsecond=0)
        assert check(path).version > 0
    first.clock.advance(timedelta(hours=5))
    async with arbitro_bot(fake_discord, tmp_path, again=first, backup_dir=folder) as table:
        await asyncio.sleep(0.5)
        assert len(existing(folder)) == 1            # the newest is only 5 hours old
    table.clock.advance(timedelta(hours=20))
    async with arbitro_bot(fake_discord, tmp_path, again=table, backup_dir=folder):
        found = await backups_in(folder, 2)
        assert [w for w, _ in found] == [when, when + timedelta(hours=25)]
