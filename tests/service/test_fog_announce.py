"""Fog of war in the announcements (docs/variants.md): the channel hears only that the phase
is over; each player is sent, privately, the results they can see and a map of their sight.
Asserted over everything the stand-in notifier and renderer recorded, and shown to fail with
the rule off."""

from __future__ import annotations

import pytest

from engine.fog import sight
from engine.position import Position
from engine.vocabulary import Power, province_of
from service.errors import InvalidRequest
from tests.service.conftest import MODERATOR, start_game

ORDERS = {"England": "F LON - NTH\nF EDI - NWG\nA LVP - YOR",
          "France": "A PAR - BUR\nF BRE - MAO\nA MAR - SPA",
          "Germany": "A BER - KIE\nF KIE - DEN\nA MUN - RUH",
          "Italy": "A VEN - TYR\nF NAP - ION\nA ROM - APU",
          "Austria": "A VIE - GAL\nF TRI - ALB\nA BUD - SER",
          "Russia": "A MOS - UKR\nF SEV - BLA\nA WAR - GAL\nF STP/SC - BOT",
          "Turkey": "F ANK - BLA\nA CON - BUL\nA SMY - ARM"}


async def _play_one_phase(service, fog: bool):
    game = await start_game(service, fog=fog)
    for power, user in game.user.items():
        await service.orders.submit(game.id, user, ORDERS[power.value])
    await service.moderation.process_now(game.id, MODERATOR)
    return game


def _near(power: Power) -> frozenset[str]:
    """What `power` may be told of this first phase: its sight at the start and one step
    beyond (a unit seen arriving comes from a province next to its sight)."""
    start = Position.initial()
    seen = sight(start, power)
    return frozenset(seen | {t for p in seen for t in start.board.provinces_touching(p)})


def leaks(game, notifier, renderer) -> list[str]:
    """Every unit or result a player could read outside their sight, in what was recorded."""
    found = []
    for channel, message in notifier.posts:
        if message.image is not None or message.params.get("results"):
            found.append(f"channel {channel}: {message.key} shows the board")
    for power, user in game.user.items():
        near = _near(power)
        for message in notifier.sent_to(user):
            for row in message.params.get("results") or ():
                # "A PAR - BUR": told if the unit was near, or came near
                places = {province_of(w.lower()) for w in row["order"].split()[1:]
                          if w not in "-SHCBDR"}
                if row["power"] != power.value and not places & near:
                    found.append(f"{power.value} told {row['power']} {row['order']}")
    for call in renderer.calls:
        visible = call.get("visible")
        drawn = [u for pos in (call["position"], call.get("after")) if pos is not None
                 for u in pos.units]
        if visible is None:
            if drawn:
                found.append("a map drawn without fog")
            continue
        found += [f"{u} drawn outside sight" for u in drawn if u.province not in visible]
    return found


async def test_a_fog_game_shows_each_player_only_what_they_see(service, notifier, renderer):
    renderer.calls.clear()
    game = await _play_one_phase(service, fog=True)
    assert leaks(game, notifier, renderer) == []
    assert [m.key for m in notifier.posted("phase.over_fog")] == ["phase.over_fog"]
    assert not notifier.posted("phase.results")
    for power, user in game.user.items():
        [mine] = notifier.sent_to(user, "phase.results")
        assert mine.image is not None and mine.image_name
        told = {r["power"] for r in mine.params["results"]}
        assert power.value in told                        # its own orders, always
        assert len(told) < 7                              # never the whole board
    england = notifier.sent_to(game.user[Power.ENGLAND], "phase.results")[0]
    orders = [r["order"] for r in england.params["results"]]
    assert "F KIE - DEN" in orders          # Denmark borders the North Sea England took
    assert not any("CON" in o or "SMY" in o for o in orders)
    assert len([c for c in renderer.calls if c.get("visible") is not None]) == 7


@pytest.mark.parametrize("fog", [False])
async def test_without_the_rule_the_same_check_finds_the_leaks(service, notifier, renderer,
                                                               fog):
    renderer.calls.clear()
    game = await _play_one_phase(service, fog=fog)
    found = leaks(game, notifier, renderer)
    assert any("channel" in f for f in found) and any("drawn without fog" in f for f in found)


async def test_a_fog_games_board_is_sealed_until_it_ends_then_open_whole(service):
    game = await _play_one_phase(service, fog=True)
    outsider = 4242                   # a spectator (or a moderator who plays no power)
    for look in (lambda: service.maps.current(game.id),
                 lambda: service.maps.current(game.id, viewer=outsider),
                 lambda: service.maps.current(game.id, viewer=MODERATOR),
                 lambda: service.games.seen_status(game.id, outsider),
                 lambda: service.history.phases(game.id),
                 lambda: service.history.phase(game.id, "S1901M"),
                 lambda: service.history.sandbox_start(game.id),
                 lambda: service.replays.replay(game.id), lambda: service.replays.chart(game.id),
                 lambda: service.exports.game(game.id, players=False)):
        with pytest.raises(InvalidRequest) as sealed:
            await look()
        assert sealed.value.key == "fog.sealed"
    await service.moderation.end_game(game.id, MODERATOR, "time is up")
    assert [r.phase for r in await service.history.phases(game.id)] == ["S1901M"]
    record = await service.exports.game(game.id, players=False)
    assert {r["power"] for r in record["phases"][0]["results"]} >= {"England", "Turkey"}
    assert (await service.maps.current(game.id)).png


async def test_the_channel_hears_the_centre_counts_only_when_the_setting_allows(
        service, notifier):
    game = await start_game(service, fog=True, fog_centres=True)
    for power, user in game.user.items():
        await service.orders.submit(game.id, user, ORDERS[power.value])
    await service.moderation.process_now(game.id, MODERATOR)        # spring
    await service.moderation.process_now(game.id, MODERATOR)        # fall: every unit holds
    quiet, counted = notifier.posted("phase.over_fog"), notifier.posted("phase.over_fog_centres")
    assert [m.params["phase"] for m in quiet] == ["S1901M"]       # spring: nothing counted
    [fall] = counted
    assert fall.image is None and "results" not in fall.params
    assert sum(fall.params["centre_counts"].values()) >= 22
    assert set(fall.params["centre_counts"]) == {p.value for p in game.user}


@pytest.mark.parametrize("public", [False, True])
async def test_each_players_map_gives_the_centre_counts_they_may_know(service, renderer,
                                                                      public):
    # a fog map's legend gives the reader's own count and, with `fog_centres`, everyone's:
    # never the few centres of another power that happen to be in sight
    renderer.calls.clear()
    game = await start_game(service, fog=True, fog_centres=public)
    for power, user in game.user.items():
        await service.orders.submit(game.id, user, ORDERS[power.value])
    await service.moderation.process_now(game.id, MODERATOR)
    fogged = [c for c in renderer.calls if c.get("visible") is not None]
    assert len(fogged) == 7
    everyone = {p.value for p in game.user}
    told = [set(c["counts"]) for c in fogged]
    if public:
        assert told == [everyone] * 7
    else:
        assert sorted(len(t) for t in told) == [1] * 7 and set().union(*told) == everyone
    assert all(n == 3 or (p == "Russia" and n == 4) for c in fogged
               for p, n in c["counts"].items())


async def test_the_phase_that_ends_a_fog_game_is_told_whole_in_the_channel(service, notifier):
    # the game opens up when it ends (docs/variants.md): its last results, with the map of
    # the whole board and the outcome, go to the channel as in any game
    game = await start_game(service, fog=True, end_year=1901)
    for power, user in game.user.items():
        await service.orders.submit(game.id, user, ORDERS[power.value])
    for _ in ("S1901M", "F1901M", "W1901A"):    # the winter's builds end the year, and the game
        await service.moderation.process_now(game.id, MODERATOR)
    assert (await service.games.status(game.id)).status == "finished"
    assert [m.params["phase"] for m in notifier.posted("phase.over_fog")] == ["S1901M",
                                                                            "F1901M"]
    [last] = notifier.posted("phase.results")
    assert last.params["phase"] == "W1901A" and last.image is not None
    assert last.params["outcome"]["kind"] == "end_year"
    assert set(last.params["supply_centers"]) == {p.value for p in game.user}   # everyone's
    assert last.params["unordered"]                     # the builds nobody ordered, all told
