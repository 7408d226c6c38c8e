"""Orders sent ahead applied when their phase opens (engine/ahead.py): the first legal option,
what is dropped and why, the surplus, orders given in the phase winning, and who is covered."""

from engine import Phase, PhaseKind, Position, Power, Reason, Unit, UnitType, adjudicate
from engine.ahead import apply_ahead
from engine.orders import parse_order

A, F = UnitType.ARMY, UnitType.FLEET
AUS, ITA = Power.AUSTRIA, Power.ITALY
R, W = PhaseKind.RETREAT, PhaseKind.ADJUSTMENT

# Fall 1901: Italy takes Trieste with support, dislodging the Austrian fleet; Austria walks
# into Rumania. Only Austria and Italy have centres here, so only they owe anything.
FALL = Position(Phase.parse("F1901M"), (
    Unit(AUS, F, "tri"), Unit(AUS, A, "ser"), Unit(AUS, A, "gal"),
    Unit(ITA, A, "ven"), Unit(ITA, A, "tyr"), Unit(ITA, F, "nap")),
    {AUS: frozenset({"vie", "bud", "tri", "ser"}), ITA: frozenset({"rom", "ven", "nap"})})
FALL_ORDERS = {ITA: ["A VEN - TRI", "A TYR S A VEN - TRI", "F NAP - ION"],
               AUS: ["A SER H", "A GAL - RUM", "F TRI H"]}


def _kept(kind, *items):
    return [(power, parse_order(text, kind)) for power, text in items]


def _retreat_phase():
    return adjudicate(FALL, FALL_ORDERS).next_position


def test_the_first_legal_retreat_option_is_used():
    position = _retreat_phase()
    assert position.phase.kind is R
    kept = _kept(R, (AUS, "F TRI R VEN"), (AUS, "F TRI R ALB"), (AUS, "F TRI R ADR"),
                 (AUS, "F TRI D"))
    applied = apply_ahead(position, kept)
    assert applied.orders == {AUS: (parse_order("F TRI R ALB", R),)}
    # Venice was where the attack came from: dropped, with the engine's reason.
    ((power, order, outcome),) = applied.dropped
    assert order.canonical() == "F TRI R VEN" and outcome.reason is Reason.RETREAT_BLOCKED
    assert [o.canonical() for _p, o in applied.surplus] == ["F TRI R ADR", "F TRI D"]
    assert applied.covered == {AUS}


def test_a_kept_retreat_for_a_unit_not_dislodged_is_not_needed():
    applied = apply_ahead(_retreat_phase(), _kept(R, (AUS, "A SER R BUL"), (AUS, "F TRI D")))
    assert applied.orders == {AUS: (parse_order("F TRI D", R),)}
    assert [o.canonical() for _p, o in applied.surplus] == ["A SER R BUL"]


def test_an_order_given_in_the_phase_overrides_the_kept_options():
    given = {AUS: [parse_order("F TRI R ADR", R)]}
    applied = apply_ahead(_retreat_phase(), _kept(R, (AUS, "F TRI R ALB")), given)
    assert applied.orders == {} and len(applied.overridden) == 1
    assert applied.covered == {AUS}  # covered by the order given


def test_no_option_legal_leaves_the_power_uncovered():
    applied = apply_ahead(_retreat_phase(), _kept(R, (AUS, "F TRI R VEN")))
    assert applied.orders == {} and applied.covered == frozenset()


def _winter():
    retreat = _retreat_phase()
    done = adjudicate(retreat, {AUS: ["F TRI R ALB"]})
    position = done.next_position
    assert position.phase == Phase.parse("W1901A")
    return position


def test_builds_in_order_while_due_and_the_rest_is_surplus():
    position = _winter()  # Austria: Rumania taken, Trieste lost: one build; Italy one build
    kept = _kept(W, (AUS, "A TRI B"), (AUS, "A VIE B"), (AUS, "A BUD B"),
                 (ITA, "A ROM B"))
    applied = apply_ahead(position, kept)
    assert applied.orders == {AUS: (parse_order("A VIE B", W),),
                              ITA: (parse_order("A ROM B", W),)}
    ((_p, order, outcome),) = applied.dropped  # Trieste is Italy's now
    assert order.canonical() == "A TRI B" and outcome.reason is Reason.NOT_OWNED
    assert [o.canonical() for _p, o in applied.surplus] == ["A BUD B"]
    assert applied.covered == {AUS, ITA}


def test_a_waive_covers_a_build():
    applied = apply_ahead(_winter(), _kept(W, (AUS, "WAIVE")))
    assert applied.orders == {AUS: (parse_order("WAIVE", W),)}
    assert applied.covered == {AUS}


def test_removals_in_order_of_preference():
    # Austria down to two centres with three units: one removal.
    position = Position(Phase.parse("W1901A"), (
        Unit(AUS, A, "vie"), Unit(AUS, A, "bud"), Unit(AUS, F, "alb")),
        {AUS: frozenset({"vie", "bud"})})
    kept = _kept(W, (AUS, "A GAL D"), (AUS, "F ALB D"), (AUS, "A BUD D"), (AUS, "A VIE B"))
    applied = apply_ahead(position, kept)
    assert applied.orders == {AUS: (parse_order("F ALB D", W),)}
    assert [(o.canonical(), r.reason) for _p, o, r in applied.dropped] == [
        ("A GAL D", Reason.NO_UNIT), ("A VIE B", Reason.NO_BUILDS)]
    assert [o.canonical() for _p, o in applied.surplus] == ["A BUD D"]
    assert applied.covered == {AUS}


def test_a_power_that_orders_in_the_winter_uses_none_of_its_kept_orders():
    given = {AUS: [parse_order("A BUD B", W)]}
    applied = apply_ahead(_winter(), _kept(W, (AUS, "A VIE B"), (ITA, "A NAP B")), given)
    assert applied.orders == {ITA: (parse_order("A NAP B", W),)}
    assert [o.canonical() for _p, o in applied.overridden] == ["A VIE B"]
    assert applied.covered == {AUS, ITA}


def test_a_fall_fully_covered_runs_its_retreats_and_winter_on_kept_orders_alone():
    kept_retreats = _kept(R, (AUS, "F TRI R ALB"), (AUS, "F TRI D"))
    kept_winter = _kept(W, (AUS, "A VIE B"), (ITA, "F NAP B"), (ITA, "A ROM B"))
    retreat = _retreat_phase()
    applied = apply_ahead(retreat, kept_retreats)
    assert applied.covered == {AUS}
    winter = adjudicate(retreat, applied.orders).next_position
    applied = apply_ahead(winter, kept_winter)
    assert applied.covered == {AUS, ITA}
    spring = adjudicate(winter, applied.orders).next_position
    assert spring.phase == Phase.parse("S1902M")
    assert {Unit(AUS, F, "alb"), Unit(AUS, A, "vie"), Unit(ITA, F, "nap")} <= set(spring.units)
    assert Unit(ITA, A, "rom") not in spring.units  # one build due: the second is surplus
