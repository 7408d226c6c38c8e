"""The shortcuts that make adjudication fast (issue 23, "Speed"; docs/benchmarks.md) held to
the plain way: decisions settled from the orders alone give the resolution the search gives;
values made without their constructor equal the constructor's; the unchanged centres found
without rebuilding owners equal the rebuilt ones; the adjustments due counted in one pass
equal the counts over every power, sorted; each order's outcome, found by its location
first, is its unit's province's; the army's quick move rests on its borders;
`engine.forget` empties the memories it names."""

from __future__ import annotations

import copy
import pickle
import random
from typing import NamedTuple

import pytest

from engine import (
    RULES_1971,
    RULES_2023,
    Position,
    Power,
    Unit,
    UnitType,
    adjudicate,
    forget,
    parse_order,
)
from engine.adjudicator import _phase, normalise_orders, update_centers
from engine.adjustments import adjustment_counts, powers_needing_orders
from engine.legality import NecessaryFleets, move_way
from engine.movement import MovementAdjudicator
from engine.orders import (
    Hold,
    Move,
    OrderSyntaxError,
    SupportHold,
    SupportMove,
    _by_patterns,
    _common_order,
)
from engine.outcomes import Outcome, Reason, Status, fails, illegal
from engine.records import position_of
from engine.validation import effective_orders
from engine.variants import VARIANT_IDS, board_of
from engine.vocabulary import Phase, PhaseKind, Season, province_of, unit_at
from tests.shared_data import load_json_or_empty
from tools.random_phases import random_phases

RECORDS = [r for r in load_json_or_empty("datc", "datc.json")
           if (r.get("phase") or "movement") == "movement"]


class _Searched(MovementAdjudicator):
    """The adjudicator with nothing settled up front: every decision found by the search."""

    def _settle_the_obvious(self) -> None:
        pass


def _resolutions(position: Position, orders, rules):
    given = normalise_orders(orders, position)
    effective, _rejected = effective_orders(position, given, position.board, rules)
    quick = MovementAdjudicator(effective, position.board, rules).resolve()
    searched = _Searched(effective, position.board, rules).resolve()
    return quick, searched


def _same(quick, searched) -> None:
    assert quick.moved == searched.moved
    assert quick.dislodged_by == searched.dislodged_by
    assert quick.outcomes == searched.outcomes
    assert quick.contested == searched.contested
    assert quick.convoyed_attack == searched.convoyed_attack


def _readable(record, rules):
    """A DATC movement case's position, and its orders that the engine's reader reads."""
    position = position_of(record, None, rules, None)
    orders = {}
    for power, texts in (record.get("orders") or {}).items():
        for text in texts:
            try:
                parse_order(text, position.phase.kind)
            except ValueError:
                continue
            orders.setdefault(power, []).append(text)
    return position, orders


@pytest.mark.parametrize("rules", [RULES_1971, RULES_2023], ids=["1971", "2023"])
def test_settling_the_obvious_changes_no_datc_resolution(rules):
    if not RECORDS:
        pytest.skip("the shared DATC records are absent")
    for record in RECORDS:
        position, orders = _readable(record, rules)
        _same(*_resolutions(position, orders, rules))


@pytest.mark.parametrize("rules", [RULES_1971, RULES_2023], ids=["1971", "2023"])
def test_each_result_has_its_provinces_outcome(rules):
    """`adjudicator._results` looks an applied order's outcome up by its location before
    asking `province_of` (a location is its province unless it names a coast): the outcome
    of the order's province in the resolution, on every DATC movement case, coasts included;
    a refused order keeps its refusal."""
    if not RECORDS:
        pytest.skip("the shared DATC records are absent")
    coasts = 0
    for record in RECORDS:
        position, orders = _readable(record, rules)
        given = normalise_orders(orders, position)
        effective, rejected = effective_orders(position, given, position.board, rules)
        resolution = MovementAdjudicator(effective, position.board, rules).resolve()
        results = adjudicate(position, orders, rules).results
        for i, (result, (_power, order, _text)) in enumerate(zip(results, given, strict=True)):
            want = rejected[i] if i in rejected else \
                resolution.outcomes[province_of(order.location)]
            assert result.outcome == want
            coasts += i not in rejected and "/" in order.location
    assert coasts > 0  # fleets on coasts were ordered, and their orders applied


@pytest.mark.parametrize("vid", ["standard", "ancmed", "pure", "france_austria", "germany_italy", "fleet_rome"])
def test_settling_the_obvious_changes_no_random_resolution(vid):
    moves = 0
    for seed in ("", " again"):
        for position, orders in random_phases(vid, 30, seed):
            quick, searched = _resolutions(position, orders, RULES_2023)
            _same(quick, searched)
            moves += len(quick.moved)
    assert moves > 50  # the phases do have moves to decide


def test_the_random_phases_have_moves_that_follow_others():
    # the comparison above does meet `follows` (and its circles, DATC 6.C) on these phases
    following = 0
    for seed in ("", " again"):
        for position, orders in random_phases("pure", 30, seed):
            given = normalise_orders(orders, position)
            effective, _rejected = effective_orders(position, given, position.board, RULES_2023)
            following += bool(MovementAdjudicator(effective, position.board, RULES_2023).follows)
    assert following > 5


def test_values_made_without_their_constructor_equal_the_constructors():
    made = unit_at(Power.FRANCE, UnitType.FLEET, "spa/sc")
    built = Unit(Power.FRANCE, UnitType.FLEET, "spa/sc")
    assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
    assert made.province == built.province == "spa" and vars(made) == vars(built)
    assert copy.copy(made) == made and pickle.loads(pickle.dumps(made)) == made
    forget()
    for quick, plain in [(fails(Reason.BOUNCED, "bur"), Outcome(Status.FAILS, Reason.BOUNCED, "bur")),
                         (illegal(Reason.NO_UNIT, None), Outcome(Status.ILLEGAL, Reason.NO_UNIT)),
                         (_phase(1902, Season.FALL, PhaseKind.MOVEMENT), Phase.parse("F1902M"))]:
        assert quick == plain and hash(quick) == hash(plain) and repr(quick) == repr(plain)
    forget()
    for text, value in [("A PAR H", Hold(UnitType.ARMY, "par")),
                        ("F STP/SC - BOT", Move(UnitType.FLEET, "stp/sc", "bot")),
                        ("A MUN S A BER", SupportHold(UnitType.ARMY, "mun", UnitType.ARMY,
                                                      "ber")),
                        ("F NTH S A YOR - LON", SupportMove(UnitType.FLEET, "nth",
                                                            UnitType.ARMY, "yor", "lon"))]:
        read = parse_order(text, PhaseKind.MOVEMENT)
        assert read == value and hash(read) == hash(value) and repr(read) == repr(value)
        assert read.canonical() == value.canonical()


def test_the_next_position_equals_the_one_its_constructor_makes():
    position = Position.initial()
    result = adjudicate(position, {"France": ["A PAR - BUR"]}, "2023")
    after = result.next_position
    assert after == Position(Phase(1901, after.phase.season, PhaseKind.MOVEMENT),
                             after.units, after.supply_centers, (), "standard")
    assert after.phase == Phase.parse("F1901M")


def _centers_rebuilt(centers, units, board):
    """`update_centers` as it was: every centre's owner, then every occupier."""
    owner = {c: p for p, cs in centers.items() for c in cs}
    for unit in units:
        if unit.province in board.supply_centers:
            owner[unit.province] = unit.power
    found: dict = {}
    for center, power in owner.items():
        found.setdefault(power, set()).add(center)
    return {p: frozenset(cs) for p, cs in found.items()}


@pytest.mark.parametrize("vid", ["standard", "ancmed", "pure"])
def test_unchanged_centres_are_the_centres_rebuilt(vid):
    rng = random.Random(vid)
    board = board_of(vid)
    for position, _orders in random_phases(vid, 30):
        centers = dict(position.supply_centers)
        if rng.random() < 0.3 and len(centers) > 1:  # a centre listed twice
            first, second = list(centers)[:2]
            centers[second] = centers[second] | set(list(centers[first])[:1])
        if rng.random() < 0.2:  # a power left with none
            centers[next(iter(centers))] = frozenset()
        got = update_centers(centers, position.units, board)
        want = _centers_rebuilt(centers, position.units, board)
        assert got == want
        if got == {p: cs for p, cs in centers.items() if cs}:  # no centre changed hands
            assert list(got) == list(want)  # in the same order


@pytest.mark.parametrize("vid", ["standard", "ancmed", "pure"])
def test_centres_taken_are_the_centres_rebuilt(vid):
    """After each random phase's moves, the centres changing hands only (the quick way)
    equal every owner found again; a power may lose its last centre, or gain its first."""
    board = board_of(vid)
    changed = 0
    for position, orders in random_phases(vid, 30):
        units = adjudicate(position, orders, RULES_2023).units_after
        got = update_centers(position.supply_centers, units, board)
        want = _centers_rebuilt(position.supply_centers, units, board)
        assert got == want
        changed += got != {p: cs for p, cs in position.supply_centers.items() if cs}
    assert changed > 5  # centres did change hands


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_army_borders_join_two_provinces_neither_a_sea(vid):
    # `legality.move_way` says an army's move to a bordering province without the terrain
    # checks: they cannot fail on these borders.
    board = board_of(vid)
    for province in board.provinces:
        for other in board.army_neighbours(province):
            assert other != province and other in board.provinces
            assert not board.provinces[other].is_sea and not board.provinces[province].is_sea


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_the_army_borders_table_is_army_neighbours(vid):
    # validation reads `Board.army_borders` for a unit's province where others call the method
    board = board_of(vid)
    assert board.army_borders.keys() == board.provinces.keys()
    for province in board.provinces:
        assert board.army_borders[province] == board.army_neighbours(province)


def _order_texts():
    for record in load_json_or_empty("datc", "datc.json"):
        kind = PhaseKind.parse(str(record.get("phase") or "movement")) \
            if str(record.get("phase") or "movement").isalpha() else PhaseKind.MOVEMENT
        for texts in (record.get("orders") or {}).values():
            for text in texts:
                yield text, kind
    for vid in ("standard", "ancmed", "pure", "fleet_rome"):
        for _position, orders in random_phases(vid, 30):
            for texts in orders.values():
                for text in texts:
                    yield text, PhaseKind.MOVEMENT
                    yield text.lower(), PhaseKind.MOVEMENT
                    yield "  " + text.replace(" ", "   ") + " ", PhaseKind.RETREAT


def test_the_plain_orders_read_quickly_are_what_the_patterns_read():
    # `orders._common_order` reads holds, moves and supports without the patterns: the same
    # order as the general reader gives, or the same refusal.
    seen = 0
    for text, kind in _order_texts():
        try:
            plain = _by_patterns(text, kind)
        except OrderSyntaxError:
            plain = None
        quick = _common_order(text.lower().split(), kind) if text.isascii() else None
        if quick is not None:
            seen += 1
            assert quick == plain and repr(quick) == repr(plain)
        forget()
        try:
            read = parse_order(text, kind)
        except OrderSyntaxError:
            read = None
        assert read == plain
    assert seen > 1000


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_a_move_to_a_bordering_location_is_what_move_way_says(vid):
    # Validation says a fleet's move to a location it borders (`validation._effective`), and
    # an army's to a province it borders (`effective_orders` itself), without asking
    # `move_way`: the same answer, on every border.
    board = board_of(vid)
    for rules in (RULES_1971, RULES_2023):
        for province in board.provinces:
            for unit_type in (UnitType.ARMY, UnitType.FLEET):
                for location in board.unit_locations(unit_type, province):
                    unit = Unit(Power.FRANCE, unit_type, location)
                    units = {province: unit}
                    reach = board.army_neighbours(province) if unit_type is UnitType.ARMY \
                        else board.fleet_neighbours(location)
                    for target in reach:
                        order = Move(unit_type, location, target)
                        plain = move_way(unit, order, units, {}, NecessaryFleets(units, board),
                                         board, rules)
                        effective, rejected = effective_orders(
                            _Units((unit,)), [(Power.FRANCE, order, "")], board, rules)
                        quick = effective[province]
                        assert not rejected and plain == (quick.target_location, False)
                        assert quick.kind == "move" and quick.target == province_of(target)


class _Units(NamedTuple):
    """What `effective_orders` reads of a position: its units."""

    units: tuple[Unit, ...]


def test_forget_empties_the_engines_memories():
    parse_order("A PAR - BUR", PhaseKind.MOVEMENT)
    province_of("stp/nc")
    assert parse_order.cache_info().currsize and province_of.cache_info().currsize
    forget()
    assert parse_order.cache_info().currsize == 0
    assert province_of.cache_info().currsize == 0


def _counts_over_every_power(units, centers, neutral):
    """`adjustment_counts` as it was: every power with units or centres, sorted."""
    fielded: dict = {}
    for unit in units:
        fielded[unit.power] = fielded.get(unit.power, 0) + 1
    counts = {}
    for power in sorted(centers.keys() | fielded.keys()):
        delta = len(centers.get(power, ())) - fielded.get(power, 0)
        if delta and power not in neutral:
            counts[power] = delta
    return counts


@pytest.mark.parametrize("vid", ["standard", "ancmed", "chaos", "pure"])
def test_adjustments_due_are_the_counts_over_every_power(vid):
    """`adjustment_counts` (in the powers' order) and `powers_needing_orders` after each
    random phase, some powers neutral, some centres unlisted: as counted over every power,
    with a build owed where a home centre (any centre: Chaos) the power owns is vacant."""
    rng = random.Random(vid)
    board = board_of(vid)
    needing_any = 0
    for position, orders in random_phases(vid, 30):
        result = adjudicate(position, orders, RULES_2023)
        units, centers = result.units_after, dict(result.supply_centers_after)
        if rng.random() < 0.3 and centers:  # a power with units and no centre listed
            del centers[rng.choice(sorted(centers))]
        powers = sorted({u.power for u in units} | centers.keys())
        neutral = frozenset(rng.sample(powers, rng.randrange(3))) if powers else frozenset()
        plain = _counts_over_every_power(units, centers, neutral)
        assert list(adjustment_counts(units, centers, neutral).items()) == list(plain.items())
        occupied = {u.province for u in units}
        sites = board.supply_centers if board.builds_anywhere else None
        want = {p for p, d in plain.items() if d < 0 or any(
            c in centers.get(p, ()) and c not in occupied
            for c in (sites if sites is not None else board.home_centers.get(p, ())))}
        assert powers_needing_orders(units, centers, board, neutral) == want
        needing_any += bool(want)
    assert needing_any > 5  # adjustments were due
