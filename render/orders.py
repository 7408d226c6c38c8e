"""Orders as SVG: moves and retreats as arrows, supports as dashed lines, convoys as dotted lines
through the fleet, holds as rings, builds and disbands as markers. A failed order is drawn faded
with a red cross where it failed, so it reads as "tried, did not happen" at a glance."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
)
from engine.vocabulary import Power
from render.geometry import MapGeometry, Point
from render.palette import FAILED_MARK, OUTLINE, STANDARD
from render.units import DISLODGED_OFFSET, UNIT_RADIUS, unit_icon

LINE = 7.5                # width of arrows and support lines, map units
HEAD = 24.0               # arrowhead length
RING = UNIT_RADIUS + 7    # radius of hold and support-hold rings


@dataclass(frozen=True)
class DrawnOrder:
    power: Power
    order: Order
    succeeded: bool | None   # None: not adjudicated yet (a preview)


def draw_orders(orders: list[DrawnOrder], geometry: MapGeometry, dislodged: frozenset[str],
                colours: Mapping[Power, str] = STANDARD.colours,
                marks: Mapping[Power, str] | None = None) -> list[str]:
    """SVG elements for every order. `dislodged`: provinces whose ordered unit is a dislodged
    one (retreat phase), drawn from the dislodged unit's offset position; `colours`: each
    power's colour; `marks`: each power's letter on a unit it builds (none when not given)."""
    drawer = _Drawer(geometry, dislodged, colours, marks or {})
    out: list[str] = []
    # Supports and convoys first, so arrows of moves lie on top of them.
    for item in sorted(orders, key=lambda o: not isinstance(o.order, SupportHold | SupportMove
                                                                 | Convoy)):
        if all(geometry.has_location(loc) for loc in _locations(item.order)):
            out.extend(drawer.draw(item))
        # else: an order naming a place that is not on the board (the engine judges it
        # illegal): there is nowhere to draw it.
    return out


def _locations(order: Order) -> list[str]:
    names = ("location", "target", "supported_location", "army_location")
    return [value for name in names if isinstance(value := getattr(order, name, None), str)]


class _Drawer:
    def __init__(self, geometry: MapGeometry, dislodged: frozenset[str],
                 colours: Mapping[Power, str], marks: Mapping[Power, str]) -> None:
        self.geometry = geometry
        self.dislodged = dislodged
        self.colours = colours
        self.marks = marks

    def at(self, location: str, *, retreating: bool = False) -> Point:
        x, y = self.geometry.anchor(location)
        if retreating:
            return x + DISLODGED_OFFSET[0], y + DISLODGED_OFFSET[1]
        return x, y

    def draw(self, item: DrawnOrder) -> list[str]:
        order, colour = item.order, self.colours[item.power]
        failed = item.succeeded is False
        attrs = f'class="order {type(order).__name__.lower()}{" failed" if failed else ""}"'
        parts: list[str]
        if isinstance(order, Move | Retreat):
            start = self.at(order.location, retreating=isinstance(order, Retreat))
            parts = _arrow(start, self.at(order.target), colour, failed)
        elif isinstance(order, Hold):
            parts = [_ring(self.at(order.location), RING, colour, "")]
            if failed:
                parts.append(_cross(self.at(order.location)))
        elif isinstance(order, SupportHold):
            end = self.at(order.supported_location)
            start = _toward(self.at(order.location), end, UNIT_RADIUS)
            stop = _toward(end, start, RING)
            parts = [_line([start, stop], colour, "12 8"),
                     _ring(end, RING, colour, "12 8")]
            if failed:
                parts.append(_cross(_mid(start, stop)))
        elif isinstance(order, SupportMove):
            origin, target = self.at(order.supported_location), self.at(order.target)
            aim = _along(origin, target, 0.7)
            start = _toward(self.at(order.location), aim, UNIT_RADIUS)
            parts = [_line([start, aim], colour, "12 8"),
                     f'<circle cx="{aim[0]:.1f}" cy="{aim[1]:.1f}" r="6" fill="{colour}" '
                     f'stroke="{OUTLINE}" stroke-width="2"/>']
            if failed:
                parts.append(_cross(_mid(start, aim)))
        elif isinstance(order, Convoy):
            army, fleet = self.at(order.army_location), self.at(order.location)
            target = self.at(order.target)
            parts = [_line([_toward(army, fleet, UNIT_RADIUS), fleet,
                            _toward(target, fleet, UNIT_RADIUS)], colour, "2 9")]
            if failed:
                parts.append(_cross(fleet))
        elif isinstance(order, Build):
            at = self.at(order.location)
            parts = [_ring(at, RING, colour, "6 5"), unit_icon(order.unit, at, colour,
                                                           mark=self.marks.get(item.power, ""))]
            if failed:
                parts.append(_cross(at))
        elif isinstance(order, Disband):
            at = self.at(order.location,
                         retreating=order.location.split("/")[0] in self.dislodged)
            parts = [_cross(at, size=UNIT_RADIUS + 6, colour=OUTLINE if failed else FAILED_MARK)]
        else:  # Waive: nothing on the map
            return []
        opacity = ' opacity="0.55"' if failed else ""
        return [f"<g {attrs}{opacity}>{''.join(parts)}</g>"]


# -- shapes ------------------------------------------------------------------------------


def _toward(a: Point, b: Point, distance: float) -> Point:
    """The point `distance` from `a` toward `b`."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    step = min(distance, length / 2)
    return a[0] + dx / length * step, a[1] + dy / length * step


def _along(a: Point, b: Point, share: float) -> Point:
    return a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share


def _mid(a: Point, b: Point) -> Point:
    return _along(a, b, 0.5)


def _points(points: list[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _line(points: list[Point], colour: str, dashes: str) -> str:
    dash = f' stroke-dasharray="{dashes}"' if dashes else ""
    cap = "round" if dashes.startswith("2 ") else "butt"
    return (f'<polyline points="{_points(points)}" fill="none" stroke="{OUTLINE}" '
            f'stroke-width="{LINE + 3}"{dash} stroke-linecap="{cap}" stroke-linejoin="round"/>'
            f'<polyline points="{_points(points)}" fill="none" stroke="{colour}" '
            f'stroke-width="{LINE}"{dash} stroke-linecap="{cap}" stroke-linejoin="round"/>')


def _ring(at: Point, radius: float, colour: str, dashes: str) -> str:
    dash = f' stroke-dasharray="{dashes}"' if dashes else ""
    return (f'<circle cx="{at[0]:.1f}" cy="{at[1]:.1f}" r="{radius}" fill="none" '
            f'stroke="{OUTLINE}" stroke-width="{LINE + 3}"{dash}/>'
            f'<circle cx="{at[0]:.1f}" cy="{at[1]:.1f}" r="{radius}" fill="none" '
            f'stroke="{colour}" stroke-width="{LINE}"{dash}/>')


def _arrow(start: Point, end: Point, colour: str, failed: bool) -> list[str]:
    """A thick arrow from the unit's edge to just short of the target's anchor. Between close
    neighbours (Britain, the Balkans, a retreat from the offset of a dislodged unit) the arrow
    reaches further into the target and its head shrinks, so a shaft always shows."""
    tail = _toward(start, end, UNIT_RADIUS + 2)
    distance = math.dist(start, end)
    tip = _toward(end, start, UNIT_RADIUS * (0.6 if distance > 4 * UNIT_RADIUS else 0.2))
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    head = min(HEAD, length * 0.5)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    half = head * 0.6
    wing1 = (base[0] - uy * half, base[1] + ux * half)
    wing2 = (base[0] + uy * half, base[1] - ux * half)
    shaft_end = (tip[0] - ux * head * 0.9, tip[1] - uy * head * 0.9)
    parts = [
        f'<line x1="{tail[0]:.1f}" y1="{tail[1]:.1f}" x2="{shaft_end[0]:.1f}" '
        f'y2="{shaft_end[1]:.1f}" stroke="{OUTLINE}" stroke-width="{LINE + 3}"/>',
        f'<line x1="{tail[0]:.1f}" y1="{tail[1]:.1f}" x2="{shaft_end[0]:.1f}" '
        f'y2="{shaft_end[1]:.1f}" stroke="{colour}" stroke-width="{LINE}"/>',
        f'<polygon points="{_points([tip, wing1, wing2])}" fill="{colour}" '
        f'stroke="{OUTLINE}" stroke-width="2" stroke-linejoin="round"/>',
    ]
    if failed:
        parts.append(_cross(base))
    return parts


def _cross(at: Point, size: float = 11.0, colour: str = FAILED_MARK) -> str:
    x, y, s = at[0], at[1], size
    d = f"M{x - s:.1f} {y - s:.1f}L{x + s:.1f} {y + s:.1f}M{x - s:.1f} {y + s:.1f}L{x + s:.1f} {y - s:.1f}"
    return (f'<path class="cross" d="{d}" stroke="#FFFFFF" stroke-width="9" '
            f'stroke-linecap="round"/>'
            f'<path d="{d}" stroke="{colour}" stroke-width="5" stroke-linecap="round"/>')
