"""Draw tests/render/reference/*.png: the cases of tests/render/cases.py drawn as the renderer drew
them before the layered one, the whole SVG rasterised by resvg, with the colour-blind palette.

    python -m tests.render.make_references

Run it only after a deliberate change of the picture (say so in the commit), never to make the
reference test pass: the layered renderer is checked against these."""

from __future__ import annotations

from pathlib import Path

from render.raster import svg_to_png
from render.svg import render_svg
from tests.render.cases import cases

REFERENCE = Path(__file__).parent / "reference"


def main() -> None:
    REFERENCE.mkdir(exist_ok=True)
    for name, kwargs in cases().items():
        kwargs = dict(kwargs)
        png = svg_to_png(render_svg(kwargs.pop("position"), palette="colourblind", **kwargs))
        (REFERENCE / f"{name}.png").write_bytes(png)
        print(f"{name}.png: {len(png):,} bytes")


if __name__ == "__main__":
    main()
