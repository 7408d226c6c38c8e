"""An order for a unit that is not there: refused with the orders the sender could mean
(service/orders/meant.py), or, when none of their units could mean it, recorded with its warning."""

from __future__ import annotations

from engine.vocabulary import Power
from tests.service.conftest import start_game

E, F = Power.ENGLAND, Power.FRANCE


async def test_an_order_to_a_unit_not_there_offers_the_units_that_could_mean_it(service):
    game = await start_game(service)
    report = await service.orders.submit(game.id, game.user[F],
                                         "F Mao - Spa/nc\nA Gas - Spa\nA Par - Pic")
    mao, gas, par = report.lines
    assert not mao.ok and mao.error_key == "orders.not_there"
    assert mao.error_params == {"place": "MAO"} and mao.candidates == ("F BRE - SPA/NC",)
    assert gas.candidates == ("A MAR - SPA", "A PAR - SPA")       # the legal one first
    assert par.ok and report.recorded == ("A PAR - PIC",)
    [mine] = await service.orders.mine(game.id, game.user[F])
    assert mine.orders == ("A PAR - PIC",)


async def test_the_correction_is_recorded_as_any_order_for_its_phase(service):
    game = await start_game(service)
    await service.orders.submit(game.id, game.user[F], "A Gas - Spa")
    report = await service.orders.submit(game.id, game.user[F], "A MAR - SPA", phase="S1901M")
    assert report.recorded == ("A MAR - SPA",)


async def test_a_hold_is_meant_only_by_a_unit_that_could_reach_the_place(service):
    game = await start_game(service)
    report = await service.orders.submit(game.id, game.user[E], "A Nth H\nF Nth H")
    army, fleet = report.lines
    assert army.ok and army.reason == "no_unit"        # no army could mean it: recorded
    assert not fleet.ok and set(fleet.candidates) == {"F EDI H", "F LON H"}
    assert report.recorded == ("A NTH H",)
