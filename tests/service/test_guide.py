"""service.players.guide: a player's guide names their powers and units and orders they could give."""

from __future__ import annotations

import pytest

from engine.position import Position
from engine.vocabulary import Power
from service.errors import NotAllowed
from service.players.guide import example_orders
from tests.service.conftest import MODERATOR, start_game


async def test_the_guide_of_a_player_lists_their_units_and_orders_that_would_be_legal(service):
    game = await start_game(service)
    guide = await service.guide.of_player(game.id, game.user[Power.ENGLAND])
    assert guide.game == game.view.name and guide.powers == (Power.ENGLAND,)
    assert guide.phase == "S1901M" and set(guide.units) == {"F LON", "F EDI", "A LVP"}
    report = await service.orders.submit(game.id, game.user[Power.ENGLAND],
                                         "\n".join(guide.examples))
    assert [line.warning for line in report.lines] == [None] * len(guide.examples)
    assert report.recorded == guide.examples


async def test_no_guide_for_someone_not_seated(service):
    game = await start_game(service)
    with pytest.raises(NotAllowed):
        await service.guide.of_player(game.id, 424242)


async def test_adjustment_examples_are_builds_on_free_home_centres_or_a_waiver(service):
    game = await start_game(service)
    france = game.user[Power.FRANCE]
    await service.orders.submit(game.id, france, "F BRE - MAO\nA MAR - SPA\nA PAR - BUR")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, france, "F MAO - POR\nA BUR H\nA SPA H")
    await service.moderation.process_now(game.id, MODERATOR)
    guide = await service.guide.of_player(game.id, france)
    assert guide.phase == "W1901A"
    assert set(guide.examples) <= {"A BRE B", "A MAR B", "A PAR B", "WAIVE"}
    assert "WAIVE" in guide.examples or len(guide.examples) == 3


def test_every_power_of_the_opening_gets_legal_moves_holds_and_a_support():
    opening = Position.initial()
    for power in Power:
        units = [u for u in opening.units if u.power == power]
        examples = example_orders(opening, [power], units)
        assert examples[0].split()[2] == "-" and examples[1].endswith(" H"), examples
