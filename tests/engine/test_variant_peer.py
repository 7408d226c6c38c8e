"""Random movement phases on each variant the `diplomacy` package also plays, adjudicated by
both engines (the phases `bench.variants` times): the units after the phase and the dislodged
units that may retreat agree (the package disbands at once a unit with nowhere to go)."""

from __future__ import annotations

import pytest

from engine import RULES_2023, Position, adjudicate
from tools.random_phases import (
    PEER_MAPS,
    our_result,
    peer_game,
    peer_play,
    peer_result,
    random_phases,
)

pytest.importorskip("diplomacy", reason="the diplomacy package (a test dependency)")


def _peer(vid: str, position: Position, orders: dict[str, list[str]]):
    game = peer_game(PEER_MAPS[vid], position)
    peer_play(game, orders)
    return peer_result(game)


@pytest.mark.parametrize("vid", sorted(PEER_MAPS))
def test_random_phases_agree_with_the_diplomacy_package(vid):
    phases = random_phases(vid, 20)
    for position, orders in phases:
        ours = our_result(adjudicate(position, orders, RULES_2023))
        assert ours == _peer(vid, position, orders), (position.phase.name, orders)
    assert len({frozenset(p.units) for p, _o in phases}) > 10  # the units do move


def test_some_random_phases_dislodge_units():
    found = [our_result(adjudicate(p, o, RULES_2023))[1] for vid in ("ancmed", "pure")
             for p, o in random_phases(vid, 20)]
    assert sum(map(len, found)) >= 2


def test_the_port_of_baleares_convoys_in_both_engines():
    position = Position.from_record({"phase": "S1M", "units": [
        {"power": "Carthage", "type": t, "location": loc}
        for t, loc in (("A", "tar"), ("F", "bal"), ("F", "ber"))]}, "ancmed")
    orders = {"Carthage": ["A TAR - MAU", "F BAL C A TAR - MAU", "F BER C A TAR - MAU"]}
    ours = our_result(adjudicate(position, orders, RULES_2023))
    assert ours == _peer("ancmed", position, orders)
    assert "CARTHAGE A MAU" in ours[0]
