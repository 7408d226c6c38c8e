"""Order intake: who may order what, replacing unit by unit, warnings, what is missing."""

from __future__ import annotations

import asyncio

import pytest

from engine.vocabulary import Power
from service.errors import NotAllowed, OrdersRejected, PhaseClosed
from service.storage.repos import orders as order_rows
from service.storage.repos import phases
from tests.service.conftest import MODERATOR, start_game

E, F, G = Power.ENGLAND, Power.FRANCE, Power.GERMANY


async def test_orders_are_read_recorded_and_echoed_in_canonical_form(service):
    game = await start_game(service)
    report = await service.orders.submit(game.id, game.user[E], "a lvp - yor\nF LON - NTH")
    assert report.phase == "S1901M"
    assert [line.canonical for line in report.lines] == ["A LVP - YOR", "F LON - NTH"]
    assert report.recorded == ("A LVP - YOR", "F LON - NTH")
    [mine] = report.now
    assert mine.orders == ("A LVP - YOR", "F LON - NTH")
    assert mine.missing == ("F EDI",)


async def test_a_later_submission_replaces_orders_unit_by_unit_and_all_are_kept(service, clock):
    game = await start_game(service)
    user = game.user[E]
    await service.orders.submit(game.id, user, "A LVP - YOR\nF LON - NTH\nF EDI - NWG")
    report = await service.orders.submit(game.id, user, "A LVP - WAL")
    assert report.now[0].orders == ("F LON - NTH", "F EDI - NWG", "A LVP - WAL")
    assert report.now[0].missing == ()
    async with service.db.read() as conn:
        phase = await phases.latest(conn, game.id)
        kept = await order_rows.submissions(conn, phase.id, E)
    assert [k[2] for k in kept] == ["A LVP - YOR\nF LON - NTH\nF EDI - NWG", "A LVP - WAL"]


async def test_an_unreadable_line_is_reported_and_the_rest_recorded(service):
    game = await start_game(service)
    report = await service.orders.submit(game.id, game.user[E], "A LVP - YOR\nmarch on paris")
    bad = report.lines[1]
    assert not bad.ok and bad.input == "march on paris" and bad.error
    assert report.recorded == ("A LVP - YOR",)


async def test_an_order_that_cannot_succeed_is_recorded_with_a_warning(service):
    game = await start_game(service)
    report = await service.orders.submit(game.id, game.user[E], "F EDI - LON\nA LVP - MUN")
    far, distant = report.lines
    assert far.reason == "not_adjacent" and "LON not reachable" in far.warning
    assert distant.ok and distant.warning
    assert report.recorded == ("F EDI - LON", "A LVP - MUN")


async def test_a_one_power_player_cannot_order_another_powers_unit(service):
    game = await start_game(service)
    report = await service.orders.submit(game.id, game.user[E],
                                         "F LON - NTH\nA PAR H\nA Munich - Ruhr")
    lon, par, mun = report.lines
    assert lon.ok and lon.power == E
    assert not par.ok and par.canonical is None and par.error_key == "orders.not_your_unit"
    assert par.error_params == {"unit": "A PAR", "power": "France"}
    assert not mun.ok and mun.error_params == {"unit": "A MUN", "power": "Germany"}
    assert report.recorded == ("F LON - NTH",)
    assert report.now[0].orders == ("F LON - NTH",)
    seats = {s.power: s.has_orders for s in (await service.games.status(game.id)).seats}
    assert seats[F] is False and seats[G] is False
    # the refused lines are not published as England's orders that failed and "held"
    await service.moderation.process_now(game.id, MODERATOR)
    [results] = await service.history.phases(game.id)
    english = [(r.order, r.status) for r in results.results if r.power == E]
    assert ("F LON - NTH", "succeeds") in english
    assert not [order for order, _s in english if "PAR" in order or "MUN" in order]


async def test_an_order_for_an_empty_place_without_a_unit_type_is_not_recorded(service):
    # no unit in Belgium, and either type could go to Holland: two readings, nothing stored
    # (a typeless order could not be read back from storage)
    game = await start_game(service)
    report = await service.orders.submit(game.id, game.user[E], "Bel - Hol\nA Nth H\nF LON H")
    bel, army, lon = report.lines
    assert not bel.ok and set(bel.candidates) == {"A BEL - HOL", "F BEL - HOL"}
    assert army.ok and army.reason == "no_unit"            # typed: recorded, with a warning
    assert lon.ok and report.recorded == ("A NTH H", "F LON H")
    [mine] = await service.orders.mine(game.id, game.user[E])   # reads back
    assert mine.orders == ("A NTH H", "F LON H")


async def test_a_message_with_no_order_in_it_records_nothing(service):
    game = await start_game(service)
    report = await service.orders.submit(game.id, game.user[E], "ciao\nBelgio\nstop")
    assert [line.error_key for line in report.lines] == ["orders.not_an_order"] * 3
    assert not any(line.candidates for line in report.lines)
    assert report.recorded == () and report.now[0].orders == ()
    seats = {s.power: s.has_orders for s in (await service.games.status(game.id)).seats}
    assert seats[E] is False
    async with service.db.read() as conn:
        phase = await phases.latest(conn, game.id)
        assert await order_rows.submissions(conn, phase.id) == []


async def test_only_the_player_seated_at_a_power_orders_it(service):
    game = await start_game(service)
    with pytest.raises(NotAllowed, match="do not play a power"):
        await service.orders.submit(game.id, 12345, "A PAR - BUR")
    with pytest.raises(NotAllowed, match="do not play France"):
        await service.orders.submit(game.id, game.user[E], "A PAR - BUR", power=F)
    report = await service.orders.submit(game.id, game.user[E], "France:\nA PAR - BUR")
    assert "do not play France" in report.lines[0].error and report.recorded == ()
    assert report.lines[0].error_key == "orders.not_your_section"
    assert report.lines[0].error_params == {"power": "France"}
    assert (await service.games.status(game.id)).seats[2].has_orders is False


async def test_a_player_with_several_powers_orders_each_by_its_units_or_by_headers(service):
    game = await start_game(service, players=4)
    user = game.user[Power.AUSTRIA]            # holds Austria and France
    report = await service.orders.submit(game.id, user, "A VIE - TRI\nA PAR - BUR")
    assert [(line.power, line.canonical) for line in report.lines] == [
        (Power.AUSTRIA, "A VIE - TRI"), (Power.FRANCE, "A PAR - BUR")]
    report = await service.orders.submit(game.id, user, "France\nF BRE - MAO\nAustria:\nF TRI H")
    now = {o.power: o.orders for o in report.now}
    assert now[Power.FRANCE] == ("A PAR - BUR", "F BRE - MAO")
    assert now[Power.AUSTRIA] == ("A VIE - TRI", "F TRI H")


async def test_a_player_with_several_powers_cannot_order_a_unit_of_none_of_them(service):
    game = await start_game(service, players=4)
    user = game.user[Power.AUSTRIA]            # holds Austria and France
    assert game.user[Power.FRANCE] == user and game.user[G] != user
    report = await service.orders.submit(game.id, user, "A VIE - TRI\nA MUN - RUH\nA PAR H")
    vie, mun, par = report.lines
    assert vie.ok and vie.power == Power.AUSTRIA and par.ok and par.power == Power.FRANCE
    assert not mun.ok and mun.power is None and mun.canonical is None
    assert mun.error_key == "orders.not_your_unit"
    assert mun.error_params == {"unit": "A MUN", "power": "Germany"}
    assert "belongs to Germany" in mun.error
    assert report.recorded == ("A VIE - TRI", "A PAR H")
    now = {o.power: o.orders for o in report.now}
    assert now == {Power.AUSTRIA: ("A VIE - TRI",), Power.FRANCE: ("A PAR H",)}
    seats = {s.power: s.has_orders for s in (await service.games.status(game.id)).seats}
    assert seats[G] is False


async def test_a_player_with_several_powers_cannot_build_on_a_centre_of_none_of_them(service):
    game = await start_game(service, players=4)
    user = game.user[Power.AUSTRIA]            # holds Austria and France
    await service.orders.submit(game.id, user, "F BRE - MAO\nA MAR - SPA")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.moderation.process_now(game.id, MODERATOR)   # France keeps Spain: one build
    assert (await service.games.status(game.id)).phase == "W1901A"
    report = await service.orders.submit(game.id, user, "A MUN B\nA MAR B")
    mun, mar = report.lines
    assert mun.error_key == "orders.not_your_centre"
    assert mun.error_params == {"province": "MUN", "power": "Germany"}
    assert mar.ok and mar.power == Power.FRANCE and report.recorded == ("A MAR B",)


async def test_a_player_with_several_powers_retreats_their_dislodged_unit(service):
    # In a retreat phase the attacker stands where the dislodged unit was: the order is
    # about the dislodged unit, and goes to its power.
    game = await start_game(service, players=4)
    user = game.user[Power.AUSTRIA]            # holds Austria and France
    germany = game.user[G]
    await service.orders.submit(game.id, user, "A PAR - BUR")
    await service.orders.submit(game.id, germany, "A MUN - RUH\nA BER - MUN")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, germany, "A RUH - BUR\nA MUN S A RUH - BUR")
    await service.moderation.process_now(game.id, MODERATOR)
    assert (await service.games.status(game.id)).phase == "F1901R"
    report = await service.orders.submit(game.id, user, "A BUR R PIC")
    [line] = report.lines
    assert line.ok and line.power == Power.FRANCE and report.recorded == ("A BUR R PIC",)


async def test_status_says_who_has_sent_orders_but_not_what(service):
    game = await start_game(service)
    await service.orders.submit(game.id, game.user[G], "A BER - KIE")
    status = await service.games.status(game.id)
    sent = {s.power for s in status.seats if s.has_orders}
    assert sent == {G}
    assert "A BER - KIE" not in repr(status)


async def test_my_orders_and_clear_orders(service):
    game = await start_game(service)
    user = game.user[E]
    await service.orders.submit(game.id, user, "A LVP - YOR")
    [mine] = await service.orders.mine(game.id, user)
    assert mine.orders == ("A LVP - YOR",) and mine.submitted_at is not None
    [cleared] = await service.orders.clear(game.id, user)
    assert cleared.orders == () and len(cleared.missing) == 3
    report = await service.orders.submit(game.id, user, "F EDI - NWG")
    assert report.now[0].orders == ("F EDI - NWG",)       # the cleared order stays cleared


async def test_an_empty_message_and_a_message_for_another_phase_record_nothing(service):
    game = await start_game(service)
    with pytest.raises(OrdersRejected):
        await service.orders.submit(game.id, game.user[E], "  \n ")
    with pytest.raises(PhaseClosed, match="for F1901M, but the phase in play is S1901M"):
        await service.orders.submit(game.id, game.user[E], "A LVP - YOR", phase="F1901M")
    assert (await service.orders.mine(game.id, game.user[E]))[0].orders == ()


async def test_a_power_in_civil_disorder_returns_by_sending_orders(service):
    game = await start_game(service)
    await service.moderation.process_now(game.id, MODERATOR)          # nobody ordered: all in disorder
    assert all(s.civil_disorder for s in (await service.games.status(game.id)).seats)
    report = await service.orders.submit(game.id, game.user[E], "A LVP - YOR")
    assert report.returned_from_disorder == (E,)
    disorder = {s.power for s in (await service.games.status(game.id)).seats if s.civil_disorder}
    assert E not in disorder and len(disorder) == 6


async def test_orders_arriving_during_adjudication_are_refused_not_lost(service, monkeypatch):
    game = await start_game(service)
    await service.orders.submit(game.id, game.user[E], "A LVP - YOR")
    entered, release = asyncio.Event(), asyncio.Event()
    real = order_rows.effective

    async def slow_effective(conn, phase_id):            # the adjudication reads its orders...
        entered.set()
        await release.wait()                              # ...and takes its time
        return await real(conn, phase_id)

    monkeypatch.setattr("service.games.adjudication.order_rows.effective", slow_effective)
    adjudication = asyncio.create_task(service.moderation.process_now(game.id, MODERATOR))
    await entered.wait()
    with pytest.raises(PhaseClosed, match="being adjudicated, so they were not recorded"):
        await service.orders.submit(game.id, game.user[F], "A PAR - BUR")
    release.set()
    assert await adjudication
    monkeypatch.undo()
    async with service.db.read() as conn:
        spring, autumn = await phases.history(conn, game.id)
        assert F not in await real(conn, spring.id)       # never silently moved to F1901M
        assert await real(conn, autumn.id) == {}


async def test_a_line_the_reader_finds_no_order_in_is_refused_as_not_an_order(service):
    # "Ven Tri" looks like an order to the first check (two places) but the reader finds no
    # unit and no order word in it: the answer is the same short "not an order"
    game = await start_game(service)
    report = await service.orders.submit(game.id, game.user[Power.ITALY], "Ven Tri")
    assert [line.error_key for line in report.lines] == ["orders.not_an_order"]
    assert report.recorded == ()


async def test_orders_fit_the_one_game_whose_units_they_name_and_record_nothing(service):
    first = await start_game(service, name="Lepanto")
    user = first.user[E]
    second = await service.games.create(channel_id=first.view.channel_id + 1,
                                       moderator_id=MODERATOR, name="Trafalgar")
    for player in (user, *range(901, 907)):
        await service.games.join(second.id, player)
    view = await service.games.start(second.id, MODERATOR, seed=3)
    [there] = [s.power for s in view.seats if s.user_id == user]
    assert there is not E               # a power whose units are not England's
    own = f"{(await service.orders.mine(second.id, user))[0].missing[0]} H"
    assert await service.orders.fit(first.id, user, "F LON - NTH\nA LVP - YOR")
    assert not await service.orders.fit(second.id, user, "F LON - NTH")
    assert await service.orders.fit(second.id, user, own)
    assert not await service.orders.fit(first.id, user, own)
    # one line of a unit not the player's in that game: not a fit there
    assert not await service.orders.fit(first.id, user, f"F LON - NTH\n{own}")
    assert not await service.orders.fit(first.id, user, "hello, how are you?")
    assert (await service.orders.mine(first.id, user))[0].orders == ()
    assert (await service.orders.mine(second.id, user))[0].orders == ()
