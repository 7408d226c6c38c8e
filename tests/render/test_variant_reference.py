"""The variants' maps and a fog-of-war map against their reference pictures, as
`test_reference.py` does for the standard board's cases (`make_references --variants`):

- `reference/variants/drawn/<name>.png`: as this renderer drew them when the picture was last
  changed on purpose; the same tolerances as the standard board's (another machine's rounding).
- `reference/variants/<name>.png`: the whole SVG rasterised by resvg, an independent drawing of
  the same description, so the layered renderer's fills (a variant's drawing, its palette, the
  fog's grey seas) agree with what the SVG says. Measured: mean difference 0.7-1.2 levels, 1-2 %
  of pixels more than 16 off, 36-161 map pixels more than 64 off; Chaos 1.8 levels, 5 %, 760
  pixels (34 colours and their tints and faded mixtures on 256 palette colours, three letters on
  each unit), allowed up to 2.0, 6 % and 900.
"""

from __future__ import annotations

import pytest

from render import render_png
from render.geometry import geometry_named
from render.variants import map_variant
from tests.render.make_references import REFERENCE, variant_cases
from tests.render.test_reference import pixels

CASES = variant_cases()
LOOSER = {"chaos": (2.0, 0.06, 900)}


def _difference(png: bytes, reference: bytes, variant: str | None):
    a, b = pixels(png), pixels(reference)
    assert a.shape == b.shape
    geometry = geometry_named(map_variant(variant).map)
    top = round(geometry.height * a.shape[1] / geometry.width)
    off = abs(a - b)
    worst = off.max(axis=2)
    return (float(off.mean()), float((worst > 16).mean()), int((worst[:top] > 64).sum()),
            float((worst[top:] > 64).mean()))


def _drawn(name: str) -> bytes:
    kwargs = dict(CASES[name])
    return render_png(kwargs.pop("position"), palette="colourblind", **kwargs)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_variant_map_is_the_picture_drawn_last_time(name):
    mad, _over_16, map_over_64, legend_over_64 = _difference(
        _drawn(name), (REFERENCE / "variants" / "drawn" / f"{name}.png").read_bytes(),
        CASES[name].get("variant"))
    assert mad <= 0.3, f"{name}: mean difference {mad:.2f}"
    assert map_over_64 <= 20, f"{name}: {map_over_64} map pixels off by more than 64"
    assert legend_over_64 <= 0.002, f"{name}: {legend_over_64:.2%} of the legend off by >64"


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_variant_map_is_the_resvg_picture_within_the_tolerance(name):
    mad_most, over_16_most, map_most = LOOSER.get(name, (1.5, 0.03, 750))
    mad, over_16, map_over_64, legend_over_64 = _difference(
        _drawn(name), (REFERENCE / "variants" / f"{name}.png").read_bytes(),
        CASES[name].get("variant"))
    assert mad <= mad_most, f"{name}: mean difference {mad:.2f}"
    assert over_16 <= over_16_most, f"{name}: {over_16:.2%} of pixels off by more than 16"
    assert map_over_64 <= map_most, f"{name}: {map_over_64} map pixels off by more than 64"
    assert legend_over_64 <= 0.03, f"{name}: {legend_over_64:.2%} of the legend off by >64"
