"""Deadlines, reminders, ready marks, and the guarantees: once, in order, never twice."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from engine.vocabulary import Power
from service.game_service import GameService
from service.maps.images import stand_in_png
from service.models import GameSettings
from service.notices.announcing import ANNOUNCE_LEASE, REFUSED_RETRY
from service.notices.notifier import ChannelUnavailable, MemoryNotifier
from service.storage.repos import phases
from service.timing.boundary import FIRST_RETRY
from service.timing.clock import SystemClock
from tests.service.conftest import DAY, MODERATOR, start_game

E, F, G = Power.ENGLAND, Power.FRANCE, Power.GERMANY
PNG = b"\x89PNG\r\n\x1a\n"


async def phase_names(service, game_id: int) -> list[tuple[str, str]]:
    async with service.db.read() as conn:
        return [(p.name, p.status) for p in await phases.history(conn, game_id)]


async def test_nothing_happens_before_the_deadline(service, clock):
    game = await start_game(service)
    clock.advance(DAY - timedelta(seconds=1))
    assert await service.deadlines.run_due() == 0
    assert await phase_names(service, game.id) == [("S1901M", "open")]


async def test_at_the_deadline_the_phase_is_adjudicated_and_announced(service, clock, notifier):
    game = await start_game(service)
    await service.orders.submit(game.id, game.user[E], "A LVP - YOR\nF LON - NTH\nF EDI - NWG")
    await service.orders.submit(game.id, game.user[F], "A PAR - BUR\nA MAR - BUR")
    clock.advance(DAY)
    assert await service.deadlines.run_due() == 1
    assert await phase_names(service, game.id) == [("S1901M", "done"), ("F1901M", "open")]
    [message] = notifier.posted("phase.results")
    assert message.image.startswith(PNG) and message.image_name.endswith("S1901M.png")
    assert "A LVP - YOR: succeeds" in message.text
    assert "A MAR - BUR: fails (bounced at BUR)" in message.text
    assert "civil disorder (sommossa)" in message.text
    assert message.params["civil_disorder"] == ["Austria", "Germany", "Italy", "Russia",
                                                "Turkey"]
    assert message.params["next_phase"] == "F1901M"
    assert message.params["next_deadline"] == clock.now() + DAY
    assert "Next: F1901M" in message.text


async def test_a_dislodged_unit_is_announced_with_its_retreat_options_and_retreats(
        service, clock, notifier):
    game = await start_game(service)
    await service.orders.submit(game.id, game.user[G], "A MUN - BUR")
    await service.orders.submit(game.id, game.user[F], "A PAR - PIC")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, game.user[F], "A MAR - BUR\nA PIC S A MAR - BUR")
    await service.moderation.process_now(game.id, MODERATOR)
    message = notifier.posted("phase.results")[-1]
    [dislodged] = message.params["dislodged"]
    assert dislodged["location"] == "bur" and dislodged["attacker_from"] == "mar"
    assert "mar" not in dislodged["retreat_options"] and "mun" in dislodged["retreat_options"]
    assert "Germany A BUR (attacked from MAR): may retreat to" in message.text
    assert message.params["next_phase"] == "F1901R"
    report = await service.orders.submit(game.id, game.user[G], "A BUR R MUN")
    assert report.recorded == ("A BUR R MUN",)
    await service.moderation.process_now(game.id, MODERATOR)
    status = await service.games.status(game.id)
    assert status.phase == "S1902M"                # nobody gained or lost: no adjustments
    assert {s.power: s.units for s in status.seats}[G] == 3
    assert "Supply centres: Austria: 3; England: 3" in notifier.posted("phase.results")[-1].text


async def test_reminders_go_once_to_players_still_missing_orders(service, clock, notifier):
    game = await start_game(service, reminders=(timedelta(hours=2),))
    await service.orders.submit(game.id, game.user[E], "A LVP - YOR\nF LON - NTH\nF EDI - NWG")
    await service.orders.submit(game.id, game.user[F], "A PAR - BUR")
    clock.advance(DAY - timedelta(hours=3))
    await service.deadlines.run_due()
    assert notifier.private == [] or all(m.key != "reminder" for _u, m in notifier.private)
    clock.advance(timedelta(hours=1, minutes=30))
    await service.deadlines.run_due()
    await service.deadlines.run_due()
    reminded = {u: m for u, m in notifier.private if m.key == "reminder"}
    assert set(reminded) == {u for p, u in game.user.items() if p != E}
    assert reminded[game.user[F]].params["missing"] == {"France": ["F BRE", "A MAR"]}
    assert len([1 for _u, m in notifier.private if m.key == "reminder"]) == 6
    # and the channel, once, naming the players who still owe orders (not England's)
    [post] = notifier.posted("reminder.channel", channel_id=game.view.channel_id)
    assert sorted(post.params["users"]) == sorted(u for p, u in game.user.items() if p != E)
    assert post.params["game_id"] == game.id and post.params["phase"] == "S1901M"
    assert post.params["deadline"] == reminded[game.user[F]].params["deadline"]
    assert "England" not in post.params["powers"] and "France" in post.params["powers"]


async def test_no_channel_reminder_when_every_order_is_in(service, clock, notifier):
    game = await start_game(service, reminders=(timedelta(hours=2),))
    for user in game.user.values():
        mine = await service.orders.mine(game.id, user)
        units = [u for p in mine for u in p.missing]
        await service.orders.submit(game.id, user, "\n".join(f"{u} H" for u in units))
    clock.advance(DAY - timedelta(hours=1))
    await service.deadlines.run_due()
    assert notifier.posted("reminder.channel") == []
    assert not [m for _u, m in notifier.private if m.key == "reminder"]


async def test_when_every_seated_power_is_ready_the_phase_is_adjudicated_at_once(service):
    game = await start_game(service)
    powers = list(game.user)
    for power in powers[:-1]:
        report = await service.orders.set_ready(game.id, game.user[power])
        assert not report.adjudicated
    await service.orders.set_ready(game.id, game.user[powers[0]], ready=False)
    assert not (await service.orders.set_ready(game.id, game.user[powers[-1]])).adjudicated
    report = await service.orders.set_ready(game.id, game.user[powers[0]])
    assert report.adjudicated and report.phase == "S1901M"
    assert (await service.games.status(game.id)).phase == "F1901M"


async def test_overdue_deadlines_after_a_restart_are_processed_once_in_order(
        open_service, clock, notifier):
    async with open_service() as service:
        slow = await start_game(service, name="slow")
        fast = await start_game(service, name="fast", movement_deadline=timedelta(hours=6))
    clock.advance(timedelta(days=3))                           # the process was down
    async with open_service() as service:
        announced = sorted(m.params["game"] for m in notifier.posted("phase.results"))
        assert announced == ["fast", "slow"]
        async with service.db.read() as conn:                   # the earlier deadline first:
            opened = [(await phases.latest(conn, g.id)).id for g in (fast, slow)]
        assert opened[0] < opened[1]                            # its next phase opened first
        assert await phase_names(service, slow.id) == [("S1901M", "done"), ("F1901M", "open")]
        assert (await service.games.status(fast.id)).deadline == clock.now() + timedelta(hours=6)
        assert await service.deadlines.run_due() == 0
    async with open_service():
        assert len(notifier.posted("phase.results")) == 2      # nothing twice


async def test_two_triggers_at_once_adjudicate_the_phase_once(service, clock, notifier):
    game = await start_game(service)
    clock.advance(DAY)
    outcomes = await asyncio.gather(service.moderation.process_now(game.id, MODERATOR, "S1901M"),
                                    service.deadlines.run_due(),
                                    service.moderation.process_now(game.id, MODERATOR, "S1901M"))
    assert sorted(map(int, outcomes)) == [0, 0, 1]
    assert len(notifier.posted("phase.results")) == 1
    assert await phase_names(service, game.id) == [("S1901M", "done"), ("F1901M", "open")]


async def test_two_processes_on_one_database_adjudicate_the_phase_once(
        open_service, clock, notifier):
    async with open_service() as one, \
            open_service() as two:
        game = await start_game(one)
        clock.advance(DAY)
        done = await asyncio.gather(one.deadlines.run_due(), two.deadlines.run_due(),
                                    two.moderation.process_now(game.id, MODERATOR, "S1901M"))
        assert sum(map(int, done)) == 1
        assert len(notifier.posted("phase.results")) == 1


class HeldPost:
    """A notifier whose post of the results waits until `go` is set (a slow Discord)."""

    def __init__(self, inner) -> None:
        self.inner, self.started, self.go = inner, asyncio.Event(), asyncio.Event()

    async def post(self, channel_id, message) -> None:
        if message.key == "phase.results":
            self.started.set()
            await self.go.wait()
        await self.inner.post(channel_id, message)

    async def send_private(self, user_id, message) -> None:
        await self.inner.send_private(user_id, message)


async def test_results_being_posted_by_one_process_are_left_to_it_by_another(
        open_service, clock, notifier):
    held = HeldPost(notifier)
    async with open_service(notifier=held) as one, \
            open_service() as two:
        await start_game(one)
        clock.advance(DAY)
        posting = asyncio.create_task(one.deadlines.run_due())
        await held.started.wait()                       # adjudicated, its results on the way
        await two.deadlines.run_due()                             # the other process's pending retry
        await two.announcer.announce_pending()
        assert notifier.posted("phase.results") == []   # left to the process posting them
        held.go.set()
        assert await posting == 1
        assert len(notifier.posted("phase.results")) == 1


async def test_results_claimed_by_a_process_that_died_are_posted_once_the_claim_lapses(
        open_service, clock, notifier):
    async with open_service() as survivor, \
            open_service() as dying:
        game = await start_game(dying)
        clock.advance(DAY)
        async with dying.db.read() as conn:
            phase_id, _game, _deadline = (await phases.open_deadlines(conn))[0]
        # adjudicated and claimed, then the process dies before posting
        assert await dying.adjudication.adjudicate_phase(game.id, phase_id, trigger="deadline")
        await survivor.deadlines.run_due()
        assert notifier.posted("phase.results") == []   # the claim still holds
        clock.advance(ANNOUNCE_LEASE)
        await survivor.deadlines.run_due()
        [results] = notifier.posted("phase.results")
        assert results.params["phase"] == "S1901M"
        await survivor.deadlines.run_due()
        assert len(notifier.posted("phase.results")) == 1


async def test_many_games_with_the_same_deadline_are_all_processed(service, clock, notifier):
    started = [await start_game(service, name=f"g{i}", channel=1000 + i) for i in range(25)]
    clock.advance(DAY)
    assert await service.deadlines.run_due() == 25
    channels = sorted(c for c, m in notifier.posts if m.key == "phase.results")
    assert channels == [1000 + i for i in range(25)]
    for game in started:
        assert (await service.games.status(game.id)).phase == "F1901M"


async def test_the_scheduler_jobs_are_rebuilt_from_the_rows_and_fire(db_path, notifier):
    async with GameService.open(db_path, notifier=notifier, scheduler=False) as service:
        game = await start_game(service, reminders=())
    async with GameService.open(db_path, notifier=notifier, renderer=stand_in_png) as service:
        job = service.alarms.scheduler.get_job(f"game-{game.id}")
        assert job is not None
        assert job.next_run_time == (await service.games.status(game.id)).deadline
        soon = SystemClock().now() + timedelta(seconds=1)
        await service.moderation.set_deadline(game.id, MODERATOR, soon)
        for _ in range(300):                                    # up to 15 s on a busy machine
            if notifier.posted("phase.results"):
                break
            await asyncio.sleep(0.05)
        assert notifier.posted("phase.results")
        assert (await service.games.status(game.id)).phase == "F1901M"


async def test_a_finished_game_has_no_deadline_job(db_path, notifier):
    async with GameService.open(db_path, notifier=notifier, renderer=stand_in_png) as service:
        game = await start_game(service)
        await service.moderation.end_game(game.id, MODERATOR)
        assert service.alarms.scheduler.get_job(f"game-{game.id}") is None


async def test_retreat_and_adjustment_phases_get_their_own_deadline_lengths(service, clock):
    game = await start_game(service, retreat_deadline=timedelta(hours=3),
                            adjustment_deadline=timedelta(hours=5))
    await service.orders.submit(game.id, game.user[G], "A MUN - BUR")
    await service.orders.submit(game.id, game.user[F], "A PAR - PIC")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, game.user[F], "A MAR - BUR\nA PIC S A MAR - BUR")
    await service.moderation.process_now(game.id, MODERATOR)
    status = await service.games.status(game.id)
    assert status.phase == "F1901R" and status.deadline == clock.now() + timedelta(hours=3)
    clock.advance(timedelta(hours=3))
    assert await service.deadlines.run_due() == 1                         # German in disorder: disbanded
    status = await service.games.status(game.id)
    assert status.phase == "W1901A" and status.deadline == clock.now() + timedelta(hours=5)
    assert GameSettings().retreat_deadline == timedelta(hours=12)


class FailingOnce:
    """A notifier whose first post of the results fails (Discord down for a moment)."""

    def __init__(self, inner) -> None:
        self.inner, self.failed = inner, False

    async def post(self, channel_id, message) -> None:
        if message.key == "phase.results" and not self.failed:
            self.failed = True
            raise ConnectionError("Discord is unreachable")
        await self.inner.post(channel_id, message)

    async def send_private(self, user_id, message) -> None:
        await self.inner.send_private(user_id, message)


async def test_an_announcement_that_fails_is_retried_and_sent_once(
        open_service, clock, notifier):
    async with open_service(notifier=FailingOnce(notifier)) as service:
        game = await start_game(service)
        clock.advance(DAY)
        assert await service.deadlines.run_due() == 1                     # adjudicated all the same
        assert notifier.posted("phase.results") == []
        assert (await service.games.status(game.id)).phase == "F1901M"
        await service.deadlines.run_due()                 # within the game's pause: not tried yet
        assert notifier.posted("phase.results") == []
        clock.advance(FIRST_RETRY)              # service/timing/boundary.py: then tried again
        await service.deadlines.run_due()
        await service.deadlines.run_due()
        assert len(notifier.posted("phase.results")) == 1


class RefusingChannel(MemoryNotifier):
    """A channel that refuses every post (deleted, or no permission) until `fixed`."""

    def __init__(self) -> None:
        super().__init__()
        self.fixed = False

    async def post(self, channel_id, message) -> None:
        if not self.fixed:
            raise ChannelUnavailable(f"channel {channel_id}: 403 Forbidden")
        await super().post(channel_id, message)


async def test_results_the_channel_refuses_stay_pending_and_the_moderator_is_told(
        open_service, clock):
    notifier = RefusingChannel()
    async with open_service(notifier=notifier) as service:
        game = await start_game(service)
        clock.advance(DAY)
        assert await service.deadlines.run_due() == 1                     # adjudicated all the same
        assert (await service.games.status(game.id)).phase == "F1901M"
        async with service.db.read() as conn:
            [pending] = await phases.unannounced(conn)
        [told] = notifier.sent_to(MODERATOR, "game.channel_unavailable")
        assert told.params["phase"] == "S1901M" and told.params["game_id"] == game.id
        assert "could not be posted" in told.text
        clock.advance(timedelta(minutes=1))
        await service.deadlines.run_due()                                 # left alone for a while
        assert len(notifier.sent_to(MODERATOR, "game.channel_unavailable")) == 1
        notifier.fixed = True                                   # the moderator fixes it
        await service.deadlines.run_due()
        assert notifier.posted("phase.results") == []           # not before the retry time
        clock.advance(REFUSED_RETRY)
        await service.deadlines.run_due()
        [results] = notifier.posted("phase.results")
        assert results.params["phase"] == "S1901M"
        async with service.db.read() as conn:
            assert await phases.unannounced(conn) == []
    # still unannounced when the process stops: announced at the next start-up
    notifier.fixed = False
    clock.advance(DAY)
    async with open_service(notifier=notifier) as service:
        assert (await service.games.status(game.id)).phase == "S1902M"
        notifier.fixed = True
    async with open_service(notifier=notifier):
        assert [m.params["phase"] for m in notifier.posted("phase.results")] == [
            "S1901M", "F1901M"]


async def test_results_carry_the_centre_counts_the_phase_started_from(service, notifier):
    game = await start_game(service)
    await service.orders.submit(game.id, game.user[Power.RUSSIA], "F SEV - RUM")
    await service.moderation.process_now(game.id, MODERATOR)
    spring = notifier.posted("phase.results")[-1].params
    assert spring["supply_centers"] is None                  # no count in Spring
    await service.moderation.process_now(game.id, MODERATOR)
    fall = notifier.posted("phase.results")[-1].params
    assert fall["centres_before"]["Russia"] == 4 and fall["centres_before"]["France"] == 3
    assert len(fall["supply_centers"]["Russia"]) == 5
    assert "Russia: 5 (+1)" in notifier.posted("phase.results")[-1].text
