"""Fixed schedules and typed deadlines, on a real SQLite file with a manual clock: early
processing, extensions and summer-time changes never move the slots."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from engine.vocabulary import PhaseKind, Power
from service.errors import InvalidRequest
from service.models import GameSettings
from service.storage.repos import phases
from service.timing.slots import after_absences, next_deadline
from tests.service.conftest import MODERATOR, start_game

F = Power.FRANCE


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


async def open_phase(service, game_id):
    async with service.db.read() as conn:
        return await phases.latest(conn, game_id)


ROME_EVENINGS = {"timezone": "Europe/Rome", "schedule_time": "21:00"}


async def test_early_processing_never_shifts_the_schedule(service, clock):
    clock.set(utc(2026, 11, 25, 6, 0))                        # Wednesday, 07:00 in Rome
    game = await start_game(service, **ROME_EVENINGS)
    assert game.view.deadline == utc(2026, 11, 25, 20, 0)     # 21:00 in Rome, that evening
    clock.set(utc(2026, 11, 25, 12, 0))
    assert await service.moderation.process_now(game.id, MODERATOR)      # everyone ready early, say
    fall = await open_phase(service, game.id)
    assert (fall.name, fall.deadline_at) == ("F1901M", utc(2026, 11, 26, 20, 0))
    clock.set(utc(2026, 11, 26, 20, 0))                       # the deadline itself
    assert await service.deadlines.run_due() == 1
    spring = await open_phase(service, game.id)
    assert (spring.name, spring.deadline_at) == ("S1902M", utc(2026, 11, 27, 20, 0))


async def test_an_extension_moves_one_deadline_not_the_slots(service, clock):
    clock.set(utc(2026, 11, 25, 6, 0))
    game = await start_game(service, **ROME_EVENINGS)
    await service.moderation.extend_deadline(game.id, MODERATOR, by=timedelta(hours=5))
    clock.set(utc(2026, 11, 26, 1, 0))                        # the extended deadline
    assert await service.deadlines.run_due() == 1
    assert (await open_phase(service, game.id)).deadline_at == utc(2026, 11, 26, 20, 0)


async def test_the_schedule_keeps_21_00_across_the_march_and_october_changes(service, clock):
    clock.set(utc(2026, 3, 27, 6, 0))                         # Friday before the change
    game = await start_game(service, **ROME_EVENINGS)
    assert game.view.deadline == utc(2026, 3, 27, 20, 0)      # 21:00 CET
    clock.set(utc(2026, 3, 27, 20, 0))
    await service.deadlines.run_due()
    assert (await open_phase(service, game.id)).deadline_at == utc(2026, 3, 28, 20, 0)
    clock.set(utc(2026, 3, 28, 8, 0))                         # early, on Saturday
    await service.moderation.process_now(game.id, MODERATOR)
    # Sunday 29 March: summer time, 21:00 CEST is 19:00 UTC (a 23-hour day)
    assert (await open_phase(service, game.id)).deadline_at == utc(2026, 3, 29, 19, 0)


async def test_the_schedule_keeps_21_00_when_summer_time_ends(service, clock):
    clock.set(utc(2026, 10, 23, 6, 0))                        # Friday, summer time
    game = await start_game(service, **ROME_EVENINGS)
    assert game.view.deadline == utc(2026, 10, 23, 19, 0)     # 21:00 CEST
    clock.set(utc(2026, 10, 23, 19, 0))
    await service.deadlines.run_due()
    assert (await open_phase(service, game.id)).deadline_at == utc(2026, 10, 24, 19, 0)
    clock.set(utc(2026, 10, 24, 19, 0))
    await service.deadlines.run_due()
    # Sunday 25 October: winter time again, 21:00 CET is 20:00 UTC (a 25-hour day)
    assert (await open_phase(service, game.id)).deadline_at == utc(2026, 10, 25, 20, 0)


async def test_adjustments_follow_hours_after_and_the_next_movement_takes_its_slot(
        service, clock):
    clock.set(utc(2026, 11, 25, 6, 0))
    game = await start_game(service, schedule_followup=timedelta(hours=2), **ROME_EVENINGS)
    await service.orders.submit(game.id, game.user[F], "A MAR - SPA")
    clock.set(utc(2026, 11, 25, 20, 0))
    await service.deadlines.run_due()
    clock.set(utc(2026, 11, 26, 20, 0))
    await service.deadlines.run_due()                                   # France holds Spain: a build
    winter = await open_phase(service, game.id)
    assert (winter.name, winter.deadline_at) == ("W1901A", utc(2026, 11, 26, 22, 0))
    clock.set(utc(2026, 11, 26, 22, 0))
    await service.deadlines.run_due()
    spring = await open_phase(service, game.id)
    assert (spring.name, spring.deadline_at) == ("S1902M", utc(2026, 11, 27, 20, 0))


async def test_a_movement_phase_gets_at_least_half_the_time_between_slots(service, clock):
    clock.set(utc(2026, 11, 25, 10, 0))                       # 11:00 in Rome: 10 h to 21:00
    game = await start_game(service, **ROME_EVENINGS)
    assert game.view.deadline == utc(2026, 11, 26, 20, 0)     # so the first is tomorrow's
    await service.moderation.extend_deadline(game.id, MODERATOR, by=timedelta(hours=23, minutes=30))
    clock.set(utc(2026, 11, 27, 19, 30))                      # extended to 20:30 in Rome
    await service.deadlines.run_due()
    # 21:00 that evening would leave 30 minutes: the phase gets the slot after
    assert (await open_phase(service, game.id)).deadline_at == utc(2026, 11, 28, 20, 0)


def test_every_other_day_counted_from_the_start_and_skipped_weekdays():
    settings = GameSettings(timezone="Europe/Amsterdam", schedule_time="20:00",
                            schedule_every_days=2, schedule_skip_days=(5, 6))
    start = date(2026, 11, 23)                                # a Monday
    deadline = utc(2026, 11, 23, 19, 0)
    slots = []
    for _ in range(4):
        deadline = next_deadline(settings, PhaseKind.MOVEMENT, now=deadline,
                                 previous_deadline=deadline, first_day=start)
        slots.append(deadline)
    # Wednesday, Friday, (Sunday skipped) Tuesday, Thursday
    assert slots == [utc(2026, 11, 25, 19, 0), utc(2026, 11, 27, 19, 0),
                     utc(2026, 12, 1, 19, 0), utc(2026, 12, 3, 19, 0)]
    short = next_deadline(GameSettings(timezone="UTC", schedule_time="20:00",
                                       schedule_skip_days=(5,)), PhaseKind.RETREAT,
                          now=utc(2026, 11, 27, 20, 0), previous_deadline=utc(2026, 11, 27, 22),
                          first_day=start)
    assert short == utc(2026, 11, 29, 1, 0)                   # Saturday 01:00 -> Sunday


def test_without_a_schedule_a_phase_lasts_its_length():
    settings = GameSettings(movement_deadline=timedelta(hours=30))
    now = utc(2026, 11, 25, 10, 0)
    assert next_deadline(settings, PhaseKind.MOVEMENT, now=now, previous_deadline=now,
                         first_day=None) == now + timedelta(hours=30)


def test_a_deadline_inside_absences_moves_to_their_end():
    spans = [(utc(2026, 12, 1), utc(2026, 12, 3)), (utc(2026, 12, 2), utc(2026, 12, 5))]
    assert after_absences(utc(2026, 12, 1, 21), spans) == utc(2026, 12, 5)
    assert after_absences(utc(2026, 12, 6), spans) == utc(2026, 12, 6)


@pytest.mark.parametrize(("field", "value", "key"), [
    ("timezone", "Mars/Olympus", "when.bad_zone"),
    ("schedule_time", "25:00", "settings.bad_schedule_time"),
    ("schedule_every_days", 0, "settings.bad_every_days"),
    ("schedule_skip_days", (0, 1, 2, 3, 4, 5, 6), "settings.bad_skip_days"),
    ("nmr_policy", "lenient", "settings.bad_nmr_policy"),
    ("nmr_grace", timedelta(0), "settings.bad_grace"),
    ("extension_rule", "vote", "settings.bad_extension_rule"),
    ("abandon_after", -1, "settings.bad_count"),
])
def test_bad_settings_are_refused_by_name(field, value, key):
    with pytest.raises(InvalidRequest) as caught:
        GameSettings(**{field: value}).validate()
    assert caught.value.key == key


def test_old_settings_rows_load_with_the_defaults():
    old = {"rules": "1971", "players": 7, "movement_deadline": 86400.0}
    settings = GameSettings.from_json(old)
    assert (settings.timezone, settings.schedule_time, settings.nmr_policy,
            settings.abandon_after) == ("UTC", None, "immediate", 0)
    full = GameSettings(timezone="Europe/Rome", schedule_time="21:00", schedule_skip_days=(6,),
                        nmr_policy="grace", nmr_grace=timedelta(hours=6))
    assert GameSettings.from_json(full.to_json()) == full


async def test_a_moderator_types_the_deadline_in_the_games_zone(service, clock, notifier):
    clock.set(utc(2026, 11, 25, 10, 0))
    game = await start_game(service, timezone="Europe/Rome")
    view = await service.moderation.set_deadline_typed(game.id, MODERATOR, "domani 21:00")
    assert view.deadline == utc(2026, 11, 26, 20, 0)
    assert notifier.posted("moderation.set_deadline")[-1].params["deadline"] == view.deadline
    with pytest.raises(InvalidRequest) as caught:
        await service.moderation.set_deadline_typed(game.id, MODERATOR, "ieri")
    assert caught.value.key == "when.unreadable"
    assert (await open_phase(service, game.id)).deadline_at == utc(2026, 11, 26, 20, 0)


async def test_the_moderator_changes_the_schedule_mid_game(service, clock, notifier):
    clock.set(utc(2026, 11, 25, 6, 0))
    game = await start_game(service)
    config = service.game_config
    await config.change(game.id, MODERATOR, "timezone", "europe/rome")
    await config.change(game.id, MODERATOR, "schedule_time", "21.00")
    await config.change(game.id, MODERATOR, "schedule_skip_days", "sabato, zondag")
    await config.change(game.id, MODERATOR, "missed_orders", "grace")
    shown = {v.setting.name: v.value for v in await config.show(game.id)}
    assert (shown["timezone"], shown["schedule_time"], shown["schedule_skip_days"],
            shown["missed_orders"]) == ("Europe/Rome", "21:00", (5, 6), "grace")
    assert [m.params["setting"] for m in notifier.posted("settings.changed")] == [
        "timezone", "schedule_time", "schedule_skip_days", "missed_orders"]
    # from the next phase on: Thursday's slot, then Friday's, then Monday's
    await service.moderation.process_now(game.id, MODERATOR)
    assert (await open_phase(service, game.id)).deadline_at == utc(2026, 11, 26, 20, 0)
    clock.set(utc(2026, 11, 26, 20, 0))
    await service.deadlines.run_due()                                   # grace: nobody ordered
    clock.set(utc(2026, 11, 27, 8, 0))
    await service.deadlines.run_due()
    assert (await open_phase(service, game.id)).deadline_at == utc(2026, 11, 27, 20, 0)
    clock.set(utc(2026, 11, 27, 20, 0))
    await service.deadlines.run_due()
    clock.set(utc(2026, 11, 28, 8, 0))
    await service.deadlines.run_due()
    assert (await open_phase(service, game.id)).deadline_at == utc(2026, 11, 30, 20, 0)
    await config.change(game.id, MODERATOR, "schedule_skip_days", "-")
    await config.change(game.id, MODERATOR, "schedule_time", "none")
    shown = {v.setting.name: v.value for v in await config.show(game.id)}
    assert (shown["schedule_time"], shown["schedule_skip_days"]) == (None, ())


@pytest.mark.parametrize(("name", "typed", "key"), [
    ("timezone", "Mars/Olympus", "when.bad_zone"),
    ("schedule_time", "25:00", "when.bad_clock"),
    ("schedule_time", "evening", "settings.bad_schedule_time"),
    ("schedule_skip_days", "weekend", "settings.bad_weekday"),
    ("schedule_skip_days", "mon tue wed thu fri sat sun", "settings.bad_skip_days"),
    ("missed_orders", "lenient", "settings.bad_choice"),
    ("grace_hours", "0", "settings.bad_duration"),
    ("extensions", "vote", "settings.bad_choice"),
])
async def test_bad_schedule_settings_change_nothing(service, name, typed, key):
    game = await start_game(service)
    with pytest.raises(InvalidRequest) as caught:
        await service.game_config.change(game.id, MODERATOR, name, typed)
    assert caught.value.key == key
    assert (await service.games.status(game.id)).settings == GameSettings()    # nothing changed
