"""Every variant played for years through the engine alone, with random orders in every
phase (moves and supports, retreats, builds on the sites the variant allows, removals left to
civil disorder): the board stays consistent (one unit a province, every unit where its type may
stand, each centre owned once, builds only where the variant lets them) and the phases follow
each other in the variant's calendar."""

from __future__ import annotations

import random

import pytest

from engine import VARIANT_IDS, Position, adjudicate, board_of
from engine.adjustments import adjustment_counts, build_sites
from engine.vocabulary import PhaseKind, UnitType
from tools.random_phases import random_orders


def _orders(position: Position, rng: random.Random) -> dict[str, list[str]]:
    board = position.board
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return random_orders(position, board, rng)
    if kind is PhaseKind.RETREAT:
        orders: dict[str, list[str]] = {}
        for d in position.dislodged:
            options = sorted(d.retreat_options or ())
            text = f"{d.unit.label()} R {rng.choice(options).upper()}" if options and \
                rng.random() < 0.7 else f"{d.unit.label()} D"
            orders.setdefault(d.unit.power.value, []).append(text)
        return orders
    orders = {}
    for power, due in adjustment_counts(position.units, position.supply_centers).items():
        sites = build_sites(power, position.units, position.supply_centers, board)
        rng.shuffle(sites)
        for site in sites[:max(due, 0)]:
            unit = "F" if board.provinces[site].kind == "coast" and rng.random() < 0.5 else "A"
            where = board.unit_locations(UnitType(unit), site)
            orders.setdefault(power.value, []).append(f"{unit} {rng.choice(where).upper()} B")
    return orders


def _check(position: Position) -> None:
    board = position.board
    provinces = [u.province for u in position.units]
    assert len(provinces) == len(set(provinces))
    assert all(board.can_stand(u.type, u.location) for u in position.units)
    owned = [c for cs in position.supply_centers.values() for c in cs]
    assert len(owned) == len(set(owned)) and set(owned) <= board.supply_centers
    assert set(position.supply_centers) <= set(board.powers)


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_a_variant_played_for_years_with_random_orders_stays_consistent(vid):
    rng = random.Random(f"game {vid}")
    position = Position.initial(board_of(vid))
    first_year = position.phase.year
    kinds = set()
    for _ in range(40):
        _check(position)
        before = {u for u in position.units}
        result = adjudicate(position, _orders(position, rng))
        kinds.add(position.phase.kind)
        if position.phase.kind is PhaseKind.ADJUSTMENT:
            built = [u for u in result.units_after if u not in before]
            sites = board_of(vid).supply_centers if board_of(vid).builds_anywhere else {
                c for p in board_of(vid).powers for c in board_of(vid).home_centers[p]}
            assert all(u.province in sites for u in built)
        assert result.next_position.variant == vid
        assert result.next_position.phase.sort_key() > position.phase.sort_key()
        position = result.next_position
    assert position.phase.year > first_year + 5
    assert PhaseKind.ADJUSTMENT in kinds
