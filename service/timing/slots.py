"""When the next phase's deadline falls (pure: the settings, times and absences in, a time out).

Without a fixed schedule a phase lasts its length from when it opens (today's rule). With one
(`GameSettings.schedule_time`, e.g. "21:00"), movement deadlines fall on *slots*: that time of
day in the game's zone, every `schedule_every_days` days counted from the day the game
started, never on a weekday in `schedule_skip_days`. Retreats and adjustments end
`schedule_followup` after the deadline of the phase before them; a game's first phase ends on
a slot whatever its kind (Chaos opens on a winter). The phase just played ends
at a slot (or later, when extended or waiting in grace), and the next movement deadline is
the first slot after that: processing early, extending or waiting for missing orders never
moves the slots themselves. A movement phase always gets at least half the time between two
slots: a slot sooner than that after the phase opens is skipped.

Wall-clock times are kept across summer time: 21:00 in Europe/Rome stays 21:00 on the Sunday
the clocks change (the day is 23 or 25 hours long).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta

from engine.vocabulary import PhaseKind
from service.timing.when import zone

# A schedule with every weekday skipped has no slot; search this far before saying so.
_SEARCH_DAYS = 7 * 60


def slot_clock(text: str) -> time:
    hours, _, minutes = text.partition(":")
    return time(int(hours), int(minutes or 0))


def next_movement_slot(settings: object, after: datetime, first_day: date,
                       earliest: datetime | None = None) -> datetime:
    """The first movement slot strictly after `after` (and not before `earliest`)."""
    tz = zone(settings.timezone)
    clock = slot_clock(settings.schedule_time)
    every = settings.schedule_every_days
    day = after.astimezone(tz).date()
    skip = set(settings.schedule_skip_days)
    for _ in range(_SEARCH_DAYS):
        if (day - first_day).days % every == 0 and day.weekday() not in skip:
            slot = datetime.combine(day, clock, tzinfo=tz).astimezone(UTC)
            if slot > after and (earliest is None or slot >= earliest):
                return slot
        day += timedelta(days=1)
    raise ValueError("the schedule has no slot: every weekday is skipped")


def next_deadline(settings: object, kind: PhaseKind, *, now: datetime,
                  previous_deadline: datetime | None, first_day: date | None) -> datetime:
    """The deadline of a phase of `kind` opening `now`, after a phase whose deadline was
    `previous_deadline` (None: the game's first phase). `first_day` anchors every-N-days
    schedules (the day the game started, in its zone)."""
    if settings.schedule_time is None:
        return now + settings.deadline_for(kind)
    base = max(now, previous_deadline) if previous_deadline is not None else now
    tz = zone(settings.timezone)
    anchor = first_day or now.astimezone(tz).date()
    # The game's first phase falls on a slot whatever its kind: Chaos opens on the builds of
    # a winter (W1900A), and players who have just joined get a day, not a follow-up's hours.
    if kind is PhaseKind.MOVEMENT or previous_deadline is None:
        # a movement phase gets at least half the time between two slots (12 hours for
        # daily deadlines): a sooner slot (after an extension, a grace, a start at 20:00) is
        # left for the one after it
        shortest = timedelta(days=settings.schedule_every_days) / 2
        return next_movement_slot(settings, base, anchor, earliest=now + shortest)
    # Retreats and adjustments: a few hours after the phase before, by the wall clock, moved
    # off skipped weekdays by whole days.
    local = base.astimezone(tz) + settings.schedule_followup
    local = datetime.combine(local.date(), local.time(), tzinfo=tz)
    skip = set(settings.schedule_skip_days)
    for _ in range(7):
        if local.weekday() not in skip:
            break
        local = datetime.combine(local.date() + timedelta(days=1), local.time(), tzinfo=tz)
    return local.astimezone(UTC)


def after_absences(deadline: datetime, absences: Iterable[tuple[datetime, datetime]]) -> datetime:
    """A deadline falling inside an absence moves to its end (and again, if that end falls
    inside another one)."""
    spans = sorted(absences)
    moved = True
    while moved:
        moved = False
        for start, end in spans:
            if start <= deadline < end:
                deadline, moved = end, True
    return deadline
