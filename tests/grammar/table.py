"""Shared runner for the per-language tables: each row is (input, canonical order, position)."""

from __future__ import annotations

from engine import Position, Power
from grammar import parse_line


def check_row(text: str, expected: str, position: Position, lang: str,
              power: Power | None = None) -> None:
    parsed = parse_line(text, position=position, power=power, lang=lang)
    assert parsed.ok, f"{text!r}: {parsed.error}"
    assert parsed.canonical == expected, f"{text!r}: {parsed.canonical} (notes {parsed.notes})"
    assert parsed.valid, f"{text!r}: {parsed.canonical} is not valid: {parsed.reason}"
    # The same line must read the same in auto mode (the three vocabularies at once).
    auto = parse_line(text, position=position, power=power, lang="auto")
    assert auto.canonical == expected, f"auto {text!r}: {auto.canonical or auto.error}"
