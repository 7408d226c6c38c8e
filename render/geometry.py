"""The map geometry the renderer draws: `render/data/<map>_map.json` (`standard` and `ancmed`
built by `tools/build_map_geometry.py` from Natural Earth coastlines, `pure` by
`tools/map_wedges.py`). Each read once, kept as SVG path text."""

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
    coastlines: str                # borders between land and water, each drawn once
    land_borders: str              # borders between two pieces of land
    sea_borders: str               # borders between two seas
    name: str = "standard"         # which drawing: render/data/<name>_map.json

    def has_location(self, location: str) -> bool:
        return province_of(location) in self.provinces

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


def border_paths(data: dict) -> tuple[str, str, str]:
    """Every border of the map once, sorted into coastlines, land borders and sea borders, as
    SVG path data. Stroking each shape's own outline would draw every shared border twice, and
    stroking is most of what rasterising the board costs."""
    wet = {pid for pid, p in data["provinces"].items() if p["kind"] == "sea"} | {"lakes"}
    rings_of = {pid: p["outline"] for pid, p in data["provinces"].items()}
    rings_of.update(plain_land=data["plain_land"], impassable=data["impassable"],
                    lakes=data["lakes"])
    sides: dict[tuple, list[str]] = {}
    for owner, rings in rings_of.items():
        for ring in rings:
            points = [(ring[i], ring[i + 1]) for i in range(0, len(ring), 2)]
            for a, b in zip(points, points[1:] + points[:1], strict=True):
                sides.setdefault((a, b) if a < b else (b, a), []).append(owner)

    def kind(edge: tuple) -> str | None:
        owners = sides[edge]
        if len(owners) < 2:
            return None                 # the frame of the map
        wets = sum(o in wet for o in owners)
        return "sea" if wets == len(owners) else "land" if wets == 0 else "coast"

    runs: dict[str, list[str]] = {"coast": [], "land": [], "sea": []}
    drawn: set[tuple] = set()
    for rings in rings_of.values():
        for ring in rings:
            points = [(ring[i], ring[i + 1]) for i in range(0, len(ring), 2)]
            current, run = None, []
            for a, b in zip(points, points[1:] + points[:1], strict=True):
                edge = (a, b) if a < b else (b, a)
                k = None if edge in drawn else kind(edge)
                drawn.add(edge)
                if k != current or not run:
                    if current and run:
                        runs[current].append(_polyline(run))
                    current, run = k, [a, b]
                else:
                    run.append(b)
            if current and run:
                runs[current].append(_polyline(run))
    return "".join(runs["coast"]), "".join(runs["land"]), "".join(runs["sea"])


def _polyline(points: list[tuple[float, float]]) -> str:
    return "M" + " ".join(f"{x:g} {y:g}" for x, y in points)


def load_geometry(data: dict, name: str = "standard") -> MapGeometry:
    provinces = {
        pid: ProvinceShape(pid, p["kind"], path_data(p["outline"]), tuple(p["anchor"]),
                           {c: tuple(xy) for c, xy in p["coasts"].items()},
                           tuple(p["center"]) if p.get("center") else None, tuple(p["label"]))
        for pid, p in data["provinces"].items()
    }
    return MapGeometry(data["width"], data["height"], provinces, path_data(data["plain_land"]),
                       path_data(data["impassable"]), path_data(data["lakes"]),
                       *border_paths(data), name)


def read_map_data(name: str = "standard") -> dict:
    text = resources.files("render").joinpath(f"data/{name}_map.json").read_text(
        encoding="utf-8")
    return json.loads(text)


@cache
def geometry_named(name: str) -> MapGeometry:
    return load_geometry(read_map_data(name), name)


def standard_geometry() -> MapGeometry:
    return geometry_named("standard")
