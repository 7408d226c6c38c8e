"""A game's story in pictures: the animated replay of every phase (posted when a game ends,
and on request with /game replay) and the chart of supply centres per power per year (in
/game status and at the end). Both are drawn where maps are drawn (worker processes)."""

from __future__ import annotations

from render.chart import render_chart, yearly_counts
from render.replay import render_replay
from service.errors import InvalidRequest
from service.games.sealed import ensure_unsealed
from service.history.replay_source import GameStory, read_story
from service.maps.drawing import Drawing
from service.models import MapImage
from service.storage.db import Database


class Replays:
    def __init__(self, db: Database, drawing: Drawing) -> None:
        self.db = db
        self.drawing = drawing

    async def story(self, game_id: int) -> GameStory:
        async with self.db.read() as conn:
            story = await read_story(conn, game_id)
        ensure_unsealed(story.game)         # fog of war: the whole game once it has ended
        if not story.frames:
            raise InvalidRequest("game.not_started", f"{story.game.name} has not started",
                                 game=story.game.name)
        return story

    async def replay(self, game_id: int) -> MapImage:
        """Every phase of the game as an animated GIF (within Discord's upload limit)."""
        story = await self.story(game_id)
        gif = await self.drawing.draw(render_replay, story.frames, image_format="gif",
                                      game_name=story.game.name, language=story.language,
                                      palette=story.game.settings.palette)
        return MapImage(story.frames[-1].position.phase.name, gif,
                        f"game-{game_id}-replay.gif")

    async def chart(self, game_id: int) -> MapImage:
        """The supply centres of each power at the start of each year, as a PNG."""
        story = await self.story(game_id)
        png = await self.drawing.draw(render_chart,
                                      yearly_counts(f.position for f in story.frames),
                                      game_name=story.game.name, language=story.language,
                                      palette=story.game.settings.palette,
                                      target=story.game.settings.target,
                                      variant=story.game.settings.board)
        return MapImage(story.frames[-1].position.phase.name, png,
                        f"game-{game_id}-centres.png")
