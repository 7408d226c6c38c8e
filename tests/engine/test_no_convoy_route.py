"""A move by convoy whose fleets never made a route is explained as "no convoy route", not as
a convoy disrupted (no fleet was lost) nor its convoy orders as "not matched" (issue 21)."""

from engine import Phase, Position, Power, Reason, Status, Unit, UnitType, adjudicate

A, F = UnitType.ARMY, UnitType.FLEET
E = Power.ENGLAND


def _outcomes(units, orders):
    position = Position(Phase.parse("S1901M"), tuple(Unit(E, *u) for u in units),
                        Position.initial().supply_centers)
    result = adjudicate(position, {E: orders})
    return {r.order.canonical(): r.outcome for r in result.results}


def test_a_move_via_convoy_with_a_fleet_that_does_not_convoy_has_no_route():
    found = _outcomes([(A, "lon"), (F, "nth")], ["A LON - BEL VIA", "F NTH H"])
    move = found["A LON - BEL VIA"]
    assert (move.status, move.reason, move.province) == (
        Status.FAILS, Reason.NO_CONVOY_ROUTE, "bel")


def test_fleets_that_convoy_but_make_no_route_give_no_route_too():
    found = _outcomes([(A, "lon"), (F, "eng"), (F, "nth")],
                      ["A LON - HOL VIA", "F ENG C A LON - HOL", "F NTH H"])
    assert found["A LON - HOL VIA"].reason is Reason.NO_CONVOY_ROUTE
    assert found["F ENG C A LON - HOL"].reason is Reason.NO_CONVOY_ROUTE


def test_a_convoy_for_another_move_is_still_not_matched():
    found = _outcomes([(A, "lon"), (F, "nth")], ["A LON - BEL VIA", "F NTH C A LON - HOL"])
    assert found["F NTH C A LON - HOL"].reason is Reason.NOT_MATCHED


def test_a_convoy_whose_fleet_is_lost_is_still_disrupted():
    units = [(A, "lon"), (F, "nth")]
    position = Position(Phase.parse("S1901M"), (
        *(Unit(E, *u) for u in units), Unit(Power.GERMANY, F, "hel"),
        Unit(Power.GERMANY, F, "ska")), Position.initial().supply_centers)
    result = adjudicate(position, {E: ["A LON - BEL VIA", "F NTH C A LON - BEL"],
                                   Power.GERMANY: ["F HEL - NTH", "F SKA S F HEL - NTH"]})
    move = next(r.outcome for r in result.results if r.order.canonical() == "A LON - BEL VIA")
    assert (move.reason, move.province) == (Reason.CONVOY_DISRUPTED, "nth")
