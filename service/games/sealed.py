"""Fog of war keeps the board sealed while a game is played (docs/variants.md): its map,
history, replay, chart, export and what-ifs show the whole board, so they open only once the
game has ended, then whole."""

from __future__ import annotations

from service.errors import InvalidRequest
from service.models import Game


def ensure_unsealed(game: Game) -> None:
    """InvalidRequest ("fog.sealed") while `game` is a fog game that has not ended."""
    if game.settings.fog and game.status != "finished":
        raise InvalidRequest("fog.sealed", f"{game.name} is played in fog of war: its map, "
                             "history, replay and export open when the game ends; each "
                             "player's own results and map come privately after each phase",
                             game=game.name)
