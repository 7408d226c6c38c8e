"""The roster message of a game (bot/roster.py edits it): its id kept with the game, and the
roster sent with each join and leave."""

from __future__ import annotations

from tests.service.conftest import MODERATOR


async def test_the_roster_message_is_kept_and_each_change_carries_the_roster(service,
                                                                             notifier):
    game = await service.games.create(channel_id=77, moderator_id=MODERATOR, name="Lepanto")
    assert await service.games.roster_message(game.id) is None
    await service.games.join(game.id, 11)
    await service.games.join(game.id, 12)
    await service.games.leave(game.id, 11)
    joined, left = notifier.posted("game.joined"), notifier.posted("game.left")
    assert [m.params["roster"] for m in joined] == [[11], [11, 12]]
    assert left[0].params["roster"] == [12] and left[0].params["count"] == 1
    assert {m.params["game_id"] for m in joined + left} == {game.id}
    await service.games.set_roster_message(game.id, 1_234_567_890_123_456_789)   # a Discord id
    assert await service.games.roster_message(game.id) == 1_234_567_890_123_456_789
    await service.games.set_roster_message(game.id, None)                        # it was deleted
    assert await service.games.roster_message(game.id) is None
