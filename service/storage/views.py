"""Building the read-only views the API returns from the repositories' rows."""

from __future__ import annotations

from typing import Any

from engine.position import Position
from service.games.obligations import needs_orders
from service.models import FINISHED, Game, GameView, PhaseRow, SeatView
from service.storage.repos import orders as order_rows
from service.storage.repos import phases, reachability, results, seats
from service.storage.stored import position_reached


async def game_view(conn: Any, game: Game) -> GameView:
    players = tuple(await seats.players(conn, game.id))
    phase = await phases.latest(conn, game.id)
    seat_views: list[SeatView] = []
    if phase is not None:
        is_open = phase.status == "open" and game.status != FINISHED
        sent = await order_rows.effective(conn, phase.id) if is_open else {}
        ready = await order_rows.ready_powers(conn, phase.id) if is_open else set()
        position = await shown_position(conn, game, phase)
        counts = position.center_counts()
        neutral = game.neutral_in(position.phase)
        away = await reachability.of_game(conn, game.id)
        for seat in await seats.all_seats(conn, game.id):
            seat_views.append(SeatView(
                power=seat.power, user_id=seat.user_id, civil_disorder=seat.civil_disorder,
                centers=counts.get(seat.power, 0),
                units=sum(1 for u in position.units if u.power == seat.power),
                has_orders=bool(sent.get(seat.power)),
                needs_orders=is_open and needs_orders(position, seat.power, neutral),
                ready=seat.power in ready,
                unreachable=away.get(seat.user_id) if seat.user_id else None,
                computer=seat.computer))
    return GameView(
        id=game.id, name=game.name, channel_id=game.channel_id, guild_id=game.guild_id,
        moderator_id=game.moderator_id, status=game.status, settings=game.settings,
        players=players, seats=tuple(seat_views), phase=phase.name if phase else None,
        deadline=(phase.deadline_at if phase and phase.status == "open"
                  and game.status != FINISHED else None),
        paused_remaining=game.paused_remaining, outcome=game.outcome,
        finished_at=game.finished_at)


async def shown_position(conn: Any, game: Game, phase: PhaseRow) -> Position:
    """The position a game stands at: its open phase's; once its last phase is adjudicated
    (a finished game), the one that phase left, builds and removals included."""
    if phase.status == "done":
        stored = await results.outcome(conn, phase.id)
        if stored is not None:
            return position_reached(phase, stored[0], game.neutral_in(phase.position.phase))
    return phase.position
