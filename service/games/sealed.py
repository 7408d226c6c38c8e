"""Fog of war keeps the board sealed while a game is played (docs/variants.md): its map,
history, replay, chart, export and what-ifs show the whole board, so they open only once the
game has ended, then whole. Until then a seated player's map, order preview and status show
what they see (`seen_view`, service/maps/views.py)."""

from __future__ import annotations

from dataclasses import replace

from engine.fog import seen_position
from engine.position import Position
from engine.vocabulary import PhaseKind, Power
from service.errors import InvalidRequest
from service.models import Game, GameView


def sealed(game: Game) -> bool:
    """Whether `game` is a fog game that has not ended (its whole board is not shown)."""
    return game.settings.fog and game.status != "finished"


def ensure_unsealed(game: Game) -> None:
    """InvalidRequest ("fog.sealed") while `game` is a fog game that has not ended."""
    if sealed(game):
        raise InvalidRequest("fog.sealed", f"{game.name} is played in fog of war: its map, "
                             "history, replay and export open when the game ends; each "
                             "player's own results and map come privately after each phase",
                             game=game.name)


def seen_view(view: GameView, powers: list[Power], kind: PhaseKind) -> GameView:
    """`/game status` of a running fog game for the player of `powers`: their own seats
    whole; of the other powers the player (as in any game), civil disorder and whether the
    player can be reached, their centre counts only where the setting `fog_centres` tells
    them to the channel, never their units; whether they owe or sent orders only in a
    movement phase (in a retreat or adjustment phase it would tell who was dislodged, or
    builds or removes)."""
    mine = set(powers)
    movement = kind is PhaseKind.MOVEMENT
    shown = []
    for seat in view.seats:
        if seat.power not in mine:
            seat = replace(seat, units=None,
                           centers=seat.centers if view.settings.fog_centres else None,
                           has_orders=seat.has_orders and movement,
                           needs_orders=seat.needs_orders and movement,
                           ready=seat.ready and movement)
        shown.append(seat)
    return replace(view, seats=tuple(shown))


def seen_by(position: Position, powers: list[Power],
            seen: frozenset[str] | None = None) -> Position:
    """The position with only what `powers` see together (`seen`: their sight, if known)."""
    views = [seen_position(position, p) for p in powers]
    units = {u for v in views for u in v.units}
    dislodged = {d for v in views for d in v.dislodged}
    centres: dict[Power, set[str]] = {}
    for v in views:
        for p, cs in v.supply_centers.items():
            centres.setdefault(p, set()).update(cs)
    if seen is not None:
        units = {u for u in units if u.province in seen}
    return Position(position.phase, tuple(sorted(units, key=str)),
                    {p: frozenset(cs) for p, cs in centres.items()},
                    tuple(sorted(dislodged, key=str)), position.variant)


def as_seen(game: Game, position: Position, powers: list[Power]) -> Position:
    """The position a player of `powers` reads and checks orders on: in a running fog game
    what they see (a reply about a unit, or the lack of one, tells nothing beyond it),
    otherwise the whole position."""
    return seen_by(position, powers) if sealed(game) and powers else position
