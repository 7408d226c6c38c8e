"""Draw the reference pictures of the cases of tests/render/cases.py, with the colour-blind
palette: `reference/<name>.png`, the whole SVG rasterised by resvg (an independent drawing), and
`reference/drawn/<name>.png`, the maps as `render_png` draws them; for the opening and the
mid-game also the large map (1440 px, `size="large"`): `reference/large/<name>.png` (resvg) and
`reference/drawn/large/<name>.png`.

    python -m tests.render.make_references
    python -m tests.render.make_references --variants   # reference/variants/ only

The variants' cases (`variant_cases`: the Ancient Mediterranean, Pure, Chaos, and the standard
opening under fog of war) go to `reference/variants/<name>.png` (resvg) and
`reference/variants/drawn/<name>.png`.

Run it only after a deliberate change of the picture (say so in the commit), never to make the
reference test pass: the renderer is checked against these."""

from __future__ import annotations

import sys
from pathlib import Path

from engine import Position
from render import render_png
from render.geometry import standard_geometry
from render.raster import svg_to_png
from render.svg import SIZES, render_svg, svg_header
from testbed.variant_maps import CASES
from tests.render.cases import cases

REFERENCE = Path(__file__).parent / "reference"
LARGE_CASES = ("opening", "midgame")


def large_svg(svg: str) -> str:
    """The SVG of a map drawn as the large one: the same view box, twice the pixels."""
    geometry = standard_geometry()
    return svg.replace(svg_header(geometry), svg_header(geometry, SIZES["large"]), 1)


def main() -> None:
    (REFERENCE / "drawn" / "large").mkdir(parents=True, exist_ok=True)
    (REFERENCE / "large").mkdir(parents=True, exist_ok=True)
    for name, kwargs in cases().items():
        kwargs = dict(kwargs)
        position = kwargs.pop("position")
        png = svg_to_png(render_svg(position, palette="colourblind", **kwargs))
        (REFERENCE / f"{name}.png").write_bytes(png)
        drawn = render_png(position, palette="colourblind", **kwargs)
        (REFERENCE / "drawn" / f"{name}.png").write_bytes(drawn)
        print(f"{name}.png: {len(png):,} bytes (resvg), {len(drawn):,} bytes (drawn)")
        if name in LARGE_CASES:
            svg = large_svg(render_svg(position, palette="colourblind", **kwargs))
            (REFERENCE / "large" / f"{name}.png").write_bytes(svg_to_png(svg))
            (REFERENCE / "drawn" / "large" / f"{name}.png").write_bytes(
                render_png(position, palette="colourblind", size="large", **kwargs))


FOG_SIGHT = frozenset({"lon", "nth", "edi", "lvp", "yor", "wal", "eng", "bel", "hol", "nwg"})


def variant_cases() -> dict[str, dict]:
    """Each case's keyword arguments of `render_png`, with its position."""
    out = {}
    for name, make in CASES.items():
        position, results = make()
        out[name] = {"position": position, "results": results, "variant": name}
    out["fog"] = {"position": Position.initial(), "visible": FOG_SIGHT}
    return out


def variants_main() -> None:
    (REFERENCE / "variants" / "drawn").mkdir(parents=True, exist_ok=True)
    for name, kwargs in variant_cases().items():
        kwargs = dict(kwargs)
        position = kwargs.pop("position")
        png = svg_to_png(render_svg(position, palette="colourblind", **kwargs))
        (REFERENCE / "variants" / f"{name}.png").write_bytes(png)
        drawn = render_png(position, palette="colourblind", **kwargs)
        (REFERENCE / "variants" / "drawn" / f"{name}.png").write_bytes(drawn)
        print(f"variants/{name}.png: {len(png):,} bytes (resvg), {len(drawn):,} bytes (drawn)")


if __name__ == "__main__":
    if "--variants" in sys.argv[1:]:
        variants_main()
    else:
        main()
