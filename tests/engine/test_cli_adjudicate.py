"""`arbitro adjudicate` as CONTRACTS.md describes it, run as a real command."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.shared_data import shared_file


def _run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "arbitro", "adjudicate", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)


def test_one_record_from_stdin_gives_one_object() -> None:
    record = {"id": "x", "phase": "movement", "season": "Fall 1901",
              "units": [{"power": "France", "type": "A", "location": "bur"}],
              "supply_centers": {"France": ["par"]},
              "orders": {"France": ["A BUR - BEL", "not an order"]}}
    done = _run(stdin=json.dumps(record))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["id"] == "x"
    assert out["units_after"] == [{"power": "France", "type": "A", "location": "bel"}]
    assert out["order_results"] == {"France: A BUR - BEL": "succeeds",
                                    "France: not an order": "invalid"}
    assert out["supply_centers_after"] == {"France": ["bel", "par"]}


def test_record_rules_win_over_the_flag() -> None:
    record = {"phase": "movement", "units": [{"power": "France", "type": "F",
                                              "location": "gas"}],
              "orders": {"France": ["F GAS - SPA"]}}
    as_1971 = json.loads(_run("--rules", "1971", stdin=json.dumps(record)).stdout)
    as_2023 = json.loads(_run("--rules", "2023", stdin=json.dumps(record)).stdout)
    record["rules"] = "2023"
    forced = json.loads(_run("--rules", "1971", stdin=json.dumps(record)).stdout)
    assert as_1971["order_results"]["France: F GAS - SPA"] == "fails"
    assert as_2023["units_after"][0]["location"] == "spa/nc"
    assert forced == as_2023


def test_the_whole_datc_file_in_one_process() -> None:
    done = _run("--rules", "2023", str(shared_file("datc", "datc.json")))
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    assert len(results) == 165
    assert results[0]["id"] == "6.A.1"
    assert all({"units_after", "dislodged_after", "order_results"} <= set(r) for r in results)


def test_retreat_record_learns_options_from_the_preceding_phase() -> None:
    records = [r for r in json.loads(shared_file("datc", "datc.json").read_text())
               if r["id"] == "6.H.9"]
    out = json.loads(_run("--rules", "2023", stdin=json.dumps(records)).stdout)
    assert out[0]["order_results"] == {"Germany: F KIE - BER": "succeeds"}
    assert {"power": "Germany", "type": "F", "location": "ber"} in out[0]["units_after"]


def test_unreadable_input_is_a_clear_error() -> None:
    done = _run(stdin="{not json")
    assert done.returncode == 2
    assert "cannot read input" in done.stderr
