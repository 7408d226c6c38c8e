"""Reading the committed geometry file with plain Python (no shapely in the test run).

Which provinces share a border on the drawn map: the generator simplifies all shapes as one coverage, so two neighbours share the
very same vertices along their common border, and a shared edge is a shared border."""

from __future__ import annotations

from collections import defaultdict

from render.geometry import read_map_data

Edge = tuple[tuple[float, float], tuple[float, float]]


def edges_of(rings: list[list[float]]) -> set[Edge]:
    edges: set[Edge] = set()
    for ring in rings:
        points = [(ring[i], ring[i + 1]) for i in range(0, len(ring), 2)]
        for a, b in zip(points, points[1:] + points[:1], strict=True):
            if a != b:
                edges.add((a, b) if a < b else (b, a))
    return edges


def drawn_borders(data: dict | None = None) -> set[frozenset[str]]:
    """Pairs of provinces that share at least one edge of their outlines (on the standard map,
    or on the map `data`)."""
    owners: dict[Edge, set[str]] = defaultdict(set)
    for pid, province in (data or read_map_data())["provinces"].items():
        for edge in edges_of(province["outline"]):
            owners[edge].add(pid)
    return {frozenset((a, b)) for names in owners.values() if len(names) > 1
            for a in names for b in names if a < b}


def inside(x: float, y: float, rings: list[list[float]]) -> bool:
    """Is the point inside the outline? Even-odd rule over every ring, as the renderer fills."""
    result = False
    for ring in rings:
        pts = [(ring[i], ring[i + 1]) for i in range(0, len(ring), 2)]
        for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                result = not result
    return result
