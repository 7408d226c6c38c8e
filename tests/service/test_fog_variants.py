"""Fog of war on every variant (docs/variants.md: fog is a rule of a game on any board): six
phases of random movement orders and the computer player's retreats and builds, then
everything the stand-in notifier and renderer recorded goes through the fog check
(`fog_check.leaks`) against each reader's sight on that variant's board."""

from __future__ import annotations

import random

import pytest

from engine import VARIANT_IDS, board_of
from service.storage.repos import phases
from tests.service.conftest import CHANNEL, MODERATOR, start_game
from tests.service.fog_check import TaggedRenderer, leaks
from tests.service.fog_check import board_of as played_board
from tests.service.test_variant_games import orders_for


@pytest.fixture
def renderer():
    return TaggedRenderer()


async def _play(service, vid: str, fog: bool):
    board = board_of(vid)
    channel = CHANNEL + VARIANT_IDS.index(vid)
    game = await start_game(service, players=len(board.powers), board=vid, fog=fog,
                            name=f"Fog on {vid}", channel=channel)
    rng = random.Random(vid)
    for _ in range(6):
        async with service.db.read() as conn:
            phase = await phases.latest(conn, game.id)
        for power, texts in orders_for(phase.position, board, rng).items():
            await service.orders.submit(game.id, game.user[power], "\n".join(texts))
        await service.moderation.process_now(game.id, MODERATOR)
    return game, channel


@pytest.mark.parametrize("vid", VARIANT_IDS)
async def test_a_fog_game_on_each_variant_tells_each_player_only_what_they_see(
        service, notifier, renderer, vid):
    renderer.calls.clear()
    game, channel = await _play(service, vid, fog=True)
    found = leaks(game, notifier, renderer, await played_board(service, game.id),
                  channel=channel)
    assert found == [], "\n".join(found[:20])
    drawn = [c for c in renderer.calls if c.get("visible") is not None]
    assert len(drawn) >= len(game.user)                 # each player's own maps were drawn


@pytest.mark.parametrize("vid", ["ancmed", "france_austria"])
async def test_without_the_rule_the_check_finds_the_board_told(service, notifier, renderer,
                                                                vid):
    renderer.calls.clear()
    game, channel = await _play(service, vid, fog=False)
    found = leaks(game, notifier, renderer, await played_board(service, game.id),
                  channel=channel, fog=False)
    assert any("carries a map" in f for f in found)
    assert any("tells results" in f for f in found)
