"""Seats the computer player holds (docs/computer.md): a moderator seats it at a power
(`seat`); `play` gives the orders of every computer seat that owes orders in a game's open
phase and has sent none, stored as a submission with no user (as a player's would be, so the
phase never waits for it and the results count them like anyone's). A player seated there
later (an approved claim, a replacement) takes the seat over: `seats.set_user` clears the
mark. The orders are worked out in a thread (`computer.choose_orders`, pure and
deterministic: the game, the phase and the power give the seed), outside any transaction.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from computer import choose_orders
from engine.fog import seen_position
from engine.orders import Order, Waive
from engine.vocabulary import Power
from service.games.lookups import game_or_fail, running_or_fail, seat_needs_orders
from service.games.obligations import unit_key
from service.models import ACTIVE, Game, PhaseRow
from service.storage.db import Database
from service.storage.repos import audit, phases, seats
from service.storage.repos import orders as order_rows
from service.timing.clock import Clock, now_ts, to_ts

THINK_MS = 2000
# How long before a deadline the computer gives the orders of the seats it plays (the game
# setting `computer_lead`, 10 minutes unless set): the deadline pass does it from then on
# (service/timing/deadlines.py), and the game's alarm wakes for it (service/timing/alarms.py),
# so a game gets them even with no other pass in between.
def computer_lead(game: Game) -> float:
    return game.settings.computer_lead.total_seconds()


# The longest lead a game may set: the deadline pass looks at the computer's seats of the
# games whose deadline is this close.
MAX_COMPUTER_LEAD = 3600.0


async def computer_owes(conn: Any, game: Game, phase: PhaseRow) -> list[Power]:
    """The computer's seats of `game` that owe orders in its open `phase` and have sent none."""
    mine = await seats.computer_powers(conn, game.id)
    if not mine:                  # most games: one query, no more
        return []
    sent = {Power(row[0]) for row in await order_rows.submissions(conn, phase.id)}
    return [p for p in mine if p not in sent and seat_needs_orders(phase, p, game)]


class ComputerSeats:
    def __init__(self, db: Database, clock: Clock, think_ms: int = THINK_MS,
                 reschedule: Callable[[int], Awaitable[None]] | None = None) -> None:
        self.db = db
        self.clock = clock
        self.think_ms = think_ms
        self.reschedule = reschedule     # the game's alarm, set again (Alarms.reschedule)

    async def seat(self, game_id: int, actor_id: int, power: Power) -> None:
        """The computer plays `power` from now on (the player seated there, if any, leaves
        the seat)."""
        async with self.db.transaction(game_id) as conn:
            await running_or_fail(conn, game_id)
            held = {s.power: s.user_id for s in await seats.all_seats(conn, game_id)}
            if held.get(power) is not None:
                await seats.set_user(conn, game_id, power, None)
            await seats.set_computer(conn, game_id, power, True)
            await audit.log(conn, game_id, actor_id, "seat_computer", {"power": power.value},
                            now_ts(self.clock))
        if self.reschedule is not None:   # it wakes for the computer's orders now
            await self.reschedule(game_id)

    async def powers(self, game_id: int) -> list[Power]:
        async with self.db.read() as conn:
            return await seats.computer_powers(conn, game_id)

    async def given(self, game_id: int) -> dict[Power, list[str]]:
        """The orders that count now for each computer seat of the game's open phase (for the
        moderators: nobody else sees them before the phase is adjudicated)."""
        async with self.db.read() as conn:
            phase = await phases.latest(conn, game_id)
            if phase is None or phase.status != "open":
                return {}
            mine = set(await seats.computer_powers(conn, game_id))
            counted = await order_rows.effective(conn, phase.id)
        return {p: orders for p, orders in sorted(counted.items()) if p in mine}

    async def play(self, game_id: int, *, when_due: bool = False) -> dict[Power, list[str]]:
        """Order for each computer seat of the game that owes orders in the open phase and
        has sent none; return what was submitted (nothing when the game is not active).
        `when_due`: only once the deadline is within the game's `computer_lead`."""
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            phase = await phases.latest(conn, game_id)
            if game.status != ACTIVE or phase is None or phase.status != "open":
                return {}
            if when_due and (phase.deadline_at is None or to_ts(phase.deadline_at)
                             - computer_lead(game) > now_ts(self.clock)):
                return {}
            todo = await computer_owes(conn, game, phase)
        if not todo:
            return {}       # no lock taken: a game another process holds is not waited for
        position = phase.position
        chosen: dict[Power, list[Order]] = {}
        for power in todo:
            # fog of war: the computer plays from what its power sees, as a player does
            seen = seen_position(position, power) if game.settings.fog else position
            chosen[power] = await asyncio.to_thread(
                choose_orders, seen, power, rules=game.settings.rules,
                seed=game.id * 1000 + phase.seq, think_ms=self.think_ms,
                neutral=game.neutral_in(position.phase), closed=game.closed_in(position.phase))
        done: dict[Power, list[str]] = {}
        # the deadline pass never waits for a game another process holds (it is adjudicating
        # it, or a player writes): the computer gives its orders at the next pass
        claim = self.db.transaction_if_free(game_id) if when_due \
            else self.db.transaction(game_id)
        async with claim as conn:
            if conn is None:
                return {}
            latest = await phases.latest(conn, game_id)
            if latest is None or latest.id != phase.id or latest.status != "open":
                return {}   # the phase moved on meanwhile: nothing to give
            sent = {Power(row[0]) for row in await order_rows.submissions(conn, phase.id)}
            holding = set(await seats.computer_powers(conn, game_id))
            for power, orders in chosen.items():
                if power in sent or power not in holding:
                    continue   # given meanwhile, or a player took the seat
                texts = [o.canonical() for o in orders]
                waives = 0
                items = []
                for order in orders:
                    waives += isinstance(order, Waive)
                    items.append((unit_key(order, waives), order.canonical()))
                await order_rows.add_submission(conn, phase.id, power, None, "\n".join(texts),
                                                "replace", items, now_ts(self.clock))
                done[power] = texts
            await seats.return_from_disorder(conn, game_id, set(done))
        return done
