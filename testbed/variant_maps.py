"""Positions of each variant with orders and results, as `bench/render_variants.py` and the map
tests draw them: the Ancient Mediterranean's opening (its fifteen units, every one ordered, half the
moves failing), Pure's opening, Chaos's first spring (34 armies and fleets, one per power) and France vs
Austria's opening.
Powers are their names (the engine's Power is a str of the name)."""

from __future__ import annotations

from engine.orders import Hold, Move, SupportMove
from engine.outcomes import OrderResult, Outcome, Status
from engine.position import Position
from engine.variants import board_of
from engine.vocabulary import Phase, PhaseKind, Season, Unit, UnitType
from render.variants import map_variant

A, F = UnitType.ARMY, UnitType.FLEET

# ancmed.map: each power's units and the moves drawn.
ANCMED = {
    "Carthage": [(F, "tha", "pun"), (A, "car", "mau"), (A, "cir", "num")],
    "Egypt": [(F, "ale", "egy"), (A, "mem", "cyr"), (A, "thb", "sin")],
    "Greece": [(F, "spa", "ion"), (A, "ath", "epi"), (A, "mac", "byz")],
    "Persia": [(F, "sid", "syr"), (A, "ant", "cap"), (A, "dam", "ara")],
    "Rome": [(F, "nea", "tyn"), (A, "rom", "etr"), (A, "rav", "ven")],
}
PURE = {"Austria": "vie", "England": "lon", "France": "par", "Germany": "ber", "Italy": "rom",
        "Russia": "mos", "Turkey": "con"}
# Chaos: each power's army (or fleet on a coast) on its home centre, and where it moves.
CHAOS_MOVES = {"ank": "arm", "bel": "pic", "ber": "pru", "bre": "mao", "bud": "gal",
               "bul": "ser", "con": "aeg", "den": "hel", "edi": "nwg", "gre": "ion",
               "hol": "nth", "kie": "hel", "lvp": "iri", "lon": "eng", "mar": "lyo",
               "mos": "sev", "mun": "ruh", "nap": "tys", "nwy": "nwg", "par": "bur",
               "por": "mao", "rom": "tus", "rum": "bla", "ser": "alb", "sev": "bla",
               "smy": "eas", "spa": "wes", "stp": "fin", "swe": "bal", "tri": "adr",
               "tun": "naf", "ven": "pie", "vie": "tyr", "war": "sil"}
SEAS = {"mao", "hel", "nwg", "ion", "nth", "iri", "eng", "lyo", "tys", "bla", "aeg", "eas",
        "wes", "adr", "bal"}


def _result(power: str, order, i: int) -> OrderResult:
    status = Status.SUCCEEDS if i % 2 == 0 else Status.FAILS
    return OrderResult(power, order, Outcome(status), order.canonical())


def ancmed_case() -> tuple[Position, list[OrderResult]]:
    units, results, centres = [], [], {}
    for i, (power, placed) in enumerate(ANCMED.items()):
        centres[power] = frozenset(loc for _u, loc, _t in placed)
        for j, (kind, loc, target) in enumerate(placed):
            units.append(Unit(power, kind, loc))
            order = Move(kind, loc, target) if j < 2 else Hold(kind, loc)
            results.append(_result(power, order, i + j))
    return Position(Phase(1, Season.SPRING, PhaseKind.MOVEMENT), tuple(units), centres), results


def pure_case() -> tuple[Position, list[OrderResult]]:
    units = tuple(Unit(power, A, pid) for power, pid in PURE.items())
    order = [(p, pid) for p, pid in PURE.items()]
    results = []
    for i, (power, pid) in enumerate(order):
        target = order[(i + 1) % len(order)][1]
        results.append(_result(power, Move(A, pid, target) if i % 3 else
                               SupportMove(A, pid, A, order[(i + 1) % 7][1],
                                           order[(i + 2) % 7][1]), i))
    centres = {power: frozenset([pid]) for power, pid in PURE.items()}
    return Position(Phase(1901, Season.SPRING, PhaseKind.MOVEMENT), units, centres), results


def chaos_case() -> tuple[Position, list[OrderResult]]:
    marks = map_variant("chaos").marks
    units, results, centres = [], [], {}
    for i, power in enumerate(map_variant("chaos").powers):
        home = marks[power].lower()
        target = CHAOS_MOVES[home]
        kind = F if target in SEAS else A
        location = "stp/sc" if (home, kind) == ("stp", F) else home
        units.append(Unit(power, kind, location))
        centres[power] = frozenset([home])
        results.append(_result(power, Move(kind, location, target), i))
    return (Position(Phase(1901, Season.SPRING, PhaseKind.MOVEMENT), tuple(units), centres),
            results)


def france_austria_case() -> tuple[Position, list[OrderResult]]:
    """France vs Austria's opening (the classic board, two powers): every unit moves."""
    position = Position.initial(board_of("france_austria"))
    moves = {"par": "bur", "mar": "spa", "bre": "mao", "vie": "tyr", "bud": "ser",
             "tri": "alb"}
    results = [_result(u.power, Move(u.type, u.location, moves[u.location]), i)
               for i, u in enumerate(position.units)]
    return position, results


CASES = {"ancmed": ancmed_case, "pure": pure_case, "chaos": chaos_case,
         "france_austria": france_austria_case}
