"""A child process for the crash tests: opens the service on a database whose deadline has
passed, and stops dead at a chosen point of the adjudication (the parent kills it with
SIGKILL when it says where it is).

    python -m tests.service.crash_child DB TIMESTAMP in-transaction|before-announcement
"""

from __future__ import annotations

import asyncio
import sys
import time
from datetime import UTC, datetime

from service.game_service import GameService
from service.games import adjudication as core
from service.maps.images import stand_in_png
from service.notices.notifier import MemoryNotifier
from service.timing.clock import ManualClock


def stop_here(where: str) -> None:
    print(where, flush=True)
    time.sleep(120)            # blocks everything: the parent kills the process now


async def main(db: str, when: float, mode: str) -> None:
    if mode == "in-transaction":
        real_store = core.results.store

        async def store_then_stop(conn, phase_id, result, *rest):
            await real_store(conn, phase_id, result, *rest)   # rows written, not committed
            stop_here("stored")

        core.results.store = store_then_stop
    notifier = MemoryNotifier()
    if mode == "before-announcement":
        async def post_then_stop(channel_id, message):
            stop_here("committed")

        notifier.post = post_then_stop
    clock = ManualClock(datetime.fromtimestamp(when, UTC))
    async with GameService.open(db, notifier=notifier, clock=clock, renderer=stand_in_png,
                                scheduler=False):
        pass


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2]), sys.argv[3]))
