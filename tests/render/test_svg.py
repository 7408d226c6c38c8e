"""The SVG's structure: what is drawn where, for positions, orders, outcomes and the legend."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from engine import (
    Build,
    Convoy,
    Disband,
    DislodgedUnit,
    Hold,
    Move,
    Position,
    Power,
    Retreat,
    SupportHold,
    SupportMove,
    UnitType,
    Waive,
    adjudicate,
)
from engine.outcomes import OrderResult, Outcome, Status
from engine.vocabulary import Phase, PhaseKind, Season, Unit
from render import render_svg
from render.geometry import standard_geometry
from render.palette import NEUTRAL_LAND, POWER_COLOURS, POWER_FILLS
from render.units import DISLODGED_OFFSET, FLEET_HULL_START, UNIT_RADIUS

NS = {"s": "http://www.w3.org/2000/svg"}
A, F = UnitType.ARMY, UnitType.FLEET


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_id(root: ET.Element, ident: str) -> ET.Element:
    found = root.find(f".//*[@id='{ident}']")
    assert found is not None, f"no element with id {ident}"
    return found


def orders_drawn(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter("{http://www.w3.org/2000/svg}g")
            if "order" in (g.get("class") or "").split()]


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def result(power: Power, order, succeeded: bool) -> OrderResult:
    return OrderResult(power, order, Outcome(Status.SUCCEEDS if succeeded else Status.FAILS),
                       order.canonical())


def test_the_svg_is_720_pixels_wide_with_the_map_and_legend_in_its_view_box():
    root = parse(render_svg(Position.initial()))
    geometry = standard_geometry()
    assert root.get("width") == "720"
    _x, _y, width, height = (float(v) for v in root.get("viewBox").split())
    assert width == geometry.width and height > geometry.height
    assert root.find(".//s:g[@class='legend']", NS) is not None


def test_every_land_province_is_filled_and_seas_are_the_background():
    root = parse(render_svg(Position.initial()))
    geometry = standard_geometry()
    for pid, shape in geometry.provinces.items():
        found = root.find(f".//*[@id='province-{pid}']")
        assert (found is None) == (shape.kind == "sea"), pid


def test_a_supply_centre_takes_its_owners_colour_even_when_another_power_occupies_it():
    start = Position.initial()
    centers = dict(start.supply_centers)
    position = Position(start.phase, (Unit(Power.FRANCE, A, "mun"),), centers)
    root = parse(render_svg(position))
    assert by_id(root, "province-mun").get("fill") == POWER_FILLS[Power.GERMANY]


def test_a_province_without_centre_takes_its_occupiers_colour_else_neutral():
    start = Position.initial()
    position = Position(start.phase, (Unit(Power.FRANCE, A, "bur"),), start.supply_centers)
    root = parse(render_svg(position))
    assert by_id(root, "province-bur").get("fill") == POWER_FILLS[Power.FRANCE]
    assert by_id(root, "province-pic").get("fill") == NEUTRAL_LAND
    assert by_id(root, "province-bel").get("fill") == NEUTRAL_LAND  # unowned centre


def test_supply_centre_markers_show_the_owner_and_stay_white_when_neutral():
    root = parse(render_svg(Position.initial()))
    assert len(root.findall(".//*[@class='centers']/*")) == 34
    inner = by_id(root, "center-par").findall("s:circle", NS)[1]
    assert inner.get("fill") == POWER_COLOURS[Power.FRANCE]
    assert by_id(root, "center-bel").findall("s:circle", NS)[1].get("fill") == "#FFFFFF"


def _fleet_position(element: ET.Element) -> tuple[float, float]:
    """Where a fleet is drawn: its path begins at a known offset from its anchor."""
    d = element.find(".//s:path", NS).get("d")
    x, y = (float(v) for v in re.match(r"M([-\d.]+) ([-\d.]+)", d).groups())
    return x - FLEET_HULL_START[0], y - FLEET_HULL_START[1]


def test_units_are_drawn_at_their_anchor_as_armies_and_fleets_in_their_powers_colour():
    root = parse(render_svg(Position.initial()))
    geometry = standard_geometry()
    units = root.findall(".//*[@class='units']/*")
    assert len(units) == 22
    paris = by_id(root, "unit-par")
    assert "army" in classes(paris)
    disc = paris.find("s:circle", NS)
    assert (float(disc.get("cx")), float(disc.get("cy"))) == pytest.approx(
        geometry.anchor("par"), abs=0.1)
    assert disc.get("fill") == POWER_COLOURS[Power.FRANCE]
    st_petersburg = by_id(root, "unit-stp")
    assert "fleet" in classes(st_petersburg)
    assert _fleet_position(st_petersburg) == pytest.approx(geometry.anchor("stp/sc"), abs=0.1)
    assert geometry.anchor("stp/sc") != geometry.anchor("stp")


def test_a_move_is_an_arrow_and_a_failed_one_is_faded_and_crossed():
    position = Position.initial()
    result_ = adjudicate(position, {"France": ["A PAR - BUR"], "Germany": ["A MUN - BUR"],
                                    "England": ["F LON - NTH"]}, "2023")
    root = parse(render_svg(position, results=result_.results))
    drawn = orders_drawn(root)
    assert len(drawn) == 3
    failed = [g for g in drawn if "failed" in classes(g)]
    assert len(failed) == 2  # the bounce in Burgundy
    for g in failed:
        assert g.get("opacity") == "0.55"
        assert g.find(".//*[@class='cross']") is not None
    london = next(g for g in drawn if "failed" not in classes(g))
    assert "move" in classes(london)
    assert london.find("s:polygon", NS) is not None  # the arrowhead
    assert london.find(".//*[@class='cross']") is None


def test_orders_without_outcomes_are_drawn_plain():
    position = Position.initial()
    root = parse(render_svg(position, orders=[(Power.FRANCE, Move(A, "par", "bur")),
                                              (Power.FRANCE, Hold(A, "mar"))]))
    drawn = orders_drawn(root)
    assert [sorted(classes(g)) for g in drawn] == [["move", "order"], ["hold", "order"]]
    assert root.find(".//*[@class='cross']") is None


def _points(element: ET.Element) -> list[tuple[float, float]]:
    raw = element.find("s:polyline", NS).get("points").split()
    return [tuple(float(v) for v in p.split(",")) for p in raw]


def test_a_support_of_a_move_is_a_dashed_line_to_the_supported_arrow():
    geometry = standard_geometry()
    root = parse(render_svg(Position.initial(), orders=[
        (Power.FRANCE, SupportMove(A, "mar", A, "par", "bur")),
        (Power.FRANCE, Move(A, "par", "bur"))]))
    support = next(g for g in orders_drawn(root) if "supportmove" in classes(g))
    assert support.find("s:polyline", NS).get("stroke-dasharray")
    end = _points(support)[-1]
    (px, py), (bx, by) = geometry.anchor("par"), geometry.anchor("bur")
    assert end == pytest.approx((px + 0.7 * (bx - px), py + 0.7 * (by - py)), abs=0.2)


def test_a_support_to_hold_is_a_dashed_line_and_a_ring_round_the_held_unit():
    geometry = standard_geometry()
    root = parse(render_svg(Position.initial(),
                            orders=[(Power.GERMANY, SupportHold(A, "mun", F, "kie"))]))
    support = orders_drawn(root)[0]
    ring = support.findall("s:circle", NS)[-1]
    assert (float(ring.get("cx")), float(ring.get("cy"))) == pytest.approx(
        geometry.anchor("kie"), abs=0.1)
    assert ring.get("stroke-dasharray")


def test_a_convoy_is_a_dotted_line_through_the_fleet():
    geometry = standard_geometry()
    position = Position(Position.initial().phase,
                        (Unit(Power.ENGLAND, A, "lon"), Unit(Power.ENGLAND, F, "nth")), {})
    root = parse(render_svg(position, orders=[(Power.ENGLAND, Convoy(F, "nth", "lon", "nwy")),
                                              (Power.ENGLAND, Move(A, "lon", "nwy", True))]))
    convoy = next(g for g in orders_drawn(root) if "convoy" in classes(g))
    points = _points(convoy)
    assert len(points) == 3
    assert points[1] == pytest.approx(geometry.anchor("nth"), abs=0.1)
    assert convoy.find("s:polyline", NS).get("stroke-dasharray").startswith("2 ")


def test_a_hold_is_a_ring_round_the_unit():
    geometry = standard_geometry()
    root = parse(render_svg(Position.initial(), orders=[(Power.ITALY, Hold(A, "rom"))]))
    ring = orders_drawn(root)[0].find("s:circle", NS)
    assert (float(ring.get("cx")), float(ring.get("cy"))) == pytest.approx(
        geometry.anchor("rom"), abs=0.1)


def test_builds_are_marked_with_the_new_unit_and_disbands_with_a_cross_and_waive_not_at_all():
    geometry = standard_geometry()
    winter = Position(Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT),
                      (Unit(Power.RUSSIA, A, "war"),), Position.initial().supply_centers)
    root = parse(render_svg(winter, results=[
        result(Power.RUSSIA, Build(F, "stp/nc"), True),
        result(Power.RUSSIA, Disband(A, "war"), True),
        result(Power.RUSSIA, Waive(), True)]))
    drawn = orders_drawn(root)
    assert [sorted(classes(g) - {"order"}) for g in drawn] == [["build"], ["disband"]]
    build = drawn[0]
    fleet = build.find(".//*[@class='unit fleet']")
    assert _fleet_position(fleet) == pytest.approx(geometry.anchor("stp/nc"), abs=0.1)
    assert drawn[1].find(".//*[@class='cross']") is not None


def test_dislodged_units_are_offset_and_marked_and_retreat_from_there():
    geometry = standard_geometry()
    position = Position(Phase(1901, Season.SPRING, PhaseKind.RETREAT),
                        (Unit(Power.ITALY, A, "tri"),), {},
                        (DislodgedUnit(Unit(Power.AUSTRIA, F, "tri"), "ven", ("alb", "adr")),))
    root = parse(render_svg(position, results=[
        result(Power.AUSTRIA, Retreat(F, "tri", "alb"), True)]))
    dislodged = by_id(root, "dislodged-tri")
    halo = dislodged.find("s:circle", NS)
    ax, ay = geometry.anchor("tri")
    assert (float(halo.get("cx")), float(halo.get("cy"))) == pytest.approx(
        (ax + DISLODGED_OFFSET[0], ay + DISLODGED_OFFSET[1]), abs=0.1)
    assert halo.get("stroke-dasharray")
    retreat = next(g for g in orders_drawn(root) if "retreat" in classes(g))
    line = retreat.find("s:line", NS)
    start, end = (float(line.get("x1")), float(line.get("y1"))), geometry.anchor("alb")
    # The arrow leaves the edge of the dislodged unit at its offset position, not the anchor.
    offset = (ax + DISLODGED_OFFSET[0], ay + DISLODGED_OFFSET[1])
    assert math.dist(start, offset) == pytest.approx(UNIT_RADIUS + 2, abs=0.2)
    assert math.dist(offset, start) + math.dist(start, end) == pytest.approx(
        math.dist(offset, end), abs=0.2)


def _legend_text(root: ET.Element) -> list[str]:
    legend = root.find(".//s:g[@class='legend']", NS)
    return ["".join(t.itertext()) for t in legend.iter("{http://www.w3.org/2000/svg}text")]


def test_the_legend_gives_the_phase_the_game_and_each_powers_centre_count():
    start = Position.initial()
    centers = dict(start.supply_centers)
    centers[Power.RUSSIA] = centers[Power.RUSSIA] | {"swe", "rum"}
    position = Position(Phase(1903, Season.FALL, PhaseKind.RETREAT), start.units, centers)
    texts = _legend_text(parse(render_svg(position, game_name="Lepanto <3 & co")))
    assert texts[0] == "Fall 1903 · Retreats"
    assert "Lepanto <3 & co" in texts  # escaped in the SVG, intact once parsed
    assert texts[texts.index("Russia") - 1] == "6"
    assert texts[texts.index("Italy") - 1] == "3"


def test_the_legend_marks_powers_in_civil_disorder_as_sommossa_and_no_others():
    root = parse(render_svg(Position.initial(), civil_disorder={Power.ITALY, Power.TURKEY}))
    marked = {g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g")
              if g.find("s:text[@class='sommossa']", NS) is not None}
    assert marked == {"legend-italy", "legend-turkey"}
    assert _legend_text(root).count("sommossa") == 2


def test_a_long_game_name_is_shortened_so_it_cannot_run_into_the_phase_title():
    name = "The Very Long Name Of A Friendly Game Among Colleagues"
    texts = _legend_text(parse(render_svg(Position.initial(), game_name=name)))
    shown = next(t for t in texts if t.startswith("The Very"))
    assert shown.endswith("…") and len(shown) <= 30
    assert name.startswith(shown[:-1])


def test_an_order_naming_a_place_off_the_board_is_left_out_and_the_rest_drawn():
    root = parse(render_svg(Position.initial(), orders=[(Power.FRANCE, Move(A, "par", "xyz")),
                                                        (Power.FRANCE, Hold(A, "mar"))]))
    assert [sorted(classes(g)) for g in orders_drawn(root)] == [["hold", "order"]]


def test_a_unit_off_the_board_is_refused_with_its_place_named():
    position = Position(Position.initial().phase, (Unit(Power.FRANCE, A, "atl"),), {})
    with pytest.raises(ValueError, match="France A stands at 'atl'"):
        render_svg(position)


def _retreat_position(options: tuple[str, ...] | None) -> Position:
    return Position(Phase(1901, Season.FALL, PhaseKind.RETREAT), (Unit(Power.ITALY, A, "tri"),),
                    {}, (DislodgedUnit(Unit(Power.AUSTRIA, F, "tri"), "ven", options),))


def test_a_dislodged_unit_without_orders_shows_each_place_it_may_retreat_to():
    geometry = standard_geometry()
    root = parse(render_svg(_retreat_position(("alb", "adr"))))
    options = root.findall(".//s:g[@class='retreat-option']", NS)
    ends = sorted((float(g.find("s:circle", NS).get("cx")), float(g.find("s:circle", NS)
                                                                    .get("cy"))) for g in options)
    assert ends == sorted([geometry.anchor("alb"), geometry.anchor("adr")])


def test_retreat_options_give_way_to_the_retreat_ordered_and_to_a_unit_with_none():
    ordered = render_svg(_retreat_position(("alb", "adr")),
                         orders=[(Power.AUSTRIA, Retreat(F, "tri", "alb"))])
    assert 'class="retreat-option"' not in ordered
    assert 'class="retreat-option"' not in render_svg(_retreat_position(()))


def test_retreat_options_draw_no_line_across_the_board():
    """A fleet dislodged from the Mid-Atlantic may go as far as the North Atlantic or Spain's
    coast: each option is ringed where it is, and only a short stub points at it."""
    from render.svg import RETREAT_STUB
    position = Position(Phase(1901, Season.FALL, PhaseKind.RETREAT),
                        (Unit(Power.ENGLAND, F, "mao"),), {},
                        (DislodgedUnit(Unit(Power.FRANCE, F, "mao"), "eng",
                                       ("nao", "spa/nc", "por", "naf", "wes", "iri")),))
    options = parse(render_svg(position)).findall(".//s:g[@class='retreat-option']", NS)
    assert len(options) == 6
    for g in options:
        for line in g.findall("s:line", NS):
            length = math.dist((float(line.get("x1")), float(line.get("y1"))),
                               (float(line.get("x2")), float(line.get("y2"))))
            assert length <= RETREAT_STUB + 0.1
