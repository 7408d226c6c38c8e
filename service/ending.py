"""When a game ends by itself, as the service records it: the engine decides
(`engine.game_end.game_status`: solo victory, last player, draw, end year), this module turns
its verdict into the outcome stored with the game and announced."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.game_end import game_status
from engine.position import Position
from engine.vocabulary import Power
from service.models import Game

_KINDS = {"solo": "victory", "last_player": "victory", "draw": "draw", "end_year": "end_year"}


def decide_end(game: Game, position: Position,
               draw_votes: Iterable[Power] = ()) -> dict[str, Any] | None:
    """The outcome (`{"kind": "victory" | "draw" | "end_year", "winners": [...], ...}`) if the
    game is over on reaching `position`, else None."""
    status = game_status(position, game.settings.setup, victory_target=game.settings.target,
                         end_year=game.settings.end_year, draw_votes=frozenset(draw_votes),
                         joined_side=game.joined_side)
    if status.over is None:
        return None
    winners = sorted(p.value for p in status.over.winners)
    outcome: dict[str, Any] = {
        "kind": _KINDS[status.over.how], "how": status.over.how, "winners": winners,
        "centers": {p.value: len(cs) for p, cs in sorted(position.supply_centers.items())
                    if cs}}
    if status.over.how == "draw":
        outcome["powers"] = winners
    if status.over.how == "end_year":
        outcome["year"] = game.settings.end_year
    return outcome


def eliminated(game: Game, position: Position) -> frozenset[Power]:
    """Powers with no unit and no centre left."""
    return game_status(position, game.settings.setup, joined_side=game.joined_side).eliminated
