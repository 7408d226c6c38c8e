"""A per-user limit on how fast orders may arrive by DM: a burst of `burst` messages, then one
every `per` seconds (a token bucket). The clock is passed in so tests need not sleep."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class RateLimiter:
    burst: int = 5
    per: float = 3.0
    now: Callable[[], float] = time.monotonic
    _buckets: dict[int, tuple[float, float]] = field(default_factory=dict)

    def allow(self, user_id: int) -> float:
        """0.0 if the user may send now (and count it); else the seconds to wait."""
        now = self.now()
        tokens, last = self._buckets.get(user_id, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) / self.per)
        if tokens >= 1.0:
            self._buckets[user_id] = (tokens - 1.0, now)
            return 0.0
        self._buckets[user_id] = (tokens, now)
        return (1.0 - tokens) * self.per
