"""Map images. The renderer is a dependency of the service (a callable with the signature of
`render.render_png`); the default is that function when `render/` provides it.

Until it does, `stand_in_png` is used: an honest small PNG that is not a map — the game's
name, the phase and the centre counts drawn from a tiny SVG with resvg — so every
announcement already carries a real image."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from xml.sax.saxutils import escape

import resvg_py

from engine.position import Position
from engine.vocabulary import Power

Renderer = Callable[..., bytes]


def default_renderer() -> Renderer:
    try:
        from render import render_png
    except ImportError:
        return stand_in_png
    return render_png


def stand_in_png(position: Position, *, results: Iterable = (), orders: Iterable = (),
                 game_name: str = "", civil_disorder: Iterable[Power] = (),
                 language: str = "en", palette: str = "standard",
                 after: Position | None = None, size: str = "normal",
                 visible: Iterable[str] | None = None,
                 counts: Mapping[str, int] | None = None) -> bytes:
    """A 360x220 card: name, phase, centres per power, "map stand-in". Not a map. Takes the
    keywords of `render.render_png` (`size` too, with no effect); the counts are `counts`
    where given ("?" for the others, as the renderer's fog legend), else those of `after`
    when it is given."""
    counted = (after or position).center_counts()
    counts = {p: counts.get(p.value, "?") for p in counted} if counts is not None else counted
    disorder = set(civil_disorder)
    rows = [f'<text x="16" y="{92 + 16 * i}" font-size="13">{escape(p.value)}: {counts[p]}'
            f'{" (civil disorder)" if p in disorder else ""}</text>'
            for i, p in enumerate(position.board.powers)]   # the variant's powers
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="360" height="220">'
           '<rect width="360" height="220" fill="#f4efe1" stroke="#555"/>'
           f'<text x="16" y="30" font-size="18">{escape(game_name or "Arbitro")}</text>'
           f'<text x="16" y="56" font-size="16">{escape(position.phase.name)}</text>'
           '<text x="200" y="56" font-size="11" fill="#844">map stand-in</text>'
           + "".join(rows) + "</svg>")
    return bytes(resvg_py.svg_to_bytes(svg_string=svg))
