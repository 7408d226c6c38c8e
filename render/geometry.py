"""The map geometry the renderer draws: `render/data/standard_map.json`, built by
`tools/build_map_geometry.py` from Natural Earth coastlines. Read once, kept as SVG path text."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from engine.vocabulary import coast_of, province_of

Point = tuple[float, float]


@dataclass(frozen=True)
class ProvinceShape:
    id: str
    kind: str                      # "land", "coast" or "sea"
    path: str                      # SVG path data of every ring (even-odd fill)
    anchor: Point                  # where a unit stands
    coasts: dict[str, Point]       # where a fleet stands on each coast (stp, spa, bul)
    center: Point | None           # supply-centre marker
    label: Point                   # the province's abbreviation


@dataclass(frozen=True)
class MapGeometry:
    width: float
    height: float
    provinces: dict[str, ProvinceShape]
    plain_land: str                # land that is no province (Ireland, Sardinia, Libya, ...)
    impassable: str                # Switzerland
    lakes: str                     # water that is no sea province

    def anchor(self, location: str) -> Point:
        """Where a unit at `location` is drawn: its coast's anchor for `stp/nc`, `spa/sc`, ...;
        the province's anchor otherwise."""
        shape = self.provinces[province_of(location)]
        coast = coast_of(location)
        return shape.coasts.get(coast, shape.anchor) if coast else shape.anchor


def path_data(rings: list[list[float]]) -> str:
    """Flat [x0, y0, x1, y1, ...] rings as compact SVG path data."""
    parts = []
    for ring in rings:
        coords = " ".join(f"{ring[i]:g} {ring[i + 1]:g}" for i in range(0, len(ring), 2))
        parts.append(f"M{coords}Z")
    return "".join(parts)


def load_geometry(data: dict) -> MapGeometry:
    provinces = {
        pid: ProvinceShape(pid, p["kind"], path_data(p["outline"]), tuple(p["anchor"]),
                           {c: tuple(xy) for c, xy in p["coasts"].items()},
                           tuple(p["center"]) if p.get("center") else None, tuple(p["label"]))
        for pid, p in data["provinces"].items()
    }
    return MapGeometry(data["width"], data["height"], provinces, path_data(data["plain_land"]),
                       path_data(data["impassable"]), path_data(data["lakes"]))


def read_map_data() -> dict:
    text = resources.files("render").joinpath("data/standard_map.json").read_text(
        encoding="utf-8")
    return json.loads(text)


@cache
def standard_geometry() -> MapGeometry:
    return load_geometry(read_map_data())
