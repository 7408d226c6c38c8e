"""The new position with the phase's results drawn on it (`after=`): units where they are now,
the orders under them, dislodged units with their retreat options, and a legend whose centre
counts are those after the phase."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from engine import Position, Power, adjudicate
from engine.vocabulary import Phase, PhaseKind, Season
from render import render_png, render_svg
from tests.render.cases import cases

SVG = "{http://www.w3.org/2000/svg}"


def ids(root: ET.Element) -> list[str]:
    return [e.get("id") for e in root.iter() if e.get("id")]


def legend_counts(root: ET.Element) -> dict[str, str]:
    out = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == "power":
            texts = [t for t in group.findall(f"{SVG}text") if t.get("class") != "mark"]
            out[group.get("id").removeprefix("legend-")] = texts[0].text
    return out


def fall_1901() -> tuple[Position, object]:
    start = Position.initial()
    fall = Position(Phase(1901, Season.FALL, PhaseKind.MOVEMENT), start.units,
                    start.supply_centers)
    result = adjudicate(fall, {"Germany": ["F KIE - DEN", "A MUN - BUR"],
                               "France": ["A PAR - BUR"]}, "2023")
    return fall, result


def test_the_units_stand_where_they_are_after_the_phase():
    position, result = fall_1901()
    root = ET.fromstring(render_svg(position, results=result.results,
                                    after=result.next_position))
    found = ids(root)
    assert "unit-den" in found and "unit-kie" not in found      # the fleet moved
    assert "unit-mun" in found and "unit-bur" not in found      # the bounce: nobody moved


def test_the_legend_counts_the_centres_after_the_phase_and_says_these_are_results():
    position, result = fall_1901()
    before = ET.fromstring(render_svg(position, results=result.results))
    after = ET.fromstring(render_svg(position, results=result.results,
                                     after=result.next_position, language="it"))
    assert legend_counts(before)["germany"] == "3"
    assert legend_counts(after)["germany"] == "4"      # Denmark, taken in the fall
    assert result.next_position.center_counts()[Power.GERMANY] == 4
    title = "".join(after.find(f".//{SVG}text[@class='phase']").itertext())
    assert title == "Autunno 1901 · Movimenti: risultati"


def test_the_orders_lie_under_the_units_and_failed_ones_stay_marked():
    position, result = fall_1901()
    root = ET.fromstring(render_svg(position, results=result.results,
                                    after=result.next_position))
    order_of = [e.get("class", "") for e in root if e.tag == f"{SVG}g"]
    first_order = next(i for i, c in enumerate(order_of) if c.startswith("order"))
    assert first_order < order_of.index("units")
    failed = [c for c in order_of if c.startswith("order") and "failed" in c]
    assert len(failed) == 2                               # Munich and Paris bounced


def test_a_dislodged_unit_shows_its_retreat_options_although_it_had_an_order():
    kwargs = cases()["midgame"]
    retreat = adjudicate(kwargs["position"], _midgame_orders(), "2023").next_position
    root = ET.fromstring(render_svg(kwargs["position"], results=kwargs["results"],
                                    after=retreat))
    assert "dislodged-gal" in ids(root)                   # the Austrian army held in Galicia
    options = [g for g in root.iter(f"{SVG}g") if g.get("class") == "retreat-option"]
    assert len(options) == len(retreat.dislodged[0].retreat_options) == 2


def _midgame_orders():
    from tests.render.cases import MIDGAME_ORDERS
    return MIDGAME_ORDERS


def test_the_png_of_the_new_position_differs_from_the_orders_map():
    kwargs = dict(cases()["midgame"])
    position, results = kwargs.pop("position"), kwargs.pop("results")
    after = adjudicate(position, _midgame_orders(), "2023").next_position
    orders_map = render_png(position, results=results, **kwargs)
    new_map = render_png(position, results=results, after=after, **kwargs)
    assert new_map != orders_map and len(new_map) <= 80_000
