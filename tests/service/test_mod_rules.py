"""A moderator's settings, upkeep, rollback marks, draws and concessions (service areas
game_config, upkeep, endgame), on a real SQLite file with a manual clock."""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.vocabulary import Power
from service.errors import InvalidRequest
from service.games.setting_registry import REGISTRY
from tests.service.conftest import CHANNEL, DAY, MODERATOR, start_game

A, E, F, G, IT, R, T = (Power.AUSTRIA, Power.ENGLAND, Power.FRANCE, Power.GERMANY, Power.ITALY,
                       Power.RUSSIA, Power.TURKEY)


async def actions(service, game_id: int) -> list[str]:
    return [e.action for e in await service.moderation.audit_log(game_id)]


# -- settings ---------------------------------------------------------------------------------

async def test_every_registered_setting_is_shown_with_its_value(service):
    game = await start_game(service, end_year=1910)
    shown = {v.setting.name: v.value for v in await service.game_config.show(game.id)}
    assert list(shown) == list(REGISTRY)
    assert shown["rules"] == "1971" and shown["end_year"] == 1910
    assert shown["movement_hours"] == DAY and shown["draw_policy"] == "agree"
    assert shown["reminders"] == (timedelta(hours=2),)


async def test_a_change_applies_from_the_next_phase_is_logged_and_announced(
        service, clock, notifier):
    game = await start_game(service)
    change = await service.game_config.change(game.id, MODERATOR, "movement_hours", "1d 12h")
    assert change.old == DAY and change.new == timedelta(hours=36)
    # the phase in play keeps its deadline; the next movement phase gets 36 hours
    assert (await service.games.status(game.id)).deadline == clock.now() + DAY
    await service.moderation.process_now(game.id, MODERATOR)
    assert (await service.games.status(game.id)).deadline == clock.now() + timedelta(hours=36)
    [entry] = [e for e in await service.moderation.audit_log(game.id) if e.action == "setting"]
    assert entry.actor_id == MODERATOR
    assert entry.params == {"setting": "movement_hours", "old": 86400.0, "new": 129600.0}
    [post] = notifier.posted("settings.changed")
    assert post.params["setting"] == "movement_hours" and post.params["value"] == 129600.0


async def test_a_setting_is_named_as_the_export_writes_it_or_in_words(service):
    """`/game export` writes the GameSettings fields (movement_deadline, nmr_policy, ...):
    `/mod settings` takes them as well as its own names, in any case, spaces or hyphens."""
    game = await start_game(service)
    exported = (await service.games.status(game.id)).settings.to_json()
    for typed, text, field, value in [
            ("movement_deadline", "36h", "movement_deadline", timedelta(hours=36)),
            ("Movement Hours", "12h", "movement_deadline", timedelta(hours=12)),
            ("nmr_policy", "grace", "nmr_policy", "grace"),
            ("victory-target", "16", "victory_target", 16)]:
        assert field in exported
        change = await service.game_config.change(game.id, MODERATOR, typed, text)
        assert change.new == value
        assert getattr((await service.games.status(game.id)).settings, field) == value
    logged = [e.params["setting"] for e in await service.moderation.audit_log(game.id)
              if e.action == "setting"]
    assert logged == ["movement_hours", "movement_hours", "missed_orders", "victory_centres"]


def test_every_exported_setting_key_names_a_setting_once():
    from service.games.setting_registry import find_setting
    from service.models import GameSettings

    fields = [s.field for s in REGISTRY.values()]
    assert len(set(fields)) == len(fields)
    for key in GameSettings().to_json():
        found = find_setting(key)
        assert found is not None and found.field == key, key


async def test_several_reminders_and_the_new_ones_fire(service, clock, notifier):
    game = await start_game(service)
    await service.game_config.change(game.id, MODERATOR, "reminders", "2h, 12 ore")
    shown = {v.setting.name: v.value for v in await service.game_config.show(game.id)}
    assert shown["reminders"] == (timedelta(hours=12), timedelta(hours=2))
    clock.advance(timedelta(hours=12, minutes=1))
    await service.deadlines.run_due()
    assert len(notifier.posted("reminder.channel")) == 1      # the 12-hour one
    clock.advance(timedelta(hours=10))
    await service.deadlines.run_due()
    assert len(notifier.posted("reminder.channel")) == 2      # and the 2-hour one


@pytest.mark.parametrize(("name", "text", "key"), [
    ("movement_hours", "soon", "settings.bad_duration"),
    ("movement_hours", "0h", "settings.bad_duration"),
    ("victory_centres", "40", "settings.bad_target"),
    ("victory_centres", "many", "settings.bad_number"),
    ("rules", "1982", "settings.bad_choice"),
    ("draw_policy", "maybe", "settings.bad_choice"),
    ("players", "5", "settings.fixed_after_start"),
    ("end_year", "1900", "settings.end_year_past"),
    ("colour", "red", "settings.unknown"),
])
async def test_a_bad_change_is_refused_and_changes_nothing(service, name, text, key):
    game = await start_game(service)
    before = (await service.games.status(game.id)).settings
    with pytest.raises(InvalidRequest) as refused:
        await service.game_config.change(game.id, MODERATOR, name, text)
    assert refused.value.key == key
    assert (await service.games.status(game.id)).settings == before
    assert "setting" not in await actions(service, game.id)


async def test_the_end_year_cannot_be_set_before_the_year_in_play(service):
    game = await start_game(service)
    while (await service.games.status(game.id)).phase != "S1902M":
        await service.moderation.process_now(game.id, MODERATOR)
    assert (await service.games.status(game.id)).phase == "S1902M"
    with pytest.raises(InvalidRequest) as refused:
        await service.game_config.change(game.id, MODERATOR, "end_year", "1901")
    assert refused.value.key == "settings.end_year_past"
    await service.game_config.change(game.id, MODERATOR, "end_year", "1902")
    await service.game_config.change(game.id, MODERATOR, "end_year", "none")
    assert (await service.games.status(game.id)).settings.end_year is None


async def test_players_may_change_before_the_start(service):
    game = await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR, name="Small")
    await service.game_config.change(game.id, MODERATOR, "players", "3")
    await service.game_config.change(game.id, MODERATOR, "variant", "b")
    settings = (await service.games.status(game.id)).settings
    assert (settings.players, settings.variant) == (3, "b")


# -- upkeep -----------------------------------------------------------------------------------

async def test_a_forming_game_can_be_deleted_a_started_one_cannot(service, notifier):
    first = await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR, name="Oops")
    started = await start_game(service, name="Real")
    assert len(await service.games.in_channel(CHANNEL)) == 2
    assert await service.upkeep.delete_game(first.id, MODERATOR) == "Oops"
    assert [g.name for g in await service.games.in_channel(CHANNEL)] == ["Real"]
    assert notifier.posted("moderation.deleted")
    with pytest.raises(InvalidRequest) as refused:
        await service.upkeep.delete_game(started.id, MODERATOR)
    assert refused.value.key == "moderation.delete_started"


async def test_who_owes_orders_and_reminders_sent_now(service, notifier):
    game = await start_game(service)
    await service.orders.submit(game.id, game.user[E], "F LON H\nF EDI H\nA LVP H")
    await service.orders.submit(game.id, game.user[F], "A PAR H")
    phase, owing = await service.upkeep.owing(game.id)
    assert phase == "S1901M"
    by_power = {o.power: o.units for o in owing}
    assert E not in by_power and set(by_power[F]) == {"A MAR", "F BRE"}
    assert len(by_power) == 6
    reminded = await service.upkeep.remind_now(game.id, MODERATOR)
    assert set(reminded) == {game.user[p] for p in (A, F, G, IT, R, T)}
    assert notifier.sent_to(game.user[G], "reminder")
    assert not notifier.sent_to(game.user[E], "reminder")
    assert len(notifier.posted("reminder.channel")) == 1
    assert "remind" in await actions(service, game.id)


# -- rollback ---------------------------------------------------------------------------------

async def test_a_rollback_restores_disorder_ready_marks_and_draw_votes(service, notifier):
    game = await start_game(service)
    for power in (E, F):
        await service.orders.submit(game.id, game.user[power], {
            E: "F LON H\nF EDI H\nA LVP H", F: "A PAR H\nA MAR H\nF BRE H"}[power])
    await service.orders.set_ready(game.id, game.user[E])
    await service.endgame.vote_draw(game.id, game.user[F], True)
    await service.moderation.process_now(game.id, MODERATOR)
    seats = {s.power: s for s in (await service.games.status(game.id)).seats}
    assert all(seats[p].civil_disorder for p in (A, G, IT, R, T))
    # after the adjudication: France takes its vote back and England votes
    await service.endgame.vote_draw(game.id, game.user[F], False)
    await service.endgame.vote_draw(game.id, game.user[E], True)

    view = await service.moderation.rollback(game.id, MODERATOR)
    assert view.phase == "S1901M"
    seats = {s.power: s for s in view.seats}
    assert not any(s.civil_disorder for s in seats.values())
    assert seats[E].ready and not seats[F].ready
    async with service.db.read() as conn:
        votes = dict(await conn.fetch(
            "SELECT power, vote FROM draw_votes WHERE game_id = ?", (game.id,)))
    assert votes == {"France": 1}
    [post] = notifier.posted("moderation.rollback")
    assert post.image is not None and post.image.startswith(b"\x89PNG")
    assert post.image_name.endswith("S1901M.png")


async def test_a_rollback_keeps_a_disorder_mark_that_was_there_before(service):
    game = await start_game(service)
    await service.moderation.process_now(game.id, MODERATOR)            # everyone in civil disorder
    await service.orders.submit(game.id, game.user[E], "F LON H")   # England returns
    await service.moderation.process_now(game.id, MODERATOR)
    view = await service.moderation.rollback(game.id, MODERATOR)        # back to F1901M
    seats = {s.power: s.civil_disorder for s in view.seats}
    assert seats[E] is False and seats[F] is True


# -- draws and concessions --------------------------------------------------------------------

async def _with_absentees(service, policy: str):
    game = await start_game(service, draw_policy=policy)
    await service.moderation.remove_player(game.id, MODERATOR, game.user[T])          # vacant
    for power in (E, F, G, IT, R, A):
        await service.orders.submit(game.id, game.user[power], "A PAR H" if power is F else
                                    {E: "F LON H", G: "A BER H", IT: "A ROM H", R: "A MOS H",
                                     A: "A VIE H"}[power])
    await service.orders.submit(game.id, game.user[A], "A VIE H")
    await service.moderation.process_now(game.id, MODERATOR)
    return game


async def test_draw_policy_agree_counts_absent_powers_as_voting_for_it(service, notifier):
    game = await _with_absentees(service, "agree")
    voters = [E, F, G, IT, R]
    for power in voters[:-1]:
        assert not (await service.endgame.vote_draw(game.id, game.user[power], True)).passed
    # Austria is seated and not in disorder: its vote is still needed
    assert not (await service.endgame.vote_draw(game.id, game.user[R], True)).passed
    report = await service.endgame.vote_draw(game.id, game.user[A], True)
    assert report.passed and set(report.powers) == {A, E, F, G, IT, R, T}
    [post] = notifier.posted("game.draw")
    assert post.params["outcome"]["centers"]["Russia"] == 4


async def test_draw_policy_left_out_leaves_absent_powers_out_of_the_draw(service, notifier):
    game = await _with_absentees(service, "left_out")
    for power in (E, F, G, IT, R):
        assert not (await service.endgame.vote_draw(game.id, game.user[power], True)).passed
    report = await service.endgame.vote_draw(game.id, game.user[A], True)
    assert report.passed and set(report.powers) == {A, E, F, G, IT, R}
    assert (await service.games.status(game.id)).outcome["powers"] == [
        "Austria", "England", "France", "Germany", "Italy", "Russia"]


async def test_a_power_in_disorder_blocks_no_draw(service):
    game = await start_game(service)                 # default policy: agree
    await service.moderation.process_now(game.id, MODERATOR)    # everyone in civil disorder
    await service.orders.submit(game.id, game.user[E], "F LON H")     # England is back
    report = await service.endgame.vote_draw(game.id, game.user[E], True)
    assert report.passed


async def test_a_declared_draw_is_logged_announced_once_and_final(service, notifier):
    game = await start_game(service)
    outcome = await service.endgame.declare_draw(game.id, MODERATOR, [E, F, R])
    assert outcome["powers"] == ["England", "France", "Russia"]
    assert outcome["centers"] == {"Austria": 3, "England": 3, "France": 3, "Germany": 3,
                                  "Italy": 3, "Russia": 4, "Turkey": 3}
    view = await service.games.status(game.id)
    assert view.status == "finished" and view.outcome == outcome
    assert len(notifier.posted("moderation.draw_declared")) == 1
    assert "declare_draw" in await actions(service, game.id)
    with pytest.raises(InvalidRequest):
        await service.endgame.declare_draw(game.id, MODERATOR, [E, F])
    with pytest.raises(InvalidRequest):
        await service.endgame.concede(game.id, MODERATOR, E)
    assert len(notifier.posted("moderation.draw_declared")) == 1
    assert not notifier.posted("moderation.conceded")


async def test_a_concession_to_one_power(service, notifier):
    game = await start_game(service)
    outcome = await service.endgame.concede(game.id, MODERATOR, R)
    assert (outcome["kind"], outcome["winners"]) == ("concession", ["Russia"])
    assert (await service.games.status(game.id)).status == "finished"
    [post] = notifier.posted("moderation.conceded")
    assert post.params["powers"] == ["Russia"] and post.params["outcome"] == outcome


async def test_a_draw_names_only_powers_still_in_the_game(service):
    game = await start_game(service, players=5)       # Italy is neutral with five players
    with pytest.raises(InvalidRequest) as refused:
        await service.endgame.declare_draw(game.id, MODERATOR, [E, IT])
    assert refused.value.key == "endgame.power_out"
    with pytest.raises(InvalidRequest) as refused:
        await service.endgame.declare_draw(game.id, MODERATOR, [])
    assert refused.value.key == "endgame.no_powers"
