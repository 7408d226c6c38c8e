"""Orders in a fog game are read and checked on what the sender sees (docs/variants.md): the
reply to an order for a unit beyond sight says the sender has no unit there, never whose it
is; a unit in sight is named as in any game; supporting a unit one cannot see is allowed (an
ally may have told where it stands) and counts at the deadline."""

from __future__ import annotations

import pytest

from engine.vocabulary import Power
from tests.service.conftest import MODERATOR, start_game
from tests.service.test_fog_phases import FALL, SPRING, _order

A, E, G, IT = Power.AUSTRIA, Power.ENGLAND, Power.GERMANY, Power.ITALY


@pytest.mark.parametrize("fog", [False, True])
async def test_an_order_for_a_unit_beyond_sight_tells_nothing_of_it(service, fog):
    game = await start_game(service, fog=fog)
    report = await service.orders.submit(game.id, game.user[A], "F LON - ENG")
    [line] = report.lines
    assert not line.ok and report.recorded == ()
    if fog:              # Austria cannot see London: no word of England's fleet
        assert line.error_key == "orders.not_there" and "England" not in line.error
    else:
        assert line.error_key == "orders.not_your_unit" and "England" in line.error
    # Venice borders Trieste: Italy's army there is named in both games
    [line] = (await service.orders.submit(game.id, game.user[A], "A VEN - TYR")).lines
    assert line.error_key == "orders.not_your_unit" and "Italy" in line.error
    assert not any(p.orders for p in await service.orders.mine(game.id, game.user[A]))


async def test_a_unit_beyond_sight_may_be_supported_and_the_support_counts(service):
    game = await start_game(service, fog=True)
    # Munich is beyond Austria's sight: the support is kept as written (its type unknown)
    report = await service.orders.submit(game.id, game.user[A], "A VIE S MUN - TYR")
    assert report.recorded == ("A VIE S MUN - TYR",)
    await service.orders.submit(game.id, game.user[G], "A MUN - TYR")
    await service.orders.submit(game.id, game.user[IT], "A VEN - TYR")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.moderation.end_game(game.id, MODERATOR, "")
    [spring] = await service.history.phases(game.id)
    outcome = {r.order: r.status for r in spring.results}
    assert outcome["A MUN - TYR"] == "succeeds" and outcome["A VEN - TYR"] != "succeeds"
    assert outcome["A VIE S MUN - TYR"] == "succeeds"


async def test_retreats_and_removals_beyond_sight_are_refused_without_a_word_of_them(service):
    game = await start_game(service, fog=True)
    await _order(service, game, SPRING)
    await service.moderation.process_now(game.id, MODERATOR)
    await _order(service, game, FALL)
    await service.moderation.process_now(game.id, MODERATOR)        # France's A BUR dislodged
    for text in ("A BUR R PAR", "A BUR D"):          # England does not see Burgundy
        [line] = (await service.orders.submit(game.id, game.user[E], text)).lines
        assert (line.ok, line.error_key) == (False, "orders.not_there"), text
        assert "France" not in line.error and "dislodged" not in line.error
    # Germany, whose army took Burgundy, sees it: France's unit, as in any game
    [line] = (await service.orders.submit(game.id, game.user[G], "A BUR R PAR")).lines
    assert line.error_key == "orders.not_your_unit" and "France" in line.error
    await service.orders.submit(game.id, game.user[Power.FRANCE], "A BUR R PAR")
    await service.moderation.process_now(game.id, MODERATOR)
    assert (await service.games.status(game.id)).phase == "W1901A"
    [line] = (await service.orders.submit(game.id, game.user[E], "A MUN D")).lines
    assert (line.ok, line.error_key) == (False, "orders.not_there")
    [line] = (await service.orders.submit(game.id, game.user[E], "F LON B")).lines
    assert line.ok and line.warning is None
