"""What the service tells the bot about each line of a submission: why an order that cannot
succeed fails (with the province), and which line a later line of the message replaces."""

from __future__ import annotations

from engine.vocabulary import Power
from tests.service.conftest import start_game


async def test_an_army_sent_to_a_province_it_does_not_border_is_told_not_adjacent(service):
    game = await start_game(service)
    report = await service.orders.submit(game.id, game.user[Power.FRANCE],
                                         "A PAR - MUN\nA MAR - POR")
    inland, coastal = report.lines
    # from inland no convoy could help: "not adjacent", naming the province
    assert (inland.reason, inland.province) == ("not_adjacent", "mun")
    # between two coasts the missing piece is a convoy
    assert (coastal.reason, coastal.province) == ("no_convoy_route", "por")
    assert inland.warning and coastal.warning


async def test_a_later_line_for_the_same_unit_marks_the_earlier_one_replaced(service):
    game = await start_game(service)
    report = await service.orders.submit(game.id, game.user[Power.FRANCE],
                                         "A PAR - PIC\nA MAR H\nA PAR - BUR")
    first, second, third = report.lines
    assert first.replaced_by == 3 and second.replaced_by is None and third.replaced_by is None
    # the replaced line is not judged: it would succeed, and the one that counts is checked
    assert first.warning is None and third.warning is None
    assert set(report.now[0].orders) == {"A PAR - BUR", "A MAR H"}


async def test_a_build_beyond_the_number_allowed_is_warned_about_on_its_line(service):
    from tests.service.test_notices import france_takes_two_centres
    game = await france_takes_two_centres(service)
    report = await service.orders.submit(game.id, game.user[Power.FRANCE],
                                         "A PAR B\nF BRE B\nA MAR B")
    par, bre, mar = report.lines
    assert par.warning is None and bre.warning is None
    assert mar.warning and mar.reason == "no_builds"
