"""The sandbox's pure core (issue 25): free-text orders for any power's units on any phase's
position, adjudicated with the phase's defaults, and the map; the position it was given is
never changed."""

from engine import (
    DislodgedUnit,
    Phase,
    PhaseKind,
    Position,
    Power,
    Reason,
    Status,
    Unit,
    UnitType,
    adjudicate,
)
from sandbox import sandbox_map, try_orders

A, F = UnitType.ARMY, UnitType.FLEET
OPENING = Position.initial()


def test_a_what_if_in_italian_dislodges_a_unit_and_others_hold():
    # Spring 1901: Italy and Austria both attack Trieste; Germany's support decides.
    position = Position(Phase.parse("S1901M"), (
        Unit(Power.AUSTRIA, F, "tri"), Unit(Power.ITALY, A, "ven"), Unit(Power.ITALY, A, "tyr"),
        Unit(Power.AUSTRIA, A, "vie")), OPENING.supply_centers)
    before = position.to_record()
    run = try_orders(position, "Armata Venezia a Trieste\nA Tirolo appoggia A Venezia - Trieste",
                     lang="it", reply_lang="it")
    assert [s.line.canonical for s in run.lines] == ["A VEN - TRI", "A TYR S A VEN - TRI"]
    assert [s.power for s in run.lines] == [Power.ITALY, Power.ITALY]
    assert all(r.outcome.status is Status.SUCCEEDS for r in run.result.results)
    assert [d.unit for d in run.dislodged] == [Unit(Power.AUSTRIA, F, "tri")]
    assert set(run.dislodged[0].retreat_options) == {"adr", "alb"}
    assert run.after.phase == Phase.parse("S1901R")
    assert Unit(Power.ITALY, A, "tri") in run.after.units
    assert Unit(Power.AUSTRIA, A, "vie") in run.after.units  # no order: it held
    assert position.to_record() == before


def test_the_engine_gives_the_same_result_as_a_game_would():
    text = "A Par - Bur\nA Mar S A Par - Bur\nA Mun - Bur\nF Kie - Den"
    run = try_orders(OPENING, text)
    game = adjudicate(OPENING, {Power.FRANCE: ["A PAR - BUR", "A MAR S A PAR - BUR"],
                                Power.GERMANY: ["A MUN - BUR", "F KIE - DEN"]})
    assert run.result.units_after == game.units_after
    assert [(r.power, r.order, r.outcome) for r in run.result.results] == \
        [(r.power, r.order, r.outcome) for r in game.results]


def test_the_last_order_for_a_unit_is_the_one_tried():
    run = try_orders(OPENING, "A Ven - Tri\nA Ven - Pie\nciao")
    assert [(s.line.canonical, s.replaced) for s in run.lines[:2]] == [
        ("A VEN - TRI", True), ("A VEN - PIE", False)]
    assert [r.order.canonical() for r in run.result.results] == ["A VEN - PIE"]
    assert len(run.unread) == 1 and run.unread[0].error_kind == "not_an_order"


def test_a_retreat_phase_disbands_units_given_no_order():
    position = Position(Phase.parse("F1901R"), (Unit(Power.GERMANY, A, "bur"),),
                        OPENING.supply_centers, (
                            DislodgedUnit(Unit(Power.FRANCE, A, "bur"), "mun", ("gas", "mar")),
                            DislodgedUnit(Unit(Power.RUSSIA, F, "rum"), "bul", ("sev",))))
    run = try_orders(position, "l'armata di Borgogna si ritira in Guascogna")
    assert [r.order.canonical() for r in run.result.results] == ["A BUR R GAS"]
    assert Unit(Power.FRANCE, A, "gas") in run.result.units_after
    assert all(u.power is not Power.RUSSIA for u in run.result.units_after)


def test_a_winter_builds_and_removes_for_several_powers():
    position = Position(Phase.parse("W1901A"), (
        Unit(Power.FRANCE, A, "spa"), Unit(Power.ITALY, A, "rom"), Unit(Power.ITALY, A, "ven"),
        Unit(Power.ITALY, F, "tun")), {
        Power.FRANCE: frozenset({"par", "bre", "mar", "spa"}),
        Power.ITALY: frozenset({"rom", "ven"})})
    run = try_orders(position, "bouw leger Parijs\nF Bre B\nsciogli F Tunisi")
    assert [(r.power, r.order.canonical(), r.outcome.status) for r in run.result.results] == [
        (Power.FRANCE, "A PAR B", Status.SUCCEEDS), (Power.FRANCE, "F BRE B", Status.SUCCEEDS),
        (Power.ITALY, "F TUN D", Status.SUCCEEDS)]
    assert run.after.phase == Phase.parse("S1902M")
    assert len(run.after.units_of(Power.FRANCE)) == 3


def test_an_illegal_order_is_reported_and_the_unit_holds():
    run = try_orders(OPENING, "A Ven - Mun")
    (result,) = run.result.results
    assert result.outcome.status is Status.ILLEGAL and result.outcome.reason is Reason.NOT_ADJACENT
    assert Unit(Power.ITALY, A, "ven") in run.after.units


def test_the_map_is_a_png():
    run = try_orders(OPENING, "A Ven - Tri\nF Tri - Ven")
    png = sandbox_map(run, language="it")
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000
    assert run.position.phase.kind is PhaseKind.MOVEMENT
