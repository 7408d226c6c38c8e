"""Kill a real process (SIGKILL) between the commit of an action and the post it owes, at
every such point (the start post, the briefings, the "your turn" notices, reminders, an
anonymous game's reveal, press, a replacement's briefing, a moderator's post, a join, the
replay and chart of a game's end), then start again: everything owed is posted, once
each (docs/service.md, the outbox: at least once; a repeat only when Discord had taken the
message before the kill)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

from engine.vocabulary import Power
from service.models import GameSettings
from tests.service.conftest import CHANNEL, DAY, MODERATOR, start_game

CHECKOUT = __import__("pathlib").Path(__file__).resolve().parents[2]


def kill_child_at(db_path, clock, mode: str, **args) -> None:
    """Run the child's action until it stops where `mode` says, then SIGKILL it."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.service.owed_child", str(db_path),
         str(clock.now().timestamp()), mode, json.dumps(args)], cwd=CHECKOUT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = child.stdout.readline().strip()
        assert line == "posting", child.stderr.read()
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    assert child.returncode == -signal.SIGKILL


async def forming_game(service, players: int = 7, **settings) -> tuple[int, list[int]]:
    game = await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR, name="Kill",
                                     settings=GameSettings(players=players, **settings))
    users = [game.id * 100 + n for n in range(1, players + 1)]
    for user in users:
        await service.games.join(game.id, user)
    return game.id, users


async def owed_left(service) -> int:
    return await service.outbox.owed_waiting()


async def test_killed_at_the_start_post_the_start_and_every_briefing_follow(
        db_path, open_service, clock, notifier):
    async with open_service() as service:
        gid, users = await forming_game(service)
    kill_child_at(db_path, clock, "start:game.started", game=gid)
    async with open_service() as service:                  # start-up posts what is owed
        [started] = notifier.posted("game.started")
        assert set(started.params["seats"].values()) == set(users)
        for user in users:
            assert len(notifier.sent_to(user, "game.briefing")) == 1
        assert await owed_left(service) == 0
        assert (await service.games.status(gid)).phase == "S1901M"


async def test_killed_at_a_briefing_every_briefing_follows_once(
        db_path, open_service, clock, notifier):
    async with open_service() as service:
        gid, users = await forming_game(service)
    kill_child_at(db_path, clock, "start:game.briefing", game=gid)
    async with open_service() as service:
        assert notifier.posted("game.started") == []       # the child posted it before dying
        assert [len(notifier.sent_to(u, "game.briefing")) for u in users] == [1] * 7
        assert await owed_left(service) == 0


async def test_killed_at_the_turn_notices_each_player_gets_theirs_once(
        db_path, open_service, clock, notifier):
    async with open_service() as service:
        game = await start_game(service)
        notifier.private.clear()
    clock.advance(DAY)
    kill_child_at(db_path, clock, "due:turn.notice")       # results posted, notices not yet
    async with open_service() as service:
        assert notifier.posted("phase.results") == []      # posted by the child, not again
        for user in game.user.values():
            [notice] = notifier.sent_to(user, "turn.notice")
            assert notice.params["phase"] == "F1901M"
            assert notice.params["missed"]                  # nobody sent orders for spring
        assert await owed_left(service) == 0


async def test_killed_at_a_reminder_every_reminder_follows_once(
        db_path, open_service, clock, notifier):
    from datetime import timedelta
    async with open_service() as service:
        game = await start_game(service)
    clock.advance(DAY - timedelta(hours=1))                # the 2-hour reminder is due
    kill_child_at(db_path, clock, "due:reminder")
    async with open_service() as service:
        for user in game.user.values():
            assert len(notifier.sent_to(user, "reminder")) == 1
        [channel] = notifier.posted("reminder.channel")
        assert set(channel.params["users"]) == set(game.user.values())
        assert await owed_left(service) == 0


async def test_killed_at_the_reveal_an_anonymous_game_is_revealed_once(
        db_path, open_service, clock, notifier):
    async with open_service() as service:
        game = await start_game(service, anonymous=True)
    kill_child_at(db_path, clock, "end:game.identities", game=game.id)
    async with open_service() as service:
        [reveal] = notifier.posted("game.identities")
        assert reveal.params["seats"] == {p.value: u for p, u in game.user.items()}
        assert (await service.games.status(game.id)).status == "finished"
        assert await owed_left(service) == 0


async def test_killed_at_the_press_delivery_the_press_goes_once_and_the_sender_hears(
        db_path, open_service, clock, notifier):
    async with open_service() as service:
        game = await start_game(service)
    france, england = game.user[Power.FRANCE], game.user[Power.ENGLAND]
    kill_child_at(db_path, clock, "press:press.received", game=game.id, sender=france,
                  to="England")
    async with open_service() as service:
        [press] = notifier.sent_to(england, "press.received")
        assert "Peace?" in press.text and press.params["power"] == "France"
        # the sender was never answered "sent" (the process died): they hear it went now
        [told] = notifier.sent_to(france, "press.delivered")
        assert told.params["to_power"] == "England"
        assert await owed_left(service) == 0


async def test_killed_after_discord_took_the_press_it_may_repeat_never_vanish(
        db_path, open_service, clock, notifier):
    """The documented rule: a message Discord took just before the kill is sent again (the
    process could not mark it); that is the one repeat the outbox allows."""
    async with open_service() as service:
        game = await start_game(service)
    england = game.user[Power.ENGLAND]
    kill_child_at(db_path, clock, "press:accepted", game=game.id,
                  sender=game.user[Power.FRANCE], to="England")
    async with open_service() as service:
        assert len(notifier.sent_to(england, "press.received")) == 1   # the repeat
        assert await owed_left(service) == 0


async def test_killed_at_a_replacements_briefing_it_follows_with_the_map(
        db_path, open_service, clock, notifier):
    async with open_service() as service:
        game = await start_game(service)
    kill_child_at(db_path, clock, "replace:game.briefing", game=game.id, power="Austria",
                  user=4242)
    async with open_service() as service:
        [briefing] = notifier.sent_to(4242, "game.briefing")
        assert briefing.params["replacement"] and briefing.params["powers"] == ["Austria"]
        assert briefing.image is not None and briefing.image.startswith(b"\x89PNG")
        assert await owed_left(service) == 0


# -- moderator posts, joins, a game's replay and chart (issue 27: every post owed) ---------
async def test_killed_at_a_moderators_post_it_follows_once(
        db_path, open_service, clock, notifier):
    async with open_service() as service:
        game = await start_game(service)
    kill_child_at(db_path, clock, "pause:moderation.pause", game=game.id)
    async with open_service() as service:
        [paused] = notifier.posted("moderation.pause")
        assert paused.params["actor_id"] == MODERATOR and paused.params["remaining"] == DAY
        assert (await service.games.status(game.id)).status == "paused"
        assert await owed_left(service) == 0


async def test_killed_at_a_join_post_it_follows_once(db_path, open_service, clock, notifier):
    async with open_service() as service:
        gid, users = await forming_game(service, players=3)
        await service.games.leave(gid, users[-1])
    kill_child_at(db_path, clock, "join:game.joined", game=gid, user=users[-1])
    async with open_service() as service:
        joined = [m for m in notifier.posted("game.joined")
                  if m.params["user_id"] == users[-1]]
        assert len(joined) == 2                    # the first join, and the one after the kill
        assert joined[-1].params["count"] == 3 and joined[-1].params["roster"] == users
        assert await owed_left(service) == 0


async def test_killed_at_the_replay_the_replay_and_chart_follow_with_their_pictures(
        db_path, open_service, clock, notifier):
    async with open_service() as service:
        game = await start_game(service)
    kill_child_at(db_path, clock, "end:game.replay", game=game.id)
    async with open_service() as service:
        assert notifier.posted("moderation.end_game") == []   # the child posted it
        [replay] = notifier.posted("game.replay")
        [chart] = notifier.posted("game.chart")
        assert replay.image.startswith(b"GIF8") and replay.image_name.endswith("replay.gif")
        assert chart.image.startswith(b"\x89PNG")
        assert [m.key for _, m in notifier.posts][-2:] == ["game.replay", "game.chart"]
        assert await owed_left(service) == 0


async def test_killed_at_a_draws_chart_the_chart_follows_once(
        db_path, open_service, clock, notifier):
    async with open_service() as service:
        game = await start_game(service)
    kill_child_at(db_path, clock, "draw:game.chart", game=game.id,
                  users=list(game.user.values()))
    async with open_service() as service:
        assert notifier.posted("game.draw") == notifier.posted("game.replay") == []
        [chart] = notifier.posted("game.chart")
        assert chart.image.startswith(b"\x89PNG")
        assert (await service.games.status(game.id)).status == "finished"
        assert await owed_left(service) == 0
