"""Unit icons: an army is a disc with a white star-less cross of arms (two crossed bars), a
fleet is a hull with a sail, both in the power's colour with a dark outline, large enough to
read when the map is shown 400 px wide."""

from __future__ import annotations

from engine.vocabulary import UnitType
from render.geometry import Point
from render.palette import OUTLINE

UNIT_RADIUS = 13.0
DISLODGED_OFFSET = (17.0, -15.0)


def unit_icon(unit_type: UnitType, at: Point, colour: str, *, css: str = "unit") -> str:
    x, y = at
    if unit_type is UnitType.ARMY:
        r = UNIT_RADIUS
        return (f'<g class="{css} army">'
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{colour}" '
                f'stroke="{OUTLINE}" stroke-width="3"/>'
                f'<path d="M{x - 7:.1f} {y + 6:.1f}L{x + 7:.1f} {y - 6:.1f}M{x - 7:.1f} '
                f'{y - 6:.1f}L{x + 7:.1f} {y + 6:.1f}" stroke="#FFFFFF" stroke-width="3.2" '
                f'stroke-linecap="round"/></g>')
    # Fleet: a hull (trapezoid) under a triangular sail.
    hull = (f"M{x - 17:.1f} {y + 1:.1f}L{x + 17:.1f} {y + 1:.1f}L{x + 11:.1f} {y + 11:.1f}"
            f"L{x - 11:.1f} {y + 11:.1f}Z")
    sail = f"M{x - 1:.1f} {y - 15:.1f}L{x - 1:.1f} {y - 1:.1f}L{x - 12:.1f} {y - 1:.1f}Z" \
           f"M{x + 2:.1f} {y - 13:.1f}L{x + 2:.1f} {y - 1:.1f}L{x + 11:.1f} {y - 1:.1f}Z"
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
