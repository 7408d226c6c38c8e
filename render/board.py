"""The static board, rasterised once per process and reused for every map: which land area each
pixel belongs to (so a map's fills are one table look-up), and the borders and names (the same
on every map) as pixels laid over the fills.

Both are drawn by resvg from the same SVG that `render_svg` writes, so they are today's pixels:
the fills are not anti-aliased (crispEdges), which makes the area raster exact, and the
border/name layer is composited over the fills as resvg would (source over)."""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache

import numpy as np
from PIL import Image

from render.geometry import MapGeometry, geometry_named
from render.raster import svg_to_png
from render.svg import LEGEND_HEIGHT, OUTPUT_WIDTH, fill_parts, static_parts, svg_header

SPECIAL_AREAS = ("plain-land", "impassable", "lakes")


@dataclass(frozen=True)
class StaticBoard:
    areas: tuple[str, ...]       # area of each index: "sea" (0), province ids, SPECIAL_AREAS
    area_index: np.ndarray       # (height, width) uint8: each pixel's area
    opaque_at: np.ndarray        # flat pixel indices where borders or names cover the fill
    opaque_rgba: np.ndarray      # their colours, RGBA packed as uint32
    blend_at: np.ndarray         # flat pixel indices where they are partly transparent
    blend_rgb: np.ndarray        # (n, 3) their colours, uint16
    blend_alpha: np.ndarray      # (n, 1) their opacity 0..255, uint16

    @property
    def shape(self) -> tuple[int, int]:
        return self.area_index.shape

    def fills(self, colours: dict[str, int]) -> np.ndarray:
        """The board with each area in its colour (`colours`: area -> RGBA packed uint32) and
        the borders and names over it: an (height, width, 4) uint8 RGBA array, opaque."""
        table = np.array([colours[a] for a in self.areas], dtype=np.uint32)
        packed = table[self.area_index]
        flat = packed.reshape(-1)
        flat[self.opaque_at] = self.opaque_rgba
        pixels = packed.view(np.uint8).reshape(*self.shape, 4)
        rgb = pixels.reshape(-1, 4)[:, :3]
        under = rgb[self.blend_at].astype(np.uint16)
        rgb[self.blend_at] = ((self.blend_rgb * self.blend_alpha
                               + under * (255 - self.blend_alpha) + 127) // 255).astype(np.uint8)
        return pixels


def pack(colour: str) -> int:
    """"#RRGGBB" as an opaque RGBA pixel read as a little-endian uint32."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return r | g << 8 | b << 16 | 255 << 24


def _decode(png: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGBA"))


@cache
def static_board(pixels: int = OUTPUT_WIDTH, map_name: str = "standard",
                 legend: float = LEGEND_HEIGHT, seas: bool = False) -> StaticBoard:
    """The board of a map `pixels` wide (one per size, drawing, legend height drawn, each kept
    for the process). `seas`: each sea its own area too (a fog-of-war map greys the seas out
    of sight); otherwise every sea is the area "sea"."""
    geometry = geometry_named(map_name)
    areas = ("sea", *(pid for pid, s in geometry.provinces.items()
                      if seas or s.kind != "sea"), *SPECIAL_AREAS)
    assert len(areas) <= 256
    index = {area: i for i, area in enumerate(areas)}
    area_index = _decode(svg_to_png(_svg(geometry, fill_parts(
        geometry, lambda area: f"#{index[area]:02X}0000", seas), pixels,
        legend)))[:, :, 0].copy()
    layer = _decode(svg_to_png(_svg(geometry, static_parts(geometry), pixels,
                                    legend))).reshape(-1, 4)
    alpha = layer[:, 3]
    opaque_at = np.flatnonzero(alpha == 255)
    blend_at = np.flatnonzero((alpha > 0) & (alpha < 255))
    opaque = layer[opaque_at].astype(np.uint32)
    return StaticBoard(
        areas, area_index, opaque_at,
        opaque[:, 0] | opaque[:, 1] << 8 | opaque[:, 2] << 16 | np.uint32(255) << 24,
        blend_at, layer[blend_at, :3].astype(np.uint16),
        layer[blend_at, 3:4].astype(np.uint16))


def _svg(geometry: MapGeometry, parts: list[str], pixels: int, legend: float) -> str:
    return "\n".join([svg_header(geometry, pixels, legend), *parts, "</svg>"])
