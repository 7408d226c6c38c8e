"""`arbitro variants`, `arbitro adjudicate --variant` and `arbitro parse --variant`, through
the real command (CONTRACTS.md, "Variants")."""

from __future__ import annotations

import json
import subprocess
import sys


def _arbitro(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "arbitro", *args], input=stdin,
                          capture_output=True, text=True, timeout=60, check=False)


def test_variants_lists_id_powers_and_name_one_per_line():
    done = _arbitro("variants")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0] == "standard 7 Standard"
    assert {line.split()[0] for line in lines} == {
        "standard", "fleet_rome", "france_austria", "germany_italy", "pure", "chaos", "ancmed"}
    assert "chaos 34 Chaos" in lines and "ancmed 5 Ancient Mediterranean" in lines


ANCMED = {"phase": "movement", "season": "Spring 1",
          "units": [{"power": "Carthage", "type": "A", "location": "tar"},
                    {"power": "Carthage", "type": "F", "location": "bal"},
                    {"power": "Carthage", "type": "F", "location": "ber"}],
          "orders": {"Carthage": ["A TAR - MAU", "F BAL C A TAR - MAU", "F BER C A TAR - MAU"]}}


def test_adjudicate_takes_the_variant_from_the_flag_or_the_record():
    by_flag = _arbitro("adjudicate", "--variant", "ancmed", stdin=json.dumps(ANCMED))
    assert by_flag.returncode == 0, by_flag.stderr
    result = json.loads(by_flag.stdout)
    assert set(result["order_results"].values()) == {"succeeds"}
    assert {"power": "Carthage", "type": "A", "location": "mau"} in result["units_after"]
    by_record = _arbitro("adjudicate", "--variant", "standard",
                         stdin=json.dumps(dict(ANCMED, variant="ancmed")))
    assert json.loads(by_record.stdout) == result


def test_adjudicate_refuses_an_unknown_variant():
    done = _arbitro("adjudicate", "--variant", "atlantis", stdin=json.dumps(ANCMED))
    assert done.returncode == 2 and "unknown variant 'atlantis'" in done.stderr


def test_parse_reads_a_variants_provinces_in_three_languages():
    lines = "F Neapolis - Tyrrhenean Sea\nF Napoli - Mar Tirreno\nA Rome - Etrurië\nA Rav H\n"
    done = _arbitro("parse", "--variant", "ancmed", "--power", "Roma", stdin=lines)
    assert done.returncode == 0, done.stderr
    read = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["order"] for r in read] == ["F NEA - TYN", "F NEA - TYN", "A ROM - ETR",
                                          "A RAV H"]
    assert all(r["ok"] and r.get("valid", True) for r in read)


def test_parse_on_chaos_opens_with_its_builds():
    done = _arbitro("parse", "--variant", "chaos", "--power", "Parigi",
                    stdin="costruisci armata a Parigi\nA Lon B\n")
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["order"] == "A PAR B" and first.get("valid", True)
    assert second["order"] == "A LON B" and second["valid"] is False
