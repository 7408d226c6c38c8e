"""The drawings of the variants with a map of their own (`render/data/ancmed_map.json`,
`render/data/pure_map.json`) against the published map files' boards."""

from __future__ import annotations

import pytest

from render.geometry import read_map_data
from tests.render.map_borders import drawn_borders, inside
from tests.shared_data import shared_file
from tools.dpjudge_map import read_board_facts

# What the Ancient Mediterranean's drawing cannot show as a shared border, each with its reason.
ANCMED_EXCEPTIONS: dict[frozenset[str], str] = {
    frozenset(("bal", "tar")): "Baleares is an island: its fleets cross to Tarraconensis",
    frozenset(("bal", "sag")): "Baleares is an island: its fleets cross to Saguntum",
    frozenset(("nea", "sic")): "the Strait of Messina, where Neapolis, Sicilia, the Tyrrhenean "
                               "and Ausonian Seas meet: the seas are drawn touching",
    frozenset(("aus", "lib")): "four seas meet south of Sicily (Ausonian, Libyan, Messenian, "
                               "Gulf of Tacape): the Gulf of Tacape and Messenian are drawn "
                               "touching",
    frozenset(("gop", "thb")): "the Nile delta, where Alexandria, Thebes, Sinai and the Gulf of "
                               "Pelusium meet: Alexandria and Sinai are drawn touching",
}


@pytest.fixture(scope="module")
def ancmed() -> dict:
    return read_map_data("ancmed")


@pytest.fixture(scope="module")
def ancmed_board():
    return read_board_facts(shared_file("variants", "ancmed.map").read_text(encoding="utf-8"))


def _names(pairs) -> list[str]:
    return sorted("-".join(sorted(pair)) for pair in pairs)


def test_ancmed_provinces_touch_on_the_map_exactly_where_the_map_file_has_them_adjacent(
        ancmed, ancmed_board):
    drawn = drawn_borders(ancmed)
    extra = drawn - ancmed_board.borders
    missing = ancmed_board.borders - drawn - set(ANCMED_EXCEPTIONS)
    assert not extra, f"drawn as neighbours but not adjacent: {_names(extra)}"
    assert not missing, f"adjacent but not drawn touching: {_names(missing)}"
    # every exception is still needed: a stale one would hide a border drawn since
    assert not set(ANCMED_EXCEPTIONS) & drawn
    assert set(ANCMED_EXCEPTIONS) <= ancmed_board.borders


def test_ancmed_provinces_kinds_and_centres_are_the_map_file_s(ancmed, ancmed_board):
    assert set(ancmed["provinces"]) == set(ancmed_board.kinds)
    assert len(ancmed["provinces"]) == 79
    for pid, province in ancmed["provinces"].items():
        assert province["kind"] == ancmed_board.kinds[pid], pid
        assert province["outline"], pid
    marked = {pid for pid, p in ancmed["provinces"].items() if p.get("center")}
    assert marked == ancmed_board.centers
    assert len(marked) == 34


@pytest.mark.parametrize("name", ["ancmed", "pure"])
def test_anchors_markers_and_labels_lie_inside_their_province(name):
    data = read_map_data(name)
    for pid, p in data["provinces"].items():
        points = {"anchor": p["anchor"], "label": p["label"]}
        if p.get("center"):
            points["center"] = p["center"]
        for what, point in points.items():
            assert inside(*point, p["outline"]), f"{name}: {pid} {what} {point} is outside"
        for ring in p["outline"]:
            assert min(ring[0::2]) >= 0 and max(ring[0::2]) <= data["width"], pid
            assert min(ring[1::2]) >= 0 and max(ring[1::2]) <= data["height"], pid


def test_pure_is_seven_wedges_each_touching_its_two_neighbours_and_meeting_at_the_centre():
    data = read_map_data("pure")
    board = read_board_facts(shared_file("variants", "pure.map").read_text(encoding="utf-8"))
    assert set(data["provinces"]) == set(board.kinds) and len(board.kinds) == 7
    drawn = drawn_borders(data)
    assert len(drawn) == 7                      # a ring: each wedge borders two others
    assert drawn <= board.borders               # all 21 pairs are adjacent on the board
    assert all(sum(pid in pair for pair in drawn) == 2 for pid in data["provinces"])
    first_points = {tuple(p["outline"][0][:2]) for p in data["provinces"].values()}
    assert first_points == {(600.0, 450.0)}     # every wedge starts at the common centre
    assert all(p.get("center") for p in data["provinces"].values())
