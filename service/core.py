"""The core every area of the service shares: its resources (database, clock, notifier,
renderer), adjudication (one transaction, guarded by the phase id), deadlines and reminders
(APScheduler jobs rebuilt from the database rows), and announcements.

Guarantees, and how they are kept:
- A phase is adjudicated once. The transaction that adjudicates it starts with
  `BEGIN IMMEDIATE` (one writer at a time, across processes too), re-reads the phase and
  stops unless it is still open, and flips it to done in the same transaction that stores
  the results and opens the next phase. A second trigger finds it done and does nothing.
- Never half a phase: results, the next phase, civil-disorder marks and the game's end are
  written in that one transaction; a process killed inside it leaves the database as before.
- Announcements follow the commit; a phase adjudicated but not announced (a crash between
  the two) is announced at the next start-up. So an announcement may repeat, never vanish.
- Deadlines live in the `phases` rows. The scheduler holds one job per game, at its next
  reminder or deadline, rebuilt from the rows at start-up and after every change; a job
  only calls `run_due`, which decides from the rows and the clock.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, timedelta
from pathlib import Path
from typing import Any

from apscheduler.schedulers.asyncio import AsyncIOScheduler

from engine.adjudicator import adjudicate
from engine.orders import parse_order
from engine.outcomes import OrderResult, Outcome, Reason, Status
from engine.position import Position, centers_to_json
from engine.setups import coin_toss, coin_toss_due
from engine.vocabulary import Phase, PhaseKind, Power
from service import announcements
from service.clock import Clock, from_ts, to_ts
from service.db import Database
from service.ending import centres_counted, decide_end, eliminated
from service.errors import InvalidRequest, NotFound
from service.images import Renderer, default_renderer, stand_in_png
from service.models import ACTIVE, FINISHED, Game, MapImage, PhaseReport, PhaseRow
from service.notifier import ChannelUnavailable, Message, Notifier
from service.obligations import missing, needs_orders
from service.repos import audit, games, phases, results, seats
from service.repos import orders as order_rows

log = logging.getLogger(__name__)

__all__ = ["Renderer", "ServiceCore"]

# How long a channel that refused a phase's results is left alone before trying again.
REFUSED_RETRY = timedelta(minutes=5)


class ServiceCore:
    db: Database

    def __init__(self, db_path: str | Path, notifier: Notifier, clock: Clock,
                 renderer: Renderer | None, scheduler: bool,
                 render_processes: int | None = None) -> None:
        self.db_path = str(db_path)
        self.notifier = notifier
        self.clock = clock
        self.renderer: Renderer = renderer or default_renderer()
        self.use_scheduler = scheduler
        # The real renderer holds the GIL for its whole run (about 0.4 s a map), so threads
        # do not help: maps are drawn in worker processes, one per core, unless a renderer
        # was injected (tests record its calls in this process) or 0 is asked for.
        if render_processes is None:
            render_processes = (os.cpu_count() or 1) if renderer is None \
                and self.renderer is not stand_in_png else 0
        self.render_processes = render_processes
        self._pool: ProcessPoolExecutor | None = None
        self.scheduler: AsyncIOScheduler | None = None
        # Games with an adjudication under way in this process: orders for them are refused
        # at once rather than queued behind it and silently applied to the next phase.
        self._adjudicating: Counter[int] = Counter()
        self._render_slots = asyncio.Semaphore(4)
        # Phases whose announcement is claimed by a coroutine of this process (claimed inside
        # the adjudicating transaction, so a retry of pending announcements never doubles it).
        self._announcing: set[int] = set()
        # Phases whose channel refused their results (ChannelUnavailable): when to try again,
        # and whether the moderator was told (once per phase in this process).
        self._refused_until: dict[int, float] = {}

    # -- helpers shared by the mixins -------------------------------------------------------
    def now_ts(self) -> float:
        return to_ts(self.clock.now())

    @staticmethod
    async def game_or_fail(conn: Any, game_id: int) -> Game:
        game = await games.get(conn, game_id)
        if game is None:
            raise NotFound("game.not_found", f"there is no game {game_id}", game_id=game_id)
        return game

    @staticmethod
    async def open_phase_or_fail(conn: Any, game: Game) -> PhaseRow:
        phase = await phases.latest(conn, game.id)
        if game.status == FINISHED or phase is None or phase.status != "open":
            raise InvalidRequest("game.no_open_phase", f"{game.name} has no phase in play "
                                 f"(the game is {game.status})", game=game.name,
                                 status=game.status)
        return phase

    async def render(self, position: Any, **kwargs: Any) -> bytes:
        """The renderer, in a worker process or thread (CPU work: the event loop stays
        free)."""
        if self.render_processes > 0:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(self.render_processes,
                                                 mp_context=multiprocessing.get_context("spawn"))
            call = functools.partial(self.renderer, position, **kwargs)
            return await asyncio.get_running_loop().run_in_executor(self._pool, call)
        async with self._render_slots:
            return await asyncio.to_thread(self.renderer, position, **kwargs)

    async def map_image(self, game: Game, phase: PhaseRow, **kwargs: Any) -> MapImage:
        png = await self.render(phase.position, game_name=game.name, **kwargs)
        return MapImage(phase.name, png, f"game-{game.id}-{phase.name}.png")

    async def post(self, game: Game, key: str, text: str, **params: Any) -> None:
        """Tell the game's channel about something already committed. A notifier failure is
        logged, not raised: the action happened, and the caller must not think otherwise."""
        try:
            await self.notifier.post(game.channel_id, Message(key, text, {"game": game.name,
                                                                          **params}))
        except ChannelUnavailable as exc:
            log.warning("the channel of game %s refused %s: %s", game.id, key, exc)
        except Exception:
            log.exception("posting %s to the channel of game %s failed", key, game.id)

    async def tell(self, user_id: int, message: Message) -> None:
        """A private message, with the same rule as `post`."""
        try:
            await self.notifier.send_private(user_id, message)
        except Exception:
            log.exception("sending %s to user %s failed", message.key, user_id)

    # -- start-up and shutdown --------------------------------------------------------------
    async def startup(self) -> None:
        """Announce phases adjudicated but never announced, process overdue deadlines once in
        order, then (with the scheduler) rebuild one job per game from the database rows."""
        await self.announce_pending()
        await self.run_due()
        if self.use_scheduler:
            self.scheduler = AsyncIOScheduler(timezone=UTC)
            self.scheduler.start()
            async with self.db.read() as conn:
                rows = await phases.open_deadlines(conn)
            for game_id in dict.fromkeys(game_id for _p, game_id, _d in rows):
                await self.reschedule(game_id)

    async def shutdown(self) -> None:
        if self.scheduler is not None:
            self.scheduler.shutdown(wait=False)
            self.scheduler = None
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    # -- deadlines and reminders ------------------------------------------------------------
    async def reschedule(self, game_id: int) -> None:
        """Point the game's job at its next reminder or deadline (or drop it)."""
        if self.scheduler is None:
            return
        async with self.db.read() as conn:
            wake = await self._next_wake(conn, game_id)
        job_id = f"game-{game_id}"
        if wake is None:
            if self.scheduler.get_job(job_id):
                self.scheduler.remove_job(job_id)
            return
        self.scheduler.add_job(self._job, "date", run_date=from_ts(wake), args=[game_id],
                               id=job_id, replace_existing=True, misfire_grace_time=None,
                               coalesce=True)

    async def _job(self, game_id: int) -> None:
        try:
            await self.run_due(game_id)
        except Exception:  # a job must not die silently: log with the game
            log.exception("deadline job of game %s failed", game_id)

    async def _next_wake(self, conn: Any, game_id: int) -> float | None:
        game = await games.get(conn, game_id)
        phase = await phases.latest(conn, game_id) if game else None
        if (game is None or game.status != ACTIVE or phase is None or phase.status != "open"
                or phase.deadline_at is None):
            return None
        deadline = to_ts(phase.deadline_at)
        sent = await phases.reminders_sent(conn, phase.id)
        times = [deadline] + [deadline - r.total_seconds() for r in game.settings.reminders
                              if r.total_seconds() not in sent]
        return min(times)

    async def run_due(self, game_id: int | None = None) -> int:
        """Send due reminders and adjudicate every phase whose deadline has passed (by the
        clock), soonest deadline first. Returns how many phases were adjudicated. The
        scheduler calls this; tests with a ManualClock call it after moving the clock."""
        await self.announce_pending()                  # retry any that failed before
        now = self.now_ts()
        async with self.db.read() as conn:
            rows = await phases.open_deadlines(conn)
        # Each announcement starts as soon as its phase is committed, so drawing the maps
        # (in worker processes) overlaps with adjudicating the next games.
        announcing: list[asyncio.Task[None]] = []
        touched: list[int] = []
        for phase_id, gid, deadline in rows:
            if game_id is not None and gid != game_id:
                continue
            touched.append(gid)
            if deadline <= now:
                if await self.adjudicate_phase(gid, phase_id, trigger="deadline",
                                               announce=False):
                    announcing.append(asyncio.create_task(self.announce(phase_id,
                                                                        claimed=True)))
            else:
                await self._send_reminders(gid, phase_id, deadline, now)
        await asyncio.gather(*announcing)
        for gid in dict.fromkeys(touched):
            await self.reschedule(gid)
        return len(announcing)

    async def _send_reminders(self, game_id: int, phase_id: int, deadline: float,
                              now: float) -> None:
        async with self.db.transaction() as conn:
            game = await self.game_or_fail(conn, game_id)
            due = [r.total_seconds() for r in game.settings.reminders
                   if deadline - r.total_seconds() <= now]
            if not due:
                return
            fresh = [r for r in due if await phases.note_reminder(conn, phase_id, r)]
            if not fresh:
                return
            phase = await phases.get(conn, phase_id)
            given = await order_rows.effective(conn, phase_id)
            neutral = game.neutral_in(phase.position.phase)
            owed: dict[int, list[tuple[Power, tuple[str, ...]]]] = {}
            for seat in await seats.all_seats(conn, game_id):
                if seat.user_id is None:
                    continue
                left = missing(phase.position, seat.power, given.get(seat.power, []), neutral)
                if left:
                    owed.setdefault(seat.user_id, []).append((seat.power, left))
        when = from_ts(deadline)
        for user_id, items in owed.items():
            text = (f"{game.name}: the deadline for {phase.name} is {when:%Y-%m-%d %H:%M} UTC. "
                    "Still without orders: " + "; ".join(
                        f"{p.value}: {', '.join(left)}" for p, left in items))
            await self.tell(user_id, Message(
                "reminder", text, {"game": game.name, "phase": phase.name, "deadline": when,
                                   "missing": {p.value: list(left) for p, left in items}}))
        if owed:
            # The channel hears it too, once per reminder, naming who still owes orders (the
            # bot mentions them); the service knows the game, so nobody has to guess it.
            owing = sorted(p.value for items in owed.values() for p, _left in items)
            await self.post(game, "reminder.channel",
                            f"{game.name}: the deadline for {phase.name} is "
                            f"{when:%Y-%m-%d %H:%M} UTC. Still owing orders: "
                            + ", ".join(owing), game_id=game.id, phase=phase.name,
                            deadline=when, users=list(owed), powers=owing)

    # -- adjudication -----------------------------------------------------------------------
    async def adjudicate_phase(self, game_id: int, phase_id: int, *, trigger: str,
                               actor_id: int | None = None, announce: bool = True) -> bool:
        """Adjudicate the open phase `phase_id` in one transaction. False when it is no longer
        open (another trigger got there first) or the game is not running."""
        self._adjudicating[game_id] += 1
        committed = False
        try:
            async with self.db.transaction() as conn:
                phase = await phases.get(conn, phase_id)
                game = await games.get(conn, game_id)
                if (phase is None or phase.status != "open" or game is None
                        or game.status != ACTIVE):
                    return False
                now = self.now_ts()
                phase_now = phase.position.phase
                given = await order_rows.effective(conn, phase_id)
                result = adjudicate(phase.position, given, game.settings.rules,
                                    neutral=game.neutral_in(phase_now),
                                    closed=game.closed_in(phase_now))
                if not await phases.close(conn, phase_id, now):
                    return False
                await results.store(conn, phase_id, result)
                self._announcing.add(phase_id)
                if result.civil_disorder:
                    await seats.set_civil_disorder(conn, game_id, result.civil_disorder, True)
                following = result.next_position
                side_before = game.joined_side
                game = await self._toss_coin_if_due(conn, game, following.phase, now)
                outcome = decide_end(game, following, counted=centres_counted(result))
                if outcome is not None:
                    await games.finish(conn, game_id, outcome, now)
                else:
                    length = game.settings.deadline_for(following.phase.kind)
                    await phases.insert(conn, game_id, following, opened_at=now,
                                        deadline_at=now + length.total_seconds())
                if actor_id is not None:
                    await audit.log(conn, game_id, actor_id, trigger, {"phase": phase.name},
                                    now)
            committed = True
        finally:
            if not committed:
                self._announcing.discard(phase_id)
            self._adjudicating[game_id] -= 1
            if not self._adjudicating[game_id]:
                del self._adjudicating[game_id]
        if game.joined_side is not None and side_before is None:
            setup = game.settings.setup
            joins = [p.value for p in setup.groups[game.joined_side]]
            await self.post(game, "game.coin_toss", f"{game.name}: the coin has spoken: "
                            f"{setup.joins_by_lot.value} joins " + ", ".join(joins)
                            + f" from {setup.joins_in}.", power=setup.joins_by_lot.value,
                            side=joins)
        if announce:
            await self.announce(phase_id, claimed=True)
            await self.reschedule(game_id)
        return True

    async def _toss_coin_if_due(self, conn: Any, game: Game, upcoming: Phase,
                                now: float) -> Game:
        """Two players: before the adjustments of the year before the neutral power joins,
        a coin seeded with the game's recorded seed picks its side; its player takes it."""
        setup = game.settings.setup
        if not coin_toss_due(setup, upcoming, game.joined_side):
            return game
        side = coin_toss(setup, game.rng_seed if game.rng_seed is not None else game.id)
        await games.set_joined_side(conn, game.id, side)
        holders = {s.power: s.user_id for s in await seats.all_seats(conn, game.id)}
        await seats.create(conn, game.id, {setup.joins_by_lot: holders.get(setup.groups[side][0])})
        await audit.log(conn, game.id, None, "coin_toss",
                        {"power": setup.joins_by_lot.value, "side": side,
                         "joins": [p.value for p in setup.groups[side]]}, now)
        return await games.get(conn, game.id)

    def is_adjudicating(self, game_id: int) -> bool:
        return self._adjudicating[game_id] > 0

    # -- announcements ----------------------------------------------------------------------
    async def announce_pending(self) -> None:
        async with self.db.read() as conn:
            pending = await phases.unannounced(conn)
        now = self.now_ts()
        for phase_id in pending:
            if self._refused_until.get(phase_id, now) <= now:
                await self.announce(phase_id)

    async def phase_report_of(self, phase_id: int, *, with_image: bool) -> PhaseReport:
        async with self.db.read() as conn:
            phase = await phases.get(conn, phase_id)
            game = await self.game_or_fail(conn, phase.game_id)
            rows = await results.of_phase(conn, phase_id)
            stored = await results.outcome(conn, phase_id)
            following = await phases.by_seq(conn, game.id, phase.seq + 1)
        after, disorder = stored if stored else ({}, [])
        before = {p.value: n for p, n in phase.position.center_counts().items() if n}
        centres_after = ({p: len(cs) for p, cs in after["supply_centers_after"].items()}
                         if "supply_centers_after" in after else before)
        text = announcements.results_text(
            game_name=game.name, phase=phase.name, results=rows,
            civil_disorder=[p.value for p in disorder], after=after, centres_before=before,
            centres_after=centres_after,
            next_phase=following.name if following else None,
            next_deadline=following.deadline_at if following else None,
            outcome=game.outcome if following is None else None)
        gone = self._newly_eliminated(game, phase, after)
        if gone:
            text += "\nEliminated: " + ", ".join(p.value for p in gone)
        image = None
        if with_image:
            kind = phase.position.phase.kind
            engine_results = [OrderResult(r.power, parse_order(r.order, kind), Outcome(
                Status(r.status), Reason(r.reason) if r.reason else None, r.province), r.order)
                for r in rows]
            image = await self.map_image(game, phase, results=engine_results,
                                         civil_disorder=tuple(disorder))
        return PhaseReport(game.id, phase.name, phase.seq, tuple(rows), tuple(disorder), after,
                           text, image)

    @staticmethod
    def _newly_eliminated(game: Game, phase: PhaseRow, after: dict[str, Any]) -> list[Power]:
        """Powers eliminated by this phase, decided (as the game's end) only when it counted
        the centres or was the adjustments."""
        counted = "supply_centers_after" in after \
            or phase.position.phase.kind is PhaseKind.ADJUSTMENT
        if not after or not counted:
            return []
        position = Position.from_record({
            "phase": phase.name, "units": after["units_after"],
            "dislodged": after.get("dislodged_after") or [],
            "supply_centers": after.get("supply_centers_after")
            or centers_to_json(phase.position.supply_centers)})
        return sorted(eliminated(game, position) - eliminated(game, phase.position))

    async def announce(self, phase_id: int, *, claimed: bool = False) -> None:
        """Announce a phase once per process at a time; a failure (the notifier raised) is
        logged and the phase stays unannounced, to be retried by the next `run_due` or
        start-up."""
        if not claimed:
            if phase_id in self._announcing:
                return
            self._announcing.add(phase_id)
        try:
            await self._announce(phase_id)
            self._refused_until.pop(phase_id, None)
        except ChannelUnavailable as exc:
            await self._channel_refused(phase_id, exc)
        except Exception:
            log.exception("announcing phase %s failed; it will be retried", phase_id)
        finally:
            self._announcing.discard(phase_id)

    async def _channel_refused(self, phase_id: int, exc: ChannelUnavailable) -> None:
        """The channel refused a phase's results: the phase stays unannounced (tried again
        every REFUSED_RETRY, and at start-up), and the moderator hears of it, once."""
        first = phase_id not in self._refused_until
        self._refused_until[phase_id] = self.now_ts() + REFUSED_RETRY.total_seconds()
        log.warning("the channel refused the results of phase %s (%s); trying again in %s",
                    phase_id, exc, REFUSED_RETRY)
        if not first:
            return
        async with self.db.read() as conn:
            phase = await phases.get(conn, phase_id)
            game = await self.game_or_fail(conn, phase.game_id)
        await self.tell(game.moderator_id, Message(
            "game.channel_unavailable", f"{game.name}: the results of {phase.name} could not "
            "be posted in the game's channel: it is gone, or the bot may not write there (it "
            "needs View Channel, Send Messages and Attach Files). They will be posted as soon "
            "as the channel accepts them.",
            {"game": game.name, "game_id": game.id, "phase": phase.name,
             "channel_id": game.channel_id}))

    async def _announce(self, phase_id: int) -> None:
        """Post a phase's results (text, map, centres, civil disorder, dislodged units with
        their retreat options, next deadline or the game's end), then mark it announced."""
        report = await self.phase_report_of(phase_id, with_image=True)
        async with self.db.read() as conn:
            phase = await phases.get(conn, phase_id)
            game = await self.game_or_fail(conn, phase.game_id)
            following = await phases.by_seq(conn, game.id, phase.seq + 1)
        params: dict[str, Any] = {
            "game": game.name, "game_id": game.id, "phase": report.phase,
            "results": [{"power": r.power.value, "order": r.order, "status": r.status,
                         "reason": r.reason, "province": r.province} for r in report.results],
            "civil_disorder": [p.value for p in report.civil_disorder],
            "dislodged": report.after.get("dislodged_after", []),
            "supply_centers": report.after.get("supply_centers_after"),
            # the counts the phase started from, so readers show each power's change
            "centres_before": {p.value: n for p, n in phase.position.center_counts().items()
                               if n},
            "next_phase": following.name if following else None,
            "next_deadline": following.deadline_at if following else None,
            "outcome": game.outcome if following is None else None}
        image = report.image
        await self.notifier.post(game.channel_id, Message(
            "phase.results", report.text, params, image.png if image else None,
            image.filename if image else None))
        if following is None and game.outcome:
            await self.post(game, "game.finished",
                            announcements.outcome_sentence(game.outcome), outcome=game.outcome)
        async with self.db.transaction() as conn:
            await phases.mark_announced(conn, phase_id, self.now_ts())

    # -- shared by ordering and status ------------------------------------------------------
    @staticmethod
    def seat_needs_orders(phase: PhaseRow, power: Power, game: Game) -> bool:
        return needs_orders(phase.position, power, game.neutral_in(phase.position.phase))

    @staticmethod
    def phase_of(name: str) -> Phase:
        return Phase.parse(name)

    @staticmethod
    def length_of(game: Game, phase: PhaseRow) -> timedelta:
        return game.settings.deadline_for(phase.position.phase.kind)
