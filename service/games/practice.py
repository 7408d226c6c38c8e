"""A solo practice game (`/practice`, docs/computer.md): one player against the computer at
every other power, run entirely in the player's private messages. It is an ordinary game whose
channel is the player's DM channel and whose moderator is the player: `start` creates it with
`computer_fills` and seats the player (at the power they chose, else one drawn by lot); a phase
is adjudicated as soon as the player marks themselves ready ("everyone ready" has the computer
give its seats' orders first, service/timing/deadlines.py), else at its short deadline. `end`
ends it."""

from __future__ import annotations

import random
from datetime import timedelta

from engine.vocabulary import Power
from service.errors import InvalidRequest
from service.games.lifecycle import Games
from service.models import FINISHED, GameSettings, GameView
from service.moderation.moderation import Moderation

# Short deadlines: the phase is processed as soon as the player is ready in any case.
PRACTICE_SETTINGS = {"movement_deadline": timedelta(hours=4),
                     "retreat_deadline": timedelta(hours=1),
                     "adjustment_deadline": timedelta(hours=1), "reminders": (),
                     "computer_fills": True, "press": "gunboat"}


class Practice:
    def __init__(self, games: Games, moderation: Moderation) -> None:
        self.games = games
        self.moderation = moderation

    async def running(self, user_id: int, channel_id: int) -> GameView | None:
        """The user's practice game still running in their DM channel, if any."""
        for view in await self.games.in_channel(channel_id):
            if view.moderator_id == user_id and view.status != FINISHED:
                return view
        return None

    async def start(self, user_id: int, channel_id: int, *, power: Power | None = None,
                    language: str | None = None, seed: int | None = None,
                    name: str = "Practice") -> GameView:
        """Start a practice game for `user_id` in their DM channel `channel_id`, at `power`
        (None: drawn by lot with `seed`); `name`: the game's, in the player's language."""
        if await self.running(user_id, channel_id) is not None:
            raise InvalidRequest("practice.already", "you already have a practice game: end "
                                 "it first")
        settings = GameSettings(language=language, **PRACTICE_SETTINGS)
        rng = random.Random(seed)
        chosen = power or rng.choice([p for group in settings.setup.groups for p in group])
        view = await self.games.create(channel_id=channel_id, moderator_id=user_id,
                                       name=name, settings=settings, confirmed=True,
                                       announce=False)
        await self.games.join(view.id, user_id)
        view = await self.games.start(view.id, user_id, assignments={chosen: user_id},
                                      seed=rng.randrange(2**62))
        return view

    async def end(self, user_id: int, channel_id: int) -> GameView:
        """End the user's practice game of this DM channel."""
        view = await self.running(user_id, channel_id)
        if view is None:
            raise InvalidRequest("practice.none", "you have no practice game to end")
        return await self.moderation.end_game(view.id, user_id, "")
