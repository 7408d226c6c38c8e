"""`arbitro play` as CONTRACTS.md describes it, run as a real command."""

from __future__ import annotations

import json
import os
import subprocess
import sys


def _run(*args: str, stdin: str = "", env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "arbitro", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False,
                          env={**os.environ, **(env or {})})


OPENING = {"phase": "movement", "season": "Spring 1901", "units": [
    {"power": "France", "type": "A", "location": "par"},
    {"power": "France", "type": "A", "location": "mar"},
    {"power": "France", "type": "F", "location": "bre"},
    {"power": "Germany", "type": "A", "location": "mun"}],
    "supply_centers": {"France": ["par", "mar", "bre"], "Germany": ["mun"]}}


def test_orders_from_stdin_are_what_adjudicate_reads(tmp_path) -> None:
    done = _run("play", "France", "--think-ms", "200", stdin=json.dumps(OPENING))
    assert done.returncode == 0, done.stderr
    orders = json.loads(done.stdout)
    assert isinstance(orders, list) and len(orders) == 3
    assert sorted(o.split()[1] for o in orders) == ["BRE", "MAR", "PAR"]
    record = {**OPENING, "orders": {"France": orders}}
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    judged = _run("adjudicate", str(path))
    assert judged.returncode == 0, judged.stderr
    results = json.loads(judged.stdout)["order_results"]
    assert set(results) == {f"France: {o}" for o in orders}
    assert "invalid" not in results.values()
    assert "illegal" not in json.dumps(json.loads(judged.stdout)["order_reasons"])


def test_same_seed_same_output_in_another_process(tmp_path) -> None:
    path = tmp_path / "opening.json"
    path.write_text(json.dumps(OPENING))
    runs = [_run("play", "france", "--seed", "5", "--think-ms", "200", str(path),
                 env={"PYTHONHASHSEED": str(h)}) for h in (1, 2)]
    assert all(r.returncode == 0 for r in runs), [r.stderr for r in runs]
    assert runs[0].stdout == runs[1].stdout


def test_retreat_and_adjustment_records() -> None:
    retreat = {"phase": "retreat", "season": "Fall 1901", "units": [
        {"power": "Germany", "type": "A", "location": "bur"}],
        "dislodged": [{"power": "France", "type": "A", "location": "bur",
                       "attacker_from": "mun", "retreat_options": ["pic"]}],
        "supply_centers": {"France": ["par"], "Germany": ["mun"]}}
    done = _run("play", "France", stdin=json.dumps(retreat))
    assert json.loads(done.stdout) == ["A BUR R PIC"]
    builds = {"phase": "adjustment", "season": "Winter 1901", "units": [],
              "supply_centers": {"France": ["par"]}}
    done = _run("play", "Francia", "--rules", "2023", stdin=json.dumps(builds))
    assert json.loads(done.stdout) in (["A PAR B"],)


def test_bad_input_is_refused_with_a_message() -> None:
    unknown = _run("play", "Narnia", stdin=json.dumps(OPENING))
    assert unknown.returncode == 2 and "unknown power" in unknown.stderr
    variant = _run("play", "France", stdin=json.dumps({**OPENING, "variant": "atlantis"}))
    assert variant.returncode == 2 and "unknown variant" in variant.stderr
    garbage = _run("play", "France", stdin="{not json")
    assert garbage.returncode == 2 and "cannot read input" in garbage.stderr
    budget = _run("play", "France", "--think-ms", "0", stdin=json.dumps(OPENING))
    assert budget.returncode == 2 and "--think-ms" in budget.stderr


ANCMED = {"phase": "movement", "season": "Spring 1", "variant": "ancmed", "units": [
    {"power": "Rome", "type": "A", "location": "rom"},
    {"power": "Rome", "type": "A", "location": "rav"},
    {"power": "Rome", "type": "F", "location": "nea"},
    {"power": "Carthage", "type": "F", "location": "tha"}],
    "supply_centers": {"Rome": ["rom", "rav", "nea"], "Carthage": ["tha"]}}


def test_a_variant_record_is_played_on_its_own_board(tmp_path) -> None:
    """The record's "variant" (or --variant for one that names none) gives the board and the
    powers, named in any of the three languages; the orders are legal there."""
    done = _run("play", "Roma", "--think-ms", "200", stdin=json.dumps(ANCMED))
    assert done.returncode == 0, done.stderr
    orders = json.loads(done.stdout)
    assert sorted(o.split()[1] for o in orders) == ["NEA", "RAV", "ROM"]
    unnamed = {k: v for k, v in ANCMED.items() if k != "variant"}
    flagged = _run("play", "Rome", "--variant", "ancmed", "--think-ms", "200",
                   stdin=json.dumps(unnamed))
    assert flagged.returncode == 0, flagged.stderr
    path = tmp_path / "record.json"
    path.write_text(json.dumps({**ANCMED, "orders": {"Rome": orders}}))
    judged = _run("adjudicate", str(path))
    assert judged.returncode == 0, judged.stderr
    assert "illegal" not in json.dumps(json.loads(judged.stdout)["order_reasons"])
    assert _run("play", "Rome", "--variant", "atlantis",
                stdin=json.dumps(unnamed)).returncode == 2
