"""What is drawn over the static board on every map (centres, units, orders, dislodged units,
the legend), drawn by AGG (the `aggdraw` wheel: anti-aliased, no system library) straight into
the board's pixels.

The overlay is the SVG that `render_svg` writes (`render.svg.overlay_parts`), so there is one
description of the map; this module reads the small part of SVG that `render/` writes
(`circle`, `line`, `polyline`, `polygon`, `rect`, `path` of M/L/Z, `text`, groups with
`opacity`) and draws it with the same meaning:
- a dash pattern (`stroke-dasharray`) is cut into dashes here, and round caps are drawn as
  discs at each end (AGG's pen has butt caps only);
- a group with `opacity` over the opaque board is the board mixed with the board-and-group at
  that opacity, so it is drawn into a copy of its own extent and mixed there (cheap: a failed
  order covers a few thousand pixels);
- text is drawn with the shipped font (`render.raster.font_path`), placed by its baseline.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

import aggdraw
import numpy as np

from render.raster import font_path

SVG_NS = "http://www.w3.org/2000/svg"
_NUMBER = r"(-?[\d.]+)"
_X = re.compile(rf'\b(?:cx|x1|x2|x)="{_NUMBER}"')
_Y = re.compile(rf'\b(?:cy|y1|y2|y)="{_NUMBER}"')
_PAIRS = re.compile(r'\b(?:points|d)="([^"]*)"')
_FLOAT = re.compile(r"-?\d+(?:\.\d*)?|-?\.\d+")
_OPACITY = re.compile(r' opacity="([\d.]+)"')
_PATH_TOKEN = re.compile(r"[MLZmlz]|-?\d+(?:\.\d*)?|-?\.\d+")
# Farther than any stroke, ring or cross reaches past the points that place it (map units).
EXTENT_MARGIN = 40.0
# Points on a circle drawn as a dashed ring (enough that a 7-unit dash is a smooth arc).
RING_POINTS = 96
_INHERITED = ("fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray",
              "stroke-linecap", "stroke-linejoin", "font-size", "text-anchor")
Point = tuple[float, float]


def extent(fragment: str) -> tuple[float, float, float, float]:
    """Left, top, right, bottom of what an SVG fragment of render/ draws, in map units, with
    room for strokes."""
    xs = [float(v) for v in _X.findall(fragment)]
    ys = [float(v) for v in _Y.findall(fragment)]
    for data in _PAIRS.findall(fragment):
        numbers = [float(v) for v in _FLOAT.findall(data)]
        xs += numbers[0::2]
        ys += numbers[1::2]
    m = EXTENT_MARGIN
    return min(xs) - m, min(ys) - m, max(xs) + m, max(ys) + m


@cache
def font(colour: str, size: float) -> aggdraw.Font:
    return aggdraw.Font(colour, font_path(), size)


@cache
def _baseline(size: float) -> float:
    """How far below the point aggdraw places text the baseline falls, for the shipped font
    at `size` (measured once: the bottom of a capital H)."""
    draw = aggdraw.Draw("L", (int(size * 3) + 8, int(size * 3) + 8), 0)
    draw.text((4, 4), "H", font("white", size))
    pixels = np.frombuffer(draw.tobytes(), np.uint8).reshape(int(size * 3) + 8, -1)
    rows = np.nonzero(pixels.max(axis=1) >= 128)[0]
    return float(rows[-1] + 1 - 4)


def text_width(words: str, size: float) -> float:
    """The advance width of `words` in the shipped font at `size`."""
    return float(_measure().textsize(words, font("black", size))[0])


@cache
def _measure() -> aggdraw.Draw:
    return aggdraw.Draw("L", (1, 1))


def draw_text(draw: aggdraw.Draw, words: str, x: float, baseline: float, size: float,
              colour: str, anchor: str = "start") -> None:
    """`words` with their baseline at `baseline`, starting at `x` (or centred on it, or ending
    at it, as SVG's text-anchor says)."""
    if anchor in ("middle", "end"):
        width = text_width(words, size)
        x -= width / 2 if anchor == "middle" else width
    draw.text((x, baseline - _baseline(size)), words, font(colour, size))


def dashes(points: list[Point], pattern: list[float], closed: bool = False
           ) -> Iterator[list[Point]]:
    """The dashes of the polyline `points` cut by `pattern` (on, off, on, off…)."""
    if closed:
        points = [*points, points[0]]
    if len(pattern) % 2:
        pattern = pattern * 2
    index, left, on = 0, pattern[0], True
    current: list[Point] = [points[0]]
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while length - done > left:
            done += left
            t = done / length
            at = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if on:
                current.append(at)
                yield current
            current = [at]
            on = not on
            index = (index + 1) % len(pattern)
            left = pattern[index]
        left -= length - done
        if on:
            current.append((x1, y1))
    if on and len(current) > 1:
        yield current


def ring(cx: float, cy: float, r: float) -> list[Point]:
    """A circle as points, starting at its rightmost point, clockwise on screen (as SVG
    starts a circle's dash pattern)."""
    return [(cx + r * c, cy + r * s) for c, s in _UNIT_RING]


_UNIT_RING = [(math.cos(2 * math.pi * i / RING_POINTS), math.sin(2 * math.pi * i / RING_POINTS))
              for i in range(RING_POINTS)]


def capsule(start: Point, end: Point, r: float, steps: int = 12) -> list[Point]:
    """The outline of the segment start-end stroked `2r` wide with round caps."""
    (x0, y0), (x1, y1) = start, end
    angle = math.atan2(y1 - y0, x1 - x0) if (x0, y0) != (x1, y1) else 0.0
    out = []
    for (x, y), turn in (((x1, y1), -math.pi / 2), ((x0, y0), math.pi / 2)):
        for i in range(steps + 1):
            a = angle + turn + math.pi * i / steps
            out.append((x + r * math.cos(a), y + r * math.sin(a)))
    return out


def _flat(points: list[Point]) -> list[float]:
    return [v for point in points for v in point]


def _pairs(text: str) -> list[Point]:
    numbers = [float(v) for v in _FLOAT.findall(text)]
    return list(zip(numbers[0::2], numbers[1::2], strict=True))


def _subpaths(d: str) -> Iterator[tuple[list[Point], bool]]:
    """The subpaths of a path of M, L and Z (absolute), each with whether it is closed."""
    tokens = _PATH_TOKEN.findall(d)
    points: list[Point] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token in "Mm":
            if len(points) > 1:
                yield points, False
            points = [(float(tokens[i + 1]), float(tokens[i + 2]))]
            i += 3
        elif token in "Ll":
            points.append((float(tokens[i + 1]), float(tokens[i + 2])))
            i += 3
        elif token in "Zz":
            yield points, True
            points = []
            i += 1
        else:                       # implicit L after M or L
            points.append((float(token), float(tokens[i + 1])))
            i += 2
    if len(points) > 1:
        yield points, False


@dataclass(frozen=True)
class Style:
    fill: str | None
    fill_opacity: float
    stroke: str | None
    width: float
    dash: list[float] | None
    round_caps: bool

    @staticmethod
    def of(attrs: dict[str, str]) -> Style:
        fill = attrs.get("fill", "#000000")
        stroke = attrs.get("stroke")
        dash = attrs.get("stroke-dasharray")
        return Style(None if fill == "none" else fill, float(attrs.get("fill-opacity", 1)),
                     None if stroke in (None, "none") else stroke,
                     float(attrs.get("stroke-width", 1)),
                     [float(v) for v in _FLOAT.findall(dash)] if dash else None,
                     attrs.get("stroke-linecap") == "round")

    def brush(self) -> aggdraw.Brush | None:
        return (aggdraw.Brush(self.fill, round(255 * self.fill_opacity))
                if self.fill else None)

    def pen(self, scale: float) -> aggdraw.Pen | None:
        # AGG's transform moves and scales the points, not a pen's width
        return aggdraw.Pen(self.stroke, self.width * scale) if self.stroke else None


class _Shapes:
    """Draws the SVG elements of render/ with an aggdraw Draw already set to map units."""

    def __init__(self, draw: aggdraw.Draw, scale: float) -> None:
        self.draw = draw
        self.scale = scale

    def element(self, node: ET.Element, inherited: dict[str, str]) -> None:
        tag = node.tag.rpartition("}")[2]
        attrs = {**inherited, **{k: v for k, v in node.attrib.items() if k in _INHERITED}}
        if tag == "g":
            for child in node:
                self.element(child, attrs)
            return
        a, style = node.attrib, Style.of(attrs)
        if tag == "circle":
            cx, cy, r = float(a["cx"]), float(a["cy"]), float(a["r"])
            self._filled(lambda brush: self.draw.ellipse((cx - r, cy - r, cx + r, cy + r),
                                                         None, brush), style)
            if style.stroke is not None and style.dash:
                self._stroke(ring(cx, cy, r), True, style)
            elif style.stroke is not None:
                self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), style.pen(self.scale))
        elif tag == "line":
            points = [(float(a["x1"]), float(a["y1"])), (float(a["x2"]), float(a["y2"]))]
            self._stroke(points, False, style)
        elif tag in ("polyline", "polygon"):
            points, closed = _pairs(a["points"]), tag == "polygon"
            if closed:
                self._filled(lambda brush: self.draw.polygon(_flat(points), None, brush), style)
            self._stroke(points, closed, style)
        elif tag == "path":
            subpaths = list(_subpaths(a["d"]))
            for points, _closed in subpaths:
                if len(points) > 2:
                    self._filled(lambda brush, p=points: self.draw.polygon(_flat(p), None,
                                                                           brush), style)
            for points, closed in subpaths:
                self._stroke(points, closed, style)
        elif tag == "rect":
            x, y = float(a.get("x", 0)), float(a.get("y", 0))
            box = (x, y, x + float(a["width"]), y + float(a["height"]))
            radius = float(a.get("rx", 0))
            pen, brush = style.pen(self.scale), style.brush()
            if radius:
                self.draw.rounded_rectangle(box, radius, pen, brush)
            else:
                self.draw.rectangle(box, pen, brush)
        elif tag == "text":
            words = "".join(node.itertext())
            draw_text(self.draw, words, float(a["x"]), float(a["y"]),
                      float(attrs["font-size"]), attrs.get("fill", "#000000"),
                      attrs.get("text-anchor", "start"))
        else:
            raise ValueError(f"the map's overlay has an element this painter cannot draw: {tag}")

    def _filled(self, paint, style: Style) -> None:
        brush = style.brush()
        if brush is not None:
            paint(brush)

    def _stroke(self, points: list[Point], closed: bool, style: Style) -> None:
        pen = style.pen(self.scale)
        if pen is None:
            return
        pieces = list(dashes(points, style.dash, closed)) if style.dash else [
            [*points, points[0]] if closed else points]
        if style.round_caps and all(len(piece) == 2 for piece in pieces):
            # each dash one outline (so caps and body are covered once at their seams), all
            # of them one path: one call into AGG
            path = aggdraw.Path()
            for piece in pieces:
                outline = capsule(*piece, style.width / 2)
                path.moveto(*outline[0])
                for point in outline[1:]:
                    path.lineto(*point)
                path.close()
            self.draw.path(path, None, aggdraw.Brush(style.stroke))
            return
        path = aggdraw.Path()
        for piece in pieces:
            path.moveto(*piece[0])
            for point in piece[1:]:
                path.lineto(*point)
        self.draw.path(path, pen)
        if style.round_caps:
            r = style.width / 2
            brush = aggdraw.Brush(style.stroke)
            for piece in pieces:
                for x, y in (piece[0], piece[-1]):
                    self.draw.ellipse((x - r, y - r, x + r, y + r), None, brush)


class _Recorder:
    """Stands for an aggdraw Draw and keeps the calls made to it, to be made again on any
    Draw with the same transform's scale."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple]] = []

    def __getattr__(self, method: str):
        return lambda *args: self.calls.append((method, args))


@lru_cache(maxsize=16384)   # centres, units and most orders stand where they stood last phase
def drawing_calls(part: str, scale: float) -> tuple[tuple[str, tuple], ...]:
    """The calls on an aggdraw Draw (in map units, pens `scale`d) that draw the SVG `part`."""
    recorder = _Recorder()
    root = ET.fromstring(f'<g xmlns="{SVG_NS}">{part}</g>')
    _Shapes(recorder, scale).element(root, {})   # type: ignore[arg-type]
    return tuple(recorder.calls)


class OverlayPainter:
    """Draws overlay parts onto `pixels` ((height, width, 4) uint8 RGBA, opaque) with the
    transform of `view` (scale, dx, dy: map units to pixels)."""

    def __init__(self, pixels: np.ndarray, header: str, view: tuple[float, float, float]):
        self.pixels = pixels
        self.scale, self.dx, self.dy = view
        self.pending: list[str] = []

    def draw(self, parts: list[str]) -> None:
        for part in _elements(parts):
            if ' opacity="' in part[:part.index(">")]:
                self._flush()
                self._faded(part)
            else:
                self.pending.append(part)
        self._flush()

    def _paint(self, pixels: np.ndarray, parts: list[str], left: float, top: float) -> None:
        """Draw `parts` into `pixels` (a region whose corner is pixel (left, top))."""
        height, width = pixels.shape[:2]
        draw = aggdraw.Draw("RGBA", (width, height))
        draw.frombytes(np.ascontiguousarray(pixels).tobytes())
        draw.setantialias(True)
        s = self.scale
        draw.settransform((s, 0, self.dx - left, 0, s, self.dy - top))
        for part in parts:
            for method, args in drawing_calls(part, s):
                getattr(draw, method)(*args)
        pixels[...] = np.frombuffer(draw.tobytes(), np.uint8).reshape(height, width, 4)

    def _flush(self) -> None:
        if self.pending:
            self._paint(self.pixels, self.pending, 0, 0)
            self.pending = []

    def _faded(self, part: str) -> None:
        """A group at some opacity: drawn into a copy of its extent, mixed back."""
        written = _OPACITY.search(part)
        opacity = float(written.group(1))
        left, top, right, bottom = extent(part)
        s = self.scale
        height, width = self.pixels.shape[:2]
        x0, y0 = max(0, math.floor(left * s + self.dx)), max(0, math.floor(top * s + self.dy))
        x1 = min(width, math.ceil(right * s + self.dx))
        y1 = min(height, math.ceil(bottom * s + self.dy))
        if x1 <= x0 or y1 <= y0:
            return
        region = self.pixels[y0:y1, x0:x1]
        drawn = region.copy()
        self._paint(drawn, [part.replace(written.group(0), "", 1)], x0, y0)
        mixed = region.astype(np.float32) * (1 - opacity) + drawn.astype(np.float32) * opacity
        region[...] = np.rint(mixed).astype(np.uint8)


def _elements(parts: list[str]) -> list[str]:
    """`parts` joined into whole top-level elements (a part may open a group that a later
    part closes)."""
    out, pending, depth = [], [], 0
    for part in parts:
        pending.append(part)
        depth += part.count("<g") - part.count("</g>")
        if depth == 0:
            out.append("".join(pending))
            pending = []
    if pending:
        raise ValueError("overlay parts leave a group open")
    return out
