"""Reading what a request names, or failing with the domain error a player or moderator reads:
the game, its open phase, the powers a user plays. Every area reads through these."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.vocabulary import Power
from service.errors import InvalidRequest, NotAllowed, NotFound
from service.games.obligations import needs_orders
from service.models import ACTIVE, FINISHED, PAUSED, Game, PhaseRow
from service.notices.notifier import Message
from service.storage.db import Database
from service.storage.repos import games, phases, seats

_MENTION = re.compile(r"<@!?\d+>")


async def game_or_fail(conn: Any, game_id: int) -> Game:
    game = await games.get(conn, game_id)
    if game is None:
        raise NotFound("game.not_found", f"there is no game {game_id}", game_id=game_id,
                       id=game_id)
    return game


async def running_or_fail(conn: Any, game_id: int) -> Game:
    """The game, when it is running (active or paused)."""
    game = await game_or_fail(conn, game_id)
    if game.status not in (ACTIVE, PAUSED):
        raise InvalidRequest("moderation.not_running", f"{game.name} is {game.status}",
                             game=game.name, status=game.status)
    return game


async def open_phase_or_fail(conn: Any, game: Game) -> PhaseRow:
    phase = await phases.latest(conn, game.id)
    if game.status == FINISHED or phase is None or phase.status != "open":
        raise InvalidRequest("game.no_open_phase", f"{game.name} has no phase in play "
                             f"(the game is {game.status})", game=game.name,
                             status=game.status)
    return phase


async def active_phase_or_fail(conn: Any, game_id: int) -> tuple[Game, PhaseRow]:
    """The game and its open phase, when the game is active (not paused)."""
    game = await game_or_fail(conn, game_id)
    phase = await open_phase_or_fail(conn, game)
    if game.status != ACTIVE:
        raise InvalidRequest("moderation.not_active", f"{game.name} is {game.status}",
                             game=game.name, status=game.status)
    return game, phase


async def powers_or_fail(conn: Any, game: Game, user_id: int) -> list[Power]:
    """The powers `user_id` plays in `game` (NotAllowed when none)."""
    mine = await seats.powers_of(conn, game.id, user_id)
    if not mine:
        raise NotAllowed("orders.not_seated", f"you do not play a power in {game.name}",
                         game=game.name)
    return mine


async def game_owning(db: Database, game_of: Any, row_id: int) -> int | None:
    """The game a row (an extension, absence, claim) belongs to, read before the write
    transaction that changes the row, so that transaction can lock the game first (None
    when there is no such row: the transaction then says so)."""
    async with db.read() as conn:
        return await game_of(conn, row_id)


def seat_needs_orders(phase: PhaseRow, power: Power, game: Game) -> bool:
    return needs_orders(phase.position, power, game.neutral_in(phase.position.phase))


def as_posted(game: Game, message: Message) -> Message:
    """`message` as the game's channel may show it: in an anonymous game an anonymous
    message (its English text without mentions)."""
    if game.settings.anonymous and not message.anonymous:
        message = replace(message, anonymous=True, ping=False,
                          text=_MENTION.sub("someone", message.text))
    return message
