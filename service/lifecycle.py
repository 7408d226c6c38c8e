"""Game lifecycle: create, join, leave, start (powers drawn by lot from a recorded seed, or
assigned by the moderator), and the read-only views the bot shows (status, game pickers)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.vocabulary import Power
from service.core import ServiceCore
from service.models import GameSettings, GameView


class LifecycleMixin(ServiceCore):
    async def create_game(self, *, channel_id: int, moderator_id: int, name: str,
                          settings: GameSettings | None = None,
                          guild_id: int | None = None) -> GameView:
        """Create a game in `channel_id`, forming (players may join). Settings are validated
        (InvalidRequest names the bad field). Logged in the audit log and announced."""
        raise NotImplementedError

    async def join(self, game_id: int, user_id: int) -> GameView:
        """Add a player to a forming game's roster (NotAllowed when full or started)."""
        raise NotImplementedError

    async def leave(self, game_id: int, user_id: int) -> GameView:
        """Leave a forming game's roster. Once the game runs a player leaves through the
        moderator (`remove_player`)."""
        raise NotImplementedError

    async def start(self, game_id: int, actor_id: int, *,
                    assignments: Mapping[Power, int] | None = None,
                    seed: int | None = None) -> GameView:
        """Start a forming game. Without `assignments` the set-up's power groups are drawn by
        lot among the roster (seed 000 I) with `random.Random(seed)`; the seed (random when
        not given) is recorded in the game. With `assignments` (power -> user) the moderator
        chooses; every power in play must be assigned, a group's powers to one user.
        Opens the first phase with its deadline and announces the seats."""
        raise NotImplementedError

    async def status(self, game_id: int) -> GameView:
        """The game's phase, deadline, seats (with centres, units, civil disorder, and
        whether each power has sent orders — never which), roster and outcome."""
        raise NotImplementedError

    async def games_in_channel(self, channel_id: int, *,
                               include_finished: bool = False) -> list[GameView]:
        """Games of a channel, oldest first (to pick one when a channel has several)."""
        raise NotImplementedError

    async def games_of_user(self, user_id: int) -> list[GameView]:
        """Unfinished games where the user holds a seat or has joined the roster."""
        raise NotImplementedError
