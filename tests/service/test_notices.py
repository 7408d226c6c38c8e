"""Private notices when a phase opens: each player who must act hears what concerns them, a
player who missed the deadline hears what that did, and nobody else hears anything."""

from __future__ import annotations

from engine.vocabulary import Power
from tests.service.conftest import MODERATOR, start_game


async def france_takes_two_centres(service):
    """A game in Winter 1901 where France gained Spain and Portugal: two builds, its three
    home centres free."""
    game = await start_game(service)
    await service.orders.submit(game.id, game.user[Power.FRANCE], "A PAR - BUR\nA MAR - SPA\n"
                                "F BRE - MAO")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, game.user[Power.FRANCE], "A SPA - POR\nF MAO H\n"
                                "A BUR - BEL")
    await service.moderation.process_now(game.id, MODERATOR)
    return game


def notices(notifier, user):
    return notifier.sent_to(user, "turn.notice")


async def test_the_next_movement_phase_tells_each_player_their_units_and_deadline(
        service, notifier):
    game = await start_game(service)
    for power in Power:
        if power is not Power.ITALY:
            await service.orders.submit(game.id, game.user[power], {
                Power.ENGLAND: "F LON H\nF EDI H\nA LVP H", Power.FRANCE: "A PAR H\nA MAR H\nF BRE H",
                Power.GERMANY: "A BER H\nA MUN H\nF KIE H", Power.AUSTRIA: "A VIE H\nA BUD H\nF TRI H",
                Power.RUSSIA: "A MOS H\nA WAR H\nF SEV H\nF STP/SC H",
                Power.TURKEY: "A CON H\nA SMY H\nF ANK H"}[power])
    await service.moderation.process_now(game.id, MODERATOR)
    france = notices(notifier, game.user[Power.FRANCE])
    assert len(france) == 1
    params = france[0].params
    assert params["phase"] == "F1901M" and params["deadline"] is not None
    assert params["duties"] == [{"power": "France", "kind": "M", "units": ["F BRE", "A PAR",
                                                                           "A MAR"],
                                 "dislodged": [], "builds": 0, "sites": [], "removals": 0,
                                 "centres_over": 0}]
    assert params["missed"] == []
    # Italy sent nothing: it is told what happened and that orders bring it back
    italy = notices(notifier, game.user[Power.ITALY])
    assert len(italy) == 1 and italy[0].params["missed"] == ["Italy"]
    assert italy[0].params["previous_phase"] == "S1901M"
    assert "civil disorder" in italy[0].text and "come back" in italy[0].text


async def test_a_retreat_is_told_privately_with_the_options_and_others_hear_nothing(
        service, notifier):
    game = await start_game(service)
    # Spring: Germany to Burgundy's neighbours; Fall: France is dislodged from Burgundy
    await service.orders.submit(game.id, game.user[Power.FRANCE], "A PAR - BUR")
    await service.orders.submit(game.id, game.user[Power.GERMANY], "A MUN - RUH\nA BER - MUN")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, game.user[Power.GERMANY],
                                "A RUH - BUR\nA MUN S A RUH - BUR")
    await service.orders.submit(game.id, game.user[Power.FRANCE], "A BUR H")
    before = {u: len(notices(notifier, u)) for u in game.user.values()}
    await service.moderation.process_now(game.id, MODERATOR)
    assert (await service.games.status(game.id)).phase == "F1901R"
    france = notices(notifier, game.user[Power.FRANCE])[before[game.user[Power.FRANCE]]:]
    assert len(france) == 1
    (owed,) = france[0].params["duties"]
    assert owed["kind"] == "R" and owed["dislodged"][0]["unit"] == "A BUR"
    assert owed["dislodged"][0]["attacker"] == "ruh"
    assert set(owed["dislodged"][0]["options"]) >= {"pic", "gas"}
    # Germany and the others have nothing to do in the retreats and missed nothing...
    germany = notices(notifier, game.user[Power.GERMANY])[before[game.user[Power.GERMANY]]:]
    assert germany == []
    # ...but those who sent no orders in Fall hear that they missed it
    england = notices(notifier, game.user[Power.ENGLAND])[before[game.user[Power.ENGLAND]]:]
    assert [m.params["missed"] for m in england] == [["England"]]
    assert england[0].params["duties"] == []


async def test_builds_are_told_with_their_number_and_the_free_home_centres(
        service, notifier):
    game = await france_takes_two_centres(service)
    assert (await service.games.status(game.id)).phase == "W1901A"
    france = notices(notifier, game.user[Power.FRANCE])[-1]
    (owed,) = france.params["duties"]
    assert owed["kind"] == "A" and owed["builds"] == 2
    assert owed["sites"] == ["bre", "mar", "par"]
    # nobody else builds or removes in the winter: nothing but the missed-deadline notice
    for power in (Power.ENGLAND, Power.GERMANY):
        winter = [m for m in notices(notifier, game.user[power]) if m.params["phase"] == "W1901A"]
        assert [m.params["duties"] for m in winter] == [[]]
        assert winter[0].params["missed"] == [power.value]


async def test_the_results_account_for_every_unit_without_an_order(service, notifier):
    game = await start_game(service)
    await service.orders.submit(game.id, game.user[Power.FRANCE], "A PAR - BUR")
    await service.moderation.process_now(game.id, MODERATOR)
    (post,) = notifier.posted("phase.results")
    silent = post.params["unordered"]
    # France ordered Paris only: Brest and Marseilles held without orders, and so did all
    # 19 units of the six powers that sent nothing
    assert {"power": "France", "unit": "F BRE", "fate": "held"} in silent
    assert {"power": "France", "unit": "A MAR", "fate": "held"} in silent
    assert not any(item["unit"] == "A PAR" for item in silent)
    assert len(silent) == 22 - 1


async def test_unused_builds_are_in_the_results_of_the_winter(service, notifier):
    game = await france_takes_two_centres(service)
    report = await service.orders.submit(game.id, game.user[Power.FRANCE],
                                         "A PAR B\nA MAR B\nF BRE B")
    (france,) = report.now
    assert france.duty["builds"] == 2 and france.surplus == ("F BRE B",)
    await service.orders.clear(game.id, game.user[Power.FRANCE])
    await service.orders.submit(game.id, game.user[Power.FRANCE], "A PAR B")
    await service.moderation.process_now(game.id, MODERATOR)
    winter = notifier.posted("phase.results")[-1]
    assert winter.params["phase"] == "W1901A"
    # France built one of its two: the other is said to be unused; nobody else had builds
    assert winter.params["unordered"] == [{"power": "France", "unused_builds": 1}]


async def test_a_reminder_longer_than_the_phase_is_not_sent_at_its_opening(service, notifier,
                                                                          clock):
    from datetime import timedelta
    game = await start_game(service, reminders=(timedelta(hours=36), timedelta(hours=2)))
    england = game.user[Power.ENGLAND]
    await service.deadlines.run_due()
    assert notifier.sent_to(england, "reminder") == []       # 36 h before a 24 h phase: no
    clock.advance(timedelta(hours=22, minutes=30))
    await service.deadlines.run_due()
    assert len(notifier.sent_to(england, "reminder")) == 1   # the 2 h one
