"""Unit icons: an army is a disc with a white star, a fleet is a hull with two sails, both in
the power's colour with a dark outline, large enough to tell apart when Discord shows the map
400 px wide."""

from __future__ import annotations

import math
from functools import lru_cache

from engine.vocabulary import UnitType
from render.geometry import Point
from render.palette import OUTLINE

UNIT_RADIUS = 17.0
DISLODGED_OFFSET = (22.0, -20.0)
_S = UNIT_RADIUS / 15.0  # the shapes below were drawn for a radius of 15
_STAR = [(math.sin(i * math.pi / 5) * (9.5 if i % 2 == 0 else 4.0) * _S,
          -math.cos(i * math.pi / 5) * (9.5 if i % 2 == 0 else 4.0) * _S) for i in range(10)]
# Fleet outline relative to its anchor: a hull (trapezoid) under two triangular sails.
_HULL = [(-19, 1), (19, 1), (12, 12), (-12, 12)]
_SAILS = ([(-1.5, -17), (-1.5, -2), (-13, -2)], [(1.5, -14), (1.5, -2), (12, -2)])
FLEET_HULL_START = (_HULL[0][0] * _S, _HULL[0][1] * _S)  # where the fleet's path begins


def _shape(x: float, y: float, points: list[tuple[float, float]]) -> str:
    return "M" + "L".join(f"{x + dx * _S:.1f} {y + dy * _S:.1f}" for dx, dy in points) + "Z"


@lru_cache(maxsize=4096)   # the same unit stands on the same place in many phases
def unit_icon(unit_type: UnitType, at: Point, colour: str, *, css: str = "unit") -> str:
    x, y = at
    if unit_type is UnitType.ARMY:
        star = "L".join(f"{x + dx:.1f} {y + dy + 0.8:.1f}" for dx, dy in _STAR)
        return (f'<g class="{css} army">'
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{UNIT_RADIUS}" fill="{colour}" '
                f'stroke="{OUTLINE}" stroke-width="3"/>'
                f'<path d="M{star}Z" fill="#FFFFFF" stroke="{OUTLINE}" stroke-width="1"/></g>')
    outline = _shape(x, y, _HULL) + "".join(_shape(x, y, sail) for sail in _SAILS)
    return (f'<g class="{css} fleet">'
            f'<path d="{outline}" fill="{colour}" stroke="{OUTLINE}" stroke-width="3" '
            f'stroke-linejoin="round"/></g>')


def dislodged_icon(unit_type: UnitType, at: Point, colour: str) -> str:
    """A dislodged unit: offset up and right of the anchor, on a white disc with a red dashed
    rim, so it reads as "thrown out" next to the unit that took its place."""
    x, y = at[0] + DISLODGED_OFFSET[0], at[1] + DISLODGED_OFFSET[1]
    return (f'<g class="dislodged"><circle cx="{x:.1f}" cy="{y:.1f}" r="{UNIT_RADIUS + 6}" '
            f'fill="#FFFFFF" fill-opacity="0.75" stroke="#C00000" stroke-width="4" '
            f'stroke-dasharray="7 4"/>'
            f'{unit_icon(unit_type, (x, y), colour, css="unit dislodged-unit")}</g>')
