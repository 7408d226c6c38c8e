"""The few facts of a published board file (`.map`, DPjudge's format, MIT: `../shared/variants/`)
that the map's drawing needs: each province's kind, which are supply centres, and which pairs of
provinces border each other by any route (army or fleet). The engine's own reader of these files
is another matter; this one only serves the geometry builder and its test."""

from __future__ import annotations

import re
from dataclasses import dataclass

_KINDS = {"LAND": "land", "COAST": "coast", "PORT": "coast", "WATER": "sea"}
_BORDER = re.compile(r"^(LAND|COAST|PORT|WATER)\s+(\S+)\s+ABUTS\s*(.*)$")
_POWER = re.compile(r"^[A-Z]+\s+\([A-Z]+\)\s+(.*)$")


@dataclass(frozen=True)
class BoardFacts:
    kinds: dict[str, str]                  # province -> land, coast or sea
    centers: frozenset[str]
    borders: frozenset[frozenset[str]]     # provinces adjacent by army or fleet

    def provinces(self) -> dict[str, dict]:
        """In the layout of `engine/data/standard.json`'s provinces (no coasts)."""
        return {pid: {"kind": kind, "supply_center": pid in self.centers, "coasts": []}
                for pid, kind in sorted(self.kinds.items())}


def read_board_facts(text: str) -> BoardFacts:
    kinds: dict[str, str] = {}
    centers: set[str] = set()
    borders: set[frozenset[str]] = set()
    for raw in text.splitlines():
        line = raw.split("#")[0].strip()
        border = _BORDER.match(line)
        if border:
            kind, here, reach = border.groups()
            here = here.lower()
            if "/" not in here:
                kinds[here] = _KINDS[kind]
            for there in reach.split():
                a, b = here.split("/")[0], there.lower().split("/")[0]
                if a != b:
                    borders.add(frozenset((a, b)))
            continue
        owned = _POWER.match(line)
        if owned or line.startswith("UNOWNED"):
            words = owned.group(1) if owned else line.split(None, 1)[1]
            centers.update(w.lower() for w in words.split())
    return BoardFacts(kinds, frozenset(centers), frozenset(borders))
