"""This process's share of Discord's global REST budget.

Discord lets a bot make about 50 requests per second in all, however many processes share
its token; discord.py paces requests only per route and within one process. `RestBudget`
holds one process to its share (`ARBITRO_REST_BUDGET`): at most `capacity` requests in any
one second, counted from when each earlier request *finished*, so the count holds where
Discord counts too, on arrival, whatever the time a request takes to get there.

It wraps the bot's own `HTTPClient.request` (see `ArbitroBot.__init__`), so interaction
answers, which discord.py sends through its webhook adapter and Discord does not count
against the global limit, never wait behind an announcement burst.

aiolimiter (a leaky bucket) was considered: after a pause it lets a full bucket through and
keeps draining, up to twice the rate within one second, which is exactly what two processes
sharing one budget must not do.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import math
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

T = TypeVar("T")
WINDOW = 1.0    # seconds: Discord states its global limit per second


class RestBudget:
    """At most `floor(per_second)` requests (at least 1) started in any window of one second
    after the completion of the earliest of them; requests in flight count."""

    def __init__(self, per_second: float, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if not per_second > 0:
            raise ValueError("a REST budget is a positive number of requests per second")
        self.per_second = per_second
        self.capacity = max(1, math.floor(per_second))
        self._clock = clock
        self._finished: deque[float] = deque()   # completion times within the last window
        self._in_flight = 0
        self._turn = asyncio.Condition()
        self.waited = 0.0                        # seconds requests spent waiting, in all

    @contextlib.asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Wait for room in the budget, then hold a slot while the request runs."""
        await self._take()
        try:
            yield
        finally:
            async with self._turn:
                self._in_flight -= 1
                self._finished.append(self._clock())
                self._turn.notify_all()

    async def _take(self) -> None:
        started = self._clock()
        async with self._turn:
            while True:
                now = self._clock()
                while self._finished and now - self._finished[0] >= WINDOW:
                    self._finished.popleft()
                if self._in_flight + len(self._finished) < self.capacity:
                    self._in_flight += 1
                    self.waited += now - started
                    return
                # the earliest completion leaves the window then; a request in flight
                # finishing wakes us to recompute
                wait = WINDOW - (now - self._finished[0]) if self._finished else None
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._turn.wait(), wait)

    def wrap(self, request: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
        """`request` (discord.py's `HTTPClient.request`) taken within the budget."""
        @functools.wraps(request)
        async def budgeted(*args: Any, **kwargs: Any) -> T:
            async with self.slot():
                return await request(*args, **kwargs)
        return budgeted
