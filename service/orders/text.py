"""Order text in, order values out: the one place the service reads what players write.

Free text in English, Italian or Dutch is the order language's job (`grammar.parse_message`).
Until that module is importable, the engine's reader of the canonical notation stands in,
so the service and its tests run with canonical orders (`A PAR - BUR`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.orders import Order, OrderSyntaxError, parse_order
from engine.position import Position
from engine.vocabulary import Power


@dataclass(frozen=True)
class Reading:
    """One line as read (the fields of grammar.ParsedLine the service uses)."""

    input: str
    ok: bool
    order: Order | None = None
    notes: tuple[str, ...] = ()
    error: str | None = None
    candidates: tuple[str, ...] = ()
    language: str | None = None
    error_key: str | None = None     # the service's own refusal (see LineReport)
    error_params: Mapping[str, Any] = field(default_factory=dict)


_HEADER = re.compile(r"^[\s*_#]*([^\W\d_][\w-]*)[\s*_]*(:?)[\s*_]*(.*)$")


def power_header(line: str) -> tuple[Power, str] | None:
    """`England:`, `**INGHILTERRA**`, `Rusland` -> (the power, ""); `FRANCIA: A Par-Bur` ->
    (France, "A Par-Bur"); a line that does not start with a power's name -> None."""
    match = _HEADER.match(line)
    if not match or (match.group(3) and not match.group(2)):
        return None
    try:
        return Power.parse(match.group(1)), match.group(3).strip()
    except ValueError:
        return None


def read_orders(text: str, *, position: Position, power: Power, lang: str = "auto",
                reply_lang: str | None = None, rules: str | None = None) -> list[Reading]:
    """Every non-blank, non-header line of `text`, read as an order of `power`. A line that
    is not meant as an order (small talk, a question, a lone province name: see
    `grammar.intent`) is refused as such, whatever the reader would have made of it. Without
    `reply_lang`, every line is answered in the language most of the orders are written in."""
    try:
        from grammar import parse_message
        from grammar.intent import looks_like_order
        from grammar.lexicon import names_board
    except ImportError:
        return _read_canonical(text, position)

    def parsed(reply: str | None) -> list:
        return parse_message(text, position=position, power=power, lang=lang,
                             reply_lang=reply, rules=rules)

    board = names_board(position.variant)      # an Ancient Mediterranean game's own names
    lines = [(line, looks_like_order(line.input, board)) for line in parsed(reply_lang)]
    if reply_lang is None:
        written = majority_language(line.language for line, meant in lines if meant)
        if written and any(meant and line.language != written for line, meant in lines):
            lines = [(line, looks_like_order(line.input, board)) for line in parsed(written)]
    # Either may say a line is no order: the intent check before reading, or the reader
    # after (a line of place names with no unit and no order word).
    return [_reading(line) if meant and getattr(line, "error_kind", None) != "not_an_order"
            else not_an_order(line.input) for line, meant in lines]


def _reading(line: Any) -> Reading:
    return Reading(line.input, bool(line.ok), line.order if line.ok else None,
                   tuple(line.notes or ()), line.error, tuple(line.candidates or ()),
                   getattr(line, "language", None))


def not_an_order(line: str) -> Reading:
    """The refusal of a line that is not meant as an order: no suggestions, nothing recorded."""
    return Reading(line, False, error="this does not look like an order: nothing was recorded",
                   error_key="orders.not_an_order")


def majority_language(languages: Iterable[str | None]) -> str | None:
    """The language most of the lines are written in (the first of a tie), or None."""
    counts: dict[str, int] = {}
    for language in languages:
        if language:
            counts[language] = counts.get(language, 0) + 1
    return max(counts, key=counts.__getitem__) if counts else None


def grammar_available() -> bool:
    try:
        from grammar import parse_message  # noqa: F401
    except ImportError:
        return False
    return True


def _read_canonical(text: str, position: Position) -> list[Reading]:
    readings: list[Reading] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or power_header(line):
            continue
        try:
            readings.append(Reading(line, True, parse_order(line, position.phase.kind)))
        except OrderSyntaxError:
            readings.append(Reading(line, False, error=(
                f"{line!r} is not an order in canonical notation (for example A PAR - BUR, "
                f"F NTH C A LON - BEL, A MUN B); the free-text reader is not installed"),
                error_key="orders.not_canonical", error_params={"line": line}))
    return readings
