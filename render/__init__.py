"""Map images: a position, its orders and their results drawn as SVG and as PNG.

    from render import render_png, render_svg

    render_png(position: Position, *,
               results: Sequence[OrderResult] = (),       # adjudicated orders, drawn with outcome
               orders: Sequence[tuple[Power, Order]] = (), # not adjudicated: drawn plain
               game_name: str = "",
               civil_disorder: Iterable[Power] = (),        # marked in the legend
               language: str | None = "en",                 # languages.CODES (None: "en")
               palette: str = "standard",                   # or "colourblind" (Okabe-Ito)
               after: Position | None = None,               # see below
               size: str = "normal",                        # or "large": 1440 px wide
               variant: str | None = None,                  # None: "standard"; see below
               visible: Iterable[str] | None = None,        # fog of war: provinces in sight
               counts: Mapping[str, int] | None = None,     # the legend's centre counts
               ) -> bytes                                   # an 8-bit palette PNG, 720 px wide

- The orders map of a phase: `render_png(position, results=result.results, ...)`, where
  `position` is the phase's position (before its orders).
- The new position with what happened: `render_png(position, results=result.results,
  after=result.next_position, ...)`: the units, centres, land and legend counts of `after`,
  with the phase's orders drawn under the units (moves that succeeded end in the unit now
  standing there; failed ones faded and crossed), the dislodged units with their retreat
  options, and the title "<phase>: results" in the game's language.

- `variant`: the board drawn (`render.variants`): "standard", "fleet_rome", "france_austria",
  "germany_italy" and "chaos" on the standard map, "pure" (seven wedges), "ancmed".
- `visible`: fog of war: only these provinces are drawn in colour, with their units, centre
  owners and orders; the rest of the board is grey.
- `counts`: the supply centres the legend gives each power (by name). Without it the legend
  counts the centres of the position drawn; under fog of war, where a reader knows only some
  counts (their own powers', the public ones), a power not in `counts` shows "?", never the
  few centres of it in sight, which would read as its whole count.

`render_svg` takes the same keywords and returns the SVG text. The PNG is drawn from a static
board rasterised once per process (`render.board`), the overlay drawn by AGG (`render.overlay`)
and a palette PNG writer (`render.png`); `render.raster.svg_to_png(render_svg(...))` still
rasterises the whole SVG with resvg, as the renderer did before (the benchmark compares both).
`render.replay` makes an animated image of a game's phases, `render.chart` a chart of supply
centres per year.

The geometry (`render/data/standard_map.json`) is our own, generated from Natural Earth by
`tools/build_map_geometry.py`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.orders import Order
from engine.outcomes import OrderResult
from engine.position import Position
from engine.vocabulary import Power
from render.layered import layered_png
from render.svg import drawing, render_svg, size_width


def render_png(position: Position, *, results: Sequence[OrderResult] = (),
               orders: Sequence[tuple[Power, Order]] = (), game_name: str = "",
               civil_disorder: Iterable[Power] = (), language: str | None = "en",
               palette: str = "standard", after: Position | None = None,
               size: str = "normal", variant: str | None = None,
               visible: Iterable[str] | None = None,
               counts: Mapping[str, int] | None = None) -> bytes:
    """The map of `position` as PNG bytes (see the module's documentation)."""
    width = size_width(size)
    return layered_png(drawing(position, results=results, orders=orders, game_name=game_name,
                               civil_disorder=civil_disorder, language=language,
                               palette=palette, after=after, variant=variant,
                               visible=visible, counts=counts), width)


__all__ = ["render_png", "render_svg"]
