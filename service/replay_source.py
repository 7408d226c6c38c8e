"""What a game's replay and chart are drawn from: every phase of a game as it was played, read
from the database through the repositories (`service.repos`). Read only; no other module of the
service depends on it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.orders import parse_order
from engine.outcomes import OrderResult, Outcome, Reason, Status
from render.replay import Frame
from service.db import connect
from service.models import Game
from service.repos import games, phases, results


class NoSuchGame(LookupError):
    pass


@dataclass(frozen=True)
class GameStory:
    game: Game
    frames: list[Frame]          # every phase in play order, with its results once adjudicated

    @property
    def language(self) -> str:
        return self.game.settings.language or "en"


async def read_story(conn, game_id: int) -> GameStory:
    """The phases of game `game_id` with their orders' outcomes and civil disorder."""
    game = await games.get(conn, game_id)
    if game is None:
        raise NoSuchGame(f"there is no game {game_id}")
    frames = []
    for row in await phases.history(conn, game_id):
        drawn = []
        for stored in await results.of_phase(conn, row.id):
            order = parse_order(stored.order, row.position.phase.kind)
            outcome = Outcome(Status(stored.status),
                              Reason(stored.reason) if stored.reason else None, stored.province)
            drawn.append(OrderResult(stored.power, order, outcome, stored.order))
        after = await results.outcome(conn, row.id)
        disorder = frozenset(after[1]) if after else frozenset()
        frames.append(Frame(row.position, tuple(drawn), disorder))
    return GameStory(game, frames)


async def read_story_from(path: str | Path, game_id: int) -> GameStory:
    """`read_story` on the database file `path` (which must exist: it is never created)."""
    if str(path) != ":memory:" and not Path(path).is_file():
        raise FileNotFoundError(f"no database at {path}")
    conn = await connect(path)
    try:
        return await read_story(conn, game_id)
    finally:
        await conn.close()
