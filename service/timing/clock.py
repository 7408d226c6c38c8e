"""Time, injected: the service asks its clock, never `datetime.now()`, so tests can move time
forward without sleeping."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, timezone-aware UTC."""
        ...


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class ManualClock:
    """A clock that only moves when told to (tests, the demo, the benchmark)."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2024, 1, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self._now

    def advance(self, delta: timedelta) -> datetime:
        self._now += delta
        return self._now

    def set(self, when: datetime) -> None:
        self._now = when


def to_ts(when: datetime) -> float:
    if when.tzinfo is None:
        raise ValueError("naive datetime: pass a timezone-aware time (UTC)")
    return when.timestamp()


def now_ts(clock: Clock) -> float:
    """The clock's time as UTC seconds (how the database stores times)."""
    return to_ts(clock.now())


def from_ts(ts: float | None) -> datetime | None:
    return None if ts is None else datetime.fromtimestamp(ts, UTC)
