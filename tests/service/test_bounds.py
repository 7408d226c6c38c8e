"""Every typed value has a bound and a refusal in words (issue 27): times past the calendar,
durations of centuries, time zones outside the IANA list, ids past 2^63, names with nothing to
see, and phase lengths that are almost surely typos (asked to confirm)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from service.errors import InvalidRequest, NeedsConfirmation
from service.games.setting_registry import MAX_DURATION, read_duration, setting_named
from service.models import GameSettings
from service.storage.repos import games
from service.timing.when import LIMIT, read_time, zone, zone_choices
from tests.service.conftest import MODERATOR, start_game

NOW = datetime(2026, 11, 26, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize("typed", [
    "+99999999999999999999w", "+9999999d", "<t:99999999999999999999>",
    "<t:99999999999999999999:F>", "+" + "9" * 400 + "h", "9999-12-31", "9999-12-31 23:59",
    "+4000d"])
def test_times_past_the_calendar_are_refused_in_words(typed):
    with pytest.raises(InvalidRequest) as refused:
        read_time(typed, NOW, "Europe/Rome")
    assert refused.value.key == "when.too_far"
    assert refused.value.params["days"] == LIMIT.days


def test_a_time_before_the_calendar_is_in_the_past():
    with pytest.raises(InvalidRequest) as refused:
        read_time("<t:-99999999999999>", NOW)
    assert refused.value.key == "when.past"


def test_a_time_within_the_limit_still_reads():
    assert read_time("+3650d", NOW) == NOW + timedelta(days=3650)


@pytest.mark.parametrize("typed", ["A" * 60, "Europe/" + "x" * 200, "../../etc/passwd",
                                   "/etc/localtime", "Europe/Nowhere", "\u200b", ""])
def test_a_zone_outside_the_iana_list_is_refused(typed):
    with pytest.raises(InvalidRequest) as refused:
        zone(typed)
    assert refused.value.key == "when.bad_zone"
    assert len(refused.value.params["value"]) <= 64


def test_zones_are_offered_from_the_iana_list():
    assert zone("europe/rome").key == "Europe/Rome"
    assert zone_choices("rome") == ["Europe/Rome"]
    assert zone_choices("europe/a")[:2] == ["Europe/Amsterdam", "Europe/Andorra"]
    assert len(zone_choices("")) == 25 and zone_choices("A" * 60) == []


@pytest.mark.parametrize("typed", ["99999999h", "9999999999999999d", "9" * 400, "367d",
                                   "8785h"])
def test_a_duration_past_a_year_is_refused(typed):
    with pytest.raises(InvalidRequest) as refused:
        read_duration(typed, "movement_hours")
    assert refused.value.key == "settings.duration_too_long"
    assert refused.value.params["days"] == MAX_DURATION.days
    assert read_duration("366d", "movement_hours") == MAX_DURATION


def test_reminders_are_bounded_too():
    with pytest.raises(InvalidRequest) as refused:
        setting_named("reminders").read("24h, 99999999h")
    assert refused.value.key == "settings.duration_too_long"


async def test_a_phase_of_months_is_asked_to_confirm_and_a_year_refused(service):
    game = await start_game(service)
    with pytest.raises(NeedsConfirmation) as asked:
        await service.game_config.change(game.id, MODERATOR, "movement_hours", "60d")
    assert asked.value.key == "settings.implausible" and asked.value.params["days"] == 60
    async with service.db.read() as conn:            # nothing changed until confirmed
        assert (await games.get(conn, game.id)).settings.movement_deadline == timedelta(hours=24)
    change = await service.game_config.change(game.id, MODERATOR, "movement_hours", "60d",
                                              confirmed=True)
    assert change.new == timedelta(days=60)
    # two weeks (the longest /mod create offers) is taken without a question
    await service.game_config.change(game.id, MODERATOR, "retreat_hours", "14d")
    with pytest.raises(InvalidRequest) as refused:
        await service.game_config.change(game.id, MODERATOR, "movement_hours", "99999999h",
                                         confirmed=True)
    assert refused.value.key == "settings.duration_too_long"


@pytest.mark.parametrize("name", ["\u200b\u200b\u200b", "\u3164", "\u2800 \u2800", "\u200e",
                                  " \u00a0 ", "\u0301\u0301"])
async def test_a_game_name_of_invisible_characters_is_refused(service, name):
    with pytest.raises(InvalidRequest) as refused:
        await service.games.create(channel_id=1, moderator_id=MODERATOR, name=name)
    assert refused.value.key == "game.bad_name"
    assert (await service.games.create(channel_id=1, moderator_id=MODERATOR,
                                      name="\u200bLega\u200b")).name


async def test_a_user_id_past_two_to_the_63_is_refused(service):
    game = await service.games.create(channel_id=1, moderator_id=MODERATOR, name="Duo",
                                     settings=GameSettings(players=2))
    setup = GameSettings(players=2).setup
    powers = [p for group in setup.groups for p in group]
    for bad in (2**63, 2**70, 0, -5):
        chosen = {p: (bad if i == 0 else 10 + i) for i, p in enumerate(powers)}
        with pytest.raises(InvalidRequest) as refused:
            await service.games.start(game.id, MODERATOR, assignments=chosen)
        assert refused.value.key == "game.bad_user_id"
    assert (await service.games.status(game.id)).status == "forming"
