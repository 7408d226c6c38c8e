"""Each player's own view of a running fog game (docs/variants.md): `/game map` and the order
preview drawn from their sight, `/game status` with their own units and centres and only the
public facts of the others; a spectator, or a moderator who plays no power, is told the game
is sealed; a moderator who plays sees their own view; at the end everything opens whole."""

from __future__ import annotations

import pytest

from engine.fog import sight
from engine.position import Position
from engine.vocabulary import Power
from service.errors import InvalidRequest, NotAllowed
from tests.service.conftest import MODERATOR, start_game
from tests.service.test_fog_phases import FALL, SPRING, _order

E, F, G = Power.ENGLAND, Power.FRANCE, Power.GERMANY


def _drawn(renderer):
    [call] = renderer.calls
    renderer.calls.clear()
    return call


async def test_a_players_map_is_their_sight(service, renderer):
    game = await start_game(service, fog=True)
    renderer.calls.clear()
    image = await service.maps.current(game.id, viewer=game.user[E])
    call = _drawn(renderer)
    seen = sight(Position.initial(), E)
    assert image.png and image.phase == "S1901M"
    assert set(call["visible"]) == seen and "par" not in seen
    assert sorted(u.label() for u in call["position"].units) == ["A LVP", "F EDI", "F LON"]
    assert set(call["position"].supply_centers) == {E}
    # Germany sees France's Paris? No: Burgundy lies between; it sees Holland and Denmark
    await service.maps.current(game.id, viewer=game.user[G])
    shown = _drawn(renderer)["position"]
    assert not any(u.power is F for u in shown.units) and set(shown.supply_centers) == {G}
    # a large one too
    await service.maps.current(game.id, "large", viewer=game.user[E])
    assert _drawn(renderer)["size"] == "large"


async def test_a_moderator_who_plays_sees_their_own_view_and_one_who_does_not_is_sealed(
        service, renderer):
    game = await start_game(service, fog=True)
    with pytest.raises(InvalidRequest) as sealed:
        await service.maps.current(game.id, viewer=MODERATOR)
    assert sealed.value.key == "fog.sealed"
    await service.seating.replace_player(game.id, MODERATOR, G, MODERATOR)
    renderer.calls.clear()
    await service.maps.current(game.id, viewer=MODERATOR)
    assert set(_drawn(renderer)["visible"]) == sight(Position.initial(), G)
    view = await service.games.seen_status(game.id, MODERATOR)
    assert [s.power for s in view.seats if s.units is not None] == [G]


async def test_the_preview_draws_the_players_orders_over_their_sight(service, renderer):
    game = await start_game(service, fog=True)
    await service.orders.submit(game.id, game.user[F], "A PAR - BUR\nF BRE - MAO")
    renderer.calls.clear()
    await service.maps.preview(game.id, game.user[F])
    call = _drawn(renderer)
    assert set(call["visible"]) == sight(Position.initial(), F)
    assert sorted(o.canonical() for _p, o in call["orders"]) == ["A PAR - BUR", "F BRE - MAO"]
    assert {p for p, _o in call["orders"]} == {F}
    assert all(u.province in call["visible"] for u in call["position"].units)
    with pytest.raises(NotAllowed):            # no seat, no preview
        await service.maps.preview(game.id, 4242)


async def test_status_shows_a_players_own_seat_and_only_public_facts_of_the_others(service,
                                                                                   clock):
    game = await start_game(service, fog=True)
    await _order(service, game, {p: t for p, t in SPRING.items() if p is not Power.RUSSIA})
    view = await service.games.seen_status(game.id, game.user[E])
    seats = {s.power: s for s in view.seats}
    assert (seats[E].units, seats[E].centers) == (3, 3)
    assert all(s.units is None and s.centers is None for p, s in seats.items() if p is not E)
    # a movement phase: whether each power has sent orders (never which) is public
    assert seats[F].has_orders and not seats[Power.RUSSIA].has_orders
    assert seats[Power.RUSSIA].needs_orders
    assert view.phase == "S1901M" and view.deadline is not None
    # a spectator learns nothing; the whole status is the moderators' and the end's
    with pytest.raises(InvalidRequest) as sealed:
        await service.games.seen_status(game.id, 4242)
    assert sealed.value.key == "fog.sealed"
    # the retreat: who must retreat (France) is France's own business
    await _order(service, game, {Power.RUSSIA: SPRING[Power.RUSSIA]})
    await service.moderation.process_now(game.id, MODERATOR)
    await _order(service, game, FALL)
    await service.moderation.process_now(game.id, MODERATOR)
    england = {s.power: s for s in (await service.games.seen_status(game.id, game.user[E])).seats}
    france = {s.power: s for s in (await service.games.seen_status(game.id, game.user[F])).seats}
    assert england[E].needs_orders is False and england[F].needs_orders is False
    assert france[F].needs_orders is True and france[F].units == 2     # and one dislodged
    await service.moderation.end_game(game.id, MODERATOR, "time is up")
    ended = await service.games.seen_status(game.id, 4242)
    assert all(s.units is not None and s.centers is not None for s in ended.seats)


async def test_the_public_centre_counts_show_in_the_status_where_the_setting_allows(service):
    game = await start_game(service, fog=True, fog_centres=True)
    view = await service.games.seen_status(game.id, game.user[E])
    assert {s.power: s.centers for s in view.seats}[Power.RUSSIA] == 4
    assert all(s.units is None for s in view.seats if s.power is not E)


async def test_a_game_without_fog_shows_everyone_the_same_status_and_map(service, renderer):
    game = await start_game(service)
    assert await service.games.seen_status(game.id, 4242) == await service.games.status(game.id)
    renderer.calls.clear()
    await service.maps.current(game.id, viewer=game.user[E])
    assert _drawn(renderer).get("visible") is None


async def test_the_computer_plays_a_fog_seat_from_what_its_power_sees(service, monkeypatch):
    from service.players import computer as seats_module
    seen_by_it = []

    def choosing(position, power, **kwargs):
        seen_by_it.append(position)
        return real(position, power, **kwargs)

    real = seats_module.choose_orders
    monkeypatch.setattr(seats_module, "choose_orders", choosing)
    service.computer.think_ms = 60
    game = await start_game(service, fog=True)
    await service.computer.seat(game.id, MODERATOR, Power.AUSTRIA)
    given = await service.computer.play(game.id)
    assert sorted(o.split()[1] for o in given[Power.AUSTRIA]) == ["BUD", "TRI", "VIE"]
    [position] = seen_by_it
    # Trieste borders Venice: Italy's army there is seen, nothing else of anyone
    assert sorted(u.label() for u in position.units if u.power is not Power.AUSTRIA) \
        == ["A VEN"]
    assert {p: sorted(cs) for p, cs in position.supply_centers.items()} \
        == {Power.AUSTRIA: ["bud", "tri", "vie"], Power.ITALY: ["ven"]}
