"""One order judged alone (`engine.judgement`) gives what the phase's own functions give for
that order given alone: checked for every order of every kind on positions with coasts, fleets
at sea, convoy routes, builds and removals, under both rule presets."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine import (
    RULES_1971,
    RULES_2023,
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Position,
    Power,
    Reason,
    Status,
    SupportHold,
    SupportMove,
    UnitType,
    Waive,
    standard_board,
)
from engine.adjustments import adjudicate_adjustments
from engine.judgement import (
    adjustment_order_outcome,
    build_site_problem,
    movement_order_problem,
)
from engine.validation import effective_orders
from tests.engine.positions import written_position

BOARD = standard_board()
RULES = [RULES_2023, RULES_1971]
EVERY_LOCATION = sorted({loc for p in BOARD.provinces for t in UnitType
                         for loc in BOARD.unit_locations(t, p)} | {"xyz", "spa/nc"})

# Fleets at sea in a chain (convoy routes from Lon, Bre, Nwy...), armies on coasts and inland,
# fleets on split coasts, and units of several powers side by side.
CONVOYS = written_position({
    "England": ["F NTH", "F ENG", "A LON", "A YOR", "F NWG"],
    "France": ["F MAO", "A BRE", "A PAR", "F SPA/SC", "F WES"],
    "Russia": ["F STP/NC", "A MOS", "F BLA", "A SEV"],
    "Turkey": ["F AEG", "A SMY", "F CON"],
    "Italy": ["F TYS", "A NAP", "F ION", "A TUN"],
    "Germany": ["A KIE", "F DEN", "A BER"],
})


def _movement_orders(position: Position) -> Iterator[Order]:
    units = position.units
    for unit in units:
        utype, here = unit.type, unit.location
        yield Hold(utype, here)
        yield Hold(UnitType.ARMY if utype is UnitType.FLEET else UnitType.FLEET, here)
        for target in EVERY_LOCATION:
            yield Move(utype, here, target)
            if utype is UnitType.ARMY:
                yield Move(utype, here, target, via_convoy=True)
        for other in units:
            yield SupportHold(utype, here, other.type, other.location)
            for target in sorted(BOARD.army_neighbours(other.province) |
                                 BOARD.fleet_neighbours(other.location))[:12]:
                yield SupportMove(utype, here, None, other.location, target)
            if other.type is UnitType.ARMY:
                for target in ("nwy", "bel", "hol", "tun", "apu", "gre", "smy", "mos"):
                    yield Convoy(utype, here, other.location, target)
    yield Hold(UnitType.ARMY, "bur")  # no unit there
    yield Build(UnitType.ARMY, "par")  # not a movement order


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
@pytest.mark.parametrize("position", [Position.initial(), CONVOYS], ids=["opening", "convoys"])
def test_a_movement_order_alone_is_judged_as_effective_orders_judges_it(position, rules):
    units = {u.province: u for u in position.units}
    powers = [Power.ENGLAND, Power.FRANCE, Power.RUSSIA]
    judged = 0
    for order in _movement_orders(position):
        for power in powers:
            _effective, rejected = effective_orders(position, [(power, order, "")], BOARD,
                                                    rules)
            assert movement_order_problem(units, power, order, BOARD, rules) == \
                rejected.get(0), (power, order.canonical())
            judged += 1
    assert judged > 10_000


def test_a_convoy_and_a_convoyed_move_are_judged_by_the_fleets_on_the_board():
    units = {u.province: u for u in CONVOYS.units}
    convoy = Convoy(UnitType.FLEET, "nth", "lon", "nwy")
    assert movement_order_problem(units, Power.ENGLAND, convoy, BOARD, RULES_2023) is None
    # The Norwegian Sea is not needed for London to Norway: the North Sea borders both.
    useless = Convoy(UnitType.FLEET, "nwg", "lon", "nwy")
    assert movement_order_problem(units, Power.ENGLAND, useless, BOARD, RULES_2023).reason \
        is Reason.NO_CONVOY_ROUTE
    assert movement_order_problem(units, Power.ENGLAND, Move(UnitType.ARMY, "lon", "nwy"),
                                  BOARD, RULES_2023) is None
    far = movement_order_problem(units, Power.RUSSIA, Move(UnitType.ARMY, "mos", "nwy"),
                                 BOARD, RULES_2023)
    assert far.status is Status.ILLEGAL and far.reason is Reason.NO_CONVOY_ROUTE


WINTER_CENTRES = {
    "England": ["lon", "edi", "lvp", "nwy", "bel"],      # 5 centres, 5 units: nothing due
    "France": ["par", "mar", "bre", "spa", "por"],       # 5 centres, 5 units: nothing due
    "Russia": ["stp", "mos", "sev", "war", "rum", "swe"],  # 6 centres, 4 units: builds
    "Turkey": ["con"],                                     # 1 centre, 3 units: removals
    "Italy": ["nap", "rom", "ven", "tun"],                 # 4 centres, 4 units
    "Germany": ["kie", "ber", "mun"],                     # 3 centres, 3 units
}


def _winter(centres: dict[str, list[str]]) -> Position:
    return written_position({p: [f"{u.type.value} {u.location.upper()}"
                                 for u in CONVOYS.units if u.power.value == p]
                             for p in centres}, phase="W1901A", centers=centres)


def _adjustment_orders(position: Position) -> Iterator[Order]:
    for location in EVERY_LOCATION:
        yield Build(UnitType.ARMY, location)
        yield Build(UnitType.FLEET, location)
    for unit in position.units:
        yield Disband(unit.type, unit.location)
        yield Disband(None, unit.location)
        yield Disband(UnitType.ARMY if unit.type is UnitType.FLEET else UnitType.FLEET,
                      unit.location)
        yield Move(unit.type, unit.location, "bur")
    yield Disband(UnitType.ARMY, "bur")
    yield Waive()


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_an_adjustment_order_alone_is_judged_as_the_whole_adjustment_judges_it(rules):
    winter = _winter(WINTER_CENTRES)
    everyone_owed = _winter({**WINTER_CENTRES, "Turkey": ["con", "smy", "ank", "bul"]})
    for position in (winter, everyone_owed):
        for order in _adjustment_orders(position):
            for power in Power:
                others = frozenset(p for p in Power if p != power)
                alone = adjustment_order_outcome(position.units, position.supply_centers,
                                                 power, order, BOARD, rules)
                for neutral in (frozenset(), others):
                    outcomes, _after, _removed, _disorder = adjudicate_adjustments(
                        position.units, position.supply_centers, [(power, order, "")], BOARD,
                        rules, neutral)
                    assert alone == outcomes[0], (power, order.canonical(), neutral)


def test_a_build_site_is_judged_whatever_the_count_of_builds():
    winter = _winter(WINTER_CENTRES)
    occupied = {u.province for u in winter.units}
    centres = winter.supply_centers
    fleet_inland = Build(UnitType.FLEET, "war")
    # England is owed nothing, but London is still a home centre it owns (and occupied).
    assert adjustment_order_outcome(winter.units, centres, Power.RUSSIA, fleet_inland, BOARD,
                                    RULES_2023).reason is Reason.WRONG_UNIT_TYPE
    assert build_site_problem(Power.ENGLAND, Build(UnitType.ARMY, "lon"), centres, occupied,
                              BOARD, RULES_2023).reason is Reason.OCCUPIED
    assert build_site_problem(Power.ENGLAND, Build(UnitType.ARMY, "edi"), centres, occupied,
                              BOARD, RULES_2023).status is Status.SUCCEEDS
    assert adjustment_order_outcome(winter.units, centres, Power.ENGLAND,
                                    Build(UnitType.ARMY, "edi"), BOARD,
                                    RULES_2023).reason is Reason.NO_BUILDS
