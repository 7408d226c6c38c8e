"""A solo practice game (service/games/practice.py), on both databases: the player against the
computer at the six other powers in their DM channel, a phase adjudicated as soon as the player
is ready (with the computer's orders given first), one practice game at a time, ended by the
player."""

from __future__ import annotations

import pytest

from engine.vocabulary import Power
from service.errors import InvalidRequest

PLAYER, DM = 4242, 9100


@pytest.fixture(autouse=True)
def _quick_computer(service):
    service.computer.think_ms = 60    # what is tested is the game, not the play


async def test_a_practice_game_against_six_computers_runs_in_the_dm_channel(service):
    view = await service.practice.start(PLAYER, DM, power=Power.GERMANY, language="it")
    assert view.status == "active" and view.channel_id == DM
    seats = {s.power: s for s in view.seats}
    assert seats[Power.GERMANY].user_id == PLAYER and not seats[Power.GERMANY].computer
    assert all(s.computer and s.user_id is None for p, s in seats.items() if p != Power.GERMANY)
    await service.orders.submit(view.id, PLAYER, "A BER - KIE\nA MUN - RUH\nF KIE - DEN")
    report = await service.orders.set_ready(view.id, PLAYER)
    assert report.adjudicated
    status = await service.games.status(view.id)
    assert status.phase == "F1901M"                      # processed at once, not at 4 hours
    [results] = service.notifier.posted("phase.results", channel_id=DM)
    assert sorted(results.params["computer"]) == sorted(p.value for p in seats
                                                        if p != Power.GERMANY)
    [spring] = [r for r in await service.history.phases(view.id) if r.phase == "S1901M"]
    assert not spring.civil_disorder                # the computer gave all six powers' orders
    everything = [c for c, _m in service.notifier.posts]
    assert set(everything) == {DM}                       # nothing posted anywhere else


async def test_one_practice_game_at_a_time_and_the_player_ends_it(service):
    view = await service.practice.start(PLAYER, DM, seed=5)
    mine = [s.power for s in view.seats if s.user_id == PLAYER]
    assert len(mine) == 1
    with pytest.raises(InvalidRequest) as twice:
        await service.practice.start(PLAYER, DM)
    assert twice.value.key == "practice.already"
    ended = await service.practice.end(PLAYER, DM)
    assert ended.status == "finished"
    with pytest.raises(InvalidRequest) as none:
        await service.practice.end(PLAYER, DM)
    assert none.value.key == "practice.none"
    again = await service.practice.start(PLAYER, DM, seed=5)   # a new one may start now
    assert again.id != view.id
    assert [s.power for s in again.seats if s.user_id == PLAYER] == mine   # the seed draws it


async def test_a_winter_where_only_the_computer_builds_is_processed_at_once(service):
    view = await service.practice.start(PLAYER, DM, power=Power.GERMANY)
    clock_at_start = service.clock.now()
    await service.orders.set_ready(view.id, PLAYER)          # Spring: Germany holds
    await service.orders.set_ready(view.id, PLAYER)          # Fall: Germany holds again
    status = await service.games.status(view.id)
    while status.phase != "S1902M":
        germany = next(s for s in status.seats if s.power == Power.GERMANY)
        assert not germany.needs_orders, status.phase        # (holding, it gains nothing)
        assert status.deadline <= service.clock.now()         # nobody to wait for
        assert await service.deadlines.run_due() == 1
        status = await service.games.status(view.id)
    assert service.clock.now() == clock_at_start              # no deadline had to pass
    builds = [r for r in await service.history.phases(view.id) if r.phase == "W1901A"]
    assert builds and not builds[0].civil_disorder            # the computer built
