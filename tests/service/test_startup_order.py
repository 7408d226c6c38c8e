"""`GameService.open(start=False)`: opening only opens the database; the deadlines missed while
the process was down wait for `startup()`, which the bot runs once its notifier can post
(bot/runner.py), so those announcements go out at once and never fail for want of it."""

from __future__ import annotations

from datetime import timedelta

from service.game_service import GameService
from tests.service.conftest import start_game


async def test_the_start_up_waits_until_it_is_asked_for(open_service, db_path, clock, notifier,
                                                        renderer):
    async with open_service() as service:
        game = await start_game(service)
    clock.advance(timedelta(days=2))                     # the deadline passed while down
    later = GameService.open(db_path, notifier=notifier, clock=clock, renderer=renderer,
                             scheduler=False, start=False)
    async with later as service:
        assert notifier.posted("phase.results") == []
        assert (await service.games.status(game.id)).phase == "S1901M"
        await service.startup()
        assert [m.params["phase"] for m in notifier.posted("phase.results")] == ["S1901M"]
        assert (await service.games.status(game.id)).phase == "F1901M"
