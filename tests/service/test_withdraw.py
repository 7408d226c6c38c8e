"""Withdrawing one unit's order (`/orders withdraw`): stored as a submission like the others,
the unit owed an order again, the other orders kept; on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from engine.vocabulary import Power
from service.errors import InvalidRequest, NotAllowed
from service.storage.repos import orders as order_rows
from service.storage.repos import phases
from tests.service.conftest import MODERATOR, start_game

E, F = Power.ENGLAND, Power.FRANCE


@pytest.mark.parametrize("named", ["A LVP", "a lvp", "LVP", "A LVP - YOR"])
async def test_withdrawing_one_order_keeps_the_others_and_owes_the_unit_again(service, named):
    game = await start_game(service)
    user = game.user[E]
    await service.orders.submit(game.id, user, "A LVP - YOR\nF LON - NTH\nF EDI - NWG")
    withdrawn, [mine] = await service.orders.withdraw(game.id, user, named)
    assert withdrawn == "A LVP - YOR"
    assert mine.orders == ("F LON - NTH", "F EDI - NWG")
    assert mine.missing == ("A LVP",)
    assert (await service.orders.mine(game.id, user))[0].orders == ("F LON - NTH", "F EDI - NWG")


async def test_the_withdrawal_is_stored_as_a_submission_and_later_orders_merge_on_it(service):
    game = await start_game(service)
    user = game.user[E]
    await service.orders.submit(game.id, user, "A LVP - YOR\nF LON - NTH")
    await service.orders.withdraw(game.id, user, "F LON")
    async with service.db.read() as conn:
        phase = await phases.latest(conn, game.id)
        kept = await order_rows.submissions(conn, phase.id, E)
    assert len(kept) == 2 and kept[-1][2] == "A LVP - YOR"
    report = await service.orders.submit(game.id, user, "F EDI - NWG")
    assert report.now[0].orders == ("A LVP - YOR", "F EDI - NWG")   # F LON stays withdrawn


async def test_the_withdrawn_unit_holds_at_the_deadline(service):
    game = await start_game(service)
    user = game.user[E]
    await service.orders.submit(game.id, user, "A LVP - YOR\nF LON - NTH")
    await service.orders.withdraw(game.id, user, "A LVP")
    await service.moderation.process_now(game.id, MODERATOR)
    [mine] = await service.orders.mine(game.id, user)          # fall: who is where
    assert mine.phase == "F1901M" and {"A LVP", "F NTH"} <= set(mine.missing)


async def test_no_order_for_that_unit_is_refused_and_changes_nothing(service):
    game = await start_game(service)
    user = game.user[E]
    await service.orders.submit(game.id, user, "F LON - NTH")
    with pytest.raises(InvalidRequest) as refused:
        await service.orders.withdraw(game.id, user, "A LVP")
    assert refused.value.key == "orders.nothing_to_withdraw"
    assert refused.value.params == {"unit": "A LVP"}
    with pytest.raises(InvalidRequest):
        await service.orders.withdraw(game.id, user, "A PAR")      # France's unit
    assert (await service.orders.mine(game.id, user))[0].orders == ("F LON - NTH",)


async def test_a_player_not_seated_cannot_withdraw(service):
    game = await start_game(service)
    with pytest.raises(NotAllowed):
        await service.orders.withdraw(game.id, 999_999, "A LVP")


async def test_a_build_is_withdrawn_by_its_site(service):
    game = await start_game(service, players=4)
    user = game.user[Power.AUSTRIA]            # holds Austria and France
    await service.orders.submit(game.id, user, "F BRE - MAO\nA MAR - SPA")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.moderation.process_now(game.id, MODERATOR)   # France keeps Spain: one build
    await service.orders.submit(game.id, user, "A MAR B")
    withdrawn, now = await service.orders.withdraw(game.id, user, "A MAR")
    assert withdrawn == "A MAR B"
    assert {o.power: o.orders for o in now}[F] == ()


async def test_one_of_two_waives_is_withdrawn_and_the_other_kept(service):
    game = await start_game(service, players=4)
    user = game.user[Power.AUSTRIA]            # holds Austria and France
    await service.orders.submit(game.id, user, "F BRE - MAO\nA MAR - SPA")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, user, "F MAO - POR")
    await service.moderation.process_now(game.id, MODERATOR)   # Spain and Portugal: two builds
    await service.orders.submit(game.id, user, "France:\nWAIVE\nWAIVE")
    assert {o.power: o.orders for o in await service.orders.mine(game.id, user)}[F] == (
        "WAIVE", "WAIVE")
    withdrawn, now = await service.orders.withdraw(game.id, user, "WAIVE")
    assert withdrawn == "WAIVE" and {o.power: o.orders for o in now}[F] == ("WAIVE",)
