"""The deadline pass: reminders due, phases whose deadline has passed adjudicated and
announced, soonest first, each game inside its error boundary; and the one way a phase is
adjudicated before its deadline (a moderator's "process now", every player ready).

Deadlines live in the `phases` rows. The alarms (service/timing/alarms.py) hold one job per
game, at its next reminder or deadline; a job only calls `run_due`, which decides from the
rows and the clock.
"""

from __future__ import annotations

import asyncio
import logging

from service.games.adjudication import Adjudication
from service.notices.announcing import Announcer
from service.notices.outbox import Outbox
from service.players.computer import ComputerSeats
from service.players.missed_orders import MissedOrders
from service.storage.db import Database
from service.storage.repos import phases
from service.timing.alarms import Alarms
from service.timing.boundary import Faults
from service.timing.clock import Clock, now_ts
from service.timing.reminders import Reminders

log = logging.getLogger(__name__)

# How far ahead of a deadline the deadline pass of every game looks for reminders to send (a
# game's own alarm wakes for each of its reminders, however early).
REMINDER_LOOKAHEAD = 7 * 24 * 3600.0
# The pauses (seconds) before trying again a due game another session held during a deadline
# pass (about a second in all; then the game's alarm and the bot's tick try again).
SKIPPED_RETRIES = (0.0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5)
# How long before a deadline the computer gives the orders of the seats it plays (a pass
# that finds a deadline this close, or past, has it order first: the phase never waits).
COMPUTER_LEAD = 600.0


class Deadlines:
    def __init__(self, db: Database, clock: Clock, alarms: Alarms, adjudication: Adjudication,
                 announcer: Announcer, faults: Faults, outbox: Outbox,
                 missed_orders: MissedOrders, reminders: Reminders,
                 computer: ComputerSeats | None = None) -> None:
        self.db = db
        self.computer = computer
        self.clock = clock
        self.alarms = alarms
        self.adjudication = adjudication
        self.announcer = announcer
        self.faults = faults
        self.outbox = outbox
        self.missed_orders = missed_orders
        self.reminders = reminders

    async def startup(self) -> None:
        """Announce phases adjudicated but never announced, deliver what is owed, process
        overdue deadlines once in order, then set one alarm per game from the rows."""
        await self.announcer.announce_pending(take_over=True)  # this instance's, left by its last run
        await self.outbox.deliver_owed(take_over=True, now=True)  # all owed, its last run's too
        await self.outbox.prune_owed()
        await self.run_due()
        # the alarm looks `run_due` up when it rings (a spy set on this object is seen)
        await self.alarms.start(lambda game_id: self.run_due(game_id))

    async def adjudicate_now(self, game_id: int, phase_id: int, *, trigger: str,
                             actor_id: int | None = None) -> bool:
        """Adjudicate the open phase before its deadline (a moderator's "process now", every
        player ready), then announce it and set the game's next alarm. False when it was no
        longer open."""
        if not await self.adjudication.adjudicate_phase(game_id, phase_id, trigger=trigger,
                                                        actor_id=actor_id):
            return False
        await self.announcer.announce(phase_id, claimed=True)
        await self.alarms.reschedule(game_id)
        return True

    async def run_due(self, game_id: int | None = None) -> int:
        """Send due reminders and adjudicate every phase whose deadline has passed (by the
        clock), soonest deadline first. Returns how many phases this process adjudicated.
        The alarms call this (for one game: its alarm; for all: the bot's tick and
        start-up); tests with a ManualClock call it after moving the clock.

        Several processes may run it at once on one database: each phase is claimed by
        locking its game (`transaction_if_free`: PostgreSQL skips a game another process
        holds), re-read inside the lock, and adjudicated only if still open; a skipped game
        still open after the pass (its lock was a brief write, such as a player's orders) is
        tried again for about a second (SKIPPED_RETRIES). The phases are
        found through the `phases_open` index: the due ones, and those whose reminders may be
        due (a deadline within REMINDER_LOOKAHEAD; a game's own alarm reaches further)."""
        await self.announcer.announce_pending()        # retry any that failed before
        await self.outbox.deliver_owed()               # and messages owed that did not go
        now = now_ts(self.clock)
        horizon = None if game_id is not None else now + REMINDER_LOOKAHEAD
        async with self.db.read() as conn:
            rows = await phases.open_deadlines(conn, game_id=game_id, due_by=horizon)
        # A game that failed waits for its next try (service/timing/boundary.py); every step
        # of a game below runs in its own boundary, so one game's failure stops no other.
        resting = await self.faults.failing_games()
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
            return await self.adjudication.adjudicate_phase(gid, phase_id, trigger="deadline",
                                                            wait=False)

        async def adjudicate(gid: int, phase_id: int, deadline: float,
                             hold: bool = False) -> None:
            done = await self.faults.guarded(gid, phase_id, "adjudicate",
                                             adjudicate_one(gid, phase_id, deadline, hold))
            if done:
                announcing.append(asyncio.create_task(
                    self.announcer.announce(phase_id, claimed=True)))
            elif done is False:
                passed.append((gid, phase_id, deadline))

        for phase_id, gid, deadline in rows:
            touched.append(gid)
            if gid in resting:
                continue
            if self.computer is not None and deadline - COMPUTER_LEAD <= now:
                await self.faults.guarded(gid, phase_id, "computer", self.computer.play(gid))
            if deadline <= now or phase_id in waited_for:
                await adjudicate(gid, phase_id, deadline, hold=deadline <= now)
            else:
                await self.faults.guarded(gid, phase_id, "reminders",
                                          self.reminders.send_due(gid, phase_id, deadline, now))
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
                await self.alarms.reschedule(gid)
            except Exception:  # its alarm is rebuilt by the next pass; the others still get theirs
                log.exception("rescheduling game %s failed", gid)
        return len(announcing)
