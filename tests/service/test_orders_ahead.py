"""Orders sent ahead (issue 25) through the service, on SQLite and PostgreSQL: kept during a
movement phase, applied when the retreats or the winter open, overridden by orders given in
that phase, dropped when illegal; a Fall whose retreats and builds are all covered runs its
retreat and winter phases without waiting for a deadline."""

from __future__ import annotations

from engine.vocabulary import Power
from service.storage.repos import ahead as ahead_rows
from service.storage.repos import orders as order_rows
from service.storage.repos import phases
from tests.service.conftest import MODERATOR, start_game

AUS, ITA = Power.AUSTRIA, Power.ITALY


async def _fall_with_trieste_attacked(service):
    """Spring 1901: Italy to Tyrolia and Venice; Fall 1901 open, Trieste about to fall."""
    game = await start_game(service)
    await service.orders.submit(game.id, game.user[ITA], "A Ven - Tyr\nA Rom - Ven")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, game.user[ITA], "A Ven - Tri\nA Tyr S A Ven - Tri")
    return game


async def _phase(service, game_id):
    async with service.db.read() as conn:
        return await phases.latest(conn, game_id)


async def test_a_fall_fully_covered_runs_its_retreats_and_winter_without_waiting(service):
    game = await _fall_with_trieste_attacked(service)
    report = await service.orders.submit(
        game.id, game.user[AUS], "A Bud - Ser\nif F Tri is dislodged, retreat to Venice or "
        "Albania, otherwise disband")
    assert report.recorded == ("A BUD - SER",)
    assert [(k.canonical, k.ok) for k in report.ahead] == [
        ("F TRI R VEN", True), ("F TRI R ALB", True), ("F TRI D", True)]
    report = await service.orders.submit(game.id, game.user[ITA], "costruisci A Roma")
    assert report.recorded == () and [k.canonical for k in report.ahead] == ["A ROM B"]

    await service.moderation.process_now(game.id, MODERATOR)
    retreats = await _phase(service, game.id)
    assert retreats.name == "F1901R"
    # Venice was where the attack came from: Albania, the first option legal now
    async with service.db.read() as conn:
        assert await order_rows.effective(conn, retreats.id) == {AUS: ["F TRI R ALB"]}
        assert AUS in await order_rows.ready_powers(conn, retreats.id)
    assert retreats.deadline_at is not None and retreats.deadline_at <= retreats.opened_at
    # nobody is waited for: the retreats, then the winter, at once
    await service.deadlines.run_due()
    await service.deadlines.run_due()
    spring = await _phase(service, game.id)
    assert spring.name == "S1902M"
    units = {(u.power, u.label()) for u in spring.position.units}
    assert {(AUS, "F ALB"), (ITA, "A ROM"), (ITA, "A TRI")} <= units


async def test_orders_given_in_the_phase_override_the_kept_ones(service):
    game = await _fall_with_trieste_attacked(service)
    await service.orders.submit(game.id, game.user[AUS], "F Tri R Alb")
    await service.moderation.process_now(game.id, MODERATOR)
    retreats = await _phase(service, game.id)
    await service.orders.submit(game.id, game.user[AUS], "F Tri - Adr")   # in the retreats
    async with service.db.read() as conn:
        assert await order_rows.effective(conn, retreats.id) == {AUS: ["F TRI R ADR"]}
    await service.deadlines.run_due()
    after = await _phase(service, game.id)
    assert any(u.label() == "F ADR" for u in after.position.units)


async def test_a_kept_order_illegal_when_its_phase_opens_is_dropped(service):
    game = await _fall_with_trieste_attacked(service)
    await service.orders.submit(game.id, game.user[AUS], "F Tri R Ven")     # the attacker's origin
    await service.moderation.process_now(game.id, MODERATOR)
    retreats = await _phase(service, game.id)
    assert retreats.name == "F1901R"
    async with service.db.read() as conn:
        assert await order_rows.effective(conn, retreats.id) == {}
    assert retreats.deadline_at > retreats.opened_at                     # waited for, as ever


async def test_what_cannot_be_kept_is_refused_and_not_stored(service):
    game = await _fall_with_trieste_attacked(service)
    report = await service.orders.submit(game.id, game.user[AUS], "A Ser B\nF Tri R Mun")
    assert [(k.ok, k.error_kind) for k in report.ahead] == [
        (False, "ahead_refused_winter"), (False, "ahead_refused_retreat")]
    await service.moderation.process_now(game.id, MODERATOR)
    retreats = await _phase(service, game.id)
    async with service.db.read() as conn:
        assert await order_rows.effective(conn, retreats.id) == {}


def _unused(notifier, user, phase):
    return [m.params["unused_ahead"] for m in notifier.sent_to(user, "turn.notice")
            if m.params.get("phase") == phase and m.params.get("unused_ahead")]


async def test_a_player_is_told_privately_which_kept_orders_were_dropped_and_why(
        service, notifier):
    game = await _fall_with_trieste_attacked(service)
    await service.orders.submit(game.id, game.user[AUS], "F Tri R Ven\nF Tri R Alb")
    await service.moderation.process_now(game.id, MODERATOR)
    [notes] = _unused(notifier, game.user[AUS], "F1901R")
    # Venice, the attacker's origin, cannot be retreated to: dropped with the engine's reason;
    # Albania, used, is not mentioned
    assert [(n["order"], n["reason"]) for n in notes] == [("F TRI R VEN", "retreat_blocked")]
    assert _unused(notifier, game.user[ITA], "F1901R") == []      # nothing kept, nothing said


async def test_winter_orders_beyond_the_builds_allowed_are_said_to_be_ignored(service,
                                                                              notifier):
    game = await _fall_with_trieste_attacked(service)
    # Italy gains Trieste: one build; the second kept build is surplus
    await service.orders.submit(game.id, game.user[ITA], "A Rom B\nA Ven B")
    await service.orders.submit(game.id, game.user[AUS], "F Tri R Alb")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.moderation.process_now(game.id, MODERATOR)        # the retreats
    winter = await _phase(service, game.id)
    assert winter.name == "W1901A"
    async with service.db.read() as conn:
        assert (await order_rows.effective(conn, winter.id))[ITA] == ["A ROM B"]
    [notes] = _unused(notifier, game.user[ITA], "W1901A")
    assert notes == [{"power": "Italy", "order": "A VEN B", "surplus": True}]


async def test_a_player_of_several_powers_keeps_each_order_for_the_power_it_names(service):
    game = await start_game(service, players=4)          # Austria and France: one player
    user = game.user[AUS]
    assert game.user[Power.FRANCE] == user
    report = await service.orders.submit(
        game.id, user, "F Tri R Alb\nA Par B\nA Vie - Gal\nif A Mar is dislodged, retreat "
        "to Gascony")
    assert report.recorded == ("A VIE - GAL",)
    assert all(k.ok for k in report.ahead)
    spring = await _phase(service, game.id)
    async with service.db.read() as conn:
        retreats = await ahead_rows.kept(conn, [spring.id], "R")
        winter = await ahead_rows.kept(conn, [spring.id], "A")
    assert [(p, o) for p, o, _u in retreats] == [(AUS, "F TRI R ALB"),
                                                 (Power.FRANCE, "A MAR R GAS")]
    assert [(p, o) for p, o, _u in winter] == [(Power.FRANCE, "A PAR B")]
    shown = {o.power: o.later for o in report.now}
    assert shown[AUS] == (("R", "F TRI R ALB"),)
    assert shown[Power.FRANCE] == (("R", "A MAR R GAS"), ("A", "A PAR B"))


async def _winter_with_italy_covered(service):
    """W1901A open: Italy (one build) kept `A Rom B` and `A Ven B` ahead; Austria owes a
    removal and kept nothing for the winter."""
    game = await _fall_with_trieste_attacked(service)
    await service.orders.submit(game.id, game.user[ITA], "A Rom B\nA Ven B")
    await service.orders.submit(game.id, game.user[AUS], "F Tri R Alb")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.deadlines.run_due()                     # the retreats: every one covered
    winter = await _phase(service, game.id)
    assert winter.name == "W1901A"
    return game, winter


async def test_a_covered_power_counts_as_ready_so_the_others_ready_ends_the_phase(service):
    game, winter = await _winter_with_italy_covered(service)
    async with service.db.read() as conn:
        assert await order_rows.ready_powers(conn, winter.id) == {ITA}
    assert winter.deadline_at > winter.opened_at              # Austria is waited for
    await service.orders.submit(game.id, game.user[AUS], "A Bud D")
    report = await service.orders.set_ready(game.id, game.user[AUS])
    assert report.adjudicated                                 # Italy was not asked again
    spring = await _phase(service, game.id)
    assert spring.name == "S1902M"
    assert any(u.label() == "A ROM" and u.power is ITA for u in spring.position.units)


async def test_a_winter_message_replaces_every_order_sent_ahead_then_merges(service):
    game, winter = await _winter_with_italy_covered(service)
    [shown] = await service.orders.mine(game.id, game.user[ITA])
    assert shown.orders == ("A ROM B",) and shown.from_ahead
    await service.orders.submit(game.id, game.user[ITA], "A Ven B")
    [shown] = await service.orders.mine(game.id, game.user[ITA])
    assert shown.orders == ("A VEN B",) and not shown.from_ahead      # not A ROM B as well
    await service.orders.submit(game.id, game.user[ITA], "WAIVE")     # later: as ever
    [shown] = await service.orders.mine(game.id, game.user[ITA])
    assert set(shown.orders) == {"A VEN B", "WAIVE"}
