"""The story of a game in one picture: supply centres per power, year by year, as a PNG.

    from render.chart import render_chart, yearly_counts
    png = render_chart(yearly_counts(positions), game_name="Lepanto", language="it")

Drawn with Skia and the map's own font, in the map's power colours, words from
`render.words`."""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence

import numpy as np
import skia
from PIL import Image

from engine.position import Position
from engine.vocabulary import Power
from render.overlay import _fill, _font
from render.palette import OUTLINE, TEXT, palette_named
from render.words import words_for

WIDTH, HEIGHT = 720, 440
LEFT, RIGHT, TOP, BOTTOM = 56, 24, 56, 110     # the plot's margins, pixels
GRID = "#D0D0D0"


def yearly_counts(positions: Iterable[Position]) -> list[tuple[int, dict[Power, int]]]:
    """Each year's supply centres per power as the year began (the first position of that
    year), and after the last position, its centres as the year after it (the game's end)."""
    points: dict[int, dict[Power, int]] = {}
    last = None
    for position in positions:
        points.setdefault(position.phase.year, position.center_counts())
        last = position
    if last is not None and last.center_counts() != points[last.phase.year]:
        points[last.phase.year + 1] = last.center_counts()
    return sorted(points.items())


def render_chart(points: Sequence[tuple[int, Mapping[Power, int]]], *, game_name: str = "",
                 language: str = "en", palette: str = "standard") -> bytes:
    """A line per power: its supply centres (vertical) at the start of each year."""
    if not points:
        raise ValueError("a chart needs at least one year")
    words, colours = words_for(language), palette_named(palette).colours
    pixels = np.full((HEIGHT, WIDTH, 4), 255, dtype=np.uint8)
    canvas = skia.Canvas(pixels, colorType=skia.ColorType.kRGBA_8888_ColorType,
                         alphaType=skia.AlphaType.kPremul_AlphaType)
    years = [year for year, _counts in points]
    top_count = max(18, *(max(c.values(), default=0) for _y, c in points))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    span = max(1, years[-1] - years[0])

    def x_of(year: int) -> float:
        return LEFT + (year - years[0]) / span * plot_w

    def y_of(count: float) -> float:
        return TOP + plot_h - count / top_count * plot_h

    title = f"{game_name} · {words.centres}" if game_name else words.centres
    canvas.drawString(title[:60], LEFT, 34, _font(22.0), _fill(TEXT))
    grid = skia.Paint(Color=_colour(GRID), StrokeWidth=1, Style=skia.Paint.kStroke_Style)
    small = _font(13.0)
    for count in range(0, top_count + 1, 6 if top_count > 24 else 3):
        canvas.drawLine(LEFT, y_of(count), LEFT + plot_w, y_of(count), grid)
        label = str(count)
        canvas.drawString(label, LEFT - 8 - small.measureText(label), y_of(count) + 5, small,
                          _fill(TEXT))
    victory = skia.Paint(Color=_colour("#C00000"), StrokeWidth=1.5,
                         Style=skia.Paint.kStroke_Style,
                         PathEffect=skia.DashPathEffect.Make([6, 4], 0))
    if top_count >= 18:
        canvas.drawLine(LEFT, y_of(18), LEFT + plot_w, y_of(18), victory)
    step = 1 if len(years) <= 12 else 2 if len(years) <= 24 else 5
    for year in years[::step]:
        label = str(year)
        canvas.drawString(label, x_of(year) - small.measureText(label) / 2,
                          TOP + plot_h + 20, small, _fill(TEXT))
    for power in Power:
        line = skia.Paint(AntiAlias=True, Color=_colour(colours[power]), StrokeWidth=4,
                          Style=skia.Paint.kStroke_Style,
                          StrokeJoin=skia.Paint.kRound_Join, StrokeCap=skia.Paint.kRound_Cap)
        rim = skia.Paint(AntiAlias=True, Color=_colour(OUTLINE), StrokeWidth=6.5,
                         Style=skia.Paint.kStroke_Style,
                         StrokeJoin=skia.Paint.kRound_Join, StrokeCap=skia.Paint.kRound_Cap)
        path = skia.Path()
        for i, (year, counts) in enumerate(points):
            x, y = x_of(year), y_of(counts.get(power, 0))
            path.moveTo(x, y) if i == 0 else path.lineTo(x, y)
        if len(points) == 1:
            path.lineTo(x_of(years[0]) + 0.1, y_of(points[0][1].get(power, 0)))
        canvas.drawPath(path, rim)
        canvas.drawPath(path, line)
    slot = (WIDTH - 2 * 16) / 4        # two rows of four: Italian and Dutch names are long
    for i, power in enumerate(Power):
        x, y = 16 + (i % 4) * slot, HEIGHT - 52 + (i // 4) * 28
        canvas.drawRoundRect(skia.Rect.MakeXYWH(x, y - 14, 18, 18), 3, 3,
                             _fill(colours[power]))
        canvas.drawString(words.powers[power], x + 24, y, _font(14.0), _fill(TEXT))
    out = io.BytesIO()
    Image.fromarray(pixels[:, :, :3]).save(out, format="PNG", optimize=False)
    return out.getvalue()


def _colour(colour: str) -> int:
    return skia.Color(*(int(colour[i:i + 2], 16) for i in (1, 3, 5)))
