"""Direct messages are read one at a time per user, in the order they came: a player pasting
one order per message, ten messages in a row, loses none of them. A flood is still held off:
at most `limit` messages of one user wait at a time. When one more arrives, the *oldest*
waiting message is the one not read (each unit's newest order counts, so the order meant to
stand is the last one sent, and it is never the one dropped), and once the user's queue has
drained they get one notice naming every message that was not read."""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

Item = TypeVar("Item")


@dataclass
class UserQueue(Generic[Item]):
    """One user's messages waiting to be read (the one being read is not among them), and
    those turned away since their last notice."""

    waiting: deque[Item] = field(default_factory=deque)
    dropped: list[Item] = field(default_factory=list)
    reading: bool = False


@dataclass
class DmQueues(Generic[Item]):
    limit: int = 20
    _queues: dict[int, UserQueue[Item]] = field(default_factory=dict)

    async def run(self, user_id: int, item: Item, handle: Callable[[Item], Awaitable[None]],
                  dropped: Callable[[list[Item]], Awaitable[None]]) -> None:
        """Read `item` with `handle` after the user's earlier messages. When `limit` of theirs
        already wait, the oldest waiting one is dropped to make room; when the queue has
        drained, `dropped` gets every message dropped, in the order they came (one call).
        Call it before any other await, so messages keep their order. The first call of a
        burst reads the whole burst; the others return at once."""
        queue = self._queues.setdefault(user_id, UserQueue())
        queue.waiting.append(item)
        if len(queue.waiting) > self.limit:
            queue.dropped.append(queue.waiting.popleft())
        if queue.reading:
            return                          # the call reading this user's burst takes it
        queue.reading = True
        try:
            while queue.waiting or queue.dropped:
                if queue.waiting:
                    await handle(queue.waiting.popleft())
                    continue
                gone, queue.dropped = queue.dropped, []
                await dropped(gone)
        finally:
            queue.reading = False
            del self._queues[user_id]       # nothing kept for users who are not writing

    def waiting(self, user_id: int) -> int:
        """How many of the user's messages are being read or wait to be."""
        queue = self._queues.get(user_id)
        return (len(queue.waiting) + int(queue.reading)) if queue else 0
