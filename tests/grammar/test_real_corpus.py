"""Order lines none of us wrote (tests/grammar/data/real_order_lines.tsv: rulebooks, judge help
pages, players' posts, each with its source), pasted as a message on the position they were
written for and read as they were meant."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from engine import Phase, Position, Power, Unit, UnitType
from grammar import parse_message
from tests.grammar.positions import OPENING

DATA = Path(__file__).parent / "data" / "real_order_lines.tsv"


def _rows() -> list[dict]:
    lines = [line for line in DATA.read_text("utf-8").splitlines() if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))


def _position(phase: str, units: str) -> Position:
    if units == "opening":
        return Position(Phase.parse(phase), OPENING.units, OPENING.supply_centers)
    placed = []
    for unit in units.split(";"):
        power, kind, where = unit.split()
        placed.append(Unit(Power.parse(power), UnitType(kind), where))
    return Position(Phase.parse(phase), tuple(placed), OPENING.supply_centers)


ROWS = _rows()


def test_the_corpus_names_a_source_for_every_line():
    assert len(ROWS) >= 30
    assert all(row["source"].strip() for row in ROWS)
    assert len({row["source"].split(" (")[0] for row in ROWS}) >= 8  # many sources


@pytest.mark.parametrize("row", ROWS, ids=[row["line"] for row in ROWS])
def test_a_real_line_reads_as_meant(row):
    position = _position(row["phase"], row["units"])
    [read] = parse_message(row["line"], position=position, power=Power.parse(row["power"]))
    assert read.ok, f"{row['line']!r}: {read.error}"
    assert read.canonical == row["meant"], f"{row['line']!r}: {read.notes}"
