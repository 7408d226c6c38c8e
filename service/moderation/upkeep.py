"""A moderator's upkeep of a game: who still owes orders (asked before processing a phase
early), reminders sent now, and deleting a game created by mistake (before it starts)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.vocabulary import Power
from service.errors import InvalidRequest
from service.games.lookups import active_phase_or_fail, game_or_fail, open_phase_or_fail
from service.games.obligations import missing
from service.models import FORMING
from service.notices.notifier import Message
from service.notices.outbox import Outbox
from service.storage.db import Database
from service.storage.repos import audit, game_config, seats
from service.storage.repos import orders as order_rows
from service.timing.clock import Clock, now_ts
from service.timing.reminders import Reminders


@dataclass(frozen=True)
class Owing:
    """A power that has something to order in the open phase and has not ordered all of it."""

    power: Power
    user_id: int | None              # None: vacant
    units: tuple[str, ...]           # still without an order, e.g. "A PAR"


class Upkeep:
    def __init__(self, db: Database, clock: Clock, outbox: Outbox, reminders: Reminders) -> None:
        self.reminders = reminders
        self.db = db
        self.clock = clock
        self.outbox = outbox

    async def owing(self, game_id: int) -> tuple[str, list[Owing]]:
        """(the open phase, every power still without all its orders, vacant ones too)."""
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            phase = await open_phase_or_fail(conn, game)
            given = await order_rows.effective(conn, phase.id)
            neutral = game.neutral_in(phase.position.phase)
            found = []
            for seat in await seats.all_seats(conn, game_id):
                left = missing(phase.position, seat.power, given.get(seat.power, []), neutral)
                if left:
                    found.append(Owing(seat.power, seat.user_id, left))
        return phase.name, found

    async def remind_now(self, game_id: int, actor_id: int) -> list[int]:
        """Send the reminders now to every seated player still owing orders (and the notice to
        the channel); the users reminded (none: nobody owes anything)."""
        async with self.db.transaction(game_id) as conn:
            game, phase = await active_phase_or_fail(conn, game_id)
            owed = await self.reminders.owing(conn, game, phase)
            await audit.log(conn, game_id, actor_id, "remind",
                            {"phase": phase.name, "users": list(owed)}, now_ts(self.clock))
            await self.reminders.owe_reminders(conn, game, phase, owed)
        await self.outbox.deliver_owed(game_id)
        return list(owed)

    async def delete_game(self, game_id: int, actor_id: int) -> str:
        """Delete a game that has not started (its name is returned). Once started, a game is
        ended (`end_game`), never deleted: its record stays."""
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            if game.status != FORMING or not await game_config.delete_forming(conn, game_id):
                raise InvalidRequest("moderation.delete_started", f"{game.name} has started: "
                                     "end it instead", game=game.name)
        await self.outbox.post_deleted(game, Message(
            "moderation.deleted", f"The game {game.name} was deleted by <@{actor_id}> before "
            "it started.", {"game": game.name, "actor_id": actor_id},
            lang=game.settings.language))
        return game.name
