"""Seats over time: the start briefing, replacements and claimed seats, players the bot cannot
reach, and a player's record (a real SQLite file, a clock moved by hand)."""

from __future__ import annotations

import pytest

from engine.position import Position
from engine.vocabulary import Power
from service.errors import InvalidRequest, NotAllowed
from service.models import GameSettings
from service.players.briefing import example_order
from tests.service.conftest import DAY, MODERATOR, start_game


async def test_each_player_is_briefed_with_their_units_deadline_and_an_example(service,
                                                                                 notifier):
    started = await start_game(service)
    france = started.user[Power.FRANCE]
    [briefing] = notifier.sent_to(france, "game.briefing")
    params = briefing.params
    assert params["powers"] == ["France"] and params["phase"] == "S1901M"
    assert sorted(params["units"]) == ["A MAR", "A PAR", "F BRE"]
    assert params["deadline"] == started.view.deadline
    assert params["example"] == "A MAR - BUR"       # a real move of one of France's units
    assert "replacement" not in params and briefing.image is None


def test_the_example_is_a_legal_order_of_the_players_own_units():
    opening = Position.initial()
    for power in Power:
        example = example_order(opening, {power})
        assert example is not None
        unit = example.split(" - ")[0]
        assert unit in {u.label() for u in opening.units_of(power)}
    assert example_order(opening, set()) is None


async def test_a_replacement_is_briefed_with_the_map_and_last_orders_and_the_other_told(
        service, notifier, clock):
    started = await start_game(service)
    gid, russia = started.id, started.user[Power.RUSSIA]
    await service.orders.submit(gid, russia, "A MOS - UKR\nF SEV - BLA")
    clock.advance(DAY)
    assert await service.deadlines.run_due() == 1
    newcomer = 4242
    await service.seating.replace_player(gid, MODERATOR, Power.RUSSIA, newcomer)
    [briefing] = notifier.sent_to(newcomer, "game.briefing")
    assert briefing.params["replacement"] is True and briefing.image is not None
    assert briefing.params["last_phase"] == "S1901M"
    orders = {o["order"]: o["status"] for o in briefing.params["last_orders"]}
    assert orders["A MOS - UKR"] == "succeeds" and orders["F SEV - BLA"] == "succeeds"
    assert "A UKR" in briefing.params["units"] and briefing.params["phase"] == "F1901M"
    [told] = notifier.sent_to(russia, "seat.replaced_you")
    assert told.params == {"game": "Test game", "power": "Russia", "new": newcomer}


async def test_an_offered_seat_is_claimed_and_approved(service, notifier):
    started = await start_game(service)
    gid, italy = started.id, started.user[Power.ITALY]
    await service.moderation.remove_player(gid, MODERATOR, italy)
    # a vacant seat may be claimed at once; a held one only once offered
    with pytest.raises(NotAllowed, match="not open"):
        await service.seating.claim_seat(gid, Power.ENGLAND, 777)
    first = await service.seating.claim_seat(gid, Power.ITALY, 777)
    second = await service.seating.claim_seat(gid, Power.ITALY, 778)
    with pytest.raises(InvalidRequest, match="already asked"):
        await service.seating.claim_seat(gid, Power.ITALY, 777)
    asked = notifier.sent_to(MODERATOR, "seat.claim")
    assert [m.params["claim_id"] for m in asked] == [first.id, second.id]
    assert asked[0].params["user_id"] == 777 and asked[0].params["on_time"] is None

    view = await service.seating.approve_claim(first.id, MODERATOR)
    assert next(s for s in view.seats if s.power == Power.ITALY).user_id == 777
    assert not next(s for s in view.seats if s.power == Power.ITALY).civil_disorder
    assert notifier.sent_to(777, "game.briefing")
    assert notifier.sent_to(778, "seat.claim_taken")
    with pytest.raises(InvalidRequest, match="already been answered"):
        await service.seating.approve_claim(second.id, MODERATOR)
    assert notifier.posted("moderation.replace_player")

    await service.seating.offer_seat(gid, MODERATOR, Power.ENGLAND)
    [offer] = notifier.posted("seat.offered")
    assert offer.params["power"] == "England" and offer.params["game_id"] == gid
    claim = await service.seating.claim_seat(gid, Power.ENGLAND, 779)
    await service.seating.refuse_claim(claim.id, MODERATOR)
    assert notifier.sent_to(779, "seat.claim_refused")
    assert (await service.games.status(gid)).seats[1].user_id == started.user[Power.ENGLAND]
    actions = [e.action for e in await service.moderation.audit_log(gid)]
    assert "offer_seat" in actions and actions.count("replace_player") == 1


async def test_an_unreachable_player_is_reported_once_and_shown_until_reached(service,
                                                                               notifier):
    started = await start_game(service)
    gid, turkey = started.id, started.user[Power.TURKEY]
    assert await service.seating.note_unreachable(turkey, "dm_closed")
    assert not await service.seating.note_unreachable(turkey, "dm_closed")   # told once
    [notice] = notifier.sent_to(MODERATOR, "seat.unreachable")
    assert notice.params["powers"] == ["Turkey"] and notice.params["reason"] == "dm_closed"
    seat = next(s for s in (await service.games.status(gid)).seats if s.power == Power.TURKEY)
    assert seat.unreachable == "dm_closed"
    # leaving the server is news again
    assert await service.seating.note_unreachable(turkey, "left_server")
    assert len(notifier.sent_to(MODERATOR, "seat.unreachable")) == 2
    await service.seating.note_reachable(turkey)
    seat = next(s for s in (await service.games.status(gid)).seats if s.power == Power.TURKEY)
    assert seat.unreachable is None


async def test_the_mark_survives_a_restart(open_service, notifier):
    async with open_service() as service:
        started = await start_game(service)
        await service.seating.note_unreachable(started.user[Power.TURKEY], "dm_closed")
    async with open_service() as service:
        await service.seating.note_reachable(started.user[Power.TURKEY])
        seats = (await service.games.status(started.id)).seats
        assert all(s.unreachable is None for s in seats)


async def test_a_record_counts_orders_on_time_misses_and_games(service, clock):
    started = await start_game(service, end_year=1901)
    gid = started.id
    england, france = started.user[Power.ENGLAND], started.user[Power.FRANCE]
    await service.orders.submit(gid, england, "F LON H")
    clock.advance(DAY)
    await service.deadlines.run_due()                                  # spring: France missed
    await service.orders.submit(gid, england, "F LON H")
    await service.orders.submit(gid, france, "A PAR H")
    clock.advance(DAY)
    await service.deadlines.run_due()                                  # autumn, then the game ends
    assert (await service.games.status(gid)).status == "finished"
    mine = await service.records.record(england)
    assert (mine.on_time, mine.missed, mine.finished, mine.on_time_percent) == (2, 0, 1, 100)
    theirs = await service.records.record(france)
    assert (theirs.on_time, theirs.missed, theirs.civil_disorder_spells) == (1, 1, 1)
    assert theirs.on_time_percent == 50 and theirs.abandoned == 0
    germany = await service.records.record(started.user[Power.GERMANY])
    assert (germany.missed, germany.civil_disorder_spells) == (2, 1)


async def test_a_replaced_player_keeps_their_misses_and_the_new_one_starts_clean(service,
                                                                                  clock):
    started = await start_game(service)
    gid, austria = started.id, started.user[Power.AUSTRIA]
    clock.advance(DAY)
    await service.deadlines.run_due()                                  # everyone missed spring
    await service.seating.replace_player(gid, MODERATOR, Power.AUSTRIA, 5555)
    clock.advance(DAY)
    await service.deadlines.run_due()
    before = await service.records.record(austria)
    assert (before.missed, before.abandoned, before.playing) == (1, 1, 0)
    after = await service.records.record(5555)
    assert (after.missed, after.playing) == (1, 1)


async def test_a_game_may_ask_for_a_minimum_on_time_rate(service, clock):
    started = await start_game(service)
    clock.advance(DAY)
    await service.deadlines.run_due()                                  # every player missed once
    strict = await service.games.create(channel_id=2, moderator_id=MODERATOR, name="Strict",
                                       settings=GameSettings(min_on_time=80))
    with pytest.raises(NotAllowed, match="at least 80%.*0%") as refused:
        await service.games.join(strict.id, started.user[Power.FRANCE])
    assert refused.value.key == "game.record_too_low"
    assert (await service.games.join(strict.id, 31337)).players == (31337,)   # no record yet
    with pytest.raises(InvalidRequest, match="percentage"):
        GameSettings(min_on_time=120).validate()
    assert GameSettings.from_json(GameSettings(min_on_time=75).to_json()).min_on_time == 75


async def test_someone_seated_nowhere_is_not_marked(service, notifier):
    started = await start_game(service)
    assert not await service.seating.note_unreachable(999999, "left_server")
    assert not await service.seating.note_unreachable(started.user[Power.ITALY], "left_server",
                                                      guild_id=12345)   # another server
    assert not notifier.sent_to(MODERATOR, "seat.unreachable")
    assert all(s.unreachable is None for s in (await service.games.status(started.id)).seats)



def test_the_example_avoids_closed_provinces():
    opening = Position.initial()
    assert example_order(opening, {Power.FRANCE}) == "A MAR - BUR"
    assert example_order(opening, {Power.FRANCE}, closed=frozenset({"bur"})) == "A MAR - GAS"


async def test_a_seat_abandoned_at_a_deadline_keeps_that_miss_on_its_player(service, clock):
    started = await start_game(service, abandon_after=1)
    italy = started.user[Power.ITALY]
    clock.advance(DAY)
    await service.deadlines.run_due()                  # Italy (like everyone) sent nothing: abandoned
    assert next(s for s in (await service.games.status(started.id)).seats
                if s.power == Power.ITALY).user_id is None
    record = await service.records.record(italy)
    assert (record.missed, record.civil_disorder_spells, record.abandoned) == (1, 1, 1)
    await service.seating.replace_player(started.id, MODERATOR, Power.ITALY, 6060)
    assert (await service.records.record(6060)).missed == 0   # seated after that phase


# -- a player at two powers of one game -------------------------------------------------------

async def _seats(service, gid) -> dict[Power, int | None]:
    return {s.power: s.user_id for s in (await service.games.status(gid)).seats}


async def test_seating_a_player_at_a_second_power_needs_the_moderators_confirmation(
        service, notifier):
    started = await start_game(service)
    gid, italy = started.id, started.user[Power.ITALY]
    before = await _seats(service, gid)
    with pytest.raises(InvalidRequest) as refused:
        await service.seating.replace_player(gid, MODERATOR, Power.FRANCE, italy)
    assert refused.value.key == "moderation.second_seat"
    assert refused.value.params["powers"] == ["Italy"] and \
        refused.value.params["power"] == "France"
    assert await _seats(service, gid) == before            # nothing changed, nothing said
    assert not notifier.posted("moderation.replace_player")
    assert "replace_player" not in [e.action for e in await service.moderation.audit_log(gid)]

    await service.seating.replace_player(gid, MODERATOR, Power.FRANCE, italy, second_seat=True)
    after = await _seats(service, gid)
    assert after[Power.FRANCE] == italy and after[Power.ITALY] == italy


async def test_an_anonymous_game_refuses_a_second_seat_unless_the_moderator_overrides(
        service, notifier):
    started = await start_game(service, anonymous=True, press="gunboat")
    gid, italy = started.id, started.user[Power.ITALY]
    before = await _seats(service, gid)
    for confirmed in (False, True):
        with pytest.raises(InvalidRequest) as refused:
            await service.seating.replace_player(gid, MODERATOR, Power.FRANCE, italy,
                                         second_seat=confirmed)
        assert refused.value.key == "moderation.second_seat_anonymous"
    assert await _seats(service, gid) == before and not notifier.posted(
        "moderation.replace_player")
    await service.seating.replace_player(gid, MODERATOR, Power.FRANCE, italy, second_seat=True,
                                 anonymous_override=True)
    assert (await _seats(service, gid))[Power.FRANCE] == italy
    [post] = notifier.posted("moderation.replace_player")
    assert post.anonymous and "<@" not in post.text


async def test_a_seat_claimed_by_button_goes_to_no_player_of_another_power(service, notifier):
    started = await start_game(service)
    gid, italy, england = started.id, started.user[Power.ITALY], started.user[Power.ENGLAND]
    await service.moderation.remove_player(gid, MODERATOR, italy)
    claim = await service.seating.claim_seat(gid, Power.ITALY, england)   # asking is free
    with pytest.raises(InvalidRequest) as refused:
        await service.seating.approve_claim(claim.id, MODERATOR)
    assert refused.value.key == "seat.holds_another"
    assert refused.value.params["powers"] == ["England"]
    # nothing changed: the seat is vacant, the claim still open for the moderator to refuse
    assert (await _seats(service, gid))[Power.ITALY] is None
    assert (await service.seating.claim(claim.id)).status == "pending"
    await service.seating.refuse_claim(claim.id, MODERATOR)
    # seated elsewhere after asking: the same refusal
    claim = await service.seating.claim_seat(gid, Power.ITALY, 777)
    await service.seating.replace_player(gid, MODERATOR, Power.ENGLAND, 777)
    with pytest.raises(InvalidRequest, match="already plays England"):
        await service.seating.approve_claim(claim.id, MODERATOR)


async def test_a_replacement_does_not_inherit_the_ready_mark(service):
    """Six players ready, the seventh (Austria) marks ready and is replaced: the phase must
    wait for the newcomer, not run on the old player's mark."""
    started = await start_game(service)
    gid = started.id
    for power, user in started.user.items():
        if power not in (Power.AUSTRIA, Power.TURKEY):
            await service.orders.set_ready(gid, user)
    await service.orders.set_ready(gid, started.user[Power.AUSTRIA])
    await service.seating.replace_player(gid, MODERATOR, Power.AUSTRIA, 5555)
    report = await service.orders.set_ready(gid, started.user[Power.TURKEY])
    assert not report.adjudicated                             # Austria's newcomer has not acted
    assert (await service.games.status(gid)).phase == "S1901M"
    assert (await service.orders.set_ready(gid, 5555)).adjudicated   # now everyone is ready
    assert (await service.games.status(gid)).phase == "F1901M"


async def test_a_replacement_does_not_inherit_the_draw_vote(service):
    started = await start_game(service)
    gid = started.id
    for power, user in started.user.items():
        if power is not Power.TURKEY:
            await service.endgame.vote_draw(gid, user)
    await service.seating.replace_player(gid, MODERATOR, Power.AUSTRIA, 5555)
    assert not (await service.endgame.vote_draw(gid, started.user[Power.TURKEY])).passed
    assert (await service.games.status(gid)).status == "active"
    assert (await service.endgame.vote_draw(gid, 5555)).passed      # the newcomer's own vote counts


async def test_a_claimed_seat_starts_without_the_marks_of_the_player_before(service):
    """The same through a removal and an approved claim."""
    started = await start_game(service)
    gid, italy = started.id, started.user[Power.ITALY]
    await service.orders.set_ready(gid, italy)
    await service.endgame.vote_draw(gid, italy)
    await service.moderation.remove_player(gid, MODERATOR, italy)
    claim = await service.seating.claim_seat(gid, Power.ITALY, 777)
    await service.seating.approve_claim(claim.id, MODERATOR)
    others = [u for p, u in started.user.items() if p is not Power.ITALY]
    for user in others:
        assert not (await service.endgame.vote_draw(gid, user)).passed
        assert not (await service.orders.set_ready(gid, user)).adjudicated
    assert (await service.games.status(gid)).phase == "S1901M"
    assert (await service.orders.set_ready(gid, 777)).adjudicated


async def test_a_rollback_does_not_give_a_newcomer_the_marks_of_the_player_before(service):
    started = await start_game(service)
    gid, austria = started.id, started.user[Power.AUSTRIA]
    await service.orders.set_ready(gid, austria)
    await service.endgame.vote_draw(gid, austria)
    await service.moderation.process_now(gid, MODERATOR)
    await service.seating.replace_player(gid, MODERATOR, Power.AUSTRIA, 5555)
    view = await service.moderation.rollback(gid, MODERATOR)             # S1901M open again
    seat = next(s for s in view.seats if s.power is Power.AUSTRIA)
    assert seat.user_id == 5555 and not seat.ready
    for power, user in started.user.items():
        if power is not Power.AUSTRIA:
            assert not (await service.endgame.vote_draw(gid, user)).passed
