"""Direct messages are read one at a time per user, in the order they came: a player pasting
one order per message, ten messages in a row, loses none of them. A flood is still held off:
at most `limit` messages of one user wait at a time; beyond that a message is not read, and
the user is told once (until their queue has drained)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field


@dataclass
class UserQueue:
    """One user's turn-taking: a lock (asyncio's waiters wake in order of arrival), how many
    messages hold or wait for it, and whether the user was told their queue is full."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    size: int = 0
    told: bool = False


@dataclass
class DmQueues:
    limit: int = 20
    _queues: dict[int, UserQueue] = field(default_factory=dict)

    async def run(self, user_id: int, handle: Callable[[], Awaitable[None]],
                  overflow: Callable[[], Awaitable[None]]) -> bool:
        """Run `handle` after the user's earlier messages; when `limit` of theirs are already
        waiting, run `overflow` instead (only for the first message turned away) and return
        False. Call it before any other await, so messages keep their order."""
        queue = self._queues.setdefault(user_id, UserQueue())
        if queue.size >= self.limit:
            if not queue.told:
                queue.told = True
                await overflow()
            return False
        queue.size += 1
        try:
            async with queue.lock:
                await handle()
        finally:
            queue.size -= 1
            if queue.size == 0:
                del self._queues[user_id]   # nothing kept for users who are not writing
        return True

    def waiting(self, user_id: int) -> int:
        """How many of the user's messages are being read or wait to be."""
        queue = self._queues.get(user_id)
        return queue.size if queue else 0
