"""Seats the computer plays (service/players/computer.py), on both databases: seated by a
moderator, its orders given before the deadline and adjudicated like anyone's, taken over by a
player's approved claim, and a restart in between that neither loses nor repeats them."""

from __future__ import annotations

from datetime import timedelta

from engine.vocabulary import Power
from service.models import GameSettings
from tests.service.conftest import DAY, MODERATOR, start_game
from tests.service.test_missed_orders import order_all_but

THINK_MS = 60   # small: what is tested is the seat, not the play


async def test_the_computer_orders_for_its_seat_and_the_phase_counts_them(service):
    service.computer.think_ms = THINK_MS
    started = await start_game(service)
    gid = started.id
    await service.computer.seat(gid, MODERATOR, Power.FRANCE)
    assert await service.computer.powers(gid) == [Power.FRANCE]
    view = await service.games.status(gid)
    france = next(s for s in view.seats if s.power == Power.FRANCE)
    assert france.user_id is None and france.computer
    assert not any(s.computer for s in view.seats if s.power != Power.FRANCE)

    given = await service.computer.play(gid)
    assert list(given) == [Power.FRANCE]
    assert sorted(o.split()[1] for o in given[Power.FRANCE]) == ["BRE", "MAR", "PAR"]
    assert await service.computer.play(gid) == {}          # once a phase

    service.clock.advance(DAY)
    assert await service.deadlines.run_due() == 1
    [results] = service.notifier.posted("phase.results")
    assert results.params["computer"] == ["France"]          # "played by the computer"
    report = (await service.history.phases(gid))[0]
    assert Power.FRANCE not in report.civil_disorder
    france = [r for r in report.results if r.power == Power.FRANCE]
    assert sorted(r.order for r in france) == sorted(given[Power.FRANCE])
    assert all(r.status in ("succeeds", "fails") for r in france)
    # the next phase: the computer orders again
    assert list(await service.computer.play(gid)) == [Power.FRANCE]
    actions = [e.action for e in await service.moderation.audit_log(gid)]
    assert "seat_computer" in actions


async def test_a_claim_approved_takes_the_seat_from_the_computer(service):
    service.computer.think_ms = THINK_MS
    started = await start_game(service)
    gid = started.id
    await service.computer.seat(gid, MODERATOR, Power.ITALY)
    claim = await service.seating.claim_seat(gid, Power.ITALY, 777)
    view = await service.seating.approve_claim(claim.id, MODERATOR)
    italy = next(s for s in view.seats if s.power == Power.ITALY)
    assert italy.user_id == 777 and not italy.computer
    assert await service.computer.powers(gid) == []
    assert await service.computer.play(gid) == {}
    report = await service.orders.submit(gid, 777, "A VEN H")
    assert report.phase == "S1901M"


async def test_a_restart_neither_loses_nor_repeats_the_computers_orders(open_service, clock):
    async with open_service() as first:
        first.computer.think_ms = THINK_MS
        started = await start_game(first)
        gid = started.id
        await first.computer.seat(gid, MODERATOR, Power.TURKEY)
        await first.computer.seat(gid, MODERATOR, Power.RUSSIA)
        given = await first.computer.play(gid)
        assert sorted(given) == [Power.RUSSIA, Power.TURKEY]
    async with open_service() as second:
        second.computer.think_ms = THINK_MS
        assert await second.computer.powers(gid) == [Power.RUSSIA, Power.TURKEY]
        assert await second.computer.play(gid) == {}          # given before the restart
        clock.advance(DAY)
        assert await second.deadlines.run_due() == 1
        report = (await second.history.phases(gid))[0]
        assert not {Power.RUSSIA, Power.TURKEY} & set(report.civil_disorder)
        assert sorted(await second.computer.play(gid)) == [Power.RUSSIA, Power.TURKEY]


async def test_the_deadline_pass_has_the_computer_order_before_the_deadline(service):
    service.computer.think_ms = THINK_MS
    started = await start_game(service)
    gid = started.id
    await service.computer.seat(gid, MODERATOR, Power.ENGLAND)
    service.clock.advance(DAY - timedelta(minutes=30))
    assert await service.deadlines.run_due() == 0
    assert await service.computer.given(gid) == {}                 # not yet
    service.clock.advance(timedelta(minutes=25))                   # 5 minutes to go
    assert await service.deadlines.run_due() == 0
    given = await service.computer.given(gid)
    assert list(given) == [Power.ENGLAND] and len(given[Power.ENGLAND]) == 3
    service.clock.advance(timedelta(minutes=5))
    assert await service.deadlines.run_due() == 1
    report = (await service.history.phases(gid))[0]
    assert Power.ENGLAND not in report.civil_disorder


async def test_an_abandoned_seat_goes_to_the_computer_until_a_player_claims_it(service,
                                                                                notifier):
    service.computer.think_ms = THINK_MS
    started = await start_game(service, abandon_after=1, computer_takes_abandoned=True)
    gid = started.id
    await order_all_but(service, started, Power.GERMANY)
    await service.moderation.process_now(gid, MODERATOR)     # Germany sent nothing: abandoned
    [gone] = notifier.posted("seat.abandoned")
    assert gone.params["power"] == "Germany"
    assert await service.computer.powers(gid) == [Power.GERMANY]
    assert list(await service.computer.play(gid)) == [Power.GERMANY]
    view = await service.games.status(gid)
    germany = next(s for s in view.seats if s.power == Power.GERMANY)
    assert germany.computer and not germany.civil_disorder and germany.has_orders
    claim = await service.seating.claim_seat(gid, Power.GERMANY, 4242)   # the claim flow as ever
    await service.seating.approve_claim(claim.id, MODERATOR)
    assert await service.computer.powers(gid) == []


async def test_without_the_setting_an_abandoned_seat_stays_vacant(service):
    started = await start_game(service, abandon_after=1)
    await service.moderation.process_now(started.id, MODERATOR)
    assert await service.computer.powers(started.id) == []


async def test_three_players_and_four_computers_play_a_year_with_no_moderator(service,
                                                                               notifier):
    service.computer.think_ms = THINK_MS
    game = await service.games.create(channel_id=501, moderator_id=MODERATOR, name="Trio",
                                      settings=GameSettings(computer_fills=True))
    for user in (11, 12, 13):
        await service.games.join(game.id, user)
    view = await service.games.start(game.id, MODERATOR, seed=3)
    humans = {s.power: s.user_id for s in view.seats if s.user_id is not None}
    assert len(humans) == 3 and sum(s.computer for s in view.seats) == 4
    assert all(notifier.sent_to(u, "game.briefing") for u in (11, 12, 13))
    [started] = notifier.posted("game.started")
    assert list(started.params["seats"].values()).count("computer") == 4
    while (await service.games.status(game.id)).phase != "S1902M":   # the players send nothing
        service.clock.advance(DAY)
        assert await service.deadlines.run_due() >= 1
    for report in await service.history.phases(game.id):
        computers = {s.power for s in view.seats if s.computer}
        assert not computers & set(report.civil_disorder), report.phase


async def test_an_anonymous_game_names_the_computers_seats_only_when_it_says_so(service):
    service.computer.think_ms = THINK_MS
    for reveal in (False, True):
        started = await start_game(service, anonymous=True, reveal_computers=reveal,
                                   name=f"Masked {reveal}", channel=600 + reveal)
        await service.computer.seat(started.id, MODERATOR, Power.AUSTRIA)
        await service.computer.play(started.id)
        await service.moderation.process_now(started.id, MODERATOR)
        [results] = service.notifier.posted("phase.results", channel_id=600 + reveal)
        assert results.params["computer"] == (["Austria"] if reveal else [])
