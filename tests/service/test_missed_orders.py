"""Grace before civil disorder, and abandoned seats (real SQLite file, manual clock)."""

from __future__ import annotations

from datetime import timedelta

from engine.vocabulary import Power
from service.storage.repos import phases, seats
from tests.service.conftest import DAY, MODERATOR, start_game

E, F, G, IT, A, R, T = (Power.ENGLAND, Power.FRANCE, Power.GERMANY, Power.ITALY, Power.AUSTRIA,
                       Power.RUSSIA, Power.TURKEY)
HOLDS = {E: "F LON H", F: "A PAR H", G: "A BER H", IT: "A ROM H", A: "A VIE H", R: "A MOS H",
         T: "A CON H"}
GRACE = {"nmr_policy": "grace", "nmr_grace": timedelta(hours=12)}


async def latest(service, game_id):
    async with service.db.read() as conn:
        return await phases.latest(conn, game_id)


async def order_all_but(service, game, *left_out):
    for power, text in HOLDS.items():
        if power not in left_out:
            await service.orders.submit(game.id, game.user[power], text)


async def test_grace_waits_for_missing_orders_then_puts_them_in_civil_disorder(
        open_service, clock, notifier):
    async with open_service() as service:
        game = await start_game(service, **GRACE)
        await order_all_but(service, game, G, R)
        deadline = game.view.deadline
        clock.advance(DAY)
        assert await service.deadlines.run_due() == 0                       # held, not adjudicated
        held = await latest(service, game.id)
        assert (held.name, held.status) == ("S1901M", "open")
        assert held.deadline_at == deadline + timedelta(hours=12)
        [notice] = notifier.posted("nmr.grace")
        assert notice.params["powers"] == ["Germany", "Russia"]
        assert notice.params["users"] == [game.user[G], game.user[R]]   # only they are pinged
        assert notice.params["until"] == held.deadline_at
        assert [m.params["power"] for m in notifier.sent_to(game.user[G], "nmr.grace_dm")] \
            == [["Germany"]]
        assert not notifier.sent_to(game.user[E], "nmr.grace_dm")
        # the others may still change their orders
        await service.orders.submit(game.id, game.user[E], "F LON - NTH")
        clock.advance(timedelta(hours=6))
        assert await service.deadlines.run_due() == 0
    # a restart keeps the grace (the row says so) and never grants a second one
    async with open_service() as service:
        assert await service.deadlines.run_due() == 0
        clock.advance(timedelta(hours=6))
        assert await service.deadlines.run_due() == 1
        [results] = notifier.posted("phase.results")
        assert results.params["civil_disorder"] == ["Germany", "Russia"]
        assert "F LON - NTH" in results.text
        assert len(notifier.posted("nmr.grace")) == 1


async def test_grace_ends_as_soon_as_the_missing_orders_arrive(service, clock, notifier):
    game = await start_game(service, **GRACE)
    await order_all_but(service, game, T)
    clock.advance(DAY)
    assert await service.deadlines.run_due() == 0
    await service.orders.submit(game.id, game.user[T], HOLDS[T])
    clock.advance(timedelta(minutes=1))
    assert await service.deadlines.run_due() == 1
    [results] = notifier.posted("phase.results")
    assert results.params["civil_disorder"] == []


async def test_the_moderator_may_force_a_phase_in_grace(service, clock, notifier):
    game = await start_game(service, **GRACE)
    clock.advance(DAY)
    await service.deadlines.run_due()
    assert await service.moderation.process_now(game.id, MODERATOR, "S1901M")
    assert (await latest(service, game.id)).name == "F1901M"


async def test_immediate_policy_and_a_full_table_adjudicate_at_the_deadline(service, clock,
                                                                          notifier):
    await start_game(service)
    clock.advance(DAY)
    assert await service.deadlines.run_due() == 1
    other = await start_game(service, name="Other", **GRACE)
    await order_all_but(service, other)
    clock.advance(DAY)
    assert await service.deadlines.run_due() == 2                            # nobody missing: no grace
    assert not notifier.posted("nmr.grace")


async def test_a_seat_missing_n_phases_in_a_row_is_abandoned(service, clock, notifier):
    game = await start_game(service, abandon_after=2)
    await order_all_but(service, game, G, IT)
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, game.user[IT], "A ROM H")  # Italy is back in time
    await service.moderation.process_now(game.id, MODERATOR)
    [gone] = notifier.posted("seat.abandoned")
    assert gone.params["power"] == "Germany" and gone.params["user_id"] == game.user[G]
    [told] = notifier.sent_to(MODERATOR, "seat.abandoned.moderator")
    assert told.params["power"] == "Germany"
    assert notifier.sent_to(game.user[G], "seat.abandoned.player")
    async with service.db.read() as conn:
        now_seated = {s.power: s for s in await seats.all_seats(conn, game.id)}
    assert now_seated[G].user_id is None and now_seated[G].civil_disorder
    assert now_seated[IT].user_id == game.user[IT]
    assert any(e.action == "abandoned" for e in await service.moderation.audit_log(game.id))


async def test_no_abandonment_unless_the_game_sets_it(service, clock, notifier):
    game = await start_game(service)
    for _ in range(4):
        await service.moderation.process_now(game.id, MODERATOR)
    assert not notifier.posted("seat.abandoned")


async def test_a_new_player_at_an_abandoned_seat_starts_from_nothing(service, clock, notifier):
    game = await start_game(service, abandon_after=2)
    await service.moderation.process_now(game.id, MODERATOR)
    await service.moderation.process_now(game.id, MODERATOR)
    assert len(notifier.posted("seat.abandoned")) == 7            # nobody ordered twice
    await service.seating.replace_player(game.id, MODERATOR, G, 4242)
    await service.moderation.process_now(game.id, MODERATOR)                  # 4242 misses one
    assert len(notifier.posted("seat.abandoned")) == 7
    await service.moderation.process_now(game.id, MODERATOR)                  # and a second
    [again] = notifier.posted("seat.abandoned")[7:]
    assert (again.params["power"], again.params["user_id"]) == ("Germany", 4242)
