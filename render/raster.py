"""SVG to PNG with resvg (a Rust rasteriser installed from PyPI as `resvg-py`, no system
libraries): the static board is drawn with it once per process (`render.board`), and
`svg_to_png(render_svg(...))` is the whole map as the renderer drew it before the layered one
(the benchmark and the reference images). Only the font shipped in `render/fonts/` is loaded,
never the system's, so the same SVG gives the same pixels on every machine."""

from __future__ import annotations

from functools import cache
from importlib import resources

import resvg_py

FONT_FILE = "DejaVuSans-Bold-subset.ttf"


@cache
def font_path() -> str:
    return str(resources.files("render").joinpath("fonts", FONT_FILE))


def svg_to_png(svg: str) -> bytes:
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True,
                                       font_files=[font_path()], font_family="DejaVu Sans"))
