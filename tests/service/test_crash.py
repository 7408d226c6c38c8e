"""Kill a real process in the middle of adjudication (SIGKILL) and start again: the phase is
adjudicated exactly once, never half, and announced."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

from service.storage.repos import phases
from tests.service.conftest import DAY, start_game

CHECKOUT = __import__("pathlib").Path(__file__).resolve().parents[2]


async def count(service, sql: str) -> int:
    async with service.db.read() as conn:
        return await conn.fetchval(sql)


def run_child_until(db_path, when: float, mode: str, word: str) -> None:
    child = subprocess.Popen([sys.executable, "-m", "tests.service.crash_child", str(db_path),
                              str(when), mode], cwd=CHECKOUT, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        line = child.stdout.readline().strip()
        assert line == word, child.stderr.read()
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    assert child.returncode == -signal.SIGKILL


@pytest.mark.parametrize("mode, word", [("in-transaction", "stored"),
                                        ("before-announcement", "committed")])
async def test_a_process_killed_during_adjudication_leaves_the_phase_whole(
        db_path, open_service, clock, notifier, mode, word):
    async with open_service() as service:
        game = await start_game(service)
        await service.orders.submit(game.id, game.user[next(iter(game.user))], "A VIE - GAL")
    clock.advance(DAY)
    run_child_until(db_path, clock.now().timestamp(), mode, word)

    async with open_service() as service:
        async with service.db.read() as conn:
            history = [(p.name, p.status) for p in await phases.history(conn, game.id)]
        assert history == [("S1901M", "done"), ("F1901M", "open")]
        assert await count(service, "SELECT COUNT(*) FROM phase_outcomes") == 1
        results = await count(service, "SELECT COUNT(*) FROM results")
        assert results == 1                                      # one order, stored once
        assert len(notifier.posted("phase.results")) == 1        # announced once, here
        assert await count(service, "SELECT COUNT(*) FROM phases WHERE announced_at IS NULL "
                                    "AND status = 'done'") == 0
