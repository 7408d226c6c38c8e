"""The story of a game in one picture: supply centres per power, year by year, as a PNG.

    from render.chart import render_chart, yearly_counts
    png = render_chart(yearly_counts(positions), game_name="Lepanto", language="it")

Drawn with AGG (`aggdraw`) and the map's own font, in the map's power colours, words from
`render.words`. On a variant (`variant=`) the lines and the legend are its powers, in its
colours (Ancient Mediterranean's and Chaos's own) and names; Chaos's 34 go in five columns."""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence

import aggdraw
from PIL import Image

from engine.position import Position
from engine.vocabulary import Power
from render.overlay import dashes, draw_text
from render.palette import OUTLINE, TEXT, palette_named
from render.variants import map_variant
from render.words import words_for

WIDTH, HEIGHT = 720, 440
LEFT, RIGHT, TOP, BOTTOM = 56, 32, 56, 110     # the plot's margins, pixels (seven powers)
LEGEND_ROW = 28                                # pixels between the legend's rows
GRID = "#D0D0D0"
VICTORY = "#C00000"
TIE_SPACING = 4.0        # pixels between the lines of powers with the same count


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
                 language: str = "en", palette: str = "standard", target: int = 18,
                 variant: str | None = None) -> bytes:
    """A line per power: its supply centres (vertical) at the start of each year, with the
    game's victory target (`target` centres) as a dashed red line. Powers with the same count
    in a year are drawn a few pixels apart, so equal lines stay visible side by side.
    `variant`: the game's (None: the standard board)."""
    if not points:
        raise ValueError("a chart needs at least one year")
    board = map_variant(variant)
    powers = [Power(p) for p in board.powers]
    colours = (board.palette(palette) if board.own_palette else palette_named(palette)).colours
    words = words_for(language)
    names = words.powers
    if board.names:     # a language the variant's table lacks reads its English names
        names = board.names.get(language, board.names["en"])
    columns = 4 if len(powers) <= 8 else 5
    rows = -(-len(powers) // columns)
    plot_h = HEIGHT - TOP - BOTTOM
    height = HEIGHT + (rows - 2) * LEGEND_ROW if rows > 2 else HEIGHT
    draw = aggdraw.Draw("RGB", (WIDTH, height), "white")
    draw.setantialias(True)
    years = [year for year, _counts in points]
    top_count = max(target, *(max(c.values(), default=0) for _y, c in points))
    plot_w = WIDTH - LEFT - RIGHT
    span = max(1, years[-1] - years[0])

    def x_of(year: int) -> float:
        return LEFT + (year - years[0]) / span * plot_w

    def y_of(count: float) -> float:
        return TOP + plot_h - count / top_count * plot_h

    title = f"{game_name} · {words.centres}" if game_name else words.centres
    draw_text(draw, title[:60], LEFT, 34, 22.0, TEXT)
    grid = aggdraw.Pen(GRID, 1)
    for count in range(0, top_count + 1, 6 if top_count > 24 else 3):
        draw.line((LEFT, y_of(count), LEFT + plot_w, y_of(count)), grid)
        draw_text(draw, str(count), LEFT - 8, y_of(count) + 5, 13.0, TEXT, "end")
    victory = aggdraw.Pen(VICTORY, 1.5)
    for dash in dashes([(LEFT, y_of(target)), (LEFT + plot_w, y_of(target))], [6, 4]):
        draw.line([v for point in dash for v in point], victory)
    draw_text(draw, str(target), LEFT + plot_w + 3, y_of(target) + 5, 13.0, VICTORY)
    step = 1 if len(years) <= 12 else 2 if len(years) <= 24 else 5
    for year in years[::step]:
        draw_text(draw, str(year), x_of(year), TOP + plot_h + 20, 13.0, TEXT, "middle")
    shift = tied_offsets(points, powers)
    for power in powers:
        line = [(x_of(year), y_of(counts.get(power, 0)) + shift[year].get(power, 0.0))
                for year, counts in points]
        if len(line) == 1:
            line.append((line[0][0] + 0.1, line[0][1]))
        flat = [v for point in line for v in point]
        for colour, width in ((OUTLINE, 6.5), (colours[power], 4.0)):
            draw.line(flat, aggdraw.Pen(colour, width))
            brush, r = aggdraw.Brush(colour), width / 2
            for x, y in (line[0], line[-1]):       # round ends
                draw.ellipse((x - r, y - r, x + r, y + r), None, brush)
    slot = (WIDTH - 2 * 16) / columns  # rows of four: Italian and Dutch names are long
    size = 14.0 if columns == 4 else 11.5
    for i, power in enumerate(powers):
        x, y = 16 + (i % columns) * slot, TOP + plot_h + 58 + (i // columns) * LEGEND_ROW
        draw.rounded_rectangle((x, y - 14, x + 18, y + 4), 3, None,
                               aggdraw.Brush(colours[power]))
        draw_text(draw, names[power], x + 24, y, size, TEXT)
    image = Image.frombytes("RGB", (WIDTH, height), draw.tobytes())
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


def tied_offsets(points: Sequence[tuple[int, Mapping[Power, int]]],
                 powers: Iterable[Power] = tuple(Power)) -> dict[int, dict[Power, float]]:
    """For each year, how far (pixels, up or down) each power's point is moved so that powers
    with the same count are drawn side by side instead of one line hiding the others."""
    out: dict[int, dict[Power, float]] = {}
    powers = tuple(powers)
    for year, counts in points:
        groups: dict[int, list[Power]] = {}
        for power in powers:
            groups.setdefault(counts.get(power, 0), []).append(power)
        # Chaos's 34 equal lines would spread over the plot: closer when more than eight
        out[year] = {power: (i - (len(group) - 1) / 2) * TIE_SPACING * min(1.0, 8 / len(group))
                     for group in groups.values() if len(group) > 1
                     for i, power in enumerate(group)}
    return out

