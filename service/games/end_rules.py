"""When a game ends by itself, as the service records it: the engine decides
(`engine.game_end.game_status`: solo victory, last player, draw, end year), this module turns
its verdict into the outcome stored with the game and announced.

Centres change hands only after Fall (seed 000 II, VI), so a solo victory, the end year's
result and eliminations are decided only after a phase in which centre ownership was
(re)computed, or after the adjustments; between those counts only a draw vote can end the
game (it may pass at any time)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.adjudicator import PhaseResult
from engine.game_end import game_status
from engine.position import Position
from engine.vocabulary import PhaseKind, Power
from service.models import Game

_KINDS = {"solo": "victory", "last_player": "victory", "draw": "draw", "end_year": "end_year"}
# No contender can reach this (34 centres, 34 units): between counts only the draw is decided.
_UNREACHABLE = 10_000


def centres_counted(result: PhaseResult) -> bool:
    """Whether the game's end and eliminations are decided after this phase: the centres were
    counted in it (Fall, once the retreats are done), or it was the adjustments."""
    return result.centers_updated or result.phase.kind is PhaseKind.ADJUSTMENT


def decide_end(game: Game, position: Position, draw_votes: Iterable[Power] = (), *,
               counted: bool = True) -> dict[str, Any] | None:
    """The outcome (`{"kind": "victory" | "draw" | "end_year", "winners": [...], ...}`) if the
    game is over on reaching `position`, else None. With `counted=False` (no count of the
    centres has just happened) only a draw can end it."""
    settings = game.settings
    status = game_status(position, settings.setup,
                         victory_target=settings.target if counted else _UNREACHABLE,
                         end_year=settings.end_year if counted else None,
                         draw_votes=frozenset(draw_votes), joined_side=game.joined_side)
    if status.over is None or (not counted and status.over.how != "draw"):
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
