"""Unit icons: an army is a disc with a white star, a fleet is a hull with two sails, both in the power's colour with a dark outline, large enough to
read when the map is shown 400 px wide."""

from __future__ import annotations

import math

from engine.vocabulary import UnitType
from render.geometry import Point
from render.palette import OUTLINE

UNIT_RADIUS = 15.0
DISLODGED_OFFSET = (20.0, -18.0)
_STAR = [(math.sin(i * math.pi / 5) * (9.0 if i % 2 == 0 else 3.8),
          -math.cos(i * math.pi / 5) * (9.0 if i % 2 == 0 else 3.8)) for i in range(10)]


def unit_icon(unit_type: UnitType, at: Point, colour: str, *, css: str = "unit") -> str:
    x, y = at
    if unit_type is UnitType.ARMY:
        star = "L".join(f"{x + dx:.1f} {y + dy + 0.8:.1f}" for dx, dy in _STAR)
        return (f'<g class="{css} army">'
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{UNIT_RADIUS}" fill="{colour}" '
                f'stroke="{OUTLINE}" stroke-width="3"/>'
                f'<path d="M{star}Z" fill="#FFFFFF" stroke="{OUTLINE}" stroke-width="1"/></g>')
    # Fleet: a hull (trapezoid) under a triangular sail.
    hull = (f"M{x - 19:.1f} {y + 1:.1f}L{x + 19:.1f} {y + 1:.1f}L{x + 12:.1f} {y + 12:.1f}"
            f"L{x - 12:.1f} {y + 12:.1f}Z")
    sail = (f"M{x - 1.5:.1f} {y - 17:.1f}L{x - 1.5:.1f} {y - 2:.1f}L{x - 13:.1f} {y - 2:.1f}Z"
            f"M{x + 1.5:.1f} {y - 14:.1f}L{x + 1.5:.1f} {y - 2:.1f}L{x + 12:.1f} {y - 2:.1f}Z")
    return (f'<g class="{css} fleet">'
            f'<path d="{hull}{sail}" fill="{colour}" stroke="{OUTLINE}" stroke-width="3" '
            f'stroke-linejoin="round"/></g>')


def dislodged_icon(unit_type: UnitType, at: Point, colour: str) -> str:
    """A dislodged unit: offset up and right of the anchor, with a red dashed halo."""
    x, y = at[0] + DISLODGED_OFFSET[0], at[1] + DISLODGED_OFFSET[1]
    return (f'<g class="dislodged"><circle cx="{x:.1f}" cy="{y:.1f}" r="{UNIT_RADIUS + 6}" '
            f'fill="#FFFFFF" fill-opacity="0.7" stroke="#C00000" stroke-width="3.5" '
            f'stroke-dasharray="6 4"/>'
            f'{unit_icon(unit_type, (x, y), colour, css="unit dislodged-unit")}</g>')
