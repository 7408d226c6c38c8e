"""`arbitro adjudicate` writes its results with `arbitro.json_text.dumps_indented`: the same bytes
as `json.dump(..., indent=1)`, the way it wrote them before, on the DATC records, on recorded
game phases, through the real command, and on any JSON value."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.commands.adjudicate import results_of
from arbitro.json_text import dumps_indented
from tests.shared_data import load_json, shared_file


def _standard_library(value) -> str:
    """What the command wrote before: `json.dump(value, sys.stdout, indent=1)`."""
    from io import StringIO

    out = StringIO()
    json.dump(value, out, indent=1)
    return out.getvalue()


@pytest.mark.parametrize("rules", ["1971", "2023"])
def test_datc_results_are_written_as_json_dump_writes_them(rules: str) -> None:
    results = results_of(load_json("datc", "datc.json"), rules)
    assert len(results) == 165
    assert dumps_indented(results) == _standard_library(results)
    for result in results:  # one record alone, as `arbitro adjudicate` prints it
        assert dumps_indented(result) == _standard_library(result)


def _game_records(game: dict) -> list[dict]:
    """A game's movement and adjustment phases in the layout `arbitro adjudicate` reads."""
    return [{"id": f"{game['id']} {phase['phase']}", "phase": phase["type"],
             "season": phase["season"], "units": phase["units_before"],
             "supply_centers": phase["centers_before"], "orders": phase["orders"]}
            for phase in game["phases"] if phase["type"] in ("movement", "adjustment")]


def test_game_phases_are_written_as_json_dump_writes_them() -> None:
    folder = shared_file("games")
    records = [r for path in sorted(folder.glob("*.json"))
               for r in _game_records(json.loads(path.read_text(encoding="utf-8")))]
    assert len(records) > 500
    results = results_of(records, "2023")
    assert any(r["dislodged_after"] for r in results)
    assert any("civil_disorder_removes" in r for r in results)
    assert dumps_indented(results) == _standard_library(results)


def test_the_command_prints_what_json_dump_printed(tmp_path: Path) -> None:
    datc = shared_file("datc", "datc.json")
    done = subprocess.run([sys.executable, "-m", "arbitro", "adjudicate", "--rules", "2023",
                           str(datc)], capture_output=True, timeout=120, check=False,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert done.returncode == 0, done.stderr
    expected = _standard_library(results_of(load_json("datc", "datc.json"), "2023")) + "\n"
    assert done.stdout == expected.encode("utf-8")


_SCALARS = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=8)
            | st.floats(allow_nan=False) | st.sampled_from(["A", "F", "par", "", "é", "\u2028"]))
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (st.lists(inner, max_size=5) | st.tuples(inner, inner)
                   | st.dictionaries(st.sampled_from(["power", "type", "location", "x", "é"])
                                     | st.text(max_size=4), inner, max_size=5)),
    max_leaves=40)


@settings(max_examples=int(os.environ.get("ARBITRO_EXAMPLES", "300")), deadline=None)
@given(value=_VALUES, indent=st.integers(0, 4))
def test_any_json_value_is_written_as_json_dumps_writes_it(value, indent: int) -> None:
    assert dumps_indented(value, indent) == json.dumps(value, indent=indent)


def test_look_alike_objects_keep_their_own_text() -> None:
    """Kept texts of small objects are told apart by their members' types and depth."""
    value = [{"a": True}, {"a": 1}, {"a": None}, {"a": "1"}, [{"a": 1}], {"b": [{"a": 1}]}]
    assert dumps_indented(value) == json.dumps(value, indent=1)


def test_values_it_does_not_know_are_the_standard_librarys_answer() -> None:
    assert dumps_indented({1: "a", "b": 2.5}) == json.dumps({1: "a", "b": 2.5}, indent=1)
    cyclic: list = []
    cyclic.append(cyclic)
    with pytest.raises(ValueError, match="Circular"):
        dumps_indented(cyclic)
