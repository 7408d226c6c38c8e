"""One order judged alone (`engine.judgement`) gives what the phase's own functions give for
that order given alone: checked for every order of every kind on positions with coasts, fleets
at sea, convoy routes, builds and removals, under both rule presets."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
    Retreat,
    Status,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
    Waive,
    standard_board,
)
from engine.adjustments import adjudicate_adjustments
from engine.judgement import (
    adjustment_order_outcome,
    build_site_problem,
    movement_order_problem,
    retreat_order_problem,
)
from engine.legality import NecessaryFleets
from engine.outcomes import SUCCESS, illegal
from engine.retreats import adjudicate_retreats
from engine.validation import effective_orders
from engine.vocabulary import province_of
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
    # From inland no fleet could ever carry it: Norway is simply not adjacent to Moscow...
    far = movement_order_problem(units, Power.RUSSIA, Move(UnitType.ARMY, "mos", "nwy"),
                                 BOARD, RULES_2023)
    assert far.status is Status.ILLEGAL and far.reason is Reason.NOT_ADJACENT
    # ...while between two coasts it is the convoying fleets that are missing
    coast = movement_order_problem(units, Power.RUSSIA, Move(UnitType.ARMY, "sev", "nwy"),
                                   BOARD, RULES_2023)
    assert coast.status is Status.ILLEGAL and coast.reason is Reason.NO_CONVOY_ROUTE


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


# Dislodged units: some with their options known, some whose options the phase works out
# (None), fleets on and beside split coasts, and an army attacked by convoy.
RETREATS = [
    {"power": "France", "type": "F", "location": "spa/sc", "attacker_from": "wes",
     "retreat_options": None},
    {"power": "Germany", "type": "A", "location": "kie", "attacker_from": "ber",
     "retreat_options": ["hol", "den"]},
    {"power": "Turkey", "type": "F", "location": "bul/ec", "attacker_from": "bla",
     "retreat_options": ["con"]},
    {"power": "Italy", "type": "A", "location": "apu", "attacker_from": "tun",
     "retreat_options": None},
    {"power": "England", "type": "F", "location": "mao", "attacker_from": "bre",
     "retreat_options": None},  # next to both coasts of Spain
    {"power": "Russia", "type": "F", "location": "bar", "attacker_from": "nwg",
     "retreat_options": None},  # next to one coast of St Petersburg
]


def _retreat_orders(position: Position) -> Iterator[Order]:
    for entry in position.dislodged:
        unit = entry.unit
        for utype in (unit.type, None, UnitType.ARMY if unit.type is UnitType.FLEET
                      else UnitType.FLEET):
            yield Disband(utype, unit.location)
            for target in EVERY_LOCATION:
                yield Retreat(utype, unit.location, target)
        yield Move(unit.type, unit.location, "bur")
        yield Hold(unit.type, unit.location)
    for unit in position.units[:6]:  # on the board, not dislodged
        yield Retreat(unit.type, unit.location, "bur")
        yield Disband(unit.type, unit.location)
    yield Build(UnitType.ARMY, "par")
    yield Waive()


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_a_retreat_order_alone_is_judged_as_the_whole_retreat_phase_judges_it(rules):
    on_board = {p: [f"{u.type.value} {u.location.upper()}" for u in CONVOYS.units
                    if u.power.value == p and u.province not in ("spa", "kie", "bul", "apu", "mao", "stp")]
                for p in WINTER_CENTRES}
    position = written_position(on_board, phase="F1901R", dislodged=RETREATS)
    occupied = {u.province for u in position.units}
    judged = 0
    for order in _retreat_orders(position):
        for power in Power:
            outcomes, _retreated, _disbanded = adjudicate_retreats(
                position.dislodged, [(power, order, "")], occupied, BOARD, rules)
            alone = retreat_order_problem(position.dislodged, power, order, occupied, BOARD,
                                          rules)
            if alone is None:
                assert outcomes[0] == SUCCESS, (power, order.canonical())
            else:
                assert alone == outcomes[0] and alone.status is Status.ILLEGAL, (
                    power, order.canonical())
            judged += 1
    assert judged > 5_000
    assert retreat_order_problem(position.dislodged, Power.GERMANY,
                                 Retreat(UnitType.ARMY, "kie", "hol"), occupied, BOARD,
                                 rules) is None
    assert retreat_order_problem(position.dislodged, Power.GERMANY,
                                 Retreat(UnitType.ARMY, "kie", "ber"), occupied, BOARD,
                                 rules).reason is Reason.RETREAT_BLOCKED
    assert retreat_order_problem((), Power.GERMANY, Disband(UnitType.ARMY, "kie"), occupied,
                                 BOARD, rules) == illegal(Reason.NOT_DISLODGED, "kie")


# -- random positions: the single-order verdict against the whole phase's --------------------
SEAS = sorted(p for p, place in BOARD.provinces.items() if place.is_sea)
NOT_SEAS = sorted(p for p, place in BOARD.provinces.items() if not place.is_sea)
COASTAL = sorted(p for p, place in BOARD.provinces.items() if place.kind == "coast")
SOME_POWERS = [Power.ENGLAND, Power.FRANCE, Power.TURKEY]


@st.composite
def crowded_positions(draw) -> Position:
    """Two to a dozen fleets at sea (so that convoy chains of several fleets, with shortcuts
    and dead ends, come up) and four to sixteen units ashore, of three powers."""
    units = [Unit(draw(st.sampled_from(SOME_POWERS)), UnitType.FLEET, sea)
             for sea in sorted(draw(st.sets(st.sampled_from(SEAS), min_size=2, max_size=12)))]
    ashore = draw(st.sets(st.sampled_from(NOT_SEAS), min_size=4, max_size=16))
    for province in sorted(ashore):
        kind = UnitType.FLEET if BOARD.provinces[province].kind == "coast" and draw(
            st.booleans()) else UnitType.ARMY
        location = draw(st.sampled_from(BOARD.unit_locations(kind, province)))
        units.append(Unit(draw(st.sampled_from(SOME_POWERS)), kind, location))
    return Position(Position.initial().phase, tuple(units))


def _near(location: str) -> list[str]:
    """Places an order from `location` is likely to name: its neighbours of both kinds, with
    and without their coasts."""
    near = BOARD.army_neighbours(province_of(location)) | BOARD.fleet_neighbours(location)
    return sorted(near | {province_of(n) for n in near})


ODD_PLACES = ["xyz", "bur", "nth", "spa", "spa/nc", "stp/sc", "bul/ec", "mos"]


@st.composite
def orders_on(draw, position: Position) -> tuple[Power, Order]:
    """A power and a movement order of any kind: mostly the owner ordering a unit there to a
    place near it, or an army across the water; sometimes another power, the wrong unit type,
    a coast it cannot reach, a place that is not on the board, or an empty province."""
    units = position.units
    # (Hypothesis draws the first of a list most often: a move, then a convoy.)
    kind = draw(st.sampled_from(["move", "convoy", "support_move", "support_hold", "hold"]))
    at_sea = [u.location for u in units if u.location in SEAS]
    ashore = [u.location for u in units if u.location not in SEAS]
    pool = at_sea * 3 + ashore if kind == "convoy" else ashore * 3 + at_sea
    here = draw(st.sampled_from(pool * 4 + ["bur", "stp/sc"]))
    unit = next((u for u in units if u.location == here), None)
    owner = unit.power if unit else Power.FRANCE
    power = draw(st.sampled_from([owner] * 3 + SOME_POWERS))
    right_type = unit.type if unit else UnitType.ARMY
    utype = draw(st.sampled_from([right_type] * 3 + list(UnitType)))
    others = [u.location for u in units]
    armies = [u.location for u in units if u.type is UnitType.ARMY] or others
    if kind == "hold":
        return power, Hold(utype, here)
    if kind == "move":
        target = draw(st.sampled_from(_near(here) * 2 + COASTAL + ODD_PLACES))
        return power, Move(utype, here, target, draw(st.booleans()))
    other = draw(st.sampled_from(others + ODD_PLACES[:2]))
    if kind == "support_hold":
        return power, SupportHold(utype, here, None, other)
    if kind == "support_move":
        # Where the support could act: beside both units, and not where the supporter is.
        both = [p for p in _near(other) if p in _near(here) and p != province_of(here)]
        target = draw(st.sampled_from(both * 3 + _near(other) + ODD_PLACES))
        return power, SupportMove(utype, here, None, other, target)
    # A convoy: mostly of an army beside the fleet, to a coast beside it or anywhere.
    shores = [p for p in COASTAL if p in BOARD.provinces_touching(province_of(here))]
    beside = [a for a in armies if province_of(a) in shores]
    army = draw(st.sampled_from(beside * 3 + armies + ODD_PLACES[:2]))
    return power, Convoy(utype, here, army, draw(st.sampled_from(shores * 2 + COASTAL +
                                                                 ODD_PLACES)))


@settings(max_examples=500, deadline=None)
@given(st.data(), crowded_positions(), st.sampled_from(RULES))
def test_any_movement_order_on_any_position_is_judged_as_effective_orders_judges_it(
        data, position, rules):
    units = {u.province: u for u in position.units}
    power, order = data.draw(orders_on(position))
    _effective, rejected = effective_orders(position, [(power, order, "")], BOARD, rules)
    assert movement_order_problem(units, power, order, BOARD, rules) == rejected.get(0)


def _needed_fleets(start: str, end: str, fleets: set[str]) -> set[str]:
    """The fleets on some convoy chain from `start` to `end` in which every fleet is needed:
    each place of the chain borders the next and no later one (the army's start and end may
    border each other). Every chain of distinct fleets is listed and checked whole, with no
    shortcut taken in the listing: slow, and plain."""
    touching = BOARD.provinces_touching
    found: set[str] = set()

    def needed(chain: list[str]) -> bool:
        places = [start, *chain, end]
        return all(places[j] not in touching(places[i])
                   for i in range(len(places)) for j in range(i + 2, len(places))
                   if (i, j) != (0, len(places) - 1))

    def walk(chain: list[str]) -> None:
        if end in touching(chain[-1]) and needed(chain):
            found.update(chain)
        for fleet in fleets - set(chain):
            if fleet in touching(chain[-1]):
                walk([*chain, fleet])

    if start != end and BOARD.provinces[start].kind == BOARD.provinces[end].kind == "coast":
        for fleet in fleets:
            if fleet in touching(start):
                walk([fleet])
    return found


@settings(max_examples=300, deadline=None)
@given(st.sets(st.sampled_from(SEAS), max_size=9), st.sampled_from(COASTAL + ["bur", "nth"]),
       st.sampled_from(COASTAL + ["mos"]))
def test_the_fleets_needed_for_a_convoy_are_those_of_every_chain_without_a_detour(
        fleets, start, end):
    units = {sea: Unit(Power.ENGLAND, UnitType.FLEET, sea) for sea in fleets}
    units["lon"] = Unit(Power.ENGLAND, UnitType.FLEET, "lon")  # a fleet ashore carries nobody
    units["mos"] = Unit(Power.RUSSIA, UnitType.ARMY, "mos")
    assert NecessaryFleets(units, BOARD)(start, end) == _needed_fleets(start, end, fleets)


def test_a_chain_with_a_shortcut_leaves_out_the_fleet_it_goes_round():
    # North Sea borders both London and Norway: the Norwegian Sea is a detour, not needed.
    fleets = {"nth", "nwg", "eng", "mao"}
    assert _needed_fleets("lon", "nwy", fleets) == {"nth"}
    units = {sea: Unit(Power.ENGLAND, UnitType.FLEET, sea) for sea in fleets}
    assert NecessaryFleets(units, BOARD)("lon", "nwy") == {"nth"}
    # Brest to Tunis goes Mid-Atlantic, Western Mediterranean: both needed.
    units["wes"] = Unit(Power.FRANCE, UnitType.FLEET, "wes")
    assert NecessaryFleets(units, BOARD)("bre", "tun") == {"mao", "wes"}
