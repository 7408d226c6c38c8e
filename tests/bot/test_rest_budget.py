"""RestBudget: at most its capacity of requests in any second, counted from when the earlier
requests finished."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.rest_budget import RestBudget


def test_the_capacity_is_the_whole_requests_a_second_and_at_least_one() -> None:
    assert RestBudget(50).capacity == 50
    assert RestBudget(12.5).capacity == 12
    assert RestBudget(0.5).capacity == 1
    for bad in (0, -3):
        with pytest.raises(ValueError, match="positive number of requests per second"):
            RestBudget(bad)


async def test_a_burst_is_spread_so_no_second_holds_more_than_the_budget() -> None:
    budget = RestBudget(20)
    started: list[float] = []
    finished: list[float] = []

    async def request(i: int) -> int:
        started.append(time.monotonic())
        await asyncio.sleep(0.01)
        finished.append(time.monotonic())
        return i

    budgeted = budget.wrap(request)
    assert await asyncio.gather(*(budgeted(i) for i in range(45))) == list(range(45))
    # the 21st request starts only once the 1st has been finished a full second, and so on
    for i in range(20, 45):
        assert started[i] >= finished[i - 20] + 1.0 - 1e-3
    assert started[19] - started[0] < 0.5          # within the budget, no waiting
    assert budget.waited > 0


async def test_a_failed_request_still_counts_and_frees_its_slot() -> None:
    budget = RestBudget(1)

    async def failing() -> None:
        raise RuntimeError("Discord said no")

    with pytest.raises(RuntimeError):
        await budget.wrap(failing)()
    began = time.monotonic()
    async with budget.slot():
        assert time.monotonic() - began >= 0.99      # it counted for its second
