"""A server's standings (service.records.standings) on SQLite and PostgreSQL: finished games
only, in the server's scoring system once a moderator keeps one."""

from __future__ import annotations

import pytest

from engine.vocabulary import Power
from service.errors import InvalidRequest
from service.models import GameSettings
from tests.service.conftest import MODERATOR, Started

GUILD = 77


async def _game(service, name: str, channel: int) -> Started:
    """A started seven-player game on the server GUILD, its users unique to it."""
    game = await service.games.create(channel_id=channel, moderator_id=MODERATOR, name=name,
                                      settings=GameSettings(players=7), guild_id=GUILD)
    for user in range(game.id * 100 + 1, game.id * 100 + 8):
        await service.games.join(game.id, user)
    view = await service.games.start(game.id, MODERATOR, seed=1)
    return Started(view, {s.power: s.user_id for s in view.seats})


async def test_standings_over_finished_games_in_the_servers_system(service):
    solo = await _game(service, "One", 11)
    draw = await _game(service, "Two", 12)
    going = await _game(service, "Three", 13)
    await service.endgame.concede(solo.id, MODERATOR, Power.FRANCE)
    await service.endgame.declare_draw(draw.id, MODERATOR, [Power.FRANCE, Power.ENGLAND])
    guild = GUILD
    table = await service.records.standings(guild)
    assert table.system == "draw-size" and table.games == 2
    best, record = table.rows[0]
    assert best.player == solo.user[Power.FRANCE] and best.points == 100.0 and best.solos == 1
    assert record.user_id == best.player
    players = {row.player for row, _r in table.rows}
    assert not players & set(going.user.values())           # a game still going counts not
    await service.records.set_scoring(guild, "sum-of-squares")
    table = await service.records.standings(guild)
    assert table.system == "sum-of-squares"
    england = next(row for row, _r in table.rows if row.player == draw.user[Power.ENGLAND])
    assert england.points == pytest.approx(100 * 9 / 70)      # 3 centres: 9 of 6×9 + 16
    with pytest.raises(InvalidRequest):
        await service.records.set_scoring(guild, "carnage")
