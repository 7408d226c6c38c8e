"""Which provinces share a border on the drawn map, read from the committed geometry file with
plain Python: the generator simplifies all shapes as one coverage, so two neighbours share the
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


def drawn_borders() -> set[frozenset[str]]:
    """Pairs of provinces that share at least one edge of their outlines."""
    owners: dict[Edge, set[str]] = defaultdict(set)
    for pid, province in read_map_data()["provinces"].items():
        for edge in edges_of(province["outline"]):
            owners[edge].add(pid)
    return {frozenset((a, b)) for names in owners.values() if len(names) > 1
            for a in names for b in names if a < b}
