"""A position (and optionally its orders) as one SVG document: the board, supply centres, units,
orders, dislodged units, and a legend strip under the map."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from engine.orders import Order
from engine.outcomes import OrderResult
from engine.position import Position
from engine.vocabulary import PhaseKind, Power, Season, province_of
from render.geometry import MapGeometry, standard_geometry
from render.orders import DrawnOrder, draw_orders
from render.palette import (
    BORDER,
    IMPASSABLE,
    LEGEND_BACKGROUND,
    NEUTRAL_LAND,
    OUTLINE,
    PLAIN_LAND,
    POWER_COLOURS,
    POWER_FILLS,
    SEA,
    TEXT,
)
from render.units import DISLODGED_OFFSET, dislodged_icon, unit_icon

LEGEND_HEIGHT = 170
# The PNG's width in pixels. Discord shows maps 400 px wide (and this size when opened); the
# time of a render grows with its pixels (rasterising and PNG encoding are most of the cost).
OUTPUT_WIDTH = 720
FONT = "DejaVu Sans"
SEASON_NAMES = {Season.SPRING: "Spring", Season.FALL: "Fall", Season.WINTER: "Winter"}
KIND_NAMES = {PhaseKind.MOVEMENT: "Movement", PhaseKind.RETREAT: "Retreats",
              PhaseKind.ADJUSTMENT: "Adjustments"}


def render_svg(position: Position, *, results: Sequence[OrderResult] = (),
               orders: Sequence[tuple[Power, Order]] = (), game_name: str = "",
               civil_disorder: Iterable[Power] = ()) -> str:
    """The map of `position` as SVG text. `results` (adjudicated orders) are drawn with their
    success or failure; `orders` (not adjudicated: a player's preview) are drawn plain."""
    geometry = standard_geometry()
    for unit in (*position.units, *(d.unit for d in position.dislodged)):
        if not geometry.has_location(unit.location):
            raise ValueError(f"{unit.power.value} {unit.type.value} stands at "
                             f"{unit.location!r}, which is not a province of the board")
    drawn = [DrawnOrder(r.power, r.order, r.outcome.succeeded) for r in results]
    drawn += [DrawnOrder(power, order, None) for power, order in orders]
    width, height = geometry.width, geometry.height
    total = height + LEGEND_HEIGHT
    pixels = OUTPUT_WIDTH / width
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{OUTPUT_WIDTH}" '
        f'height="{round(total * pixels)}" viewBox="0 0 {width:g} {total:g}" '
        f'font-family="{FONT}" font-weight="bold">',
        f'<rect class="sea-background" width="{width:g}" height="{height:g}" fill="{SEA}"/>',
        *_provinces(position, geometry),
        *_centers(position, geometry),
        *_units(position, geometry),
        *_retreat_options(position, geometry, drawn),
        *draw_orders(drawn, geometry, frozenset(d.unit.province for d in position.dislodged)),
        *_dislodged(position, geometry),
        *_legend(position, geometry, game_name, frozenset(civil_disorder)),
        "</svg>",
    ]
    return "\n".join(parts)


def province_fill(position: Position, province: str, kind: str) -> str:
    """Seas are blue; land takes the colour of its supply centre's owner, else of the unit
    standing on it, else neutral."""
    if kind == "sea":
        return SEA
    owner = position.owner_of(province)
    if owner is None:
        unit = position.unit_in(province)
        owner = unit.power if unit else None
    return POWER_FILLS[owner] if owner else NEUTRAL_LAND


def _provinces(position: Position, geometry: MapGeometry) -> list[str]:
    # Fills without anti-aliasing (the borders drawn on top hide the steps); borders once each.
    out = ['<g class="provinces" shape-rendering="crispEdges">']
    for pid, shape in geometry.provinces.items():
        if shape.kind == "sea":
            continue  # the background is the sea: drawing seas again would only cost time
        fill = province_fill(position, pid, shape.kind)
        out.append(f'<path id="province-{pid}" d="{shape.path}" fill="{fill}" '
                   f'fill-rule="evenodd"/>')
    out.append(f'<path class="plain-land" d="{geometry.plain_land}" fill="{PLAIN_LAND}" '
               f'fill-rule="evenodd"/>')
    out.append(f'<path class="impassable" d="{geometry.impassable}" fill="{IMPASSABLE}" '
               f'fill-rule="evenodd"/>')
    if geometry.lakes:
        out.append(f'<path class="lakes" d="{geometry.lakes}" fill="{SEA}" fill-rule="evenodd"/>')
    out.append("</g>")
    # Borders without anti-aliasing as well: at this size a one-pixel line reads the same, and
    # anti-aliased strokes would cost a quarter of the whole render (more to rasterise, and
    # many more colours for the PNG encoder to compress).
    out.append(f'<g class="borders" fill="none" stroke="{BORDER}" shape-rendering="crispEdges">'
               f'<path class="sea-borders" d="{geometry.sea_borders}" stroke-width="0.9" '
               f'stroke-opacity="0.6"/>'
               f'<path class="land-borders" d="{geometry.land_borders}" stroke-width="1.3"/>'
               f'<path class="coastlines" d="{geometry.coastlines}" stroke-width="1.2"/>')
    out.append("</g>")
    out.append('<g class="labels" font-size="13" fill="#000000" fill-opacity="0.55" '
               'text-anchor="middle">')
    for pid, shape in geometry.provinces.items():
        x, y = shape.label
        out.append(f'<text x="{x:g}" y="{y + 5:g}">{pid.upper()}</text>')
    out.append("</g>")
    return out


def _centers(position: Position, geometry: MapGeometry) -> list[str]:
    out = ['<g class="centers">']
    for pid, shape in geometry.provinces.items():
        if shape.center is None:
            continue
        owner = position.owner_of(pid)
        inner = POWER_COLOURS[owner] if owner else "#FFFFFF"
        x, y = shape.center
        out.append(f'<g id="center-{pid}"><circle cx="{x:g}" cy="{y:g}" r="8" fill="#FFFFFF" '
                   f'stroke="{OUTLINE}" stroke-width="2.5"/>'
                   f'<circle cx="{x:g}" cy="{y:g}" r="4" fill="{inner}"/></g>')
    out.append("</g>")
    return out


def _units(position: Position, geometry: MapGeometry) -> list[str]:
    out = ['<g class="units">']
    for unit in position.units:
        out.append(unit_icon(unit.type, geometry.anchor(unit.location),
                             POWER_COLOURS[unit.power]).replace(
            "<g ", f'<g id="unit-{unit.province}" ', 1))
    out.append("</g>")
    return out


def _retreat_options(position: Position, geometry: MapGeometry,
                     drawn: list[DrawnOrder]) -> list[str]:
    """Before its retreat is ordered, a dislodged unit shows where it may go: a thin dotted
    line to each option, ending in an open ring (nothing when it has no option: it will be
    disbanded)."""
    ordered = {province_of(d.order.location) for d in drawn
               if isinstance(d.order.location, str)}
    out = []
    for dislodged in position.dislodged:
        if dislodged.unit.province in ordered or not dislodged.retreat_options:
            continue
        x, y = geometry.anchor(dislodged.unit.location)
        start = (x + DISLODGED_OFFSET[0], y + DISLODGED_OFFSET[1])
        colour = POWER_COLOURS[dislodged.unit.power]
        for option in dislodged.retreat_options:
            if not geometry.has_location(option):
                continue
            ex, ey = geometry.anchor(option)
            out.append(f'<g class="retreat-option"><line x1="{start[0]:.1f}" '
                       f'y1="{start[1]:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="{OUTLINE}" '
                       f'stroke-width="5" stroke-dasharray="2 7" stroke-linecap="round"/>'
                       f'<line x1="{start[0]:.1f}" y1="{start[1]:.1f}" x2="{ex:.1f}" '
                       f'y2="{ey:.1f}" stroke="{colour}" stroke-width="3" '
                       f'stroke-dasharray="2 7" stroke-linecap="round"/>'
                       f'<circle cx="{ex:.1f}" cy="{ey:.1f}" r="9" fill="none" '
                       f'stroke="{colour}" stroke-width="4"/></g>')
    return out


def _dislodged(position: Position, geometry: MapGeometry) -> list[str]:
    return [dislodged_icon(d.unit.type, geometry.anchor(d.unit.location),
                           POWER_COLOURS[d.unit.power]).replace(
        "<g ", f'<g id="dislodged-{d.unit.province}" ', 1) for d in position.dislodged]


# Room beside the phase title for the game name, in characters of the legend's font.
GAME_NAME_ROOM = 30


def _shortened(name: str) -> str:
    return name if len(name) <= GAME_NAME_ROOM else name[:GAME_NAME_ROOM - 1].rstrip() + "…"


def phase_title(position: Position) -> str:
    phase = position.phase
    return f"{SEASON_NAMES[phase.season]} {phase.year} · {KIND_NAMES[phase.kind]}"


def _legend(position: Position, geometry: MapGeometry, game_name: str,
            civil_disorder: frozenset[Power]) -> list[str]:
    top, width = geometry.height, geometry.width
    counts = position.center_counts()
    out = [f'<g class="legend"><rect y="{top:g}" width="{width:g}" height="{LEGEND_HEIGHT}" '
           f'fill="{LEGEND_BACKGROUND}" stroke="{OUTLINE}" stroke-width="2"/>',
           f'<text class="phase" x="16" y="{top + 42:g}" font-size="34" fill="{TEXT}">'
           f'{escape(phase_title(position))}</text>']
    if game_name:
        out.append(f'<text class="game" x="{width - 16:g}" y="{top + 42:g}" font-size="30" '
                   f'fill="{TEXT}" text-anchor="end">{escape(_shortened(game_name))}</text>')
    slot = width / len(Power)
    for i, power in enumerate(Power):
        x, y = i * slot + 10, top + 62
        gone = power in civil_disorder
        out.append(f'<g class="power" id="legend-{power.value.lower()}">'
                   f'<rect x="{x:g}" y="{y:g}" width="40" height="40" rx="6" '
                   f'fill="{POWER_COLOURS[power]}" stroke="{OUTLINE}" stroke-width="2.5"/>'
                   f'<text x="{x + 50:g}" y="{y + 34:g}" font-size="36" fill="{TEXT}">'
                   f'{counts[power]}</text>'
                   f'<text x="{x:g}" y="{y + 66:g}" font-size="21" fill="{TEXT}">'
                   f'{power.value}</text>')
        if gone:
            out.append(f'<path d="M{x + 4:g} {y + 36:g}L{x + 36:g} {y + 4:g}" stroke="#FFFFFF" '
                       f'stroke-width="6"/><path d="M{x + 4:g} {y + 36:g}L{x + 36:g} {y + 4:g}"'
                       f' stroke="#C00000" stroke-width="3.5"/>'
                       f'<text class="sommossa" x="{x:g}" y="{y + 94:g}" font-size="19" '
                       f'fill="#C00000">sommossa</text>')
        out.append("</g>")
    out.append("</g>")
    return out
