"""Unit icons: an army is a disc, a fleet is a hull with two sails, both in the power's colour
with a dark outline and marked with the power's letter (`render.words.power_marks`: one or two
letters, unique in the map's language), so a unit is told by its shape and its letter as well as
its colour when Discord shows the map 400 px wide."""

from __future__ import annotations

from functools import lru_cache

from engine.vocabulary import UnitType
from render.geometry import Point
from render.palette import OUTLINE, TEXT

UNIT_RADIUS = 20.0      # 12 px at full size, 6.7 px in the 400 px preview (was 17)
DISLODGED_OFFSET = (26.0, -24.0)
_S = UNIT_RADIUS / 15.0  # the shapes below were drawn for a radius of 15
# Fleet outline relative to its anchor: a hull (trapezoid) deep enough for the power's letter,
# under two triangular sails.
_HULL = [(-19, -4), (19, -4), (12.5, 12), (-12.5, 12)]
_SAILS = ([(-1.5, -19), (-1.5, -4), (-13, -4)], [(1.5, -16), (1.5, -4), (12, -4)])
FLEET_HULL_START = (_HULL[0][0] * _S, _HULL[0][1] * _S)  # where the fleet's path begins
# Where a unit's mark stands (its middle, from the anchor) and how large: one letter, or two.
ARMY_MARK = (0.0, 26.0, 20.0)      # middle y, font size for one letter, for two
FLEET_MARK = (4.5 * _S, 21.0, 17.0)
CAP = 0.729                         # the shipped font's capitals, of its size


def _shape(x: float, y: float, points: list[tuple[float, float]]) -> str:
    return "M" + "L".join(f"{x + dx * _S:.1f} {y + dy * _S:.1f}" for dx, dy in points) + "Z"


def ink(colour: str) -> str:
    """The colour of a mark on `colour`: near-black on a light colour (Turkey's yellow,
    France's light blue), white on a dark one."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    lum = sum(w * (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
              for w, c in zip((0.2126, 0.7152, 0.0722), (r, g, b), strict=True))
    # the contrast with white against the contrast with the near-black: the larger wins
    return TEXT if (lum + 0.05) / 0.0603 > 1.05 / (lum + 0.05) else "#FFFFFF"


def mark_text(mark: str, x: float, middle: float, sizes: tuple[float, float],
              colour: str) -> str:
    """The power's mark centred on (x, middle), in the ink that reads on `colour`."""
    if not mark:
        return ""
    # one letter, two (Italian "In", "It"), or three (Chaos's home centres: "ANK")
    size = sizes[0] if len(mark) == 1 else sizes[1] if len(mark) == 2 else sizes[1] * 0.72
    return (f'<text class="mark" x="{x:.1f}" y="{middle + size * CAP / 2:.1f}" '
            f'font-size="{size:g}" fill="{ink(colour)}" text-anchor="middle">{mark}</text>')


@lru_cache(maxsize=4096)   # the same unit stands on the same place in many phases
def unit_icon(unit_type: UnitType, at: Point, colour: str, *, css: str = "unit",
              mark: str = "") -> str:
    x, y = at
    if unit_type is UnitType.ARMY:
        return (f'<g class="{css} army">'
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{UNIT_RADIUS}" fill="{colour}" '
                f'stroke="{OUTLINE}" stroke-width="3"/>'
                f'{mark_text(mark, x, y + ARMY_MARK[0], ARMY_MARK[1:], colour)}</g>')
    outline = _shape(x, y, _HULL) + "".join(_shape(x, y, sail) for sail in _SAILS)
    return (f'<g class="{css} fleet">'
            f'<path d="{outline}" fill="{colour}" stroke="{OUTLINE}" stroke-width="3" '
            f'stroke-linejoin="round"/>'
            f'{mark_text(mark, x, y + FLEET_MARK[0], FLEET_MARK[1:], colour)}</g>')


def dislodged_icon(unit_type: UnitType, at: Point, colour: str, mark: str = "") -> str:
    """A dislodged unit: offset up and right of the anchor, on a white disc with a red dashed
    rim, so it reads as "thrown out" next to the unit that took its place."""
    x, y = at[0] + DISLODGED_OFFSET[0], at[1] + DISLODGED_OFFSET[1]
    return (f'<g class="dislodged"><circle cx="{x:.1f}" cy="{y:.1f}" r="{UNIT_RADIUS + 6}" '
            f'fill="#FFFFFF" fill-opacity="0.75" stroke="#C00000" stroke-width="4" '
            f'stroke-dasharray="7 4"/>'
            f'{unit_icon(unit_type, (x, y), colour, css="unit dislodged-unit", mark=mark)}</g>')
