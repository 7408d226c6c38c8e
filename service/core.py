"""The core every area of the service builds on: start-up and shutdown, adjudication (one
transaction, guarded by the phase id), deadlines and reminders (APScheduler jobs rebuilt from
the database rows). The shared resources are in service/base.py, the announcements in
service/notices/announcing.py.

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
import logging
import secrets
from datetime import UTC
from typing import TYPE_CHECKING, Any

from apscheduler.schedulers.asyncio import AsyncIOScheduler

from engine.adjudicator import adjudicate
from engine.setups import coin_toss, coin_toss_due
from engine.vocabulary import Phase, Power
from service.games import draw_vote
from service.games.end_rules import centres_counted, decide_end
from service.games.obligations import missing, nothing_to_choose, silence
from service.maps.images import Renderer
from service.models import ACTIVE, Game, PhaseRow
from service.notices.announcing import ANNOUNCE_LEASE, REFUSED_RETRY, Announcing
from service.notices.notifier import Message
from service.storage.repos import audit, faults, games, marks, phases, results, seats
from service.storage.repos import orders as order_rows
from service.timing.clock import from_ts, to_ts

if TYPE_CHECKING:
    from service.players.missed_orders import MissedOrders
    from service.timing.schedules import Schedules

log = logging.getLogger(__name__)

# How far ahead of a deadline the deadline pass of every game looks for reminders to send (a
# game's own alarm wakes for each of its reminders, however early).
REMINDER_LOOKAHEAD = 7 * 24 * 3600.0
# The pauses (seconds) before trying again a due game another session held during a deadline
# pass (about a second in all; then the game's alarm and the bot's tick try again).
SKIPPED_RETRIES = (0.0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5)

__all__ = ["REFUSED_RETRY", "Renderer", "ServiceCore"]


class ServiceCore(Announcing):
    """Start-up and shutdown, deadlines and reminders, adjudication (on top of the shared
    resources of `ServiceBase` and the announcements of `Announcing`)."""

    # areas composed by GameService that the core calls
    schedules: Schedules          # each new phase's deadline
    missed_orders: MissedOrders   # grace at a deadline, abandoned seats after adjudication

    # -- start-up and shutdown --------------------------------------------------------------
    async def startup(self) -> None:
        """Announce phases adjudicated but never announced, process overdue deadlines once in
        order, then (with the scheduler) rebuild one job per game from the database rows."""
        await self.announce_pending(take_over=True)   # this instance's, left by its last run
        await self.deliver_owed(take_over=True, now=True)  # all owed, its last run's too
        await self.prune_owed()
        await self.run_due()
        if self.use_scheduler:
            self.scheduler = AsyncIOScheduler(timezone=UTC)
            self.scheduler.start()
            async with self.db.read() as conn:
                rows = await phases.open_deadlines(conn)
            for game_id in dict.fromkeys(game_id for _p, game_id, _d in rows):
                try:
                    await self.reschedule(game_id)
                except Exception:  # the bot's tick still runs its deadlines
                    log.exception("scheduling game %s failed", game_id)

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
        times = [deadline] + [deadline - r for r in _reminders_within(game, phase)
                              if r not in sent]
        fault = await faults.get(conn, game_id)     # a failing game waits for its next try
        return max(min(times), fault.retry_at) if fault else min(times)

    async def run_due(self, game_id: int | None = None) -> int:
        """Send due reminders and adjudicate every phase whose deadline has passed (by the
        clock), soonest deadline first. Returns how many phases this process adjudicated.
        The scheduler calls this (for one game: its alarm; for all: the bot's tick and
        start-up); tests with a ManualClock call it after moving the clock.

        Several processes may run it at once on one database: each phase is claimed by
        locking its game (`transaction_if_free`: PostgreSQL skips a game another process
        holds), re-read inside the lock, and adjudicated only if still open; a skipped game
        still open after the pass (its lock was a brief write, such as a player's orders) is
        tried again for about a second (SKIPPED_RETRIES). The phases are
        found through the `phases_open` index: the due ones, and those whose reminders may be
        due (a deadline within REMINDER_LOOKAHEAD; a game's own alarm reaches further)."""
        await self.announce_pending()                  # retry any that failed before
        await self.deliver_owed()                      # and messages owed that did not go
        now = self.now_ts()
        horizon = None if game_id is not None else now + REMINDER_LOOKAHEAD
        async with self.db.read() as conn:
            rows = await phases.open_deadlines(conn, game_id=game_id, due_by=horizon)
        # A game that failed waits for its next try (service/timing/boundary.py); every step of a
        # game below runs in its own boundary, so one game's failure stops no other.
        resting = await self.failing_games()
        # Each announcement starts as soon as its phase is committed, so drawing the maps
        # (in worker processes) overlaps with adjudicating the next games.
        try:
            waited_for = await self.missed_orders.complete_in_grace()   # nobody left to wait for
        except Exception:  # a pass without it still adjudicates what is due
            log.exception("reading the phases held in grace failed")
            waited_for = set()
        announcing: list[asyncio.Task[None]] = []
        touched: list[int] = []
        passed: list[tuple[int, int, float]] = []      # due, and another session held it

        async def adjudicate_one(gid: int, phase_id: int, deadline: float,
                                 hold: bool) -> bool | None:
            if hold and await self.missed_orders.hold(gid, phase_id):
                return None                                # in grace for missing orders
            return await self.adjudicate_phase(gid, phase_id, trigger="deadline",
                                               announce=False, wait=False)

        async def adjudicate(gid: int, phase_id: int, deadline: float,
                             hold: bool = False) -> None:
            done = await self.guarded(gid, phase_id, "adjudicate",
                                      adjudicate_one(gid, phase_id, deadline, hold))
            if done:
                announcing.append(asyncio.create_task(self.announce(phase_id, claimed=True)))
            elif done is False:
                passed.append((gid, phase_id, deadline))

        for phase_id, gid, deadline in rows:
            touched.append(gid)
            if gid in resting:
                continue
            if deadline <= now or phase_id in waited_for:
                await adjudicate(gid, phase_id, deadline, hold=deadline <= now)
            else:
                await self.guarded(gid, phase_id, "reminders",
                                   self._send_reminders(gid, phase_id, deadline, now))
        # A game passed by was being adjudicated by another process (done by now, or in a
        # moment), or written to briefly (a player's orders): those still open are tried
        # again for a moment, so a due phase is not left to the next pass for a write of a
        # few milliseconds (and a process that hangs holding a game never stalls this pass).
        for pause in SKIPPED_RETRIES:
            if not passed:
                break
            await asyncio.sleep(pause)
            async with self.db.read() as conn:
                still_open = {p for p, _g, _d in await phases.open_deadlines(
                    conn, due_by=max(d for _g, _p, d in passed))}
            retried = [item for item in passed if item[1] in still_open]
            passed.clear()
            for item in retried:
                await adjudicate(*item)
        await asyncio.gather(*announcing, return_exceptions=True)
        for gid in dict.fromkeys(touched):
            try:
                await self.reschedule(gid)
            except Exception:  # its alarm is rebuilt by the next pass; the others still get theirs
                log.exception("rescheduling game %s failed", gid)
        return len(announcing)

    async def _send_reminders(self, game_id: int, phase_id: int, deadline: float,
                              now: float) -> None:
        async with self.db.read() as conn:          # most passes: nothing due, no write
            game = await self.game_or_fail(conn, game_id)
            phase = await phases.get(conn, phase_id)
            sent = await phases.reminders_sent(conn, phase_id)
        due = [r for r in _reminders_within(game, phase) if deadline - r <= now
               and r not in sent]
        if not due:
            return
        async with self.db.transaction(game_id) as conn:
            phase = await phases.get(conn, phase_id)
            if phase is None or phase.status != "open":
                return
            fresh = [r for r in due if await phases.note_reminder(conn, phase_id, r)]
            if not fresh:
                return
            owed = await self.owing(conn, game, phase)
            await self.owe_reminders(conn, game, phase, owed)
        await self.deliver_owed(game_id)

    @staticmethod
    async def owing(conn: Any, game: Game, phase: Any
                    ) -> dict[int, list[tuple[Power, tuple[str, ...]]]]:
        """Seated players still owing orders in `phase`: user -> [(power, units left)]."""
        given = await order_rows.effective(conn, phase.id)
        neutral = game.neutral_in(phase.position.phase)
        owed: dict[int, list[tuple[Power, tuple[str, ...]]]] = {}
        for seat in await seats.all_seats(conn, game.id):
            if seat.user_id is None:
                continue
            left = missing(phase.position, seat.power, given.get(seat.power, []), neutral)
            if left:
                owed.setdefault(seat.user_id, []).append((seat.power, left))
        return owed

    async def owe_reminders(self, conn: Any, game: Game, phase: Any,
                            owed: dict[int, list[tuple[Power, tuple[str, ...]]]]) -> None:
        """Inside the transaction that notes the reminder: a private reminder owed to each
        player in `owed`, and one notice to the channel (posted after the commit through the
        outbox, service/notices/outbox.py: a crash or a Discord failure delays them, never loses
        them)."""
        when = phase.deadline_at
        for user_id, items in owed.items():
            text = (f"{game.name}: the deadline for {phase.name} is {when:%Y-%m-%d %H:%M} UTC. "
                    "Still without orders: " + "; ".join(
                        f"{p.value}: {', '.join(left)}" for p, left in items))
            await self.owe_private(conn, game.id, user_id, Message(
                "reminder", text, {"game": game.name, "phase": phase.name, "deadline": when,
                                   "missing": {p.value: list(left) for p, left in items}}),
                game=game)
        if owed:
            # The channel hears it too, once per reminder, naming who still owes orders (the
            # bot mentions them); the service knows the game, so nobody has to guess it.
            owing = sorted(p.value for items in owed.values() for p, _left in items)
            await self.owe_post(conn, game, Message(
                "reminder.channel", f"{game.name}: the deadline for {phase.name} is "
                f"{when:%Y-%m-%d %H:%M} UTC. Still owing orders: " + ", ".join(owing),
                {"game": game.name, "game_id": game.id, "phase": phase.name, "deadline": when,
                 "users": list(owed), "powers": owing}, lang=game.settings.language,
                ping=True))

    # -- adjudication -----------------------------------------------------------------------
    async def adjudicate_phase(self, game_id: int, phase_id: int, *, trigger: str,
                               actor_id: int | None = None, announce: bool = True,
                               wait: bool = True) -> bool:
        """Adjudicate the open phase `phase_id` in one transaction, holding the game's lock.
        False when it is no longer open (another trigger or process got there first), the
        game is not running, or (`wait=False`, the deadline path) another process holds the
        game right now: it is that process's to adjudicate."""
        self._adjudicating[game_id] += 1
        committed = False
        abandoned: list[tuple[Power, int]] = []
        try:
            claim = self.db.transaction(game_id) if wait \
                else self.db.transaction_if_free(game_id)
            async with claim as conn:
                if conn is None:
                    return False
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
                await marks.keep(conn, game_id, phase_id)     # what a rollback puts back
                quiet = silence(phase.position, result.civil_disorder,
                                await order_rows.spoke(conn, phase_id),
                                game.neutral_in(phase_now))
                await results.store(conn, phase_id, result, quiet)
                # Its announcement is this process's, in the database (other processes) and
                # here (a retry of pending announcements in this process).
                await phases.claim_announcement(conn, phase_id, now,
                                                now + ANNOUNCE_LEASE.total_seconds(),
                                                self.instance)
                self._announcing.add(phase_id)
                if quiet.civil_disorder:
                    await seats.set_civil_disorder(conn, game_id, set(quiet.civil_disorder),
                                                   True)
                abandoned = await self.missed_orders.count(conn, game, phase, given,
                                                           quiet.civil_disorder, now)
                following = result.next_position
                side_before = game.joined_side
                game = await self._toss_coin_if_due(conn, game, following.phase, now)
                outcome = decide_end(game, following, counted=centres_counted(result))
                if outcome is None:      # a power eliminated mid-vote may complete a draw
                    outcome = await draw_vote.passed_draw(conn, game, following,
                                                          frozenset(result.civil_disorder))
                if outcome is not None:
                    await games.finish(conn, game_id, outcome, now)
                else:
                    deadline = await self.schedules.deadline_after(
                        conn, game, following.phase.kind, now=now,
                        previous_deadline=to_ts(phase.deadline_at) if phase.deadline_at
                        else None)
                    if nothing_to_choose(following, game.neutral_in(following.phase)):
                        deadline = now   # only forced removals: nobody is waited for
                    await phases.insert(conn, game_id, following, opened_at=now,
                                        deadline_at=deadline)
                if actor_id is not None:
                    await audit.log(conn, game_id, actor_id, trigger, {"phase": phase.name},
                                    now)
                await self.missed_orders.announce_abandoned(conn, game, abandoned)
                if game.joined_side is not None and side_before is None:
                    await self._owe_coin_toss(conn, game)
                await self._owe_reveal_if_ended(conn, game, phase, outcome is None)
            committed = True
        finally:
            if not committed:
                self._announcing.discard(phase_id)
            self._adjudicating[game_id] -= 1
            if not self._adjudicating[game_id]:
                del self._adjudicating[game_id]
        await self.deliver_owed(game_id)   # abandoned seats, the coin toss: before results
        if announce:
            await self.announce(phase_id, claimed=True)
            await self.reschedule(game_id)
        return True

    async def _owe_coin_toss(self, conn: Any, game: Game) -> None:
        setup = game.settings.setup
        joins = [p.value for p in setup.groups[game.joined_side]]
        await self.post(game, "game.coin_toss", f"{game.name}: the coin has spoken: "
                        f"{setup.joins_by_lot.value} joins " + ", ".join(joins)
                        + f" from {setup.joins_in}.", power=setup.joins_by_lot.value,
                        side=joins, conn=conn)

    async def _owe_reveal_if_ended(self, conn: Any, game: Game, phase: PhaseRow,
                                   going_on: bool) -> None:
        """Inside the adjudicating transaction: if the game ended, its replay and chart and
        an anonymous game's reveal, owed after the phase's results (service/notices/outbox.py). The
        phase's private notices are owed with its announcement (service/notices/announcing.py)."""
        if not going_on:
            await self.owe_ending(conn, game, after_phase=phase.id)

    async def _toss_coin_if_due(self, conn: Any, game: Game, upcoming: Phase,
                                now: float) -> Game:
        """Two players: before the adjustments of the year before the neutral power joins,
        a coin picks its side; its player takes it. The coin is tossed now, from fresh
        randomness (`toss_seed`), never from the game's recorded seed, which `/game export`
        shows: nobody can read the side before it is needed."""
        setup = game.settings.setup
        if not coin_toss_due(setup, upcoming, game.joined_side):
            return game
        side = coin_toss(setup, toss_seed())
        await games.set_joined_side(conn, game.id, side)
        holders = {s.power: s.user_id for s in await seats.all_seats(conn, game.id)}
        await seats.create(conn, game.id, {setup.joins_by_lot: holders.get(setup.groups[side][0])})
        await audit.log(conn, game.id, None, "coin_toss",
                        {"power": setup.joins_by_lot.value, "side": side,
                         "joins": [p.value for p in setup.groups[side]]}, now)
        return await games.get(conn, game.id)


def toss_seed() -> int:
    """The two-player coin's randomness, drawn when the coin is tossed (tests replace it)."""
    return secrets.randbits(64)


def _reminders_within(game: Game, phase: PhaseRow) -> list[float]:
    """The game's reminders (seconds before the deadline) that fall inside the phase: one
    longer than the phase itself would only repeat the notice of its opening."""
    if phase.deadline_at is None:
        return []
    length = to_ts(phase.deadline_at) - to_ts(phase.opened_at)
    return [r.total_seconds() for r in game.settings.reminders if r.total_seconds() < length]
