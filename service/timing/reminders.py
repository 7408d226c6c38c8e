"""Reminders before a deadline: who still owes orders, told privately, and one notice to the
channel naming them (owed through the outbox inside the transaction that notes the reminder,
so a crash or a Discord failure delays them, never loses them)."""

from __future__ import annotations

from typing import Any

from engine.vocabulary import PhaseKind, Power
from service.games.lookups import game_or_fail
from service.games.obligations import missing
from service.models import Game, PhaseRow
from service.notices.notifier import Message
from service.notices.outbox import Outbox
from service.storage.db import Database
from service.storage.repos import orders as order_rows
from service.storage.repos import phases, seats
from service.timing.clock import to_ts

Owed = dict[int, list[tuple[Power, tuple[str, ...]]]]


def reminders_within(game: Game, phase: PhaseRow) -> list[float]:
    """The game's reminders (seconds before the deadline) that fall inside the phase: one
    longer than the phase itself would only repeat the notice of its opening."""
    if phase.deadline_at is None:
        return []
    length = to_ts(phase.deadline_at) - to_ts(phase.opened_at)
    return [r.total_seconds() for r in game.settings.reminders if r.total_seconds() < length]


class Reminders:
    def __init__(self, db: Database, outbox: Outbox) -> None:
        self.db = db
        self.outbox = outbox

    async def send_due(self, game_id: int, phase_id: int, deadline: float,
                       now: float) -> None:
        """Send the phase's reminders that are due by `now` and not sent yet."""
        async with self.db.read() as conn:          # most passes: nothing due, no write
            game = await game_or_fail(conn, game_id)
            phase = await phases.get(conn, phase_id)
            sent = await phases.reminders_sent(conn, phase_id)
        due = [r for r in reminders_within(game, phase) if deadline - r <= now
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
        await self.outbox.deliver_owed(game_id)

    @staticmethod
    async def owing(conn: Any, game: Game, phase: Any) -> Owed:
        """Seated players still owing orders in `phase`: user -> [(power, units left)]."""
        given = await order_rows.effective(conn, phase.id)
        neutral = game.neutral_in(phase.position.phase)
        owed: Owed = {}
        for seat in await seats.all_seats(conn, game.id):
            if seat.user_id is None:
                continue
            left = missing(phase.position, seat.power, given.get(seat.power, []), neutral)
            if left:
                owed.setdefault(seat.user_id, []).append((seat.power, left))
        return owed

    async def owe_reminders(self, conn: Any, game: Game, phase: Any, owed: Owed) -> None:
        """Inside the transaction that notes the reminder: a private reminder owed to each
        player in `owed`, and one notice to the channel."""
        when = phase.deadline_at
        for user_id, items in owed.items():
            text = (f"{game.name}: the deadline for {phase.name} is {when:%Y-%m-%d %H:%M} UTC. "
                    "Still without orders: " + "; ".join(
                        f"{p.value}: {', '.join(left)}" for p, left in items))
            await self.outbox.owe_private(conn, game.id, user_id, Message(
                "reminder", text, {"game": game.name, "phase": phase.name, "deadline": when,
                                   "missing": {p.value: list(left) for p, left in items}}),
                game=game)
        if owed and game.settings.fog and phase.position.phase.kind is not PhaseKind.MOVEMENT:
            # fog of war: who owes retreats or adjustments would tell who was dislodged, or
            # builds or removes; the channel hears only that the deadline nears
            await self.outbox.owe_post(conn, game, Message(
                "reminder.channel_fog", f"{game.name}: the deadline for {phase.name} is "
                f"{when:%Y-%m-%d %H:%M} UTC.",
                {"game": game.name, "game_id": game.id, "phase": phase.name, "deadline": when},
                lang=game.settings.language))
        elif owed:
            # The channel hears it too, once per reminder, naming who still owes orders (the
            # bot mentions them); the service knows the game, so nobody has to guess it.
            owing = sorted(p.value for items in owed.values() for p, _left in items)
            await self.outbox.owe_post(conn, game, Message(
                "reminder.channel", f"{game.name}: the deadline for {phase.name} is "
                f"{when:%Y-%m-%d %H:%M} UTC. Still owing orders: " + ", ".join(owing),
                {"game": game.name, "game_id": game.id, "phase": phase.name, "deadline": when,
                 "users": list(owed), "powers": owing}, lang=game.settings.language,
                ping=True))
