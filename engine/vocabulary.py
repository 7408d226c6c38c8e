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


class Power(StrEnum):
    AUSTRIA = "Austria"
    ENGLAND = "England"
    FRANCE = "France"
    GERMANY = "Germany"
    ITALY = "Italy"
    RUSSIA = "Russia"
    TURKEY = "Turkey"

    @classmethod
    def parse(cls, name: str) -> Power:
        """A power's name in any of the game's languages, any case."""
        power = _POWER_BY_NAME.get(name.strip().lower())
        if power is None:
            raise ValueError(f"unknown power: {name!r}")
        return power


def _power_names() -> dict[str, Power]:
    """Each power's names, lower case, from one data file per language
    (`engine/data/power_names/<code>.json`, one for each language of languages/languages.json)."""
    found = {power.value.lower(): power for power in Power}
    for entry in resources.files("engine").joinpath("data/power_names").iterdir():
        if entry.name.endswith(".json"):
            for power, names in json.loads(entry.read_text(encoding="utf-8")).items():
                found.update(dict.fromkeys(names, Power(power)))
    return found


_POWER_BY_NAME = _power_names()


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


_PHASE_NAME = re.compile(r"^([SFW])(\d{4})([MRA])$")
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
            year = int(number) if number else 1901
        if phase_kind is PhaseKind.ADJUSTMENT:
            season_value = Season.WINTER
        elif season_value is Season.WINTER:
            season_value = Season.FALL
        return cls(year, season_value, phase_kind)


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
    return Unit(Power.parse(power), UnitType(unit_type.upper()), location.lower())
