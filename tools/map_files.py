"""A reader of the published board files (`.map`: DPjudge's format, which the `diplomacy`
package shares) into the layout of `engine/data/standard.json`.

The files are facts about boards; this reader is ours. What it understands:

- `Name = ABBR alias ...`: a province's name (the first word after `=` is its id);
- `KIND LOC ABUTS X Y ...` with KIND `LAND`, `COAST`, `WATER`, `PORT` (a coast that convoys) or
  `SHUT` (impassable): borders. A neighbour written in lower case is crossed by armies only, one
  written `Xxx` by fleets only, one in capitals by both as the terrain allows. A line whose
  location is in lower case (`COAST bul`) gives army borders only (its fleets stand on coasts);
  a line for a coast (`BUL/EC`) gives fleet borders only;
- `POWER (ADJECTIVE[:LETTER]) CENTRES...` followed by unit lines `A XXX`, `F XXX/YY`: a power, its home
  centres and starting units; `UNOWNED CENTRES...`; `UNPLAYED A, B`: powers left out;
- `BEGIN SEASON YEAR PHASE`, `RULE NAME`, `VICTORY N`; `FLAG`, `FLAGS`, `MAP`, `USE` and
  comments are read and otherwise ignored (`USE`/`MAP` name another file: the caller joins them).

    board = read_map(text, base=read_map(standard_text))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

KINDS = {"LAND": "land", "COAST": "coast", "PORT": "coast", "WATER": "sea", "SHUT": "shut"}
_UNIT = re.compile(r"^([AF])\s+([A-Za-z]{3}(?:/[A-Za-z]{2})?)$")
_BORDER = re.compile(r"^(LAND|COAST|PORT|WATER|SHUT)\s+(\S+)\s+ABUTS\s*(.*)$", re.IGNORECASE)
_POWER = re.compile(r"^([A-Za-z+]+)\s+\(([^)]*)\)\s*(.*)$")


@dataclass
class MapFile:
    names: dict[str, str] = field(default_factory=dict)          # id -> English name
    kinds: dict[str, str] = field(default_factory=dict)          # id -> land/coast/sea/shut
    ports: set[str] = field(default_factory=set)
    coasts: dict[str, set[str]] = field(default_factory=dict)    # id -> {nc, sc}
    lines: list[tuple[str, bool, list[str]]] = field(default_factory=list)  # loc, army-only
    homes: dict[str, list[str]] = field(default_factory=dict)    # power -> home centres
    letters: dict[str, str] = field(default_factory=dict)        # power -> its letter
    units: dict[str, list[str]] = field(default_factory=dict)    # power -> ["A par", ...]
    unowned: list[str] = field(default_factory=list)
    named_centers: set[str] = field(default_factory=set)         # every centre named anywhere
    unplayed: list[str] = field(default_factory=list)
    begin: str | None = None
    rules: list[str] = field(default_factory=list)
    victory: int | None = None

    # -- derived ---------------------------------------------------------------------------
    @property
    def centers(self) -> set[str]:
        return {c for cs in self.homes.values() for c in cs} | set(self.unowned) \
            | self.named_centers

    def borders(self) -> tuple[set[frozenset[str]], set[frozenset[str]]]:
        """(army borders between provinces, fleet borders between fleet locations)."""
        army: set[frozenset[str]] = set()
        fleet: set[frozenset[str]] = set()
        for loc, army_line, reach in self.lines:
            here = loc.lower()
            province = here.split("/")[0]
            for token in reach:
                there = token.lower()
                other = there.split("/")[0]
                if self.kinds.get(province) == "shut" or self.kinds.get(other) == "shut":
                    continue
                army_only = token.islower()
                fleet_only = token[0].isupper() and token[1:].islower() and "/" not in token
                if (not fleet_only and "/" not in here and "/" not in there
                        and "sea" not in (self.kinds[province], self.kinds[other])):
                    army.add(frozenset((province, other)))
                if (army_only or army_line or "land" in (self.kinds[province], self.kinds[other])
                        or (self.coasts.get(province) and "/" not in here)
                        or (self.coasts.get(other) and "/" not in there)):
                    continue
                fleet.add(frozenset((here, there)))
        return army, fleet


def read_map(text: str, base: MapFile | None = None) -> MapFile:
    """One `.map` file's facts; with `base`, on top of another file's (its `USE`/`MAP`)."""
    found = MapFile() if base is None else _copy(base)
    fresh = base is None  # a file that names its own powers replaces the base file's
    power: str | None = None
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        head = words[0].upper()
        if "=" in line and not _BORDER.match(line):
            name, _, ids = line.partition("=")
            pid = ids.split()[0].lower()
            found.names[pid] = name.strip().replace("+", " ")
            continue
        border = _BORDER.match(line)
        if border:
            kind, loc, reach = border.groups()
            province = loc.lower().split("/")[0]
            if "/" in loc:
                found.coasts.setdefault(province, set()).add(loc.lower().split("/")[1])
            else:
                found.kinds[province] = KINDS[kind.upper()]
                if kind.upper() == "PORT":
                    found.ports.add(province)
            found.lines.append((loc, loc.islower(), reach.split()))
            continue
        unit = _UNIT.match(line)
        if unit and power is not None:
            _place(found.units.setdefault(power, []), unit.group(1), unit.group(2).lower())
            continue
        if head == "UNOWNED":
            found.unowned += [w.lower() for w in words[1:]]
        elif head == "UNPLAYED":
            for name in (w.strip(",").title() for w in words[1:] if w.strip(",")):
                found.unplayed.append(name)
                found.unowned += found.homes.pop(name, [])  # its centres stay, unowned
                found.units.pop(name, None)
                found.letters.pop(name, None)
        elif len(words) == 1 and words[0].title() in found.homes:
            power = words[0].title()  # a power named again: its units change (`ITALY`/`F ROM`)
        elif head == "BEGIN":
            found.begin = " ".join(words[1:])
        elif head == "RULE":
            found.rules += words[1:]
        elif head == "VICTORY":
            found.victory = int(words[1])
        elif head in ("USE", "MAP", "FLAG", "FLAGS"):
            continue
        else:
            match = _POWER.match(line)
            if match:
                if not fresh:
                    found.named_centers |= found.centers
                    found.homes, found.units, found.unowned, fresh = {}, {}, [], True
                    found.letters = {}
                power = match.group(1).replace("+", " ").title()
                found.homes[power] = [w.lower() for w in match.group(3).split()]
                # `(Parisian:V)`: the letter the map marks the power's units with
                _adjective, _, letter = match.group(2).partition(":")
                found.letters[power] = letter.strip() or power[0]
    found.named_centers |= {c for cs in found.homes.values() for c in cs} | set(found.unowned)
    homes = {c for cs in found.homes.values() for c in cs}
    found.unowned = sorted(found.named_centers - homes)
    return found


def _place(units: list[str], unit_type: str, location: str) -> None:
    """A starting unit; one already listed in the same province is replaced."""
    province = location.split("/")[0]
    units[:] = [u for u in units if u.split()[1].split("/")[0] != province]
    units.append(f"{unit_type} {location}")


def _copy(base: MapFile) -> MapFile:
    return MapFile(dict(base.names), dict(base.kinds), set(base.ports),
                   {k: set(v) for k, v in base.coasts.items()}, list(base.lines),
                   {k: list(v) for k, v in base.homes.items()}, dict(base.letters),
                   {k: list(v) for k, v in base.units.items()}, list(base.unowned),
                   set(base.named_centers), list(base.unplayed), base.begin,
                   list(base.rules), base.victory)
