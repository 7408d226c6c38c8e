"""`arbitro demo`: the rulebook's example game (seed 000, ESEMPIO DI GIOCO) through the
service, with the orders as printed. Each season must turn out as the rulebook says."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from arbitro.cli import main

PHASES = ["S1901M", "F1901M", "W1901A", "S1902M", "F1902M", "F1902R", "W1902A"]


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("demo")
    assert main(["demo", "--out", str(out)]) == 0
    return out


def results(demo: Path, phase: str) -> dict[str, str]:
    with sqlite3.connect(demo / "demo.sqlite") as conn:
        rows = conn.execute("SELECT r.order_text, r.status FROM results r JOIN phases p "
                            "ON p.id = r.phase_id WHERE p.name = ?", (phase,)).fetchall()
    return dict(rows)


def moves_that_happened(demo: Path, phase: str) -> set[str]:
    return {order for order, status in results(demo, phase).items()
            if " - " in order and " S " not in order and " C " not in order
            and status == "succeeds"}


def units(demo: Path, phase: str) -> set[str]:
    record = next(r for r in json.loads((demo / "game.json").read_text()) if r["phase"] == phase)
    return {f"{u['power']} {u['type']} {u['location'].upper()}" for u in record["units_after"]}


def test_the_demo_writes_each_phase_in_play_order_and_game_json(demo):
    for number, phase in enumerate(PHASES, 1):
        assert (demo / f"{number:02d}_{phase}.png").read_bytes().startswith(b"\x89PNG")
        assert f"results of {phase}" in (demo / f"{number:02d}_{phase}.txt").read_text()
    record = json.loads((demo / "game.json").read_text())
    assert [r["phase"] for r in record] == PHASES
    for entry in record:
        assert set(entry) == {"phase", "units_after", "dislodged_after", "supply_centers_after"}


def test_spring_1901_everything_moves_but_the_two_to_galicia_and_to_the_black_sea(demo):
    failed = {o for o, s in results(demo, "S1901M").items() if s != "succeeds"}
    assert failed == {"A WAR - GAL", "A BUD - GAL", "F SEV - BLA", "F ANK - BLA"}


def test_fall_1901_belgium_marseilles_serbia_stand_off_and_con_bul_fails(demo):
    failed = {o for o, s in results(demo, "F1901M").items() if s != "succeeds"}
    assert failed == {"A RUH - BEL", "F PIC - BEL", "A BUR - MAR", "A PIE - MAR",
                      "A BUL - SER", "A BUD - SER", "A CON - BUL"}
    assert "England A NWY" in units(demo, "F1901M")             # convoyed from Yorkshire


def test_winter_1901_the_builds_of_the_rulebook(demo):
    built = {"England F EDI", "Germany F KIE", "Germany A MUN", "Russia A STP", "Russia A SEV",
             "Turkey A SMY", "Austria A VIE", "Italy F NAP", "France F MAR"}
    assert built <= units(demo, "W1901A")
    assert set(results(demo, "W1901A").values()) == {"succeeds"}


def test_spring_1902_only_the_moves_the_rulebook_lists(demo):
    assert moves_that_happened(demo, "S1902M") == {
        "A HOL - BEL", "F KIE - HOL", "A SMY - ARM", "A BUD - SER", "F TUN - WES",
        "F NAP - TYS", "A POR - SPA"}
    assert results(demo, "S1902M")["A BUR S F PIC - BEL"] == "fails"    # cut from Munich


def test_fall_1902_moves_the_russian_fleet_destroyed_and_two_retreats(demo):
    assert moves_that_happened(demo, "F1902M") == {
        "A NWY - STP", "F NTH - NWY", "F EDI - NTH", "A RUH - BUR", "A BUL - RUM",
        "A CON - BUL", "A TRI - BUD", "F WES - MAO", "F TYS - LYO"}
    record = next(r for r in json.loads((demo / "game.json").read_text())
                  if r["phase"] == "F1902M")
    dislodged = {(d["power"], d["type"], d["location"]): d["retreat_options"]
                 for d in record["dislodged_after"]}
    assert dislodged[("Russia", "F", "rum")] == []              # annientata
    assert "mos" in dislodged[("Russia", "A", "stp")] and "gas" in dislodged[("France", "A",
                                                                              "bur")]
    assert results(demo, "F1902R") == {"A STP R MOS": "succeeds", "A BUR R GAS": "succeeds"}
    after = units(demo, "F1902R")
    assert {"Russia A MOS", "France A GAS"} <= after and "Russia F RUM" not in after


def test_winter_1902_builds_and_the_one_russian_removal(demo):
    after = units(demo, "W1902A")
    assert {"Germany F KIE", "Turkey F SMY", "Austria A TRI", "France A PAR",
            "England F LON"} <= after
    assert "Russia A GAL" not in after
    assert set(results(demo, "W1902A").values()) == {"succeeds"}
    assert sum(1 for u in after if u.startswith("Russia")) == 4
