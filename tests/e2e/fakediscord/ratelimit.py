"""Discord's global rate limit: one budget of requests per second for the whole bot, however
many connections and processes share its token ("All bots can make up to 50 requests per
second to our API", https://discord.com/developers/docs/topics/rate-limits#global-rate-limit).
Interaction endpoints (callbacks and followups) are not bound by it.

The stand-in counts strictly: at most `per_second` requests in any one-second window,
whatever the window's start. A request over it is answered 429 with `global: true` and the
`X-RateLimit-Global` header, as Discord answers, and is not counted. Its `retry_after` is the
time until the last second's requests have all left the window, as Discord's global limit
resets, so the requests refused together may retry together."""

from __future__ import annotations

import time
from collections import deque


class GlobalRateLimit:
    def __init__(self, per_second: int | None = None) -> None:
        self.per_second = per_second       # None: no global limit (the default)
        self._recent: deque[float] = deque()   # when the requests of the last second came

    def retry_after(self, now: float | None = None) -> float | None:
        """Count a request arriving `now`: None when it is within the budget, else the
        seconds until it would be."""
        if not self.per_second:
            return None
        now = time.monotonic() if now is None else now
        while self._recent and now - self._recent[0] >= 1.0:
            self._recent.popleft()
        if len(self._recent) >= self.per_second:
            return round(1.0 - (now - self._recent[-1]), 3) or 0.001
        self._recent.append(now)
        return None
