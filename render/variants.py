"""What the renderer needs of a variant: its drawing (`render/data/<map>_map.json`), its powers
in the legend's order, their names in the map's languages, colours and marks.

- The classic-map variants (`fleet_rome`, `france_austria`, `germany_italy`) and `standard`
  draw the standard map with the seven powers' palette and words; the legend lists the powers
  that play (France and Austria alone in `france_austria`).
- `pure` draws seven wedges (`tools/map_wedges.py`) with the seven powers.
- `ancmed` draws the Ancient Mediterranean (`tools/map_seeds_ancmed.py`), five powers in
  colours of their own, and in five of Okabe and Ito's in the "colourblind" palette.
- `chaos` draws the standard map with 34 powers, one per centre: colours spread round the hue
  circle in three lightnesses, never enough to tell 34 powers apart alone, so each unit and
  legend swatch carries its power's home centre in capitals (ANK, BEL, ...); the same colours
  in either palette (no palette tells 34 apart: the marks do).

Power names and marks of the variants with their own powers are in
`render/data/variant_powers.json` (the same names as the engine's variant files)."""

from __future__ import annotations

import colorsys
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from engine.variants import board_of
from engine.vocabulary import Power
from render.palette import Palette, mix

STANDARD_POWERS = tuple(p.value for p in Power)
CLASSIC = ("standard", "fleet_rome", "france_austria", "germany_italy")


@dataclass(frozen=True, eq=False)
class MapVariant:
    id: str
    map: str                                        # the drawing: render/data/<map>_map.json
    powers: tuple[str, ...]                         # in the legend's order
    names: dict[str, dict[str, str]] | None = None  # language -> power -> name; None: words.py
    colours: dict[str, str] | None = None           # None: the seven's palette, as chosen
    marks: dict[str, str] | None = None             # None: first letters of the names
    # Its own colours for the "colourblind" palette (None: its colours in either palette)
    colourblind: dict[str, str] | None = None

    @property
    def own_palette(self) -> bool:
        return self.colours is not None

    def palette(self, name: str = "standard") -> Palette:
        """Its own colours in the palette `name` ("standard" or "colourblind"); a variant
        without colour-blind colours of its own (Chaos) has one palette."""
        assert self.colours is not None
        return _palette_of(self.id, name if self.colourblind else "standard")


@cache
def _palette_of(variant: str, name: str) -> Palette:
    board = map_variant(variant)
    if name == "colourblind":      # Okabe-Ito's, as the seven's; yellow needs its full tint
        return Palette(name, dict(board.colourblind), {
            p: mix(c, 0.9 if c == OKABE_YELLOW else 0.65) for p, c in board.colourblind.items()})
    return Palette(name, dict(board.colours), {p: mix(c, 0.55) for p, c in board.colours.items()})


ANCMED_COLOURS = {           # no blue: the land tints must stay apart from the sea
    "Carthage": "#E07B00",   # orange
    "Egypt": "#F2CF1D",      # gold
    "Greece": "#3A9A44",     # green
    "Persia": "#8E44AD",     # royal purple
    "Rome": "#C62828",       # red
}
OKABE_YELLOW = "#F0E442"
ANCMED_COLOURBLIND = {       # five of Okabe and Ito's eight (render/palette.py), no blue
    "Carthage": "#E69F00",   # orange
    "Egypt": OKABE_YELLOW,   # yellow
    "Greece": "#009E73",     # bluish green
    "Persia": "#CC79A7",     # reddish purple
    "Rome": "#D55E00",       # vermillion
}


def spread_colours(powers: tuple[str, ...]) -> dict[str, str]:
    """As many colours as powers: hues round the circle by the golden angle, in three
    lightnesses, saturated enough to stand on the land tints and apart from the sea."""
    out = {}
    for i, power in enumerate(powers):
        hue = (i * 0.381966) % 1.0
        light = (0.38, 0.52, 0.64)[i % 3]
        r, g, b = colorsys.hls_to_rgb(hue, light, 0.72)
        out[power] = "#{:02X}{:02X}{:02X}".format(*(round(c * 255) for c in (r, g, b)))
    return out


@cache
def _power_tables() -> dict:
    return json.loads(resources.files("render").joinpath("data/variant_powers.json")
                      .read_text(encoding="utf-8"))


@cache
def map_variant(variant: str | None = None) -> MapVariant:
    """The variant `variant` (None: standard); ValueError for one the renderer cannot draw."""
    name = variant or "standard"
    if name in CLASSIC:      # the 1-vs-1 games' legend lists their two powers, not the absent
        playing = {p.value for p in board_of(name).powers}
        return MapVariant(name, "standard", tuple(p for p in STANDARD_POWERS if p in playing))
    if name == "pure":
        return MapVariant(name, "pure", STANDARD_POWERS)
    tables = _power_tables()
    if name == "ancmed":
        names = tables["ancmed"]["names"]
        return MapVariant(name, "ancmed", tuple(names["en"]), names, ANCMED_COLOURS,
                          colourblind=ANCMED_COLOURBLIND)
    if name == "chaos":
        table = tables["chaos"]
        powers = tuple(table["names"]["en"])
        return MapVariant(name, "standard", powers, table["names"], spread_colours(powers),
                          table["marks"])
    raise ValueError(f"unknown variant {variant!r}: choose one of "
                     f"{', '.join([*CLASSIC, 'pure', 'ancmed', 'chaos'])}")
