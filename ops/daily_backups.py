"""Daily backups, a setting of the bot (`ARBITRO_BACKUP_DIR`, `ARBITRO_BACKUP_KEEP`).

At start-up the bot takes a backup when the newest one in the folder is more than a day old
(or there is none), then one every 24 hours, and deletes all but the newest `keep`. The time
comes from the service's clock and the backup itself runs in a thread (SQLite's online backup
does not stop the bot's writes), so the tests drive `DailyBackups.run_once` with a ManualClock.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from ops.backup import BackupError, backup, backup_name, taken_at
from service.timing.clock import Clock, SystemClock

log = logging.getLogger(__name__)

EVERY = timedelta(hours=24)
RETRY = timedelta(hours=1)     # after a failed backup (disk full, folder gone)


def existing(folder: Path) -> list[tuple[datetime, Path]]:
    """The backups in `folder` named by `backup_name`, oldest first."""
    if not folder.is_dir():
        return []
    found = [(when, path) for path in folder.iterdir() if (when := taken_at(path))]
    return sorted(found)


@dataclass
class DailyBackups:
    db_path: Path
    folder: Path
    keep: int
    clock: Clock

    def newest(self) -> datetime | None:
        found = existing(self.folder)
        return found[-1][0] if found else None

    def next_due(self) -> datetime:
        """When the next backup is due: now when the newest is a day old or there is none."""
        newest = self.newest()
        now = self.clock.now()
        return now if newest is None else max(now, newest + EVERY)

    def run_once(self) -> Path | None:
        """Take a backup if one is due, then keep only the newest `keep`; the new file, or
        None when none was due."""
        now = self.clock.now()
        if self.next_due() > now:
            return None
        self.folder.mkdir(parents=True, exist_ok=True)
        made = backup(self.db_path, self.folder / backup_name(now)).path
        for _when, old in existing(self.folder)[:-self.keep]:
            old.unlink(missing_ok=True)
        return made

    async def run(self, sleep=asyncio.sleep) -> None:
        """Forever: a backup when due, then sleep until the next is."""
        while True:
            try:
                made = await asyncio.to_thread(self.run_once)
                if made:
                    log.info("daily backup written to %s", made)
                wait = (self.next_due() - self.clock.now()).total_seconds()
            except (BackupError, OSError) as exc:
                log.error("daily backup failed: %s; trying again in an hour", exc)
                wait = RETRY.total_seconds()
            await sleep(max(wait, 1.0))


@contextlib.asynccontextmanager
async def daily_backups(db_path: str | Path, folder: str | None, keep: int,
                        clock: Clock | None = None) -> AsyncIterator[DailyBackups | None]:
    """Daily backups running for the length of the block (nothing when `folder` is None)."""
    if folder is None:
        yield None
        return
    keeper = DailyBackups(Path(db_path), Path(folder), keep, clock or SystemClock())
    task = asyncio.create_task(keeper.run(), name="arbitro-daily-backups")
    try:
        yield keeper
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
