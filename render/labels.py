"""Where each province's name is drawn, and how large.

Names are LABEL_SIZE map units (25: capitals 6.1 px tall when Discord shows the map 400 px
wide), 85 % black. (A light halo behind each name was tried: it cost 6 KB of PNG per map, the
margin between the 80 KB target and a crowded board, for names that read without it.) At that size the label points of `render/data/standard_map.json` (one
per province, below its unit) would make names run into each other and under units in the Low
Countries, Italy and the Balkans, so the names are placed by `place_labels` below: each name on
the spot of its province nearest its label point where its box is clear of every unit that
could stand on the board (any province's anchor or coast), of every supply-centre marker and,
by LABEL_GAP, of every name placed before it, keeping as much of the box inside the province as
the room allows. The result is the table `render/data/label_points.json` (province -> the
name's middle, map units; `<map>_label_points.json` for the variants' own drawings), written by

    python -m render.labels [--map ancmed]

after a change of the geometry or of the unit icons; `tests/render/test_labels.py` checks the
table against those rules, so a stale table fails there."""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from render.geometry import Point, geometry_named, read_map_data
from render.units import _HULL, _S, _SAILS, UNIT_RADIUS

LABEL_SIZE = 25.0       # map units: 15 px at full size, capitals 6.1 px in the 400 px preview
CAP_HEIGHT = 0.729      # DejaVu Sans Bold: capitals stand 0.729 of the font size
BASELINE = 0.36         # the baseline is this much of the size below the label's middle
MARGIN = 2.5              # the halo's reach round each letter, map units
LABEL_GAP = 8.0         # the least room between two names' margins, map units
MARKER_REACH = 8 + 1.25  # a supply-centre marker's radius with its stroke
TABLE = "label_points.json"


def unit_box(at: Point) -> tuple[float, float, float, float]:
    """Left, top, right, bottom of the largest icon a unit standing at `at` draws (an army's
    disc or a fleet's hull and sails, with their outline)."""
    points = [(x * _S, y * _S) for x, y in [*_HULL, *_SAILS[0], *_SAILS[1]]]
    stroke = 1.5
    left = min(-UNIT_RADIUS, *(x for x, _ in points)) - stroke
    right = max(UNIT_RADIUS, *(x for x, _ in points)) + stroke
    top = min(-UNIT_RADIUS, *(y for _, y in points)) - stroke
    bottom = max(UNIT_RADIUS, *(y for _, y in points)) + stroke
    return at[0] + left, at[1] + top, at[0] + right, at[1] + bottom


def label_box(pid: str, at: Point, width: float) -> tuple[float, float, float, float]:
    """The box of a name `width` wide with its middle at `at`: its capitals and margin."""
    x, y = at
    baseline = y + LABEL_SIZE * BASELINE
    return (x - width / 2 - MARGIN, baseline - LABEL_SIZE * CAP_HEIGHT - MARGIN,
            x + width / 2 + MARGIN, baseline + MARGIN)


def obstacles(map_name: str = "standard") -> list[tuple[float, float, float, float]]:
    """What no name may cover: a unit on every place one may stand, every centre marker."""
    geometry = geometry_named(map_name)
    out = []
    for shape in geometry.provinces.values():
        for at in (shape.anchor, *shape.coasts.values()):
            out.append(unit_box(at))
        if shape.center:
            cx, cy = shape.center
            out.append((cx - MARKER_REACH, cy - MARKER_REACH, cx + MARKER_REACH,
                        cy + MARKER_REACH))
    return out


def overlaps(a, b, gap: float = 0.0) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def table_name(map_name: str) -> str:
    """The table of a drawing: `label_points.json` (standard), `<map>_label_points.json`."""
    return TABLE if map_name == "standard" else f"{map_name}_{TABLE}"


@cache
def label_points(map_name: str = "standard") -> dict[str, Point]:
    """Each province's name's middle, map units: the table, else the geometry's label."""
    table = json.loads(resources.files("render").joinpath("data", table_name(map_name))
                       .read_text("utf-8"))
    return {pid: tuple(table.get(pid, shape.label))
            for pid, shape in geometry_named(map_name).provinces.items()}


def _masks(data: dict) -> dict[str, np.ndarray]:
    """Each province as a boolean raster, one cell per map unit (even-odd over its rings)."""
    width, height = math.ceil(data["width"]), math.ceil(data["height"])
    out = {}
    for pid, p in data["provinces"].items():
        mask = np.zeros((height, width), dtype=bool)
        for ring in p["outline"]:
            image = Image.new("1", (width, height), 0)
            ImageDraw.Draw(image).polygon(list(zip(ring[0::2], ring[1::2], strict=True)), 1)
            mask ^= np.asarray(image, dtype=bool)
        out[pid] = mask
    return out


def place_labels(step: float = 2.0, map_name: str = "standard") -> dict[str, Point]:
    """The spot of each name (see the module's documentation). Provinces with the least room
    are placed first; a spot's cost is the share of its box outside the province (times 400)
    plus its distance from the label point."""
    from render.overlay import text_width  # only here: the table is read without AGG

    data = read_map_data(map_name)
    geometry = geometry_named(map_name)
    masks = _masks(data)
    blocked = obstacles(map_name)
    placed: dict[str, tuple[float, float, float, float]] = {}
    out: dict[str, Point] = {}
    for pid in sorted(masks, key=lambda p: masks[p].sum()):
        width = text_width(pid.upper(), LABEL_SIZE)
        label = geometry.provinces[pid].label
        for reach in (0, *(OUTSIDE_REACH if map_name == "standard" else VARIANT_REACH)):
            allowed = _grown(masks[pid], reach)
            if map_name != "standard":     # large provinces: look near the label point only
                allowed = _near(allowed, label, WINDOW)
            best = _best_spot(masks[pid], allowed, width, step, label, blocked,
                              placed.values())
            if best is not None:
                break
        else:
            if map_name == "standard":
                raise ValueError(f"no room for the name of {pid}")
            best = label                    # a variant's drawing: the builder's spot
        out[pid] = best
        placed[pid] = label_box(pid, best, width)
    return {pid: out[pid] for pid in geometry.provinces}


# Where a province is too narrow for its name beside a unit (Italy's west coast, Edinburgh),
# the name's middle may stand this far outside it (map units), on the nearest open water or land.
OUTSIDE_REACH = (12, 24, 36)
# On a variant's drawing a name stays by its province: at most this far outside, else on the
# builder's label point inside it (Italy's and the Levant's provinces in the Ancient
# Mediterranean are too small for a name beside their unit and centre).
VARIANT_REACH = (12, 24)


# On a variant's drawing, a name is looked for within this many map units of its label point.
WINDOW = 110


def _near(mask: np.ndarray, at: Point, reach: float) -> np.ndarray:
    out = np.zeros_like(mask)
    x, y = int(at[0]), int(at[1])
    r = int(reach)
    window = (slice(max(0, y - r), y + r), slice(max(0, x - r), x + r))
    out[window] = mask[window]
    return out


def _grown(mask: np.ndarray, reach: int) -> np.ndarray:
    if reach == 0:
        return mask
    image = Image.fromarray(mask.astype(np.uint8) * 255)
    return np.asarray(image.filter(ImageFilter.MaxFilter(2 * reach + 1))) > 0


def _best_spot(mask, allowed, width, step, label, blocked, placed) -> Point | None:
    ys, xs = np.nonzero(allowed)
    if not len(ys):
        return None
    best, best_cost = None, math.inf
    for y in np.arange(ys.min(), ys.max() + 1, step):
        for x in np.arange(xs.min(), xs.max() + 1, step):
            if not allowed[int(y), int(x)]:
                continue
            box = label_box("", (x, y), width)
            if any(overlaps(box, o) for o in blocked) or any(
                    overlaps(box, o, LABEL_GAP) for o in placed):
                continue
            cost = 400 * _outside(mask, box) + math.dist((x, y), label)
            if cost < best_cost:
                best, best_cost = (float(x), float(y)), cost
    return best


def _outside(mask: np.ndarray, box: tuple[float, float, float, float]) -> float:
    """The share of a 5 x 3 grid of points over `box` that falls outside `mask`."""
    left, top, right, bottom = box
    points = [(left + (right - left) * i / 4, top + (bottom - top) * j / 2)
              for i in range(5) for j in range(3)]
    height, width = mask.shape
    return sum(not (0 <= x < width and 0 <= y < height and mask[int(y), int(x)])
               for x, y in points) / len(points)


def main(argv: list[str] | None = None) -> int:
    import argparse
    parser = argparse.ArgumentParser(description="place the names of a drawing's provinces")
    parser.add_argument("--map", default="standard", help="standard, ancmed or pure")
    name = parser.parse_args(argv).map
    table = {pid: [round(x, 1), round(y, 1)]
             for pid, (x, y) in place_labels(map_name=name).items()}
    path = Path(__file__).parent / "data" / table_name(name)
    path.write_text(json.dumps(table, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(table)} names placed: {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
