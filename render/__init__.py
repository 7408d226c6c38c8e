"""Map images: a position, its orders and their results drawn as SVG and rasterised to PNG.

    from render import render_png, render_svg
    png = render_png(position, results=result.results, game_name="Lepanto",
                     civil_disorder={Power.ITALY})

The geometry (`render/data/standard_map.json`) is our own, generated from Natural Earth by
`tools/build_map_geometry.py`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.orders import Order
from engine.outcomes import OrderResult
from engine.position import Position
from engine.vocabulary import Power
from render.raster import svg_to_png
from render.svg import render_svg


def render_png(position: Position, *, results: Sequence[OrderResult] = (),
               orders: Sequence[tuple[Power, Order]] = (), game_name: str = "",
               civil_disorder: Iterable[Power] = ()) -> bytes:
    """The map of `position` as PNG bytes (see `render_svg`)."""
    return svg_to_png(render_svg(position, results=results, orders=orders,
                                 game_name=game_name, civil_disorder=civil_disorder))


__all__ = ["render_png", "render_svg"]
