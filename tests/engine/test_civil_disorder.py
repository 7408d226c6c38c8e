"""Civil disorder, *sommossa* (seed 000 XIV.3-4): a power that gives no orders in a phase where
it has some to give. Its units hold and do not support each other, its dislodged units are
disbanded, it builds nothing, and its removals follow the preset's rule. The engine says which
powers were in civil disorder in each phase."""

from __future__ import annotations

import pytest

from engine import Power, Status, adjudicate
from engine.records import adjudicate_record
from tests.engine.positions import written_position


def _at(result, power: Power) -> list[str]:
    return sorted(u.label() for u in result.units_after if u.power is power)


def test_silent_units_hold_and_do_not_support_each_other() -> None:
    # Tyrolia could support Munich and save it; a power in disorder gives no support.
    position = written_position({"Germany": ["A MUN", "A TYR"], "France": ["A BUR", "A RUH"]})
    result = adjudicate(position, {"France": ["A BUR - MUN", "A RUH S A BUR - MUN"]})
    assert result.civil_disorder == frozenset({Power.GERMANY})
    assert [(d.unit.label(), d.attacker_from) for d in result.dislodged_after] == [
        ("A MUN", "bur")]
    assert _at(result, Power.GERMANY) == ["A TYR"]
    ordered = adjudicate(position, {"France": ["A BUR - MUN", "A RUH S A BUR - MUN"],
                                    "Germany": ["A TYR S A MUN"]})
    assert ordered.dislodged_after == () and ordered.civil_disorder == frozenset()


def test_a_power_that_gives_some_orders_is_not_in_civil_disorder() -> None:
    position = written_position({"Germany": ["A MUN", "A BER"], "France": ["A PAR"]})
    result = adjudicate(position, {"Germany": ["A MUN - BOH"], "France": []})
    assert result.civil_disorder == frozenset({Power.FRANCE})
    assert _at(result, Power.GERMANY) == ["A BER", "A BOH"]


def test_dislodged_units_of_a_silent_power_are_disbanded() -> None:
    dislodged = [{"power": "Germany", "type": "A", "location": "mun", "attacker_from": "bur",
                  "retreat_options": ["boh", "sil"]},
                 {"power": "Austria", "type": "A", "location": "vie", "attacker_from": "gal",
                  "retreat_options": []}]
    position = written_position({"France": ["A MUN"], "Russia": ["A VIE"]}, "S1901R",
                                dislodged=dislodged)
    result = adjudicate(position, {})
    assert _at(result, Power.GERMANY) == []
    # Austria's unit had nowhere to go: Austria had no order to give.
    assert result.civil_disorder == frozenset({Power.GERMANY})


def test_a_silent_power_builds_nothing() -> None:
    centers = {"Germany": ["ber", "kie", "mun", "hol"], "Russia": ["mos", "war", "stp"],
               "France": ["par", "bre", "mar", "bel"]}
    position = written_position({"Germany": ["A HOL"], "Russia": ["A MOS"],
                                "France": ["A PAR", "A BRE", "A MAR"]}, "W1901A", centers)
    result = adjudicate(position, {"Russia": ["A WAR B"]})
    assert _at(result, Power.GERMANY) == ["A HOL"]
    assert _at(result, Power.RUSSIA) == ["A MOS", "A WAR"]
    # France could build but every home centre of hers is occupied: no order was due.
    assert result.civil_disorder == frozenset({Power.GERMANY})


# Germany owns two centres and has four units: A HOL (one move from Kiel), A BEL, F NTH, A PIC.
REMOVALS = {"Germany": ["A HOL", "A BEL", "F NTH", "A PIC"]}


@pytest.mark.parametrize(("rules", "removed", "why"), [
    ("1971", ["F NTH", "A BEL"],
     "distance from the nearest home centre (Berlin, Kiel, Munich): Belgium, North Sea and "
     "Picardy are all two moves away; the fleet first, then Belgium before Picardy by name"),
    ("2023", ["A PIC", "F NTH"],
     "distance from the nearest owned centre (Berlin, Kiel): Picardy is three moves away; "
     "then the North Sea fleet before the Belgian army, both two"),
])
def test_silent_removals_follow_the_preset(rules: str, removed: list[str], why: str) -> None:
    position = written_position(REMOVALS, "W1901A", {"Germany": ["ber", "kie"]})
    result = adjudicate(position, {}, rules)
    assert [u.label() for u in result.civil_disorder_removes] == removed, why
    assert len(result.units_after) == 2
    assert result.civil_disorder == frozenset({Power.GERMANY})


def test_removals_not_ordered_are_made_by_the_rule_without_calling_it_disorder() -> None:
    position = written_position(REMOVALS, "W1901A", {"Germany": ["ber", "kie"]})
    result = adjudicate(position, {"Germany": ["A HOL D"]}, "1971")
    assert result.results[0].outcome.status is Status.SUCCEEDS
    assert [u.label() for u in result.civil_disorder_removes] == ["F NTH"]
    assert _at(result, Power.GERMANY) == ["A BEL", "A PIC"]
    assert result.civil_disorder == frozenset()


def test_the_record_layout_names_the_powers_in_civil_disorder() -> None:
    record = {"phase": "adjustment", "season": "Winter 1901",
              "units": [{"power": "Germany", "type": t, "location": loc}
                        for t, loc in (("A", "hol"), ("A", "bel"), ("F", "nth"), ("A", "pic"))],
              "supply_centers": {"Germany": ["ber", "kie"]}, "orders": {}}
    out = adjudicate_record(record, "1971")
    assert out["civil_disorder"] == ["Germany"]
    assert out["civil_disorder_removes"] == [
        {"power": "Germany", "type": "F", "location": "nth"},
        {"power": "Germany", "type": "A", "location": "bel"}]
