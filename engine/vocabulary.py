"""The shared words of the engine: powers, unit types, phases, units and locations.

Locations are plain strings: a province id (`"mun"`) or a province with a coast (`"stp/nc"`).
Everything else in the engine imports its vocabulary from here.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from importlib import resources
from typing import TypeVar

from engine.variant_files import all_power_names, check_id, powers_of

_T = TypeVar("_T")


class _Powers(type):
    """`for p in Power`, `len(Power)`: the seven powers of the standard board, as the enum this
    class replaced gave them. A variant's powers are its board's (`Board.powers`)."""

    def __iter__(cls):
        return iter(cls._STANDARD)

    def __len__(cls) -> int:
        return len(cls._STANDARD)


class Power(str, metaclass=_Powers):
    """A power: its title-case name as its variant's map names it (`Austria`, `Carthage`,
    `St Petersburg`). One object per name, so `is` compares; a `str`, so it sorts, hashes and
    writes to JSON as its name. `Power.ENGLAND` etc. are the standard seven.

    `Power(name)` takes a name some known variant uses (ValueError otherwise); `Power.parse`
    also takes Italian and Dutch names and any case (the standard seven's, or a variant's);
    `Power.read` any variant's."""

    _ALL: dict[str, Power] = {}
    _STANDARD: tuple[Power, ...] = ()
    AUSTRIA: Power
    ENGLAND: Power
    FRANCE: Power
    GERMANY: Power
    ITALY: Power
    RUSSIA: Power
    TURKEY: Power

    def __new__(cls, name: str) -> Power:
        found = cls._ALL.get(name)
        if found is not None:
            return found
        if isinstance(name, str) and name in _known_names():
            return cls._make(name)
        raise ValueError(f"{name!r} is not a valid Power")

    @classmethod
    def _make(cls, name: str) -> Power:
        found = cls._ALL.get(name)
        if found is None:
            found = cls._ALL[name] = str.__new__(cls, name)
            # The name as a plain string, in the object's own attributes as an enum member
            # holds its value: read in the engine's hot paths (`Unit.to_json`, labels).
            found.__dict__.update(value=str(name), _value_=str(name))
        return found

    @property
    def name(self) -> str:
        """`AUSTRIA`, `ST_PETERSBURG`: the enum-style name."""
        return self.value.upper().replace(" ", "_")

    def __repr__(self) -> str:
        return f"<Power {self.value}>"

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return format(str.__str__(self), spec)

    def __reduce__(self):
        return (Power, (self.value,))

    def __deepcopy__(self, memo) -> Power:
        return self

    def __copy__(self) -> Power:
        return self

    @classmethod
    def parse(cls, name: str, variant: str | None = None) -> Power:
        """A power by its English, Italian or Dutch name, any case: one of the standard seven
        (as players write them in a standard game), or with `variant` one of that variant's
        powers."""
        power = _parse_power(name.strip().lower(), variant or "standard")
        if power is None:
            raise ValueError(f"unknown power: {name!r}")
        return power

    @classmethod
    def read(cls, name: str) -> Power:
        """A power of any variant by any of its names, any case (a record's `"power"`, read
        before its variant is known to the reader)."""
        key = name.strip().lower()
        power = _POWER_BY_NAME.get(key) or _variant_power_names().get(key)
        if power is None:
            raise ValueError(f"unknown power: {name!r}")
        return power


Power.AUSTRIA, Power.ENGLAND, Power.FRANCE, Power.GERMANY, Power.ITALY, Power.RUSSIA, \
    Power.TURKEY = _SEVEN = tuple(Power._make(n) for n in (
        "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"))
Power._STANDARD = _SEVEN

def _power_names() -> dict[str, Power]:
    """Each standard power's names, lower case, from one data file per language
    (`engine/data/power_names/<code>.json`, one for each language of languages/languages.json).
    A variant's powers are named in its own file (`engine.variant_files`)."""
    found = {power.value.lower(): power for power in Power}
    for entry in resources.files("engine").joinpath("data/power_names").iterdir():
        if entry.name.endswith(".json"):
            for power, names in json.loads(entry.read_text(encoding="utf-8")).items():
                found.update(dict.fromkeys(names, Power(power)))
    return found


_POWER_BY_NAME = _power_names()


@lru_cache(maxsize=1024)
def _parse_power(key: str, variant: str) -> Power | None:
    """`Power.parse`, kept: each phase names its powers again."""
    if variant == "standard":
        return _POWER_BY_NAME.get(key)
    power = _variant_power_names().get(key) or _POWER_BY_NAME.get(key)
    return power if power in powers_of(check_id(variant)) else None


@lru_cache(maxsize=1)
def _variant_power_names() -> dict[str, Power]:
    """Every variant's power names (English, Italian, Dutch; lower case) -> the power."""
    return {key: Power._make(name) for key, name in all_power_names().items()}


@lru_cache(maxsize=1)
def _known_names() -> frozenset[str]:
    return frozenset(p.value for p in _variant_power_names().values())


class UnitType(StrEnum):
    ARMY = "A"
    FLEET = "F"


class Season(StrEnum):
    SPRING = "S"
    FALL = "F"
    WINTER = "W"


class PhaseKind(StrEnum):
    MOVEMENT = "M"
    RETREAT = "R"
    ADJUSTMENT = "A"

    @classmethod
    def parse(cls, word: str) -> PhaseKind:
        return {"movement": cls.MOVEMENT, "retreat": cls.RETREAT, "retreats": cls.RETREAT,
                "adjustment": cls.ADJUSTMENT, "adjustments": cls.ADJUSTMENT,
                "m": cls.MOVEMENT, "r": cls.RETREAT, "a": cls.ADJUSTMENT}[word.strip().lower()]


# The members as module constants, for the engine's hot paths: on Python 3.11 reading
# `UnitType.ARMY` calls the enum class's descriptor (about 80 ns, a dozen times an order;
# adjudication is timed: bench/). The same objects: `ARMY is UnitType.ARMY`.
ARMY, FLEET = UnitType.ARMY, UnitType.FLEET
SPRING, FALL, WINTER = Season.SPRING, Season.FALL, Season.WINTER
MOVEMENT, RETREAT, ADJUSTMENT = PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT

_PHASE_NAME = re.compile(r"^([SFW])(\d{1,4})([MRA])$")
_SEASON_WORDS = {"spring": Season.SPRING, "fall": Season.FALL, "autumn": Season.FALL,
                 "winter": Season.WINTER}


@dataclass(frozen=True, order=True)
class Phase:
    """A phase such as S1901M. Ordering follows play order."""

    year: int
    season: Season
    kind: PhaseKind

    @property
    def name(self) -> str:
        return f"{self.season._value_}{self.year}{self.kind._value_}"  # (see Unit.label)

    def __str__(self) -> str:
        return self.name

    def sort_key(self) -> tuple[int, int]:
        order = {("S", "M"): 0, ("S", "R"): 1, ("F", "M"): 2, ("F", "R"): 3, ("W", "A"): 4}
        return (self.year, order[(self.season.value, self.kind.value)])

    @classmethod
    def parse(cls, text: str) -> Phase:
        m = _PHASE_NAME.match(text.strip().upper())
        if not m:
            raise ValueError(f"not a phase name: {text!r} (expected e.g. S1901M)")
        return cls(int(m.group(2)), Season(m.group(1)), PhaseKind(m.group(3)))

    @classmethod
    def from_record(cls, season: str | None, kind: str) -> Phase:
        """From the datc/games layout: season "Spring 1901", phase "movement"."""
        phase_kind = PhaseKind.parse(kind)
        year, season_value = 1901, Season.SPRING
        if season:
            word, _, number = season.strip().partition(" ")
            season_value = _SEASON_WORDS[word.lower()]
            year = int(number) if number else 1901  # a variant's years: "Spring 1" (ancmed)
        if phase_kind is PhaseKind.ADJUSTMENT:
            season_value = Season.WINTER
        elif season_value is Season.WINTER:
            season_value = Season.FALL
        return cls(year, season_value, phase_kind)


def made(cls: type[_T], fields: dict[str, object]) -> _T:
    """A value of the frozen dataclass `cls` (one without slots) with every field given in
    `fields`, a new dictionary (field name -> value) that becomes the value's own: made without
    the generated `__init__`, which sets each field by a call to `object.__setattr__`, the same
    value, equal to the constructor's, in about half the time. For the values the adjudicator
    makes every phase (units that move, orders read, positions: timed by bench/); a dictionary
    written in place costs less than keywords gathered into one."""
    value = _new(cls)
    _set_attribute(value, "__dict__", fields)
    return value


_new, _set_attribute = object.__new__, object.__setattr__


def unit_at(power: Power, unit_type: UnitType, location: str) -> Unit:
    """`Unit(power, unit_type, location)`, made as `made` makes values: a unit that moved."""
    return made(Unit, {"power": power, "type": unit_type, "location": location,
                       "province": province_of(location)})


# Asked for every location of every order and unit, of a few hundred locations: each answer
# is kept (a call of the memory costs a quarter of the function's own).
@lru_cache(maxsize=4096)
def province_of(location: str) -> str:
    """`stp/nc` -> `stp`; `mun` -> `mun`."""
    slash = location.find("/")
    return location if slash < 0 else location[:slash]


def coast_of(location: str) -> str | None:
    return location.split("/", 1)[1] if "/" in location else None


@dataclass(frozen=True)
class Unit:
    power: Power
    type: UnitType
    location: str
    # The province without the coast, computed once: the adjudicator asks for it constantly.
    province: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))

    def label(self) -> str:
        """`A MUN`, `F STP/SC`."""
        # `_value_`: the member's own attribute (`.value` is a property: a Python call).
        return f"{self.type._value_} {self.location.upper()}"

    def to_json(self) -> dict:
        return {"power": self.power._value_, "type": self.type._value_,
                "location": self.location}

    @classmethod
    def from_json(cls, data: dict) -> Unit:
        return unit_read(data["power"], data["type"], data["location"])


# Units are immutable values, and a record lists the same units phase after phase: each
# (power, type, location) as written is read once (bounded memory), as order texts are.
@lru_cache(maxsize=4096)
def unit_read(power: str, unit_type: str, location: str) -> Unit:
    """The unit a record's `{"power", "type", "location"}` names, any case."""
    return Unit(Power.read(power), UnitType(unit_type.upper()), location.lower())
