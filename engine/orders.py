"""Orders as immutable values, their canonical text, and a reader for the two written forms the
engine accepts: the canonical text (`A PAR S A MAR - BUR`, `F STP/NC B`, `A BUR R GAS`) and the
DATC notation of the shared test data (`BUILD A WAR`, `REMOVE A PIC`, `A X DISBAND`, retreats
written as moves).

Free text in three languages is the grammar's job (`grammar/`); this module only reads the
machine forms.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.vocabulary import RETREAT, PhaseKind, UnitType, made, province_of


@dataclass(frozen=True)
class Hold:
    unit: UnitType
    location: str

    def canonical(self) -> str:
        return f"{_u(self.unit, self.location)} H"


@dataclass(frozen=True)
class Move:
    unit: UnitType
    location: str
    target: str
    via_convoy: bool = False

    def canonical(self) -> str:
        via = " VIA" if self.via_convoy else ""
        return f"{_u(self.unit, self.location)} - {self.target.upper()}{via}"


@dataclass(frozen=True)
class SupportHold:
    unit: UnitType
    location: str
    supported_unit: UnitType | None
    supported_location: str

    def canonical(self) -> str:
        return (f"{_u(self.unit, self.location)} S "
                f"{_u(self.supported_unit, province_of(self.supported_location))}")


@dataclass(frozen=True)
class SupportMove:
    unit: UnitType
    location: str
    supported_unit: UnitType | None
    supported_location: str
    target: str

    def canonical(self) -> str:
        return (f"{_u(self.unit, self.location)} S "
                f"{_u(self.supported_unit, province_of(self.supported_location))}"
                f" - {province_of(self.target).upper()}")


@dataclass(frozen=True)
class Convoy:
    unit: UnitType
    location: str
    army_location: str
    target: str

    def canonical(self) -> str:
        return (f"{_u(self.unit, self.location)} C A {province_of(self.army_location).upper()}"
                f" - {province_of(self.target).upper()}")


@dataclass(frozen=True)
class Retreat:
    unit: UnitType
    location: str
    target: str

    def canonical(self) -> str:
        return f"{_u(self.unit, self.location)} R {self.target.upper()}"


@dataclass(frozen=True)
class Disband:
    """Disband in a retreat phase, or a removal in an adjustment phase. `unit` may be None when
    the order named only the province (`REMOVE LYO`)."""

    unit: UnitType | None
    location: str

    def canonical(self) -> str:
        return f"{_u(self.unit, self.location)} D"


@dataclass(frozen=True)
class Build:
    unit: UnitType
    location: str

    def canonical(self) -> str:
        return f"{_u(self.unit, self.location)} B"


@dataclass(frozen=True)
class Waive:
    location: None = None

    def canonical(self) -> str:
        return "WAIVE"


Order = Hold | Move | SupportHold | SupportMove | Convoy | Retreat | Disband | Build | Waive
MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy)
RETREAT_ORDERS = (Retreat, Disband)
ADJUSTMENT_ORDERS = (Build, Disband, Waive)


def orders_allowed(kind: PhaseKind) -> tuple[type, ...]:
    return {PhaseKind.MOVEMENT: MOVEMENT_ORDERS, PhaseKind.RETREAT: RETREAT_ORDERS,
            PhaseKind.ADJUSTMENT: ADJUSTMENT_ORDERS}[kind]


def _u(unit: UnitType | None, location: str) -> str:
    # `_value_` is the member's own attribute; `.value` is a Python-level property, and this
    # runs for every order the reader makes.
    return f"{unit._value_} {location.upper()}" if unit else location.upper()


class OrderSyntaxError(ValueError):
    """The text is not in the canonical or DATC notation."""


_LOC = r"[A-Za-z]{3}(?:/[A-Za-z]{2})?"


def _unit(type_group: str, location_group: str) -> str:
    """An optional unit type followed by a location, in named groups."""
    return rf"(?:(?P<{type_group}>[AF])\s+)?(?P<{location_group}>{_LOC})"


# Movement orders first: they are by far the most common, and no text matches two patterns.
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("move", re.compile(r"^(?P<t>[AF])\s+(?P<l>" + _LOC + r")\s*-\s*(?P<d>" + _LOC
                        + r")(?P<via>\s+VIA(?:\s+CONVOY)?)?$")),
    ("hold", re.compile(r"^(?P<t>[AF])\s+(?P<l>" + _LOC + r")(?:\s+(?:H|HOLD|HOLDS))?$")),
    ("support_move", re.compile(r"^(?P<t>[AF])\s+(?P<l>" + _LOC + r")\s+S\s+"
                                + _unit("st", "sl") + r"\s*-\s*(?P<d>" + _LOC + ")$")),
    ("support_hold", re.compile(r"^(?P<t>[AF])\s+(?P<l>" + _LOC + r")\s+S\s+"
                                + _unit("st", "sl") + r"(?:\s+H)?$")),
    ("convoy", re.compile(r"^(?P<t>[AF])\s+(?P<l>" + _LOC + r")\s+C\s+(?:A\s+)?(?P<sl>" + _LOC
                          + r")\s*-\s*(?P<d>" + _LOC + ")$")),
    ("retreat", re.compile(r"^(?P<t>[AF])\s+(?P<l>" + _LOC + r")\s+R\s+(?P<d>" + _LOC + ")$")),
    ("disband", re.compile(r"^" + _unit("t", "l") + r"\s+(?:D|DISBAND|REMOVE)$")),
    ("build", re.compile(r"^(?P<t>[AF])\s+(?P<l>" + _LOC + r")\s+(?:B|BUILD)$")),
    ("build_word", re.compile(r"^BUILD\s+(?P<t>[AF])\s+(?P<l>" + _LOC + ")$")),
    ("remove_word", re.compile(r"^(?:REMOVE|DISBAND)\s+" + _unit("t", "l") + "$")),
    ("waive", re.compile(r"^WAIVE$")),
]


# Orders are immutable values, and the same texts come back turn after turn and game after
# game ("A PAR H", "F NTH C A LON - BEL"): each text is read once (bounded memory).
@lru_cache(maxsize=8192)
def parse_order(text: str, phase: PhaseKind | None = None) -> Order:
    """Read one order in canonical or DATC notation. In a retreat phase a move (`F TRI - ALB`)
    is a retreat. Raises OrderSyntaxError for anything else."""
    if text.isascii():  # (lower case keeps ASCII text ASCII, and its words where they were)
        quick = _common_order(text.lower().split(), phase)
        if quick is not None:
            return quick
    return _by_patterns(text, phase)


def _by_patterns(text: str, phase: PhaseKind | None) -> Order:
    """The general reader: every form, by the patterns."""
    cleaned = " ".join(text.upper().split())
    for kind, pattern in _PATTERNS:
        m = pattern.match(cleaned)
        if m:
            return _build(kind, m, phase)
    raise OrderSyntaxError(f"not an order in canonical or DATC notation: {text!r}")


_UNIT_LETTERS = {"a": UnitType.ARMY, "f": UnitType.FLEET}


def _location(token: str) -> bool:
    """`par` or `stp/nc` (ASCII, lower case): what the `_LOC` pattern accepts."""
    return (len(token) == 3 and token.isalpha()) or (
        len(token) == 6 and token[3] == "/" and token[:3].isalpha() and token[4:].isalpha())


def _common_order(tokens: list[str], phase: PhaseKind | None) -> Order | None:
    """Holds, moves and supports in their plain spaced form (ASCII, read in lower case),
    read without the patterns: they are nearly every order of a game, and adjudication is
    timed (bench/engine.py). None for anything else, which the patterns then read. The
    values are made as `made` makes them, without the frozen dataclass's setattr per field
    (that was two thirds of the cost), their fields written at once."""
    n = len(tokens)
    unit = _UNIT_LETTERS.get(tokens[0]) if 2 <= n <= 7 else None
    location = tokens[1] if unit is not None else ""
    if not _location(location):
        return None
    if n == 2 or (n == 3 and tokens[2] == "h"):
        return made(Hold, {"unit": unit, "location": location})
    if n == 4 and tokens[2] == "-" and _location(tokens[3]):
        if phase is RETREAT:
            return made(Retreat, {"unit": unit, "location": location, "target": tokens[3]})
        return made(Move, {"unit": unit, "location": location, "target": tokens[3],
                           "via_convoy": False})
    if (n == 5 or n == 7) and tokens[2] == "s" and _location(tokens[4]):
        supported_unit = _UNIT_LETTERS.get(tokens[3])
        if supported_unit is None:
            return None
        if n == 5:
            return made(SupportHold, {"unit": unit, "location": location,
                                      "supported_unit": supported_unit,
                                      "supported_location": tokens[4]})
        if tokens[5] == "-" and _location(tokens[6]):
            return made(SupportMove, {"unit": unit, "location": location,
                                      "supported_unit": supported_unit,
                                      "supported_location": tokens[4], "target": tokens[6]})
    return None


def _t(value: str | None) -> UnitType | None:
    return UnitType(value) if value else None


def _build(kind: str, m: re.Match[str], phase: PhaseKind | None) -> Order:
    g = m.groupdict()
    for key in ("l", "d", "sl"):  # locations are lower case; unit letters stay upper case
        if g.get(key):
            g[key] = g[key].lower()
    if kind == "waive":
        return Waive()
    if kind in ("build_word", "build"):
        return Build(UnitType(g["t"]), g["l"])
    if kind in ("remove_word", "disband"):
        return Disband(_t(g["t"]), g["l"])
    unit = UnitType(g["t"])
    if kind == "hold":
        return Hold(unit, g["l"])
    if kind == "retreat":
        return Retreat(unit, g["l"], g["d"])
    if kind == "move":
        if phase is PhaseKind.RETREAT:
            return Retreat(unit, g["l"], g["d"])
        return Move(unit, g["l"], g["d"], via_convoy=bool(g.get("via")))
    if kind == "support_move":
        return SupportMove(unit, g["l"], _t(g["st"]), g["sl"], g["d"])
    if kind == "support_hold":
        return SupportHold(unit, g["l"], _t(g["st"]), g["sl"])
    if kind == "convoy":
        return Convoy(unit, g["l"], g["sl"], g["d"])
    raise AssertionError(kind)
