"""How the computer player plays: what it does on small positions where the right move is
plain, its answer in each phase kind, determinism for a seed, and the CPU-time bound."""

from __future__ import annotations

import itertools

from computer import choose_orders
from computer.search import MAX_ADJUDICATIONS
from engine import Position, Power, adjudicate
from tests.engine.positions import written_position

FRANCE, GERMANY = Power.FRANCE, Power.GERMANY


def texts(position: Position, power: Power, **kwargs) -> list[str]:
    kwargs.setdefault("think_ms", 200)
    return sorted(o.canonical() for o in choose_orders(position, power, **kwargs))


def test_takes_an_empty_neutral_centre_in_the_fall() -> None:
    position = written_position({"France": ["A PIC"], "Germany": ["A BER"]}, "F1901M",
                                {"France": ["par", "bre"], "Germany": ["ber"]})
    assert texts(position, FRANCE) == ["A PIC - BEL"]


def test_attacks_a_held_centre_with_support() -> None:
    # Germany's army in Belgium holds: only a supported attack takes the centre (every other
    # centre near is France's already).
    position = written_position({"France": ["A BUR", "A PIC"], "Germany": ["A BEL", "A MUN"]},
                                "F1901M", {"France": ["par", "bre", "mar", "spa"],
                                           "Germany": ["bel", "ber", "mun", "hol"]})
    orders = texts(position, FRANCE)
    assert orders in (["A BUR - BEL", "A PIC S A BUR - BEL"],
                      ["A BUR S A PIC - BEL", "A PIC - BEL"])
    after = adjudicate(position, {"France": orders})
    assert any(u.power == FRANCE and u.province == "bel" for u in after.units_after)


def test_defends_a_threatened_home_centre() -> None:
    # Germany can walk into Paris from Burgundy; France's army in Paris stays (or is
    # supported), never leaves it empty for a province of no value.
    position = written_position({"France": ["A PAR", "A GAS"], "Germany": ["A BUR"]},
                                "F1901M", {"France": ["par", "bre", "mar", "spa"],
                                           "Germany": ["ber", "kie", "mun"]})
    orders = texts(position, FRANCE)
    assert not any(o.startswith("A PAR -") for o in orders), orders
    after = adjudicate(position, {"France": orders, "Germany": ["A BUR - PAR"]})
    assert any(u.power == FRANCE and u.province == "par" for u in after.units_after)


def test_does_not_bounce_its_own_units() -> None:
    position = written_position({"France": ["A BUR", "A PIC"]}, "F1901M",
                                {"France": ["par", "bre", "mar"], "Germany": ["mun"]})
    orders = choose_orders(position, FRANCE, think_ms=200)
    targets = [o.target for o in orders if hasattr(o, "target")]
    assert len(targets) == len(set(targets)), orders
    assert "A PIC - BEL" in texts(position, FRANCE) or "A BUR - BEL" in texts(position, FRANCE)


def test_retreats_to_the_best_place_and_disbands_when_it_must() -> None:
    position = written_position(
        {"France": ["A PAR"]}, "F1901R", {"France": ["par"]},
        dislodged=[{"power": "France", "type": "A", "location": "bur", "attacker_from": "mun",
                    "retreat_options": ["bel", "gas"]},
                   {"power": "France", "type": "F", "location": "mao",
                    "attacker_from": "eng", "retreat_options": []}])
    assert texts(position, FRANCE) == ["A BUR R BEL", "F MAO D"]


def test_two_retreats_never_to_the_same_place() -> None:
    position = written_position(
        {}, "F1901R", {"France": ["par"]},
        dislodged=[{"power": "France", "type": "A", "location": "bur", "attacker_from": "mun",
                    "retreat_options": ["bel"]},
                   {"power": "France", "type": "A", "location": "pic", "attacker_from": "bre",
                    "retreat_options": ["bel"]}])
    orders = texts(position, FRANCE)
    assert sorted(orders) == ["A BUR R BEL", "A PIC D"]


def test_builds_on_free_home_centres_and_waives_the_rest() -> None:
    # Russia owns six centres and has one unit: five builds due, three free home centres
    # (Moscow is occupied).
    position = written_position({"Russia": ["A MOS"]}, "W1901A",
                                {"Russia": ["mos", "stp", "war", "sev", "rum", "swe"]})
    orders = texts(position, Power.RUSSIA)
    assert orders.count("WAIVE") == 2
    built = sorted(o.split()[1].split("/")[0] for o in orders if o != "WAIVE")
    assert built == ["SEV", "STP", "WAR"]
    result = adjudicate(position, {"Russia": orders})
    assert all(r.outcome.succeeded for r in result.results)


def test_removes_the_units_worth_least() -> None:
    # One centre, three units: the two far from anything are removed, the one at home stays.
    position = written_position({"Turkey": ["A CON", "F NAO", "F BAR"]}, "W1901A",
                                {"Turkey": ["con"], "Russia": ["sev"]})
    assert texts(position, Power.TURKEY) == ["F BAR D", "F NAO D"]


def test_nothing_to_order() -> None:
    position = written_position({"France": ["A PAR"]}, "W1901A", {"France": ["par"]})
    assert choose_orders(position, FRANCE) == []
    assert choose_orders(Position.initial(), FRANCE, neutral=frozenset({FRANCE})) == []


def test_same_seed_same_orders_other_seed_may_differ() -> None:
    position = Position.initial()
    first = {p: choose_orders(position, p, seed=7, think_ms=300) for p in Power}
    again = {p: choose_orders(position, p, seed=7, think_ms=300) for p in Power}
    assert first == again
    others = [{p: choose_orders(position, p, seed=s, think_ms=300) for p in Power}
              for s in (1, 2, 3)]
    assert any(o != first for o in others)


def test_the_cpu_time_bound_stops_the_search() -> None:
    # A clock that runs a second per reading: the search must stop at once, with orders.
    ticks = itertools.count()
    readings: list[float] = []

    def clock() -> float:
        readings.append(float(next(ticks)))
        return readings[-1]

    orders = choose_orders(Position.initial(), Power.RUSSIA, think_ms=1500, clock=clock)
    assert len(orders) == 4
    assert len(readings) <= 4   # the deadline set, then one or two checks


def test_work_is_bounded_whatever_the_budget() -> None:
    # The search counts its adjudications: a bigger budget than the cap does no more work.
    from computer import search

    counted = []
    original = search.Search.evaluate

    def counting(self, orders):
        counted.append(len(self.samples))
        return original(self, orders)

    search.Search.evaluate = counting
    try:
        choose_orders(Position.initial(), Power.FRANCE, think_ms=60_000)
    finally:
        search.Search.evaluate = original
    assert 0 < sum(counted) <= MAX_ADJUDICATIONS


def test_convoys_an_army_to_a_centre_across_the_water() -> None:
    # Norway is empty and neutral; only the army can hold it, carried by the fleet.
    position = written_position({"England": ["A YOR", "F NTH"], "Russia": ["A MOS"]}, "F1901M",
                                {"England": ["lon", "edi", "lvp", "bel", "hol", "den"],
                                 "Russia": ["mos"]})
    orders = texts(position, Power.ENGLAND)
    assert orders == ["A YOR - NWY", "F NTH C A YOR - NWY"], orders
    after = adjudicate(position, {"England": orders})
    assert any(u.location == "nwy" and u.type.value == "A" for u in after.units_after)
