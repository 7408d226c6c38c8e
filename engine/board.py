"""The map: provinces, coasts, borders, supply centres, home centres and starting units.

Read from a data file (`engine/data/standard.json`); nothing about the standard board is code.
A variant's board (`engine.variants`) is the same layout with its own powers, homes, units and
flags: who may build where (`builds_anywhere`), which coasts carry convoys (`convoy_provinces`),
the first phase and the centres that win.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib import resources

from engine.vocabulary import Power, UnitType, province_of

_NOWHERE: frozenset[str] = frozenset()  # the neighbours of a place with none of a kind


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    kind: str  # "land" (inland), "coast" or "sea"
    supply_center: bool
    home: Power | None
    coasts: tuple[str, ...]

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"


class Board:
    """Immutable map. Use `standard_board()` for the standard one (built once)."""

    def __init__(self, data: dict) -> None:
        self.name: str = data["name"]
        self.variant: str = data.get("variant", self.name)
        self.first_year: int = data.get("first_year", 1901)
        self.powers: tuple[Power, ...] = tuple(Power(p) for p in data["powers"])
        # Chaos: a power builds on any vacant centre it owns, not only on its home centres.
        self.builds_anywhere: bool = data.get("builds_anywhere", False)
        self.victory_target: int = data.get("victory_target", 18)
        # The first phase's name (`S1901M`, `W1900A`, `S1M`): Position.initial starts there.
        self.start: str = data.get("start", f"S{self.first_year}M")
        self.provinces: dict[str, Province] = {
            pid: Province(pid, p["name"], p["kind"], p["supply_center"],
                          Power(p["home"]) if p["home"] else None, tuple(p["coasts"]))
            for pid, p in data["provinces"].items()
        }
        self._army: dict[str, frozenset[str]] = self._neighbours(data["army_borders"])
        self._fleet: dict[str, frozenset[str]] = self._neighbours(data["fleet_borders"])
        # Each province's army borders (`army_neighbours`), every province a key: read as a
        # table where a method call per order costs (adjudication is timed: bench/).
        self.army_borders: dict[str, frozenset[str]] = {
            pid: self._army.get(pid, _NOWHERE) for pid in self.provinces}
        self.starting_units: dict[Power, tuple[tuple[UnitType, str], ...]] = {
            Power(power): tuple((UnitType(u.split()[0]), u.split()[1]) for u in units)
            for power, units in data["starting_units"].items()
        }
        self.supply_centers: frozenset[str] = frozenset(
            p.id for p in self.provinces.values() if p.supply_center)
        coasts_from: dict[tuple[str, str], list[str]] = {}
        for origin, reach in self._fleet.items():
            for location in reach:
                coasts_from.setdefault((origin, province_of(location)), []).append(location)
        self._coasts_from = {key: tuple(sorted(v)) for key, v in coasts_from.items()}
        self._touching: dict[str, frozenset[str]] = {
            pid: self._compute_touching(pid) for pid in self.provinces}
        self.home_centers: dict[Power, frozenset[str]] = {
            power: frozenset(p.id for p in self.provinces.values() if p.home == power)
            for power in self.powers
        }
        # Where a fleet may convoy: the seas, and the coasts a variant names (its ports).
        self.convoy_provinces: frozenset[str] = frozenset(
            p.id for p in self.provinces.values() if p.is_sea) | frozenset(
            data.get("convoy_provinces", ()))

    @staticmethod
    def _neighbours(pairs: list[list[str]]) -> dict[str, frozenset[str]]:
        table: dict[str, set[str]] = {}
        for a, b in pairs:
            table.setdefault(a, set()).add(b)
            table.setdefault(b, set()).add(a)
        return {k: frozenset(v) for k, v in table.items()}

    # -- locations -------------------------------------------------------------------------
    def is_location(self, location: str) -> bool:
        province = self.provinces.get(province_of(location))
        if province is None:
            return False
        return "/" not in location or location.split("/", 1)[1] in province.coasts

    def unit_locations(self, unit_type: UnitType, province: str) -> tuple[str, ...]:
        """Where a unit of this type can stand in a province (coasts for a fleet)."""
        p = self.provinces[province]
        if unit_type is UnitType.ARMY:
            return () if p.is_sea else (province,)
        if p.kind == "land":
            return ()
        return tuple(f"{province}/{c}" for c in p.coasts) or (province,)

    def can_stand(self, unit_type: UnitType, location: str) -> bool:
        return self.is_location(location) and location in self.unit_locations(
            unit_type, province_of(location))

    # -- borders ---------------------------------------------------------------------------
    def army_neighbours(self, province: str) -> frozenset[str]:
        return self._army.get(province, _NOWHERE)

    def fleet_neighbours(self, location: str) -> frozenset[str]:
        """Fleet-reachable locations (coast-qualified) from an exact location."""
        return self._fleet.get(location, _NOWHERE)

    def adjacent(self, unit_type: UnitType, origin: str, target: str) -> bool:
        """Can a unit of this type at `origin` move to `target`? Fleets: an exact coast target
        must match; a province target is fine when some coast of it borders `origin`."""
        if unit_type is UnitType.ARMY:
            return province_of(target) in self._army.get(province_of(origin), ())
        reach = self._fleet.get(origin, _NOWHERE)
        if target in reach:
            return True
        return "/" not in target and any(province_of(loc) == target for loc in reach)

    def reachable_coasts(self, origin: str, province: str) -> tuple[str, ...]:
        """Fleet locations of `province` that a fleet at `origin` borders."""
        return self._coasts_from.get((origin, province), ())

    def provinces_touching(self, province: str) -> frozenset[str]:
        """Provinces sharing a border of any kind (convoy chains, distances)."""
        return self._touching[province]

    def _compute_touching(self, province: str) -> frozenset[str]:
        near = set(self._army.get(province, ()))
        for loc in self.unit_locations(UnitType.FLEET, province) or ():
            near.update(province_of(x) for x in self._fleet.get(loc, ()))
        return frozenset(near)

    def distances_from(self, sources: frozenset[str] | set[str]) -> dict[str, int]:
        """Breadth-first distance in moves over any border (land or sea) from any source."""
        dist = {s: 0 for s in sources}
        queue = deque(sources)
        while queue:
            here = queue.popleft()
            for there in self.provinces_touching(here):
                if there not in dist:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return dist


@cache
def standard_board() -> Board:
    text = resources.files("engine").joinpath("data/standard.json").read_text(encoding="utf-8")
    return Board(json.loads(text))
