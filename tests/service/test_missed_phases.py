"""Missed phases by their kind (docs/moderation.md, "Missed phases"): civil disorder only for a
movement phase missed; builds not given are waived, retreats not given disband, removals not
given are chosen by the rule; orders that came but were all refused are "received, none
valid"; forced removals wait for nobody; `/profile` counts what happened."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import timedelta

import pytest

from engine.position import Position
from engine.vocabulary import Power, Unit, UnitType
from service.storage.repos import phases, seats
from tests.service.conftest import MODERATOR, start_game
from tests.service.test_notices import france_takes_two_centres

E, F, G, IT, A, R, T = (Power.ENGLAND, Power.FRANCE, Power.GERMANY, Power.ITALY, Power.AUSTRIA,
                       Power.RUSSIA, Power.TURKEY)
HOLDS = {E: "F LON H", F: "A PAR H", G: "A BER H", IT: "A ROM H", A: "A VIE H", R: "A MOS H",
         T: "A CON H"}


def notices(notifier, user, phase=None):
    return [m for m in notifier.sent_to(user, "turn.notice")
            if phase is None or m.params["previous_phase"] == phase]


async def in_disorder(service, game) -> set[Power]:
    async with service.db.read() as conn:
        return {s.power for s in await seats.all_seats(conn, game.id) if s.civil_disorder}


async def test_a_movement_phase_missed_is_civil_disorder_and_counted(service, notifier):
    game = await start_game(service)
    for power, text in HOLDS.items():
        if power is not IT:
            await service.orders.submit(game.id, game.user[power], text)
    await service.moderation.process_now(game.id, MODERATOR)
    [results] = notifier.posted("phase.results")
    assert results.params["civil_disorder"] == ["Italy"] and results.params["refused"] == []
    assert "In civil disorder (sommossa), no orders received: Italy" in results.text
    [told] = notices(notifier, game.user[IT], "S1901M")
    assert told.params["missed"] == ["Italy"] and told.params["missed_kind"] == "M"
    assert "held and the power is in civil disorder" in told.text
    assert await in_disorder(service, game) == {IT}
    # and again in the fall: two phases missed, one spell of civil disorder
    await service.moderation.process_now(game.id, MODERATOR)
    record = await service.records.record(game.user[IT])
    assert (record.on_time, record.missed, record.civil_disorder_spells) == (0, 2, 1)


async def test_winter_builds_not_given_are_waived_not_civil_disorder(service, notifier):
    game = await france_takes_two_centres(service)
    assert (await service.games.status(game.id)).phase == "W1901A"
    await service.moderation.process_now(game.id, MODERATOR)
    winter = notifier.posted("phase.results")[-1]
    assert winter.params["phase"] == "W1901A"
    assert winter.params["civil_disorder"] == []
    assert {"power": "France", "unused_builds": 2} in winter.params["unordered"]
    assert "civil disorder" not in winter.text
    [told] = notices(notifier, game.user[F], "W1901A")
    assert (told.params["missed"], told.params["missed_kind"], told.params["waived"]) \
        == (["France"], "A", 2)
    assert "builds of France were waived" in told.text and "held" not in told.text
    assert F not in await in_disorder(service, game)
    # France ordered both movement phases: one phase missed (its builds), no civil disorder
    record = await service.records.record(game.user[F])
    assert (record.on_time, record.missed, record.civil_disorder_spells) == (2, 1, 0)


async def test_a_retreat_not_given_disbands_and_is_not_civil_disorder(service, notifier):
    game = await start_game(service)
    await service.orders.submit(game.id, game.user[F], "A PAR - BUR")
    await service.orders.submit(game.id, game.user[G], "A MUN - RUH\nA BER - MUN")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, game.user[G], "A RUH - BUR\nA MUN S A RUH - BUR")
    await service.orders.submit(game.id, game.user[F], "A BUR H")
    await service.moderation.process_now(game.id, MODERATOR)
    assert (await service.games.status(game.id)).phase == "F1901R"
    await service.moderation.process_now(game.id, MODERATOR)              # France gives no retreat
    retreat = next(m for m in notifier.posted("phase.results")
                   if m.params["phase"] == "F1901R")
    assert retreat.params["civil_disorder"] == []
    assert {"power": "France", "unit": "A BUR", "fate": "disbanded"} \
        in retreat.params["unordered"]
    [told] = notices(notifier, game.user[F], "F1901R")
    assert (told.params["missed_kind"], told.params["disbanded"]) == ("R", ["A BUR"])
    assert "dislodged units of France were disbanded (A BUR)" in told.text
    assert "This is not civil disorder" in told.text
    assert F not in await in_disorder(service, game)
    record = await service.records.record(game.user[F])
    assert (record.on_time, record.missed, record.civil_disorder_spells) == (2, 1, 0)


async def test_orders_all_refused_are_received_none_valid(service, notifier):
    game = await start_game(service)
    for power, text in HOLDS.items():
        if power is not G:
            await service.orders.submit(game.id, game.user[power], text)
    # Germany's only line names England's fleet: refused, nothing to carry out
    report = await service.orders.submit(game.id, game.user[G], "F LON - NTH")
    assert [line.error_key for line in report.lines] == ["orders.not_your_unit"]
    assert report.recorded == ()
    await service.moderation.process_now(game.id, MODERATOR)
    [results] = notifier.posted("phase.results")
    assert results.params["civil_disorder"] == [] and results.params["refused"] == ["Germany"]
    assert "Orders received, none valid: Germany" in results.text
    assert "no orders received" not in results.text
    [told] = notices(notifier, game.user[G], "S1901M")
    assert (told.params["missed"], told.params["refused"]) == ([], ["Germany"])
    assert "none of them was valid" in told.text
    assert G not in await in_disorder(service, game)
    record = await service.records.record(game.user[G])
    assert (record.on_time, record.missed, record.civil_disorder_spells) == (1, 0, 0)


async def test_chatter_that_is_no_order_is_no_orders_received(service, notifier):
    game = await start_game(service)
    for power, text in HOLDS.items():
        if power is not G:
            await service.orders.submit(game.id, game.user[power], text)
    report = await service.orders.submit(game.id, game.user[G], "ciao\nstop")
    assert {line.error_key for line in report.lines} == {"orders.not_an_order"}
    await service.moderation.process_now(game.id, MODERATOR)
    [results] = notifier.posted("phase.results")
    assert results.params["civil_disorder"] == ["Germany"] and results.params["refused"] == []


async def germany_loses_every_centre(service, *, france_builds: bool):
    """A game whose Germany has three units off its centres and no centre left, so the next
    winter must remove all three; France (`france_builds`) has a centre more, to build."""
    game = await start_game(service)
    start = Position.initial()
    units = tuple(u for u in start.units if u.power is not G) + (
        Unit(G, UnitType.ARMY, "ruh"), Unit(G, UnitType.ARMY, "sil"),
        Unit(G, UnitType.FLEET, "hel"))
    centres = {p: cs for p, cs in start.supply_centers.items() if p is not G}
    if france_builds:
        centres[F] = centres[F] | {"spa"}
    async with service.db.transaction(game.id) as conn:
        phase = await phases.latest(conn, game.id)
        await conn.execute("UPDATE phases SET position_json = ? WHERE id = ?",
                           (json.dumps(replace(start, units=units,
                                               supply_centers=centres).to_record()), phase.id))
    for power, text in HOLDS.items():
        if power is not G:
            await service.orders.submit(game.id, game.user[power], text)
    if france_builds:     # Marseilles left free to build in
        await service.orders.submit(game.id, game.user[F], "A MAR - GAS")
    await service.orders.submit(game.id, game.user[G], "A RUH H\nA SIL H\nF HEL H")
    await service.moderation.process_now(game.id, MODERATOR)
    for power, text in HOLDS.items():
        if power is not G:
            await service.orders.submit(game.id, game.user[power], text)
    await service.orders.submit(game.id, game.user[G], "A RUH H\nA SIL H\nF HEL H")
    await service.moderation.process_now(game.id, MODERATOR)
    return game


async def test_forced_removals_wait_for_nobody_and_are_not_charged(service, notifier, clock):
    game = await germany_loses_every_centre(service, france_builds=False)
    view = await service.games.status(game.id)
    assert view.phase == "W1901A"
    germany = next(s for s in view.seats if s.power is G)
    assert not germany.needs_orders                     # nothing to choose: not waited for
    # the player is told their units go by themselves, and no deadline to meet
    [told] = [m for m in notifier.sent_to(game.user[G], "turn.notice")
              if m.params["phase"] == "W1901A"]
    assert told.params["duties"][0]["forced"] is True
    assert told.params["duties"][0]["removals"] == 3
    assert "no supply centre left" in told.text
    # nobody has a choice this winter: it is due at once, without the clock moving
    assert await service.deadlines.run_due() == 1
    winter = notifier.posted("phase.results")[-1]
    assert winter.params["phase"] == "W1901A"
    assert winter.params["civil_disorder"] == []
    assert {"power": "Germany", "removed_forced": 3} in winter.params["unordered"]
    assert "Removed, no supply centre left: Germany" in winter.text
    assert "civil-disorder rule" not in winter.text
    assert not notices(notifier, game.user[G], "W1901A")   # nothing missed
    record = await service.records.record(game.user[G])
    assert (record.on_time, record.missed, record.civil_disorder_spells) == (2, 0, 0)
    assert (await service.games.status(game.id)).phase == "S1902M"


async def test_forced_removals_do_not_hold_a_winter_that_waits_for_builds(service, notifier):
    game = await germany_loses_every_centre(service, france_builds=True)
    view = await service.games.status(game.id)
    assert view.phase == "W1901A"
    assert [s.power for s in view.seats if s.needs_orders] == [F]
    assert await service.deadlines.run_due() == 0                 # France may build: the winter waits
    # France is the only one waited for: its ready mark alone adjudicates the winter
    await service.orders.submit(game.id, game.user[F], "A MAR B")
    ready = await service.orders.set_ready(game.id, game.user[F])
    assert ready.adjudicated
    winter = notifier.posted("phase.results")[-1]
    assert winter.params["phase"] == "W1901A"
    assert {"power": "Germany", "removed_forced": 3} in winter.params["unordered"]
    assert winter.params["civil_disorder"] == []
    assert (await service.records.record(game.user[G])).missed == 0


async def test_grace_in_winter_warns_of_builds_waived_not_civil_disorder(service, notifier,
                                                                         clock):
    game = await start_game(service, nmr_policy="grace", nmr_grace=timedelta(hours=12))
    await service.orders.submit(game.id, game.user[F], "A PAR - BUR\nA MAR - SPA\nF BRE - MAO")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, game.user[F], "A SPA - POR\nF MAO H\nA BUR - BEL")
    await service.moderation.process_now(game.id, MODERATOR)
    view = await service.games.status(game.id)
    assert view.phase == "W1901A"
    clock.advance(view.deadline - clock.now() + timedelta(minutes=1))
    assert await service.deadlines.run_due() == 0                       # held for France's builds
    [dm] = notifier.sent_to(game.user[F], "nmr.grace_dm_adjustment")
    assert "builds will be waived" in dm.text and "civil disorder" not in dm.text
    assert not notifier.sent_to(game.user[F], "nmr.grace_dm")


@pytest.mark.sqlite_only
async def test_the_migration_keeps_old_misses_and_civil_disorder_only_for_movement(tmp_path):
    """Phases adjudicated before 0012 listed every silent power as in civil disorder: the
    migration keeps them all as missed, and as civil disorder only in movement phases."""
    from service.storage.schema import bundled_migrations, migrate
    from service.storage.sqlite import SqliteDatabase

    db = await SqliteDatabase.open(tmp_path / "old.sqlite")
    try:
        every = bundled_migrations()
        ours = next(m for m in every if m.name.endswith("_missed_phases.sql"))
        await migrate(db.conn, "old.sqlite", [m for m in every if m.version < ours.version])
        await db.conn.execute("PRAGMA foreign_keys = OFF")
        for seq, name in enumerate(("F1901M", "F1901R", "W1901A"), start=1):
            await db.conn.execute(
                "INSERT INTO phases (id, game_id, seq, name, position_json, status, opened_at) "
                "VALUES (?, 1, ?, ?, '{}', 'done', 0)", (seq, seq, name))
            await db.conn.execute("INSERT INTO phase_outcomes (phase_id, after_json, "
                                  "civil_disorder_json) VALUES (?, '{}', '[\"France\"]')", (seq,))
        await migrate(db.conn, "old.sqlite", every)
        async with db.conn.execute("SELECT phase_id, civil_disorder_json, missed_json, "
                                   "refused_json FROM phase_outcomes ORDER BY phase_id") as cur:
            rows = [tuple(r) for r in await cur.fetchall()]
        assert rows == [(1, '["France"]', '["France"]', "[]"), (2, "[]", '["France"]', "[]"),
                        (3, "[]", '["France"]', "[]")]
    finally:
        await db.close()
