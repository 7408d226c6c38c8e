"""The outbox (service/notices/outbox.py): a message owed after a commit is retried with backoff
until the notifier takes it, a recipient who can never take it is recorded and not tried
again, messages to one recipient keep their order, and the sender of press hears "sent" only
when it was."""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.vocabulary import Power
from service.notices.notifier import MemoryNotifier, Undeliverable
from service.press import press as press_area
from tests.service.conftest import start_game


class Flaky(MemoryNotifier):
    """Fails the next `fails` private messages to `user` (a 503: transient), or refuses them
    for good (`for_good`: closed DMs)."""

    def __init__(self) -> None:
        super().__init__()
        self.fails: dict[int, int] = {}
        self.closed: set[int] = set()
        self.tries: list[tuple[int, str]] = []

    async def send_private(self, user_id, message) -> None:
        self.tries.append((user_id, message.key))
        if user_id in self.closed:
            raise Undeliverable(f"user {user_id} does not accept direct messages")
        if self.fails.get(user_id, 0) > 0:
            self.fails[user_id] -= 1
            raise RuntimeError("503 Service Unavailable")
        await super().send_private(user_id, message)


@pytest.fixture
def quick_press(monkeypatch):
    monkeypatch.setattr(press_area, "PRESS_TRIES", (0.0, 0.0, 0.0))


async def test_a_press_message_that_fails_once_goes_on_the_next_try_and_is_sent(
        open_service, quick_press):
    flaky = Flaky()
    async with open_service(notifier=flaky) as service:
        game = await start_game(service)
        england = game.user[Power.ENGLAND]
        flaky.fails[england] = 1
        sent = await service.press.send(game.id, game.user[Power.FRANCE], Power.ENGLAND, "Hi")
        assert sent.delivery == "sent"
        assert len(flaky.sent_to(england, "press.received")) == 1
        assert await service.outbox.owed_waiting() == 0


async def test_press_discord_will_not_take_is_kept_retried_and_the_sender_told(
        open_service, clock, quick_press):
    flaky = Flaky()
    async with open_service(notifier=flaky) as service:
        game = await start_game(service)
        france, england = game.user[Power.FRANCE], game.user[Power.ENGLAND]
        flaky.fails[england] = 5
        sent = await service.press.send(game.id, france, Power.ENGLAND, "Hi")
        assert sent.delivery == "pending"                  # never answered "sent"
        assert flaky.sent_to(england, "press.received") == []
        assert await service.outbox.owed_waiting() == 1
        # backoff: the next pass right away does not try it again; later ones do
        tries = len(flaky.tries)
        await service.deadlines.run_due()
        assert len(flaky.tries) == tries
        for _ in range(3):
            clock.advance(timedelta(minutes=5))
            await service.deadlines.run_due()
        [got] = flaky.sent_to(england, "press.received")
        assert got.params["body"] == "Hi"
        [told] = flaky.sent_to(france, "press.delivered")
        assert told.params == {"game": "Test game", "to_power": "England"}
        assert await service.outbox.owed_waiting() == 0


async def test_a_closed_dm_is_recorded_not_retried_and_the_press_sender_answered(
        open_service, clock, quick_press):
    flaky = Flaky()
    async with open_service(notifier=flaky) as service:
        game = await start_game(service)
        france, england = game.user[Power.FRANCE], game.user[Power.ENGLAND]
        flaky.closed.add(england)
        sent = await service.press.send(game.id, france, Power.ENGLAND, "Hi")
        assert sent.delivery == "failed"
        assert flaky.tries.count((england, "press.received")) == 1
        clock.advance(timedelta(hours=2))
        await service.deadlines.run_due()
        assert flaky.tries.count((england, "press.received")) == 1   # given up for good
        async with service.db.read() as conn:
            row = await conn.fetchrow("SELECT failed_at, last_error FROM outbox WHERE "
                                      "target_id = ? AND message_json LIKE ?",
                                      (england, "%press.received%"))
        assert row[0] is not None and "does not accept" in row[1]
        assert flaky.sent_to(france, "press.delivered") == []
        assert flaky.sent_to(france, "press.undelivered") == []   # the answer said so
        assert await service.outbox.owed_waiting() == 0


async def test_press_kept_then_refused_for_good_tells_the_sender(open_service, clock,
                                                                 quick_press):
    flaky = Flaky()
    async with open_service(notifier=flaky) as service:
        game = await start_game(service)
        france, england = game.user[Power.FRANCE], game.user[Power.ENGLAND]
        flaky.fails[england] = 3
        assert (await service.press.send(game.id, france, Power.ENGLAND, "Hi")).delivery \
            == "pending"
        flaky.closed.add(england)                  # meanwhile they closed their DMs
        clock.advance(timedelta(minutes=5))
        await service.deadlines.run_due()
        [told] = flaky.sent_to(france, "press.undelivered")
        assert told.params["to_power"] == "England"
        assert flaky.sent_to(france, "press.delivered") == []


async def test_a_briefing_that_fails_is_retried_and_later_messages_wait_their_turn(
        open_service, clock):
    flaky = Flaky()
    async with open_service(notifier=flaky) as service:
        game = await start_game(service)           # every briefing went
        italy = game.user[Power.ITALY]
        flaky.fails[italy] = 2
        clock.advance(timedelta(days=1))
        await service.deadlines.run_due()                    # results posted; Italy's notice fails
        assert flaky.sent_to(italy, "turn.notice") == []
        others = [u for p, u in game.user.items() if p is not Power.ITALY]
        assert all(len(flaky.sent_to(u, "turn.notice")) == 1 for u in others)
        clock.advance(timedelta(seconds=1))
        await service.deadlines.run_due()                    # second failure
        assert flaky.sent_to(italy, "turn.notice") == []
        clock.advance(timedelta(seconds=2))
        await service.deadlines.run_due()
        [notice] = flaky.sent_to(italy, "turn.notice")
        assert notice.params["phase"] == "F1901M"
        assert all(len(flaky.sent_to(u, "turn.notice")) == 1 for u in others)  # no repeat
        assert await service.outbox.owed_waiting() == 0


async def test_a_restarted_service_posts_what_a_failing_notifier_could_not(
        open_service, notifier):
    flaky = Flaky()
    async with open_service(notifier=flaky) as service:
        game = await start_game(service, anonymous=True)
        flaky_post = flaky.post

        async def down(channel_id, message):
            if message.key == "game.identities":
                raise RuntimeError("503")
            await flaky_post(channel_id, message)

        flaky.post = down
        await service.moderation.end_game(game.id, 900, "enough")
        assert flaky.posted("game.identities") == []
    async with open_service() as service:          # a new process: start-up posts it
        [reveal] = notifier.posted("game.identities")
        assert set(reveal.params["seats"].values()) == set(game.user.values())
        assert await service.outbox.owed_waiting() == 0


def test_a_message_survives_its_row():
    from datetime import UTC, datetime

    from service.notices.notifier import Message
    from service.notices.outbox import decode, encode
    when = datetime(2026, 1, 2, 3, 4, tzinfo=UTC)
    message = Message("game.briefing", "text", {"deadline": when, "powers": (Power.ITALY,),
                                                "units": ["A ROM"], "nested": {"a": [1, 2]}},
                      lang="it", ping=True)
    back = decode(encode(message))
    assert back.params == {"deadline": when, "powers": ["Italy"], "units": ["A ROM"],
                           "nested": {"a": [1, 2]}}
    assert (back.key, back.text, back.lang, back.ping, back.anonymous) == \
        ("game.briefing", "text", "it", True, False)


async def test_two_processes_delivering_at_once_post_each_owed_message_once(
        open_service, clock):
    """Messages a failing process could not post, then two processes on the database trying
    them at the same moment: every message goes once, by one or the other."""
    import asyncio
    down = Flaky()
    async with open_service(notifier=down) as service:
        game = await start_game(service)
        for user in game.user.values():
            down.fails[user] = 99
        clock.advance(timedelta(days=1))
        await service.deadlines.run_due()
        assert await service.outbox.owed_waiting() == 7            # every "your turn" notice
    one, two = Flaky(), Flaky()
    for flaky in (one, two):                                # down while they start up
        flaky.fails.update({u: 1 for u in game.user.values()})
    async with open_service(notifier=one) as first, open_service(notifier=two) as second:
        assert await first.outbox.owed_waiting() == 7
        await asyncio.gather(first.outbox.deliver_owed(now=True), second.outbox.deliver_owed(now=True))
        for user in game.user.values():
            got = one.sent_to(user, "turn.notice") + two.sent_to(user, "turn.notice")
            assert len(got) == 1
        assert await first.outbox.owed_waiting() == 0


async def test_a_rollback_drops_the_undone_phases_notices_not_yet_sent(open_service, clock):
    flaky = Flaky()
    async with open_service(notifier=flaky) as service:
        game = await start_game(service)
        for user in game.user.values():
            flaky.fails[user] = 1
        clock.advance(timedelta(days=1))
        await service.deadlines.run_due()                           # S1901M done; notices failed
        assert await service.outbox.owed_waiting() == 7
        await service.moderation.rollback(game.id, 900)              # S1901M open again
        assert await service.outbox.owed_waiting() == 0
        await service.moderation.process_now(game.id, 900)
        for user in game.user.values():
            [notice] = flaky.sent_to(user, "turn.notice")  # the new adjudication's, once
            assert notice.params["phase"] == "F1901M"


async def test_messages_sent_long_ago_are_forgotten_at_start_up(open_service, clock):
    async with open_service() as service:
        await start_game(service)
        async with service.db.read() as conn:
            kept = await conn.fetchval("SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL")
        assert kept == 16     # the game created, 7 joins, the start post, 7 briefings
    started = clock.now().timestamp()
    clock.advance(timedelta(days=8))
    async with open_service() as service, service.db.read() as conn:
        assert await conn.fetchval("SELECT COUNT(*) FROM outbox WHERE created_at <= ?",
                                   (started,)) == 0
