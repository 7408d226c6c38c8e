"""A position (and optionally its orders) as one SVG document: the board, supply centres, units,
orders, dislodged units, and a legend strip under the map."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from html import escape

from engine.orders import Order
from engine.outcomes import OrderResult
from engine.position import Position
from engine.vocabulary import Power, province_of
from render.geometry import MapGeometry, geometry_named
from render.labels import BASELINE, LABEL_SIZE, label_points
from render.orders import DrawnOrder, draw_orders
from render.palette import (
    BORDER,
    FOG,
    IMPASSABLE,
    LEGEND_BACKGROUND,
    NEUTRAL_LAND,
    OUTLINE,
    PLAIN_LAND,
    SEA,
    TEXT,
    Palette,
    palette_named,
)
from render.units import DISLODGED_OFFSET, dislodged_icon, mark_text, unit_icon
from render.variants import MapVariant, map_variant
from render.words import MapWords, power_marks, words_for

LEGEND_HEIGHT = 170
# The PNG's width in pixels. Discord shows maps 400 px wide (and this size when opened); the
# time of a render grows with its pixels (rasterising and PNG encoding are most of the cost).
OUTPUT_WIDTH = 720
# The sizes `render_png` draws: the map posted in the channel, and a larger one to zoom into.
SIZES = {"normal": OUTPUT_WIDTH, "large": 2 * OUTPUT_WIDTH}
RETREAT_STUB = 55.0     # how far a retreat option's dotted stub reaches from the unit, map units
FONT = "DejaVu Sans"
LABEL_OPACITY = 0.85    # province names (was 0.75)


@dataclass(frozen=True)
class Drawing:
    """Everything one map shows, resolved from the keywords of `render_svg`/`render_png`."""
    shown: Position                 # whose units, centres and fills are drawn
    drawn: list[DrawnOrder]         # orders (with their outcomes when adjudicated)
    ordered_from_offset: frozenset[str]   # provinces whose ordered unit was a dislodged one
    title: str
    game_name: str
    civil_disorder: frozenset[Power]
    palette: Palette
    words: MapWords
    after: bool                     # the new position, with the results drawn on it
    variant: MapVariant = map_variant()
    visible: frozenset[str] | None = None   # fog of war: the provinces in sight (None: all)
    counts: Mapping[str, int] | None = None  # the legend's counts (None: the position's)

    @property
    def geometry(self) -> MapGeometry:
        return geometry_named(self.variant.map)

    @property
    def marks(self) -> dict[str, str]:
        return self.variant.marks or power_marks(self.words)

    @property
    def legend_height(self) -> float:
        return legend_height(len(self.variant.powers))


# Legend rows of many powers (Chaos): at most LEGEND_ROW powers a row, LEGEND_ROW_HEIGHT each.
LEGEND_ROW = 12
LEGEND_ROW_HEIGHT = 76


def legend_height(powers: int) -> float:
    if powers <= 7:
        return LEGEND_HEIGHT
    return 66 + math.ceil(powers / LEGEND_ROW) * LEGEND_ROW_HEIGHT


def drawing(position: Position, *, results: Sequence[OrderResult] = (),
            orders: Sequence[tuple[Power, Order]] = (), game_name: str = "",
            civil_disorder: Iterable[Power] = (), language: str | None = "en",
            palette: str = "standard", after: Position | None = None,
            variant: str | None = None, visible: Iterable[str] | None = None,
            counts: Mapping[str, int] | None = None) -> Drawing:
    board = map_variant(variant or position.variant)   # the position knows its variant
    geometry = geometry_named(board.map)
    shown = after if after is not None else position
    for unit in (*shown.units, *(d.unit for d in shown.dislodged)):
        if not geometry.has_location(unit.location):
            raise ValueError(f"{unit.power} {unit.type.value} stands at "
                             f"{unit.location!r}, which is not a province of the board")
    drawn = [DrawnOrder(r.power, r.order, r.outcome.succeeded) for r in results]
    drawn += [DrawnOrder(power, order, None) for power, order in orders]
    words = words_for(language)
    if board.names:     # a language the variant's table lacks reads its English names
        words = replace(words, powers=board.names.get(language or "en", board.names["en"]))
    title = phase_title(position, words)
    if after is not None:
        title = words.results.format(phase=title)
    sight = None
    if visible is not None:
        sight = frozenset(province_of(p) for p in visible)
        unknown = sight - set(geometry.provinces)
        if unknown:
            raise ValueError(f"not provinces of the board: {', '.join(sorted(unknown))}")
        shown, drawn = in_sight(shown, drawn, sight)
    return Drawing(shown, drawn, frozenset(d.unit.province for d in position.dislodged), title,
                   game_name, frozenset(civil_disorder),
                   board.palette(palette) if board.own_palette else palette_named(palette), words,
                   after is not None, board, sight,
                   dict(counts) if counts is not None else None)


def in_sight(position: Position, drawn: list[DrawnOrder], sight: frozenset[str]
             ) -> tuple[Position, list[DrawnOrder]]:
    """Fog of war: only the units, dislodged units and centre owners in `sight`, and only the
    orders of units standing there."""
    centres = {power: frozenset(c for c in held if c in sight)
               for power, held in position.supply_centers.items()}
    shown = replace(position,
                    units=tuple(u for u in position.units if u.province in sight),
                    dislodged=tuple(d for d in position.dislodged if d.unit.province in sight),
                    supply_centers=centres)
    seen = [d for d in drawn if isinstance(d.order.location, str)
            and province_of(d.order.location) in sight]
    return shown, seen


def contents(scene: Drawing) -> dict[str, str]:
    """What a map shows, as text written into its PNG (`render.png.text_chunk`): from the
    same `scene.shown` and `scene.drawn` that `overlay_parts` draws its units, dislodged
    units, centre owners and orders from, so that a test (or a screen reader's tool) can
    tell what a player was shown without looking at pixels. One line per item: `Arbitro-units`
    and `Arbitro-dislodged` "England F nth", `Arbitro-centres` "England lon", `Arbitro-orders`
    "England F LON - ENG"; `Arbitro-sight`: fog of war's provinces in sight, else "all"."""
    shown, centres = scene.shown, scene.geometry.provinces
    owners = sorted(f"{owner} {pid}" for pid, shape in centres.items()
                    if shape.center is not None and (owner := shown.owner_of(pid)) is not None)
    return {"Arbitro-units": "\n".join(f"{u.power} {u.type.value} {u.location}"
                                        for u in shown.units),
            "Arbitro-dislodged": "\n".join(f"{d.unit.power} {d.unit.type.value} "
                                            f"{d.unit.location}" for d in shown.dislodged),
            "Arbitro-centres": "\n".join(owners),
            "Arbitro-orders": "\n".join(f"{d.power} {d.order.canonical()}"
                                         for d in scene.drawn),
            "Arbitro-sight": " ".join(sorted(scene.visible)) if scene.visible is not None
            else "all"}


def render_svg(position: Position, *, results: Sequence[OrderResult] = (),
               orders: Sequence[tuple[Power, Order]] = (), game_name: str = "",
               civil_disorder: Iterable[Power] = (), language: str | None = "en",
               palette: str = "standard", after: Position | None = None,
               variant: str | None = None, visible: Iterable[str] | None = None,
               counts: Mapping[str, int] | None = None) -> str:
    """The map as SVG text (the keywords are those of `render.render_png`). `results`
    (adjudicated orders) are drawn with their success or failure; `orders` (not adjudicated: a
    player's preview) are drawn plain."""
    scene = drawing(position, results=results, orders=orders, game_name=game_name,
                    civil_disorder=civil_disorder, language=language, palette=palette,
                    after=after, variant=variant, visible=visible, counts=counts)
    geometry = scene.geometry
    return "\n".join([svg_header(geometry, legend=scene.legend_height),
                      *board_parts(scene, geometry), *overlay_parts(scene, geometry), "</svg>"])


def svg_header(geometry: MapGeometry, pixels: int = OUTPUT_WIDTH,
               legend: float = LEGEND_HEIGHT) -> str:
    """The SVG element of a map `pixels` wide."""
    width, height = geometry.width, geometry.height
    total = height + legend
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{pixels}" '
            f'height="{output_height(geometry, pixels, legend)}" '
            f'viewBox="0 0 {width:g} {total:g}" font-family="{FONT}" font-weight="bold">')


def output_height(geometry: MapGeometry, pixels: int = OUTPUT_WIDTH,
                  legend: float = LEGEND_HEIGHT) -> int:
    return round((geometry.height + legend) * pixels / geometry.width)


def size_width(size: str) -> int:
    """The width in pixels of a map of `size` ("normal" or "large")."""
    try:
        return SIZES[size]
    except KeyError:
        raise ValueError(f"unknown map size {size!r}: choose one of "
                         f"{', '.join(SIZES)}") from None


def board_parts(scene: Drawing, geometry: MapGeometry) -> list[str]:
    """The board: sea, land in its owners' tints, borders and the provinces' names."""
    return [f'<rect class="sea-background" width="{geometry.width:g}" '
            f'height="{geometry.height:g}" fill="{SEA}"/>',
            *_provinces(scene, geometry)]


def overlay_parts(scene: Drawing, geometry: MapGeometry) -> list[str]:
    """What is drawn over the board, one top-level element each, in drawing order: centres,
    units and orders (orders under the units on a map of the new position), retreat options,
    dislodged units, the legend."""
    marks = scene.marks
    orders = draw_orders(scene.drawn, geometry, scene.ordered_from_offset,
                         scene.palette.colours, marks)
    units = _units(scene.shown, geometry, scene.palette, marks)
    return [*_centers(scene.shown, geometry, scene.palette),
            *([*orders, *units] if scene.after else [*units, *orders]),
            *_retreat_options(scene.shown, geometry, [] if scene.after else scene.drawn,
                              scene.palette),
            *_dislodged(scene.shown, geometry, scene.palette, marks),
            *_legend(scene, geometry)]


def province_fill(position: Position, province: str, kind: str, palette: Palette,
                  visible: frozenset[str] | None = None) -> str:
    """Seas are blue; land takes the colour of its supply centre's owner, else of the unit
    standing on it, else neutral; out of sight (fog of war), grey."""
    if visible is not None and province not in visible:
        return FOG
    if kind == "sea":
        return SEA
    owner = position.owner_of(province)
    if owner is None:
        unit = position.unit_in(province)
        owner = unit.power if unit else None
    return palette.fills[owner] if owner else NEUTRAL_LAND


def _provinces(scene: Drawing, geometry: MapGeometry) -> list[str]:
    kinds = {pid: shape.kind for pid, shape in geometry.provinces.items()}
    special = {"plain-land": PLAIN_LAND, "impassable": IMPASSABLE, "lakes": SEA}

    def colour(area: str) -> str:
        if area in special:
            return special[area]
        return province_fill(scene.shown, area, kinds[area], scene.palette, scene.visible)

    return [*fill_parts(geometry, colour, scene.visible is not None), *static_parts(geometry)]


def fill_parts(geometry: MapGeometry, colour: Callable[[str], str],
               seas: bool = False) -> list[str]:
    """The land's fills, each area in `colour(area)`: a province id, or "plain-land",
    "impassable", "lakes"; with `seas`, each sea's too."""
    # Fills without anti-aliasing (the borders drawn on top hide the steps); borders once each.
    out = ['<g class="provinces" shape-rendering="crispEdges">']
    for pid, shape in geometry.provinces.items():
        if shape.kind == "sea" and not seas:
            continue  # the background is the sea: drawing seas again would only cost time
        out.append(f'<path id="province-{pid}" d="{shape.path}" fill="{colour(pid)}" '
                   f'fill-rule="evenodd"/>')
    out.append(f'<path class="plain-land" d="{geometry.plain_land}" '
               f'fill="{colour("plain-land")}" fill-rule="evenodd"/>')
    out.append(f'<path class="impassable" d="{geometry.impassable}" '
               f'fill="{colour("impassable")}" fill-rule="evenodd"/>')
    if geometry.lakes:
        out.append(f'<path class="lakes" d="{geometry.lakes}" fill="{colour("lakes")}" '
                   f'fill-rule="evenodd"/>')
    out.append("</g>")
    return out


def static_parts(geometry: MapGeometry) -> list[str]:
    """Borders and names: the same on every map."""
    # Borders without anti-aliasing as well: at this size a one-pixel line reads the same, and
    # anti-aliased strokes would cost a quarter of the whole render (more to rasterise, and
    # many more colours for the PNG encoder to compress).
    out = [f'<g class="borders" fill="none" stroke="{BORDER}" shape-rendering="crispEdges">'
           f'<path class="sea-borders" d="{geometry.sea_borders}" stroke-width="0.9" '
           f'stroke-opacity="0.6"/>'
           f'<path class="land-borders" d="{geometry.land_borders}" stroke-width="1.3"/>'
           f'<path class="coastlines" d="{geometry.coastlines}" stroke-width="1.2"/>',
           "</g>"]
    # Names large enough to read when Discord shows the map 400 px wide on a phone (capitals
    # 6.1 px tall there, 15 px type at full size), placed clear of units, centre markers and
    # each other (render/labels.py, tests/render/test_labels.py).
    out.append(f'<g class="labels" font-size="{LABEL_SIZE:g}" fill="#000000" '
               f'fill-opacity="{LABEL_OPACITY:g}" text-anchor="middle">')
    for pid, (x, y) in label_points(geometry.name).items():
        out.append(f'<text x="{x:g}" y="{y + LABEL_SIZE * BASELINE:g}">{pid.upper()}</text>')
    out.append("</g>")
    return out


def _centers(position: Position, geometry: MapGeometry, palette: Palette) -> list[str]:
    out = ['<g class="centers">']
    for pid, shape in geometry.provinces.items():
        if shape.center is None:
            continue
        owner = position.owner_of(pid)
        inner = palette.colours[owner] if owner else "#FFFFFF"
        x, y = shape.center
        out.append(f'<g id="center-{pid}"><circle cx="{x:g}" cy="{y:g}" r="8" fill="#FFFFFF" '
                   f'stroke="{OUTLINE}" stroke-width="2.5"/>'
                   f'<circle cx="{x:g}" cy="{y:g}" r="4" fill="{inner}"/></g>')
    out.append("</g>")
    return out


def _units(position: Position, geometry: MapGeometry, palette: Palette,
           marks: dict[Power, str]) -> list[str]:
    out = ['<g class="units">']
    for unit in position.units:
        out.append(unit_icon(unit.type, geometry.anchor(unit.location),
                             palette.colours[unit.power], mark=marks[unit.power]).replace(
            "<g ", f'<g id="unit-{unit.province}" ', 1))
    out.append("</g>")
    return out


def _retreat_options(position: Position, geometry: MapGeometry, drawn: list[DrawnOrder],
                     palette: Palette) -> list[str]:
    """Before its retreat is ordered, a dislodged unit shows where it may go: an open ring in
    its colour on each option, and a short dotted stub from the unit pointing at it (at most
    RETREAT_STUB map units, so no line runs across the board from a large province); nothing
    when it has no option: it will be disbanded."""
    ordered = {province_of(d.order.location) for d in drawn
               if isinstance(d.order.location, str)}
    out = []
    for dislodged in position.dislodged:
        if dislodged.unit.province in ordered or not dislodged.retreat_options:
            continue
        x, y = geometry.anchor(dislodged.unit.location)
        start = (x + DISLODGED_OFFSET[0], y + DISLODGED_OFFSET[1])
        colour = palette.colours[dislodged.unit.power]
        for option in dislodged.retreat_options:
            if not geometry.has_location(option):
                continue
            ex, ey = geometry.anchor(option)
            length = math.hypot(ex - start[0], ey - start[1]) or 1.0
            reach = min(RETREAT_STUB, length) / length
            sx, sy = start[0] + (ex - start[0]) * reach, start[1] + (ey - start[1]) * reach
            out.append(f'<g class="retreat-option"><line x1="{start[0]:.1f}" '
                       f'y1="{start[1]:.1f}" x2="{sx:.1f}" y2="{sy:.1f}" stroke="{OUTLINE}" '
                       f'stroke-width="5" stroke-dasharray="2 7" stroke-linecap="round"/>'
                       f'<line x1="{start[0]:.1f}" y1="{start[1]:.1f}" x2="{sx:.1f}" '
                       f'y2="{sy:.1f}" stroke="{colour}" stroke-width="3" '
                       f'stroke-dasharray="2 7" stroke-linecap="round"/>'
                       f'<circle cx="{ex:.1f}" cy="{ey:.1f}" r="11" fill="none" '
                       f'stroke="{OUTLINE}" stroke-width="6"/>'
                       f'<circle cx="{ex:.1f}" cy="{ey:.1f}" r="11" fill="none" '
                       f'stroke="{colour}" stroke-width="4"/></g>')
    return out


def _dislodged(position: Position, geometry: MapGeometry, palette: Palette,
               marks: dict[Power, str]) -> list[str]:
    return [dislodged_icon(d.unit.type, geometry.anchor(d.unit.location),
                           palette.colours[d.unit.power], marks[d.unit.power]).replace(
        "<g ", f'<g id="dislodged-{d.unit.province}" ', 1) for d in position.dislodged]


# Room beside the phase title for the game name, in characters of the legend's font.
GAME_NAME_ROOM = 30


def _shortened(name: str) -> str:
    return name if len(name) <= GAME_NAME_ROOM else name[:GAME_NAME_ROOM - 1].rstrip() + "…"


def legend_counts(scene: Drawing) -> dict[str, int | str]:
    """Each power's supply centres as the legend gives them: `scene.counts` where given (a
    power missing from it: "?" under fog of war, else counted), else the position's."""
    given = scene.counts
    unknown = "?" if scene.visible is not None else None
    out: dict[str, int | str] = {}
    for power in scene.variant.powers:
        if given is not None and power in given:
            out[power] = given[power]
        elif given is not None and unknown:
            out[power] = unknown
        else:
            out[power] = len(scene.shown.supply_centers.get(power, ()))
    return out


def _legend_entry(x: float, y: float, colour: str, fill: str, mark: str, count: int | str,
                  name: str, gone: str) -> str:
    """A power in the legend: its land with a token of its units' colour and mark (the swatch
    matches what it owns and what it moves, and is the mark's key), its centres, its name;
    `gone`: the civil-disorder word, with a red slash over the swatch."""
    out = (f'<rect x="{x:g}" y="{y:g}" width="40" height="40" rx="6" '
           f'fill="{fill}" stroke="{OUTLINE}" stroke-width="2.5"/>'
           f'<circle cx="{x + 20:g}" cy="{y + 20:g}" r="15" fill="{colour}" '
           f'stroke="{OUTLINE}" stroke-width="2"/>'
           f'{mark_text(mark, x + 20, y + 20, (20, 16), colour)}'
           f'<text x="{x + 50:g}" y="{y + 34:g}" font-size="36" fill="{TEXT}">{count}</text>'
           f'<text x="{x:g}" y="{y + 66:g}" font-size="21" fill="{TEXT}">{escape(name)}</text>')
    if gone:
        out += (f'<path d="M{x + 4:g} {y + 36:g}L{x + 36:g} {y + 4:g}" stroke="#FFFFFF" '
                f'stroke-width="6"/><path d="M{x + 4:g} {y + 36:g}L{x + 36:g} {y + 4:g}"'
                f' stroke="#C00000" stroke-width="3.5"/>'
                f'<text class="sommossa" x="{x:g}" y="{y + 94:g}" font-size="19" '
                f'fill="#C00000">{escape(gone)}</text>')
    return out


def _compact_entry(x: float, y: float, colour: str, fill: str, mark: str, count: int | str,
                   name: str, gone: str) -> str:
    """A power in a legend of many (Chaos): a token in its units' colour with their mark, its
    centres, its name in at most 9 characters; smaller, for a PNG that stays under 80 KB."""
    short = name if len(name) <= 9 else name[:8].rstrip() + "…"
    out = (f'<rect x="{x:g}" y="{y:g}" width="44" height="28" rx="5" fill="{colour}" '
           f'stroke="{OUTLINE}" stroke-width="2"/>'
           f'{mark_text(mark, x + 22, y + 14, (18, 18), colour)}'
           f'<text x="{x + 52:g}" y="{y + 25:g}" font-size="26" fill="{TEXT}">{count}</text>'
           f'<text x="{x:g}" y="{y + 50:g}" font-size="15" fill="{TEXT}">{escape(short)}</text>')
    if gone:
        out += (f'<path d="M{x + 2:g} {y + 26:g}L{x + 42:g} {y + 2:g}" stroke="#C00000" '
                f'stroke-width="3.5"/><text class="sommossa" x="{x:g}" y="{y + 68:g}" '
                f'font-size="13" fill="#C00000">{escape(gone)}</text>')
    return out


def phase_title(position: Position, words: MapWords | None = None) -> str:
    words = words or words_for("en")
    phase = position.phase
    return f"{words.seasons[phase.season]} {phase.year} · {words.kinds[phase.kind]}"


def _legend(scene: Drawing, geometry: MapGeometry) -> list[str]:
    """Under the map: the phase, the game, and each power's supply centres in the position
    drawn (on a map of the new position: the centres after the phase)."""
    top, width = geometry.height, geometry.width
    powers = scene.variant.powers
    counts = legend_counts(scene)
    game_name, civil_disorder = scene.game_name, scene.civil_disorder
    colours, words = scene.palette.colours, scene.words
    out = [f'<g class="legend"><rect y="{top:g}" width="{width:g}" '
           f'height="{scene.legend_height:g}" '
           f'fill="{LEGEND_BACKGROUND}" stroke="{OUTLINE}" stroke-width="2"/>',
           f'<text class="phase" x="16" y="{top + 42:g}" font-size="34" fill="{TEXT}">'
           f'{escape(scene.title)}</text>']
    if game_name:
        out.append(f'<text class="game" x="{width - 16:g}" y="{top + 42:g}" font-size="30" '
                   f'fill="{TEXT}" text-anchor="end">{escape(_shortened(game_name))}</text>')
    many = len(powers) > 7
    per_row = LEGEND_ROW if many else len(powers)
    slot = width / max(per_row, 7 if scene.variant.map == "standard" else per_row)
    marks = scene.marks
    for i, power in enumerate(powers):
        row, column = divmod(i, per_row)
        x, y = column * slot + 10, top + 62 + row * LEGEND_ROW_HEIGHT
        entry = _compact_entry if many else _legend_entry
        out.append(f'<g class="power" id="legend-{str(power).lower().replace(" ", "-")}">'
                   + entry(x, y, colours[power], scene.palette.fills[power], marks[power],
                           counts[power], words.powers[power],
                           words.civil_disorder if power in civil_disorder else "")
                   + "</g>")
    out.append("</g>")
    return out
