"""What is drawn over the static board on every map (centres, units, orders, dislodged units,
the legend), drawn by Skia straight into the board's pixels.

The overlay is the SVG that `render_svg` writes (`render.svg.overlay_parts`), so there is one
description of the map: its shapes are drawn by Skia's SVG module, and its text (the legend) by
Skia with the shipped font, which Skia's SVG module cannot be given. Two things keep it fast:
- consecutive shapes are drawn from one small SVG document;
- a failed order (a group at 55 % opacity, which needs an offscreen layer) is drawn alone with
  the canvas clipped to its extent, so its layer is small instead of the whole map."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache

import numpy as np
import skia

from render.raster import font_path

SVG_NS = "http://www.w3.org/2000/svg"
_NUMBER = r"(-?[\d.]+)"
_X = re.compile(rf'\b(?:cx|x1|x2|x)="{_NUMBER}"')
_Y = re.compile(rf'\b(?:cy|y1|y2|y)="{_NUMBER}"')
_PAIRS = re.compile(r'\b(?:points|d)="([^"]*)"')
_LINE = re.compile(rf'<line x1="{_NUMBER}" y1="{_NUMBER}" x2="{_NUMBER}" y2="{_NUMBER}"')
# Farther than any stroke, ring or cross reaches past the points that place it (map units).
EXTENT_MARGIN = 40.0


@cache
def _typeface() -> skia.Typeface:
    return skia.Typeface.MakeFromFile(font_path())


@cache
def _font(size: float) -> skia.Font:
    font = skia.Font(_typeface(), size)
    font.setEdging(skia.Font.Edging.kAntiAlias)
    font.setHinting(skia.FontHinting.kNone)
    font.setSubpixel(True)
    font.setLinearMetrics(True)
    return font


@cache
def _fill(colour: str) -> skia.Paint:
    return skia.Paint(AntiAlias=True, Color=skia.Color(*(int(colour[i:i + 2], 16)
                                                         for i in (1, 3, 5))))


def extent(fragment: str) -> tuple[float, float, float, float]:
    """Left, top, right, bottom of what an SVG fragment of render/ draws, in map units, with
    room for strokes."""
    xs = [float(v) for v in _X.findall(fragment)]
    ys = [float(v) for v in _Y.findall(fragment)]
    for data in _PAIRS.findall(fragment):
        numbers = [float(v) for v in re.findall(_NUMBER, data)]
        xs += numbers[0::2]
        ys += numbers[1::2]
    m = EXTENT_MARGIN
    return min(xs) - m, min(ys) - m, max(xs) + m, max(ys) + m


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


class OverlayPainter:
    """Draws overlay parts onto `pixels` ((height, width, 4) uint8 RGBA, opaque) with the
    transform of `header` (the map's <svg> start tag: its view box onto its pixel size)."""

    def __init__(self, pixels: np.ndarray, header: str, view: tuple[float, float, float]):
        self.canvas = skia.Canvas(pixels, colorType=skia.ColorType.kRGBA_8888_ColorType,
                                  alphaType=skia.AlphaType.kPremul_AlphaType)
        self.header = header
        self.scale, self.dx, self.dy = view
        self.shapes: list[str] = []

    def draw(self, parts: list[str]) -> None:
        for part in _elements(parts):
            if "<text" in part:
                self._flush()
                self._with_text(part)
            elif ' opacity="' in part[:part.index(">")]:
                self._flush()
                self._alone(part)
            else:
                self.shapes.append(part)
        self._flush()

    def _document(self, parts: list[str]) -> skia.SVGDOM:
        # Skia's SVG module strokes a dashed <line> with round caps as dots joined by a thin
        # continuous line (a <polyline> is dashed correctly): lines go in as polylines.
        text = _LINE.sub(r'<polyline fill="none" points="\1,\2 \3,\4"',
                         "\n".join([self.header, *parts, "</svg>"])).encode()
        return skia.SVGDOM.MakeFromStream(skia.MemoryStream(text, True))

    def _flush(self) -> None:
        if self.shapes:
            self._document(self.shapes).render(self.canvas)
            self.shapes = []

    def _alone(self, part: str) -> None:
        left, top, right, bottom = extent(part)
        s = self.scale
        self.canvas.save()
        self.canvas.clipRect(skia.Rect.MakeLTRB(left * s + self.dx, top * s + self.dy,
                                                right * s + self.dx, bottom * s + self.dy))
        self._document([part]).render(self.canvas)
        self.canvas.restore()

    def _with_text(self, part: str) -> None:
        """A group with text (the legend): its shapes by the SVG module, then its text."""
        ET.register_namespace("", SVG_NS)
        root = ET.fromstring(f'<g xmlns="{SVG_NS}">{part}</g>')
        texts = []
        for parent in list(root.iter()):
            for child in list(parent):
                if child.tag == f"{{{SVG_NS}}}text":
                    texts.append(child)
                    parent.remove(child)
        shapes = ET.tostring(root, encoding="unicode")
        self._document([shapes]).render(self.canvas)
        canvas, s = self.canvas, self.scale
        canvas.save()
        canvas.translate(self.dx, self.dy)
        canvas.scale(s, s)
        for text in texts:
            words = "".join(text.itertext())
            font = _font(float(text.get("font-size")))
            x, y = float(text.get("x")), float(text.get("y"))
            anchor = text.get("text-anchor")
            if anchor in ("middle", "end"):
                width = font.measureText(words)
                x -= width / 2 if anchor == "middle" else width
            canvas.drawString(words, x, y, font, _fill(text.get("fill", "#000000")))
        canvas.restore()
