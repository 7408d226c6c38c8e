"""Today's maps against the reference PNGs drawn by the renderer before the layered one (the whole
SVG rasterised by resvg; tests/render/cases.py says what each shows). The layered renderer keeps
the pictures: the same board pixels, the overlay anti-aliased by Skia instead of resvg, then
mapped onto a 256-colour palette. Tolerance, per map (measured in brackets):

- mean absolute difference per channel at most 1.5 levels of 255 (0.65-0.80);
- at most 3 % of pixels with a channel more than 16 levels off (1.0-1.7 %: the anti-aliased
  edges of shapes and glyphs, and palette steps on them);
- on the map (above the legend), at most 100 pixels more than 64 levels off (24-30): an order
  left out, a unit or marker in another place or in another colour costs 250 or more;
- in the legend, at most 2.5 % of its pixels more than 64 levels off (1.3-1.6 %): Skia places
  glyphs without kerning, so the edges of letters move by a fraction of a pixel. The legend's
  words are checked in the SVG (tests/render/test_svg.py, test_words.py).
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from render import render_png
from render.geometry import standard_geometry
from render.svg import OUTPUT_WIDTH
from tests.render.cases import cases

REFERENCE = Path(__file__).parent / "reference"


def pixels(png: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB")).astype(np.int16)


def difference(png: bytes, reference: bytes) -> tuple[float, float, int, float]:
    """Mean absolute difference per channel; the share of pixels off by more than 16 in some
    channel; the pixels of the map off by more than 64, and the share of the legend's."""
    a, b = pixels(png), pixels(reference)
    assert a.shape == b.shape
    off = np.abs(a - b)
    worst = off.max(axis=2)
    top = round(standard_geometry().height * OUTPUT_WIDTH / standard_geometry().width)
    return (float(off.mean()), float((worst > 16).mean()), int((worst[:top] > 64).sum()),
            float((worst[top:] > 64).mean()))


@pytest.mark.parametrize("name", sorted(cases()))
def test_the_map_is_the_reference_picture_within_the_tolerance(name):
    kwargs = dict(cases()[name])
    png = render_png(kwargs.pop("position"), palette="colourblind", **kwargs)
    mad, over_16, map_over_64, legend_over_64 = difference(
        png, (REFERENCE / f"{name}.png").read_bytes())
    assert mad <= 1.5, f"{name}: mean difference {mad:.2f}"
    assert over_16 <= 0.03, f"{name}: {over_16:.2%} of pixels off by more than 16"
    assert map_over_64 <= 100, f"{name}: {map_over_64} map pixels off by more than 64"
    assert legend_over_64 <= 0.025, f"{name}: {legend_over_64:.2%} of the legend off by >64"


@pytest.mark.parametrize("left_out", [0, 25])
def test_the_tolerance_catches_a_map_with_one_order_left_out(left_out):
    """A faded failed move (the convoyed army's) or a plain hold ring left out of the mid-game
    fails the comparison."""
    kwargs = dict(cases()["midgame"])
    position, results = kwargs.pop("position"), kwargs.pop("results")
    fewer = results[:left_out] + results[left_out + 1:]
    png = render_png(position, results=fewer, palette="colourblind", **kwargs)
    _mad, _over_16, map_over_64, _legend = difference(
        png, (REFERENCE / "midgame.png").read_bytes())
    assert map_over_64 > 100


def test_a_full_mid_game_map_is_at_most_80_kilobytes():
    kwargs = dict(cases()["midgame"])
    for palette in ("standard", "colourblind"):
        png = render_png(kwargs["position"], results=kwargs["results"], palette=palette,
                         game_name="Lepanto")
        assert len(png) <= 80_000, (palette, len(png))
