"""Draw the reference pictures of the cases of tests/render/cases.py, with the colour-blind
palette: `reference/<name>.png`, the whole SVG rasterised by resvg (an independent drawing), and
`reference/drawn/<name>.png`, the maps as `render_png` draws them.

    python -m tests.render.make_references

Run it only after a deliberate change of the picture (say so in the commit), never to make the
reference test pass: the renderer is checked against these."""

from __future__ import annotations

from pathlib import Path

from render import render_png
from render.raster import svg_to_png
from render.svg import render_svg
from tests.render.cases import cases

REFERENCE = Path(__file__).parent / "reference"


def main() -> None:
    (REFERENCE / "drawn").mkdir(parents=True, exist_ok=True)
    for name, kwargs in cases().items():
        kwargs = dict(kwargs)
        position = kwargs.pop("position")
        png = svg_to_png(render_svg(position, palette="colourblind", **kwargs))
        (REFERENCE / f"{name}.png").write_bytes(png)
        drawn = render_png(position, palette="colourblind", **kwargs)
        (REFERENCE / "drawn" / f"{name}.png").write_bytes(drawn)
        print(f"{name}.png: {len(png):,} bytes (resvg), {len(drawn):,} bytes (drawn)")


if __name__ == "__main__":
    main()
