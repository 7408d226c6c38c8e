"""`arbitro parse` as CONTRACTS.md describes it, run as a real command."""

from __future__ import annotations

import json
import subprocess
import sys


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "arbitro", "parse", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)


def _objects(done: subprocess.CompletedProcess) -> list[dict]:
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_one_json_object_per_input_line_in_order():
    out = _objects(_run("--power", "Italy", stdin="A Ven-Tri\nF Nap - Tyr\n\nA Ven-Pie-Mar\n"))
    assert out == [
        {"input": "A Ven-Tri", "ok": True, "order": "A VEN - TRI", "notes": []},
        {"input": "F Nap - Tyr", "ok": True, "order": "F NAP - TYS",
         "notes": ["“Tyr” read as Tyrrhenian Sea (TYS)"]},
        {"input": "", "ok": False,
         "error": "no order here; expected a unit (A or F) or a province",
         "candidates": []},
        {"input": "A Ven-Pie-Mar", "ok": False,
         "error": "a unit moves only one province per phase, but “Ven-Pie-Mar” has 2 steps",
         "candidates": []},
    ]


def test_an_order_that_cannot_succeed_carries_valid_false_and_a_reason():
    out = _objects(_run("--power", "italia", stdin="A Vie - Tri\n"))
    assert out == [{"input": "A Vie - Tri", "ok": True, "order": "A VIE - TRI", "notes": [],
                    "valid": False, "reason": "the unit in Vienna (VIE) belongs to Austria"}]


def test_ambiguity_gives_candidates_and_the_language_flag_decides_conflicts(tmp_path):
    position = {"phase": "movement", "season": "Spring 1902",
                "units": [{"power": "England", "type": "F", "location": "nwg"}]}
    path = _write(tmp_path, position)
    auto = _objects(_run("--position", path, stdin="F Nwg - Nor\n"))[0]
    assert auto["ok"] is False
    assert set(auto["candidates"]) == {"F NWG - NWY", "F NWG - NTH", "F NWG - NAO"}
    italian = _objects(_run("--position", path, "--lang", "it", stdin="F Nwg - Nor\n"))[0]
    assert italian["order"] == "F NWG - NWY"


def test_phase_flag_reads_builds_and_retreats():
    out = _objects(_run("--phase", "adjustment", "--power", "Germany",
                        stdin="Build A Ber\nA Ber - Kie\n"))
    assert out[0]["order"] == "A BER B"
    assert out[0]["valid"] is False and out[0]["reason"] == "Berlin (BER) is occupied"
    assert out[1] == {"input": "A Ber - Kie", "ok": False, "candidates": [],
                      "error": "a move order cannot be given in the adjustment phase; here you "
                               "can give: build, disband, waive"}


def test_position_file_with_dislodged_units_reads_retreats(tmp_path):
    position = {"phase": "retreat", "season": "Fall 1901",
                "units": [{"power": "Germany", "type": "A", "location": "bur"}],
                "dislodged": [{"power": "France", "type": "A", "location": "bur",
                               "attacker_from": "mun"}]}
    out = _objects(_run("--position", _write(tmp_path, position), "--power", "France",
                        stdin="A Bur R Gas\nA Bur - Mun\n"))
    assert out[0] == {"input": "A Bur R Gas", "ok": True, "order": "A BUR R GAS", "notes": []}
    assert out[1]["valid"] is False
    assert out[1]["reason"] == "the unit cannot retreat to Munich (MUN)"


def test_bad_arguments_exit_with_status_two_and_a_message():
    done = _run("--power", "Atlantis", stdin="A Ven - Tri\n")
    assert done.returncode == 2
    assert "unknown power: 'Atlantis'" in done.stderr
    done = _run("--position", "/nonexistent/position.json", stdin="A Ven - Tri\n")
    assert done.returncode == 2
    assert "cannot read the position" in done.stderr


def _write(folder, record: dict) -> str:
    path = folder / "position.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def test_an_unknown_language_exits_with_status_two():
    done = _run("--lang", "fr", stdin="A Ven - Tri\n")
    assert done.returncode == 2
    assert "unknown language 'fr': use auto, en, it, nl" in done.stderr


def test_the_rules_flag_decides_a_fleets_move_to_its_one_reachable_coast(tmp_path):
    position = {"phase": "movement", "season": "Spring 1902",
                "units": [{"power": "Turkey", "type": "F", "location": "bla"}]}
    path = _write(tmp_path, position)
    strict = _objects(_run("--position", path, "--rules", "1971", stdin="F Bla - Bul\n"))[0]
    default = _objects(_run("--position", path, stdin="F Bla - Bul\n"))[0]
    lenient = _objects(_run("--position", path, "--rules", "2023", stdin="F Bla - Bul\n"))[0]
    assert strict == default == {
        "input": "F Bla - Bul", "ok": False, "candidates": ["F BLA - BUL/EC"],
        "error": "Bulgaria (BUL) has two coasts, and from there only the east coast can be "
                 "reached: write BUL/EC"}
    assert lenient == {"input": "F Bla - Bul", "ok": True, "order": "F BLA - BUL/EC",
                       "notes": ["coast filled in: bul/ec"]}
    assert _run("--rules", "1999", stdin="").returncode == 2
