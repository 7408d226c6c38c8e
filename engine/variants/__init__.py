"""The variants: each a folder of data, `engine/variants/<id>/variant.json` (written by
`tools/build_variants.py` from the published map files) with a `SOURCE` naming where its facts
come from. One registry: the folders present are the variants there are.

A variant's file holds its names and one-line description in English, Italian and Dutch; its
map (`"standard"`: the classic geography of `engine/data/standard.json`; `"own"`: a `board` in
the same layout); its powers with their names in the three languages, their home centres,
starting units and letters (the marks of their units on a map); its first phase (`start`), its
victory target and its rules (`builds_anywhere`, `convoy_provinces`: coasts whose fleets
convoy, `absent_powers`: the classic powers a 1-vs-1 game leaves out, their centres neutral);
and for an own map the province names in three languages. `engine/variant_files.py` reads the
files; this module builds each variant's `Board` and `Variant`.

    variant_named("ancmed").board          # the Board the engine adjudicates on
    board_of("chaos")                      # the same, by id
    VARIANT_IDS                            # ("standard", "ancmed", "chaos", ...)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from engine.board import Board, standard_board
from engine.variant_files import (
    DEFAULT_VARIANT,
    VARIANT_IDS,
    all_power_names,
    check_id,
    variant_data,
    variant_power_name,
    variant_source,
)
from engine.vocabulary import Power


@dataclass(frozen=True)
class Variant:
    id: str
    names: dict[str, str]                        # language -> the variant's name
    descriptions: dict[str, str]                 # language -> one line
    board: Board
    power_names: dict[str, dict[str, str]]       # power -> language -> its name
    province_names: dict[str, dict[str, list[str]]]  # own maps: province -> language -> names
    victory_target: int
    absent_powers: tuple[str, ...]
    source: str
    letters: dict[str, str]                      # power -> the letter its units are marked by

    def letter(self, power: str) -> str:
        """The mark of a power's units on a map where colour alone would not tell 34 powers
        apart (Chaos: DPjudge's letters `A`-`Z`, `0`-`9`); its initial elsewhere."""
        return self.letters.get(str(power)) or str(power)[0]

    @property
    def powers(self) -> tuple[Power, ...]:
        return self.board.powers

    @property
    def classic_map(self) -> bool:
        """Drawn and named as the standard board (its provinces are the standard ones)."""
        return not self.province_names

    def name(self, language: str = "en") -> str:
        return self.names.get(language) or self.names["en"]

    def description(self, language: str = "en") -> str:
        return self.descriptions.get(language) or self.descriptions["en"]

    def power_name(self, power: str, language: str = "en") -> str:
        names = self.power_names.get(str(power), {})
        return names.get(language) or names.get("en") or str(power)


@cache
def variant_named(vid: str | None = None) -> Variant:
    vid = check_id(vid)
    data = variant_data(vid)
    rules = data.get("rules", {})
    source = variant_source(vid)
    return Variant(vid, data["name"], data["description"], _board(vid, data),
                   data["powers"], data.get("province_names", {}),
                   data.get("victory_target", 18), tuple(rules.get("absent_powers", ())),
                   source, data.get("letters", {}))


def board_of(vid: str | None = None) -> Board:
    """The board of a variant (the standard one for None)."""
    if vid is None or vid == DEFAULT_VARIANT:
        return standard_board()
    return variant_named(vid).board


def _board(vid: str, data: dict) -> Board:
    if vid == DEFAULT_VARIANT:
        return standard_board()  # one object: the engine's caches are per board
    if data["map"] == "standard":
        base = json.loads(resources.files("engine").joinpath("data/standard.json")
                          .read_text("utf-8"))
    else:
        base = dict(data["board"])
    homes = {c: p for p, cs in data["homes"].items() for c in cs}
    provinces = {pid: dict(place, home=homes.get(pid)) for pid, place in
                 base["provinces"].items()}
    rules = data.get("rules", {})
    start = data["start"]
    return Board({
        "name": vid, "variant": vid, "powers": list(data["powers"]),
        "provinces": provinces, "army_borders": base["army_borders"],
        "fleet_borders": base["fleet_borders"], "starting_units": data["starting_units"],
        "first_year": int(start[1:-1]), "start": start,
        "builds_anywhere": rules.get("builds_anywhere", False),
        "convoy_provinces": rules.get("convoy_provinces", []),
        "victory_target": data.get("victory_target", 18),
    })


def variant_choices(language: str = "en", typed: str = "") -> list[tuple[str, str]]:
    """(label, id) for a list to choose a variant from (`/mod create variant:`): the name and
    its one line in `language`, cut to the 100 characters a Discord choice holds; those whose
    id, name or line contains `typed` (any case)."""
    typed = typed.strip().lower()
    found = []
    for vid in VARIANT_IDS:
        data = variant_data(vid)
        name = data["name"].get(language) or data["name"]["en"]
        line = data["description"].get(language) or data["description"]["en"]
        label = f"{name}: {line}"
        if len(label) > 100:
            label = label[:99].rstrip() + "…"
        if not typed or typed in vid or typed in label.lower():
            found.append((label, vid))
    return found


def variants_listing() -> list[str]:
    """`arbitro variants`: one line per variant, the id, the number of powers, the name."""
    return [f"{vid} {len(variant_data(vid)['powers'])} {variant_data(vid)['name']['en']}" for vid in VARIANT_IDS]


__all__ = ["DEFAULT_VARIANT", "VARIANT_IDS", "Variant", "all_power_names", "board_of",
           "check_id", "variant_choices", "variant_named", "variant_power_name",
           "variants_listing"]
