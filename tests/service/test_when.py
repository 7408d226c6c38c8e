"""Typed deadlines (service/timing/when.py): what people type in English, Italian and Dutch, read in
the game's time zone, including the nights the clocks change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from service.errors import InvalidRequest
from service.timing.when import HORIZON, read_time, wall_clock, zone_for_locale

# Thursday 2026-11-26 10:00 UTC = 11:00 in Rome and Amsterdam.
NOW = datetime(2026, 11, 26, 10, 0, tzinfo=UTC)


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


@pytest.mark.parametrize(("typed", "zone", "expected"), [
    ("2026-12-01 21:00", "Europe/Rome", utc(2026, 12, 1, 20, 0)),
    ("2026-12-01T21:00", "Europe/Amsterdam", utc(2026, 12, 1, 20, 0)),
    ("01/12/2026 21:00", "Europe/Rome", utc(2026, 12, 1, 20, 0)),
    ("2026-12-01 21:00", "UTC", utc(2026, 12, 1, 21, 0)),
    ("2026-12-01 21:00", "America/New_York", utc(2026, 12, 2, 2, 0)),
    ("2026-12-01 21:00+00:00", "Europe/Rome", utc(2026, 12, 1, 21, 0)),
    ("+36h", "Europe/Rome", NOW + timedelta(hours=36)),
    ("+2d", "UTC", NOW + timedelta(days=2)),
    ("+90m", "UTC", NOW + timedelta(minutes=90)),
    ("+1d12h", "UTC", NOW + timedelta(hours=36)),
    ("+ 2 giorni", "Europe/Rome", NOW + timedelta(days=2)),
    ("+3 uur", "Europe/Amsterdam", NOW + timedelta(hours=3)),
    ("tomorrow 21:00", "Europe/Rome", utc(2026, 11, 27, 20, 0)),
    ("domani 21:00", "Europe/Rome", utc(2026, 11, 27, 20, 0)),
    ("domani alle 21", "Europe/Rome", utc(2026, 11, 27, 20, 0)),
    ("morgen om 21:00", "Europe/Amsterdam", utc(2026, 11, 27, 20, 0)),
    ("Morgen 21.30", "Europe/Amsterdam", utc(2026, 11, 27, 20, 30)),
    ("today 21:00", "Europe/Rome", utc(2026, 11, 26, 20, 0)),
    ("oggi 21:00", "Europe/Rome", utc(2026, 11, 26, 20, 0)),
    ("vandaag 21:00", "Europe/Amsterdam", utc(2026, 11, 26, 20, 0)),
    ("21:00", "Europe/Rome", utc(2026, 11, 26, 20, 0)),          # later today
    ("09:00", "Europe/Rome", utc(2026, 11, 27, 8, 0)),           # passed today: tomorrow
    ("friday 21:00", "Europe/Rome", utc(2026, 11, 27, 20, 0)),
    ("venerdì 21:00", "Europe/Rome", utc(2026, 11, 27, 20, 0)),
    ("Venerdi 21:00", "Europe/Rome", utc(2026, 11, 27, 20, 0)),
    ("vrijdag 21:00", "Europe/Amsterdam", utc(2026, 11, 27, 20, 0)),
    ("thursday 21:00", "Europe/Rome", utc(2026, 12, 3, 20, 0)),  # never today: next week
    ("giovedì 21:00", "Europe/Rome", utc(2026, 12, 3, 20, 0)),
    ("donderdag 21:00", "Europe/Amsterdam", utc(2026, 12, 3, 20, 0)),
    ("lunedì", "Europe/Rome", utc(2026, 11, 29, 23, 0)),         # a day alone: its start
    ("<t:1796239200:F>", "Europe/Rome", utc(2026, 12, 2, 19, 20)),
    ("<t:1796239200>", "UTC", utc(2026, 12, 2, 19, 20)),
    ("1796239200", "UTC", utc(2026, 12, 2, 19, 20)),
])
def test_typed_times_are_read_in_the_games_zone(typed, zone, expected):
    assert read_time(typed, NOW, zone) == expected


@pytest.mark.parametrize(("typed", "zone", "now", "expected"), [
    # Rome springs forward on Sunday 2026-03-29 at 02:00 (UTC+1 -> UTC+2)
    ("domani 21:00", "Europe/Rome", utc(2026, 3, 28, 12, 0), utc(2026, 3, 29, 19, 0)),
    ("2026-03-28 21:00", "Europe/Rome", utc(2026, 3, 27, 12, 0), utc(2026, 3, 28, 20, 0)),
    # 02:30 does not exist that night: it reads as 03:30 summer time
    ("2026-03-29 02:30", "Europe/Rome", utc(2026, 3, 27, 12, 0), utc(2026, 3, 29, 1, 30)),
    # Amsterdam falls back on Sunday 2026-10-25 at 03:00 (UTC+2 -> UTC+1)
    ("zondag 21:00", "Europe/Amsterdam", utc(2026, 10, 22, 12, 0), utc(2026, 10, 25, 20, 0)),
    ("zaterdag 21:00", "Europe/Amsterdam", utc(2026, 10, 22, 12, 0), utc(2026, 10, 24, 19, 0)),
    # 02:30 happens twice: the first time (summer time)
    ("2026-10-25 02:30", "Europe/Amsterdam", utc(2026, 10, 22, 12, 0), utc(2026, 10, 25, 0, 30)),
    # "+24h" is 24 hours, not "same time tomorrow", across the change
    ("+24h", "Europe/Rome", utc(2026, 3, 28, 20, 0), utc(2026, 3, 29, 20, 0)),
    # New York's change is on another Sunday (2026-03-08)
    ("sunday 21:00", "America/New_York", utc(2026, 3, 5, 12, 0), utc(2026, 3, 9, 1, 0)),
])
def test_summer_time_changes_keep_the_wall_clock(typed, zone, now, expected):
    assert read_time(typed, now, zone) == expected


@pytest.mark.parametrize(("typed", "key"), [
    ("tomorrow-ish", "when.unreadable"),
    ("domani sera", "when.unreadable"),
    ("", "when.unreadable"),
    ("2026-02-30 21:00", "when.bad_date"),
    ("2026-12-01 25:00", "when.bad_clock"),
    ("venerdì 21:75", "when.bad_clock"),
    ("2026-11-01 21:00", "when.past"),
    ("<t:1000000000:F>", "when.past"),
    ("+0h", "when.past"),
    ("+3 fortnights", "when.bad_unit"),
])
def test_bad_input_names_what_was_wrong(typed, key):
    with pytest.raises(InvalidRequest) as caught:
        read_time(typed, NOW, "Europe/Rome")
    assert caught.value.key == key
    assert caught.value.params["value"] == " ".join(typed.split())


def test_an_unknown_zone_is_refused_with_examples():
    with pytest.raises(InvalidRequest) as caught:
        read_time("21:00", NOW, "Europe/Rom")
    assert caught.value.key == "when.bad_zone"
    assert "Europe/Rome" in caught.value.params["examples"]


def test_a_day_alone_ends_at_midnight_after_it_for_the_end_of_an_absence():
    assert read_time("2026-12-03", NOW, "Europe/Rome", end_of_day=True) == utc(2026, 12, 3, 23)
    assert read_time("oggi", NOW, "Europe/Rome", past_is_now=True) == NOW


def test_the_zone_comes_from_the_moderators_locale_where_it_is_obvious():
    assert zone_for_locale("it") == "Europe/Rome"
    assert zone_for_locale("nl") == "Europe/Amsterdam"
    assert zone_for_locale("en-GB") == "Europe/London"
    assert zone_for_locale("en-US") == "UTC"      # several zones: no guess
    assert zone_for_locale(None) == "UTC"
    assert wall_clock(utc(2026, 12, 1, 20), "Europe/Rome") == "2026-12-01 21:00 Europe/Rome"


def test_a_horizon_catches_a_wrong_year():
    assert read_time("2030-01-01 18:00", NOW, "UTC") == utc(2030, 1, 1, 18, 0)
    with pytest.raises(InvalidRequest) as caught:
        read_time("2028-12-01 21:00", NOW, "Europe/Rome", horizon=HORIZON)
    assert caught.value.key == "when.too_far" and caught.value.params["days"] == 366
