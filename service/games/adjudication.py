"""Adjudicating a phase: one transaction, guarded by the phase id.

- A phase is adjudicated once. The transaction that adjudicates it locks its game (one writer
  at a time, across processes too), re-reads the phase and stops unless it is still open, and
  flips it to done in the same transaction that stores the results and opens the next phase. A
  second trigger finds it done and does nothing.
- Never half a phase: results, the next phase, civil-disorder marks and the game's end are
  written in that one transaction; a process killed inside it leaves the database as before.
- Its announcement is claimed in that transaction for this process (`Announcer.hold`), and
  posted after the commit by the caller (service/timing/deadlines.py), so an announcement may
  repeat after a crash, never vanish.
"""

from __future__ import annotations

import secrets
from collections import Counter
from typing import Any

from engine.adjudicator import adjudicate
from engine.setups import coin_toss, coin_toss_due
from engine.vocabulary import Phase, Power
from service.games import draw_vote
from service.games.end_rules import centres_counted, decide_end
from service.games.obligations import nothing_to_choose, silence
from service.models import ACTIVE, Game, PhaseRow
from service.notices.announcing import ANNOUNCE_LEASE, Announcer
from service.notices.outbox import Outbox
from service.players.missed_orders import MissedOrders
from service.storage.db import Database
from service.storage.repos import audit, games, marks, phases, results, seats
from service.storage.repos import orders as order_rows
from service.timing.clock import Clock, now_ts, to_ts
from service.timing.schedules import Schedules


def toss_seed() -> int:
    """The two-player coin's randomness, drawn when the coin is tossed (tests replace it)."""
    return secrets.randbits(64)


class Adjudication:
    def __init__(self, db: Database, clock: Clock, outbox: Outbox, announcer: Announcer,
                 schedules: Schedules, missed_orders: MissedOrders, instance: str) -> None:
        self.db = db
        self.clock = clock
        self.outbox = outbox
        self.announcer = announcer
        self.schedules = schedules
        self.missed_orders = missed_orders
        self.instance = instance
        # Games with an adjudication under way in this process: orders for them are refused
        # at once rather than queued behind it and silently applied to the next phase.
        self._running: Counter[int] = Counter()

    def is_adjudicating(self, game_id: int) -> bool:
        return self._running[game_id] > 0

    async def adjudicate_phase(self, game_id: int, phase_id: int, *, trigger: str,
                               actor_id: int | None = None, wait: bool = True) -> bool:
        """Adjudicate the open phase `phase_id` in one transaction, holding the game's lock.
        False when it is no longer open (another trigger or process got there first), the
        game is not running, or (`wait=False`, the deadline path) another process holds the
        game right now: it is that process's to adjudicate. The messages it owes are
        delivered; the announcement is the caller's."""
        self._running[game_id] += 1
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
                now = now_ts(self.clock)
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
                self.announcer.hold(phase_id)
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
                self.announcer.release(phase_id)
            self._running[game_id] -= 1
            if not self._running[game_id]:
                del self._running[game_id]
        await self.outbox.deliver_owed(game_id)   # abandoned seats, the coin toss: before results
        return True

    async def _owe_coin_toss(self, conn: Any, game: Game) -> None:
        setup = game.settings.setup
        joins = [p.value for p in setup.groups[game.joined_side]]
        await self.outbox.post(game, "game.coin_toss", f"{game.name}: the coin has spoken: "
                               f"{setup.joins_by_lot.value} joins " + ", ".join(joins)
                               + f" from {setup.joins_in}.", power=setup.joins_by_lot.value,
                               side=joins, conn=conn)

    async def _owe_reveal_if_ended(self, conn: Any, game: Game, phase: PhaseRow,
                                   going_on: bool) -> None:
        """Inside the adjudicating transaction: if the game ended, its replay and chart and
        an anonymous game's reveal, owed after the phase's results (service/notices/outbox.py).
        The phase's private notices are owed with its announcement
        (service/notices/announcing.py)."""
        if not going_on:
            await self.outbox.owe_ending(conn, game, after_phase=phase.id)

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
