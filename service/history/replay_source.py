"""What a game's replay and chart are drawn from: every phase of a game as it was played, read
from the database through the repositories (`service.repos`). Read only."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from render.replay import Frame
from service.models import Game
from service.storage.db import is_postgres
from service.storage.opening import read_from
from service.storage.repos import games, phases, results
from service.storage.stored import engine_results, position_after


class NoSuchGame(LookupError):
    pass


@dataclass(frozen=True)
class GameStory:
    game: Game
    frames: list[Frame]          # every phase in play order, with its results once adjudicated

    @property
    def language(self) -> str:
        # None: the server's locale, which only the bot knows; the command line draws English.
        return self.game.settings.language or "en"


async def read_story(conn, game_id: int) -> GameStory:
    """The phases of game `game_id` with their orders' outcomes and civil disorder."""
    game = await games.get(conn, game_id)
    if game is None:
        raise NoSuchGame(f"there is no game {game_id}")
    frames = []
    last = None
    for row in await phases.history(conn, game_id):
        drawn = engine_results(await results.of_phase(conn, row.id), row.position.phase.kind)
        after = await results.outcome(conn, row.id)
        disorder = frozenset(after[1]) if after else frozenset()
        frames.append(Frame(row.position, tuple(drawn), disorder))
        last = (row, after)
    if frames and last[1]:
        # the position the last phase left: a finished game ends on its final board
        frames.append(Frame(position_after(last[0], last[1][0]), (), frozenset()))
    return GameStory(game, frames)


async def read_story_from(path: str | Path, game_id: int) -> GameStory:
    """`read_story` on the database `path`: a SQLite file (which must exist: it is never
    created) or a PostgreSQL URL (service.db_open.Unreachable when it cannot be reached)."""
    if not is_postgres(path) and str(path) != ":memory:" and not Path(path).is_file():
        raise FileNotFoundError(f"no database at {path}")
    return await read_from(path, lambda conn: read_story(conn, game_id))
