"""Today's maps against two sets of reference pictures of the cases of tests/render/cases.py:

- `reference/drawn/<name>.png`: the same maps as this renderer drew them when the picture was
  last changed on purpose (`python -m tests.render.make_references`). Any change in what is
  drawn shows here: at most 20 map pixels and 0.2 % of the legend more than 64 levels off, mean
  difference at most 0.3 (a map drawn again differs by 0: the test allows only for another
  machine's rounding). One order left out costs 250 pixels or more.
- `reference/<name>.png`: the whole SVG rasterised by resvg, an independent drawing of the same
  description. The overlay is anti-aliased by AGG (`aggdraw`) instead of resvg and the PNG is
  mapped onto 256 colours, so edges differ by a fraction of a pixel: mean absolute difference per
  channel at most 1.5 levels of 255 (measured 1.1-1.3); at most 3 % of pixels with a channel
  more than 16 off (1.6-2.4 %); on the map at most 750 pixels more than 64 off (230-560: the
  dots of dotted lines, the ends of dashes, and each unit's letter, which two text rasterisers
  place a fraction of a pixel apart; the mid-game with 34 letters had 930 with one order left
  out); in the legend at most 3 % (1.7-2.5 %, the swatches' letters). A unit or order in
  another place, or in another colour, breaks these.
- The large map (1440 px, `size="large"`) of the opening and the mid-game against
  `reference/drawn/large/` and `reference/large/`: the same tolerances, the map's pixel counts
  four times as many (four times the pixels; against resvg at most 2,400, measured 890-1,280).
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from render import render_png
from render.geometry import standard_geometry
from render.svg import OUTPUT_WIDTH, SIZES
from tests.render.cases import cases
from tests.render.make_references import LARGE_CASES

REFERENCE = Path(__file__).parent / "reference"
DRAWN = REFERENCE / "drawn"


def pixels(png: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB")).astype(np.int16)


def difference(png: bytes, reference: bytes, width: int = OUTPUT_WIDTH
               ) -> tuple[float, float, int, float]:
    """Mean absolute difference per channel; the share of pixels off by more than 16 in some
    channel; the pixels of the map off by more than 64, and the share of the legend's."""
    a, b = pixels(png), pixels(reference)
    assert a.shape == b.shape
    assert a.shape[1] == width
    off = np.abs(a - b)
    worst = off.max(axis=2)
    top = round(standard_geometry().height * width / standard_geometry().width)
    return (float(off.mean()), float((worst > 16).mean()), int((worst[:top] > 64).sum()),
            float((worst[top:] > 64).mean()))


def drawn(name: str, **changes) -> bytes:
    kwargs = dict(cases()[name])
    kwargs.update(changes)
    return render_png(kwargs.pop("position"), palette="colourblind", **kwargs)


@pytest.mark.parametrize("name", sorted(cases()))
def test_the_map_is_the_picture_drawn_last_time(name):
    mad, _over_16, map_over_64, legend_over_64 = difference(
        drawn(name), (DRAWN / f"{name}.png").read_bytes())
    assert mad <= 0.3, f"{name}: mean difference {mad:.2f}"
    assert map_over_64 <= 20, f"{name}: {map_over_64} map pixels off by more than 64"
    assert legend_over_64 <= 0.002, f"{name}: {legend_over_64:.2%} of the legend off by >64"


@pytest.mark.parametrize("name", sorted(cases()))
def test_the_map_is_the_resvg_picture_within_the_tolerance(name):
    mad, over_16, map_over_64, legend_over_64 = difference(
        drawn(name), (REFERENCE / f"{name}.png").read_bytes())
    assert mad <= 1.5, f"{name}: mean difference {mad:.2f}"
    assert over_16 <= 0.03, f"{name}: {over_16:.2%} of pixels off by more than 16"
    assert map_over_64 <= 750, f"{name}: {map_over_64} map pixels off by more than 64"
    assert legend_over_64 <= 0.03, f"{name}: {legend_over_64:.2%} of the legend off by >64"


@pytest.mark.parametrize("name", LARGE_CASES)
def test_the_large_map_is_the_picture_drawn_last_time(name):
    mad, _over_16, map_over_64, legend_over_64 = difference(
        drawn(name, size="large"), (DRAWN / "large" / f"{name}.png").read_bytes(),
        SIZES["large"])
    assert mad <= 0.3, f"{name}: mean difference {mad:.2f}"
    assert map_over_64 <= 80, f"{name}: {map_over_64} map pixels off by more than 64"
    assert legend_over_64 <= 0.002, f"{name}: {legend_over_64:.2%} of the legend off by >64"


@pytest.mark.parametrize("name", LARGE_CASES)
def test_the_large_map_is_the_resvg_picture_within_the_tolerance(name):
    mad, over_16, map_over_64, legend_over_64 = difference(
        drawn(name, size="large"), (REFERENCE / "large" / f"{name}.png").read_bytes(),
        SIZES["large"])
    assert mad <= 1.5, f"{name}: mean difference {mad:.2f}"
    assert over_16 <= 0.03, f"{name}: {over_16:.2%} of pixels off by more than 16"
    assert map_over_64 <= 2400, f"{name}: {map_over_64} map pixels off by more than 64"
    assert legend_over_64 <= 0.03, f"{name}: {legend_over_64:.2%} of the legend off by >64"


@pytest.mark.parametrize("left_out", [0, 25])
def test_the_tolerance_catches_a_map_with_one_order_left_out(left_out):
    """A faded failed move (the convoyed army's) or a plain hold ring left out of the mid-game
    fails the comparison with the picture drawn last time."""
    results = cases()["midgame"]["results"]
    fewer = results[:left_out] + results[left_out + 1:]
    _mad, _over_16, map_over_64, _legend = difference(
        drawn("midgame", results=fewer), (DRAWN / "midgame.png").read_bytes())
    assert map_over_64 > 100


def test_a_unit_in_another_colour_breaks_the_resvg_comparison():
    _mad, _over_16, map_over_64, _legend = difference(
        render_png(cases()["midgame"]["position"], results=cases()["midgame"]["results"],
                   palette="standard"),
        (REFERENCE / "midgame.png").read_bytes())
    assert map_over_64 > 750


def test_a_full_mid_game_map_is_at_most_80_kilobytes():
    kwargs = dict(cases()["midgame"])
    for palette in ("standard", "colourblind"):
        png = render_png(kwargs["position"], results=kwargs["results"], palette=palette,
                         game_name="Lepanto")
        assert len(png) <= 80_000, (palette, len(png))


def test_a_crowded_map_is_deflated_harder_to_stay_under_80_kilobytes(monkeypatch):
    import render.png as png_module

    kwargs = dict(cases()["midgame"])
    plain = render_png(kwargs["position"], results=kwargs["results"])
    monkeypatch.setattr(png_module, "RETRY_ABOVE", len(plain) // 2)
    harder = render_png(kwargs["position"], results=kwargs["results"])
    assert len(harder) < len(plain) * 0.95
    assert pixels(harder).tolist() == pixels(plain).tolist()     # the same picture
