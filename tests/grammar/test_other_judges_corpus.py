"""Order lines from other judges' parser fixtures and order-format pages, none written by us
(tests/grammar/data/other_judges_lines.tsv, each with its source), pasted as a message on the
position they were written for: at least 95% must read as meant. The test lists every line
that does not, so the rate and the misses are in its output."""

from __future__ import annotations

import csv
from pathlib import Path

from engine import Power
from grammar import parse_message
from tests.grammar.test_real_corpus import _position

DATA = Path(__file__).parent / "data" / "other_judges_lines.tsv"
RATE = 0.95


def _rows() -> list[dict]:
    lines = [line for line in DATA.read_text("utf-8").splitlines() if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))




ROWS = _rows()


def _read(row: dict) -> str:
    """What the reader makes of a line: its canonical order, or its error."""
    found = parse_message(row["line"], position=_position(row["phase"], row["units"]),
                          power=Power.parse(row["power"]))
    if len(found) != 1:
        return f"{len(found)} orders"
    return found[0].canonical if found[0].ok else f"error: {found[0].error}"


def test_the_corpus_is_large_and_names_a_source_for_every_line():
    assert len(ROWS) >= 150
    assert all(row["source"].strip() and row["meant"].strip() for row in ROWS)
    assert len({row["line"] for row in ROWS}) == len(ROWS)  # no line counted twice


def test_at_least_95_percent_of_the_lines_read_as_meant():
    misses = []
    for row in ROWS:
        read = _read(row)
        if read != row["meant"]:
            misses.append(f"{row['line']!r} ({row['source']}): meant {row['meant']}, read {read}")
    rate = 1 - len(misses) / len(ROWS)
    print(f"\n{len(ROWS) - len(misses)} of {len(ROWS)} lines read as meant ({rate:.1%})")
    print("\n".join(misses))
    assert rate >= RATE, "\n".join(misses)
