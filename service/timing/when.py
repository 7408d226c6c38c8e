"""Times as people type them, read in a game's time zone (pure: no clock, no database).

    read_time("domani 21:00", now, "Europe/Rome")   # -> an aware UTC datetime

What it reads (English, Italian and Dutch words alike, whatever the reader's language):

| typed | meaning |
|---|---|
| `2026-12-01 21:00`, `2026-12-01T21:00`, `01/12/2026 21:00` | that time in the game's zone |
| `2026-12-01` | that day at 00:00 (or at its end, for the end of an absence) |
| `21:00` | the next 21:00 in the game's zone (today or tomorrow) |
| `+36h`, `+2d`, `+90m`, `+1d12h` | from now |
| `tomorrow 21:00`, `domani 21:00`, `morgen 21:00` (also today/oggi/vandaag) | |
| `friday 21:00`, `venerdì 21:00`, `vrijdag 21:00` | the next such weekday (never today) |
| `<t:1764619200:F>`, `1764619200` | a Discord timestamp, or seconds since 1970 |
| `2026-12-01 21:00+01:00` | an ISO time with its own offset |

Bad input raises `InvalidRequest` with a key saying what was wrong and what is expected:
`when.unreadable`, `when.bad_date`, `when.bad_clock`, `when.past`, `when.too_far` (past a `horizon`),
`when.bad_zone`.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import languages
from service.errors import InvalidRequest

# How far ahead an absence may reach: further is almost surely a typo (a wrong year).
HORIZON = timedelta(days=366)
# How far ahead any typed time may reach (a deadline too): further is refused, in words, before
# the calendar's end (year 9999) can turn it into an error.
LIMIT = timedelta(days=10 * 366)

# Weekday names (Monday = 0), accents folded away ("venerdì" and "venerdi" both read), the days
# named from today, the words to skip and the units of "+36h": in every language at once
# (languages/words/<code>.json).
WEEKDAYS: dict[str, int] = languages.typed_table("weekdays")
RELATIVE_DAYS: dict[str, int] = languages.typed_table("days")
_FILLER = languages.typed("time_fillers")

_STAMP = re.compile(r"<t:(-?\d+)(?::[tTdDfFR])?>|(\d{9,11})")
_RELATIVE = re.compile(r"\+\s*((?:\d+(?:[.,]\d+)?\s*[a-z]+\s*)+)")
_RELATIVE_PART = re.compile(r"(\d+(?:[.,]\d+)?)\s*([a-z]+)")
_UNITS: dict[str, int] = languages.typed_table("units")        # in seconds
_ISO_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_EU_DATE = re.compile(r"(\d{1,2})[/.](\d{1,2})[/.](\d{4})")
_CLOCK = re.compile(r"(\d{1,2})(?:[:.h](\d{2}))?")
_EXAMPLES = "2026-12-01 21:00, +36h, tomorrow 21:00, friday 21:00, <t:1764619200:F>"

# Discord locales (and our languages) whose country has one obvious time zone.
_LOCALE_ZONES = {"it": "Europe/Rome", "nl": "Europe/Amsterdam", "en-gb": "Europe/London",
                 "de": "Europe/Berlin", "fr": "Europe/Paris", "es-es": "Europe/Madrid",
                 "pl": "Europe/Warsaw", "da": "Europe/Copenhagen", "sv-se": "Europe/Stockholm",
                 "no": "Europe/Oslo", "fi": "Europe/Helsinki", "cs": "Europe/Prague",
                 "el": "Europe/Athens", "hu": "Europe/Budapest", "ro": "Europe/Bucharest",
                 "bg": "Europe/Sofia", "hr": "Europe/Zagreb", "lt": "Europe/Vilnius",
                 "uk": "Europe/Kyiv", "tr": "Europe/Istanbul", "ja": "Asia/Tokyo",
                 "ko": "Asia/Seoul", "th": "Asia/Bangkok", "vi": "Asia/Ho_Chi_Minh"}


def zone_for_locale(locale: object | None) -> str:
    """The time zone a new game gets from its moderator's Discord locale, where the locale
    names a country with one zone (it: Europe/Rome, nl: Europe/Amsterdam); else UTC."""
    value = str(getattr(locale, "value", locale) or "").lower()
    return _LOCALE_ZONES.get(value, "UTC")


@cache
def _zone_names() -> dict[str, str]:
    """Every IANA zone name, by its lower-case spelling."""
    return {z.lower(): z for z in available_timezones()}


def zone(name: str) -> ZoneInfo:
    """The IANA zone `name` ("Europe/Rome"; any capitals, spaces for underscores), or
    `when.bad_zone`."""
    cleaned = (name or "").strip()
    wanted = cleaned.lower().replace(" ", "_")
    try:
        known = _zone_names().get(wanted)
        if known is None:           # only the IANA list: no file is looked up by what is typed
            raise ValueError(cleaned)
        return ZoneInfo(known)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        close = sorted(z for low, z in _zone_names().items() if wanted and wanted in low)[:5]
        cleaned = cleaned[:64]
        raise InvalidRequest("when.bad_zone", f"unknown time zone {cleaned!r}: write an IANA "
                             "name such as Europe/Rome or America/New_York", value=cleaned,
                             examples=", ".join(close) or "Europe/Rome, Europe/Amsterdam, UTC"
                             ) from None


def zone_choices(typed: str, limit: int = 25) -> list[str]:
    """IANA zone names for an autocomplete: those starting with what is typed first, then
    those containing it (any capitals; spaces for underscores)."""
    wanted = " ".join((typed or "").split()).lower().replace(" ", "_")[:64]
    names = sorted(_zone_names().items())
    first = [z for low, z in names if low.startswith(wanted)]
    rest = [z for low, z in names if wanted in low and not low.startswith(wanted)]
    return (first + rest)[:limit]


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def read_time(text: str, now: datetime, zone_name: str = "UTC", *,
              end_of_day: bool = False, horizon: timedelta | None = None,
              past_is_now: bool = False) -> datetime:
    """`text` as an aware UTC time, later than `now` (and within `horizon` of it). A day without
    a clock time means its start, or with `end_of_day` its end (the next day at 00:00).
    `past_is_now`: a time already passed reads as `now` (the start of an absence: "today")."""
    value = " ".join(text.strip().split())
    tz = zone(zone_name)
    try:
        when = _read(value, now, tz, end_of_day)
    except (OverflowError, OSError, ValueError):
        # a number past the calendar (+99999999999d, <t:99999999999999>, 9999-12-31)
        when = None
    limit = min(horizon, LIMIT) if horizon is not None else LIMIT
    if when is None and value.startswith("<t:-"):       # before the calendar's start
        raise InvalidRequest("when.past", f"{value!r} is not in the future", value=value,
                             when=None)
    if when is None or when - now > limit:
        raise InvalidRequest("when.too_far", f"{value!r} is more than {limit.days} days "
                             "ahead: check the year", value=value, when=when, days=limit.days)
    if when <= now and past_is_now:
        return now
    if when <= now:
        raise InvalidRequest("when.past", f"{value!r} is {when:%Y-%m-%d %H:%M} UTC, which has "
                             "already passed: give a time in the future", value=value,
                             when=when)
    return when


def _read(value: str, now: datetime, tz: ZoneInfo, end_of_day: bool) -> datetime:
    folded = _fold(value)
    stamp = _STAMP.fullmatch(folded)
    if stamp:
        return datetime.fromtimestamp(int(stamp.group(1) or stamp.group(2)), UTC)
    relative = _RELATIVE.fullmatch(folded)
    if relative:
        return now + _span(value, relative.group(1))
    iso = _iso_with_offset(value)
    if iso is not None:
        return iso
    spaced = re.sub(r"(\d)t(\d)", r"\1 \2", folded)     # 2026-12-01T21:00
    words = [w for w in re.split(r"[\s,]+", spaced) if w and w not in _FILLER]
    day: date | None = None
    clock: time | None = None
    local_now = now.astimezone(tz)
    for word in words:
        if day is None and (found := _day(word, local_now.date(), value)) is not None:
            day = found
        elif clock is None and _CLOCK.fullmatch(word):
            clock = _clock(word, value)
        else:
            raise _unreadable(value)
    if day is None and clock is None:
        raise _unreadable(value)
    if day is None:                   # a clock time alone: its next occurrence
        day = local_now.date()
        if _local(day, clock, tz) <= now:
            day += timedelta(days=1)
    if clock is None:
        if end_of_day:
            return _local(day + timedelta(days=1), time(0, 0), tz)
        clock = time(0, 0)
    return _local(day, clock, tz)


def _local(day: date, clock: time, tz: ZoneInfo) -> datetime:
    """A wall-clock time in `tz` as UTC. A time the clocks skip (02:30 on the night summer
    time starts) reads as the same distance past the change (03:30); a time that happens
    twice (the autumn night) as its first occurrence."""
    local = datetime.combine(day, clock, tzinfo=tz)
    return local.astimezone(UTC)


def _span(value: str, parts: str) -> timedelta:
    seconds = 0.0
    for amount, unit in _RELATIVE_PART.findall(parts):
        if unit not in _UNITS:
            raise InvalidRequest("when.bad_unit", f"unknown unit {unit!r} in {value!r}: use "
                                 "m (minutes), h (hours), d (days) or w (weeks), e.g. +36h",
                                 value=value, unit=unit)
        seconds += float(amount.replace(",", ".")) * _UNITS[unit]
    if seconds <= 0:
        raise InvalidRequest("when.past", f"{value!r} is not in the future", value=value,
                             when=None)
    return timedelta(seconds=seconds)


def _iso_with_offset(value: str) -> datetime | None:
    if not re.search(r"(?:[+-]\d{2}:?\d{2}|z)$", value.lower()) or not _ISO_DATE.match(value):
        return None
    try:
        when = datetime.fromisoformat(value.replace(" ", "T", 1).replace("z", "+00:00")
                                      .replace("Z", "+00:00"))
    except ValueError:
        raise _unreadable(value) from None
    return when.astimezone(UTC)


def _day(word: str, today: date, value: str) -> date | None:
    if word in RELATIVE_DAYS:
        return today + timedelta(days=RELATIVE_DAYS[word])
    if word in WEEKDAYS:
        ahead = (WEEKDAYS[word] - today.weekday()) % 7 or 7
        return today + timedelta(days=ahead)
    match = _ISO_DATE.fullmatch(word)
    parts = (match.group(1), match.group(2), match.group(3)) if match else None
    if parts is None and (match := _EU_DATE.fullmatch(word)):
        parts = (match.group(3), match.group(2), match.group(1))
    if parts is None:
        return None
    try:
        return date(int(parts[0]), int(parts[1]), int(parts[2]))
    except ValueError:
        raise InvalidRequest("when.bad_date", f"{word!r} is not a date of the calendar: "
                             "write year-month-day, e.g. 2026-12-01", value=value,
                             date=word) from None


def _clock(word: str, value: str) -> time:
    match = _CLOCK.fullmatch(word)
    hours, minutes = int(match.group(1)), int(match.group(2) or 0)
    if hours > 23 or minutes > 59:
        raise InvalidRequest("when.bad_clock", f"{word!r} is not a time of day: write it as "
                             "hours:minutes from 00:00 to 23:59, e.g. 21:00", value=value,
                             clock=word)
    return time(hours, minutes)


def _unreadable(value: str) -> InvalidRequest:
    return InvalidRequest("when.unreadable", f"cannot read the time {value!r}: write e.g. "
                          f"{_EXAMPLES}", value=value, examples=_EXAMPLES)


def wall_clock(when: datetime, zone_name: str) -> str:
    """`when` as the game's wall clock: "2026-12-01 21:00 Europe/Rome"."""
    return f"{when.astimezone(zone(zone_name)):%Y-%m-%d %H:%M} {zone_name}"


def read_schedule_value(kind: str, text: str, setting: str) -> object:
    """A schedule setting as a moderator types it: a time zone ("Europe/Rome", canonical
    spelling), a time of day ("21:00", "21.30", "9"), or weekdays ("saturday, sunday",
    "sabato domenica", "zaterdag zondag")."""
    value = " ".join(text.split())
    if kind == "zone":
        return zone(value).key
    if kind == "clock":
        match = _CLOCK.fullmatch(_fold(value).replace(" ", ""))
        if not match:
            raise InvalidRequest("settings.bad_schedule_time", f"{value!r} is not a time of "
                                 "day: write e.g. 21:00", setting=setting, value=value)
        clock = _clock(match.group(0), value)
        return f"{clock:%H:%M}"
    days = []
    for word in filter(None, re.split(r"[\s,;]+", _fold(value))):
        if word not in WEEKDAYS:
            raise InvalidRequest("settings.bad_weekday", f"{word!r} is not a day of the week: "
                                 "write e.g. saturday, sunday", setting=setting, value=word)
        days.append(WEEKDAYS[word])
    return tuple(sorted(set(days)))
