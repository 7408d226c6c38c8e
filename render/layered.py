"""The map's PNG, fast: the static board from `render.board` (rasterised once per process), the
province fills by a table look-up, the overlay drawn by Skia (`render.overlay`), and the PNG
written as an 8-bit palette (`render.png`). About a tenth of the time of rasterising the whole
SVG with resvg (`render.raster.svg_to_png`, which the benchmark still runs to compare).

The palette of each colour scheme is chosen once per process: the board's named colours, the
faded colours of failed orders, and a median cut of a sample map drawn with that scheme."""

from __future__ import annotations

from functools import cache

import numpy as np
from PIL import Image

from engine.orders import Hold, Move, SupportHold
from engine.position import Position
from engine.vocabulary import Phase, PhaseKind, Season, Unit, UnitType
from render.board import pack, static_board
from render.orders import DrawnOrder
from render.overlay import OverlayPainter
from render.palette import (
    BORDER,
    FAILED_MARK,
    FOG,
    IMPASSABLE,
    LEGEND_BACKGROUND,
    NEUTRAL_LAND,
    OUTLINE,
    PLAIN_LAND,
    SEA,
    TEXT,
    palette_named,
)
from render.png import CROWDED_RETRY_ABOVE, ColourMap, write_png
from render.svg import (
    OUTPUT_WIDTH,
    Drawing,
    contents,
    drawing,
    overlay_parts,
    province_fill,
    svg_header,
)
from render.variants import map_variant

FAILED_OPACITY = 0.55


def layered_rgba(scene: Drawing, pixels: int = OUTPUT_WIDTH) -> np.ndarray:
    """The map `pixels` wide as an (height, width, 4) uint8 RGBA array."""
    geometry = scene.geometry
    fog = scene.visible is not None
    board = static_board(pixels, geometry.name, scene.legend_height, fog)
    special = {"sea": FOG if fog else SEA, "plain-land": PLAIN_LAND, "impassable": IMPASSABLE,
               "lakes": SEA}
    kinds = {pid: shape.kind for pid, shape in geometry.provinces.items()}
    colours = {area: pack(special[area] if area in special
                          else province_fill(scene.shown, area, kinds[area], scene.palette,
                                             scene.visible))
               for area in board.areas}
    scale = pixels / geometry.width
    total = geometry.height + scene.legend_height
    image = board.fills(colours)
    dy = (image.shape[0] - total * scale) / 2   # the view box is centred in whole pixels
    painter = OverlayPainter(image, svg_header(geometry, pixels, scene.legend_height),
                             (scale, 0.0, dy))
    painter.draw(overlay_parts(scene, geometry))
    return image


def layered_png(scene: Drawing, pixels: int = OUTPUT_WIDTH) -> bytes:
    """The map `pixels` wide as PNG bytes. The large map (twice as wide) keeps deflate level
    2: it is not posted as the channel's preview, so the 80 KB of the posted map do not bind
    it, and level 6 would cost it 15 ms more."""
    image = layered_rgba(scene, pixels)
    colours = scene_colours(scene)
    crowded = len(scene.variant.powers) > 7
    return write_png(colours.indices(image), colours.colours, retry=pixels == OUTPUT_WIDTH,
                     retry_above=CROWDED_RETRY_ABOVE if crowded else None,
                     text=contents(scene))


def scene_colours(scene: Drawing) -> ColourMap:
    """The 256 colours a drawing of `scene` is written with: its variant's and palette's (the
    classic-map variants share the standard board's colours)."""
    board = scene.variant
    key = "standard" if board.map == "standard" and not board.own_palette else board.id
    return colour_map(scene.palette.name, key, scene.visible is not None)


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def _over(top: str, ground: str, alpha: float) -> tuple[int, int, int]:
    return tuple(round(t * alpha + g * (1 - alpha))
                 for t, g in zip(_rgb(top), _rgb(ground), strict=True))


@cache
def colour_map(name: str, variant: str = "standard", fog: bool = False) -> ColourMap:
    """The 256 colours of the PNGs drawn with the palette `name` on `variant` (its own
    palette if it has one), with or without the fog of war's grey."""
    board = map_variant(variant)
    palette = board.palette(name) if board.own_palette else palette_named(name)
    grounds = [SEA, NEUTRAL_LAND, PLAIN_LAND, *palette.fills.values(), *([FOG] if fog else [])]
    named = [_rgb(c) for c in (SEA, NEUTRAL_LAND, PLAIN_LAND, IMPASSABLE, BORDER, OUTLINE,
                               FAILED_MARK, LEGEND_BACKGROUND, TEXT, "#FFFFFF", "#000000",
                               *palette.colours.values(), *palette.fills.values(),
                               *([FOG] if fog else []))]
    faded = [_over(top, ground, FAILED_OPACITY) for ground in grounds
             for top in (OUTLINE, FAILED_MARK, "#FFFFFF")]
    faded += [_over(c, ground, FAILED_OPACITY) for c in palette.colours.values()
              for ground in (SEA, NEUTRAL_LAND)]
    faded += [_over(c, f, FAILED_OPACITY) for c, f in zip(palette.colours.values(),
                                                        palette.fills.values(), strict=True)]
    # Chaos's 34 colours would fill the table with faded mixtures: keep room for the cut.
    fixed = list(dict.fromkeys(named + faded))[:192]
    sample = layered_rgba(_sample(name) if variant == "standard" and not fog
                          else _variant_sample(name, variant, fog))
    image = Image.fromarray(np.ascontiguousarray(sample[:, :, :3]))
    cut = image.quantize(256 - len(fixed), method=Image.Quantize.MEDIANCUT)
    found = cut.getpalette()[:3 * (256 - len(fixed))]
    extra = [tuple(found[i:i + 3]) for i in range(0, len(found), 3)]
    colours = list(dict.fromkeys(fixed + extra))[:256]
    return ColourMap.of(colours)


def _sample(palette: str) -> Drawing:
    """A map with something of everything: the opening position, every unit ordered (moves
    that succeed and fail, supports, holds), one power in civil disorder."""
    position = Position.initial()
    units = position.units
    drawn = []
    for i, unit in enumerate(units):
        other = units[(i + 3) % len(units)]
        if i % 3 == 0:
            order = SupportHold(unit.type, unit.location, other.type, other.location)
        elif i % 5 == 0:
            order = Hold(unit.type, unit.location)
        else:
            order = Move(unit.type, unit.location, other.location)
        drawn.append(DrawnOrder(unit.power, order, i % 2 == 0))
    scene = drawing(position, game_name="Arbitro", palette=palette,
                    civil_disorder={units[0].power})
    return Drawing(scene.shown, drawn, scene.ordered_from_offset, scene.title, scene.game_name,
                   scene.civil_disorder, scene.palette, scene.words, False)


def _variant_sample(palette: str, variant: str, fog: bool) -> Drawing:
    """A sample map of a variant: an army of each power on land provinces in turn, each owning
    a supply centre; under fog, half the board in sight."""
    board = map_variant(variant)
    geometry = drawing(Position(Phase(1, Season.SPRING, PhaseKind.MOVEMENT), ()),
                       variant=variant).geometry
    land = [pid for pid, s in geometry.provinces.items() if s.kind != "sea"]
    centres = [pid for pid, s in geometry.provinces.items() if s.center]
    units = tuple(Unit(power, UnitType.ARMY, land[i % len(land)])
                  for i, power in enumerate(board.powers))
    owned = {power: frozenset([centres[i % len(centres)]]) for i, power in enumerate(board.powers)}
    position = Position(Phase(1, Season.SPRING, PhaseKind.MOVEMENT), units, owned)
    visible = list(geometry.provinces)[::2] if fog else None
    return drawing(position, game_name="Arbitro", palette=palette, variant=variant,
                   visible=visible, civil_disorder={board.powers[0]})
