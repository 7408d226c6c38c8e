"""What one board's drawing is made from (`MapSpec`): where it lies on the globe, how it is
warped, its seeds and its provinces. The builder (`tools/build_map_geometry.py`) reads one per
variant (`tools/map_seeds.py`, `tools/map_seeds_ancmed.py`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "render" / "data"

Seed = tuple[float, float]


@dataclass(frozen=True)
class MapSpec:
    """One board's drawing: where it lies on the globe and how it is warped, its seeds, and its
    provinces (kind, supply centre, coasts) as the engine's board has them."""
    name: str
    provinces: dict[str, dict]              # id -> {"kind", "supply_center", "coasts"}
    land: dict[str, list[Seed]]
    sea: dict[str, list[Seed]]
    lon_lat_window: tuple[float, float, float, float]
    # Board edges, as points whose projection gives the left, right, top and bottom of the frame.
    frame_edges: dict[str, Seed]
    lcc: tuple[float, float, float, float]  # standard parallels, origin latitude, longitude
    magnifier_focus: Seed                   # lon, lat
    magnifier_strength: float               # 0: none; the middle grows by k / ln(1 + k)
    # Local lenses: (lon, lat, growth at the centre, radius in degrees of arc).
    lenses: list[tuple[float, float, float, float]] = field(default_factory=list)
    plain_land: list[Seed] = field(default_factory=list)    # land of no province
    plain_sea: list[Seed] = field(default_factory=list)     # water of no province (off the board)
    fills: dict[str, list[Seed]] = field(default_factory=dict)
    coast_anchors: dict[str, Seed] = field(default_factory=dict)
    impassable: tuple[str, ...] = ()        # Natural Earth countries that are impassable

    @property
    def output(self) -> Path:
        return DATA / f"{self.name}_map.json"
