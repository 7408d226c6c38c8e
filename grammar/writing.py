"""Orders written out in a language's own words, the reverse of reading them: examples a
player can copy and change (`A PAR - BUR` -> "A Parigi - Borgogna"). Every text written here
reads back as the same order (tests/grammar/test_writing.py)."""

from __future__ import annotations

from engine.orders import Build, Disband, Hold, Move, Order, Retreat
from engine.vocabulary import province_of
from grammar.lexicon import display_name, vocabulary


def written(order: Order, language: str) -> str:
    """`order` as a player of `language` would write it, with full province names; the
    canonical notation for the kinds of order not written out here (supports, convoys)."""
    unit = order.unit.value if getattr(order, "unit", None) else ""
    if isinstance(order, Move | Retreat):
        return f"{unit} {place(order.location, language)} - {place(order.target, language)}"
    if isinstance(order, Hold):
        return f"{unit} {place(order.location, language)} {_word('hold', language)}"
    if isinstance(order, Build | Disband):
        kind = "build" if isinstance(order, Build) else "disband"
        return " ".join(filter(None, (_word(kind, language), unit,
                                      place(order.location, language))))
    return order.canonical()


def place(location: str, language: str) -> str:
    """A location's full name: `stp/sc` -> "San Pietroburgo costa sud" in Italian."""
    name = display_name(province_of(location), language)
    if "/" in location:
        coast = vocabulary(language)["coast_names"].get(location.split("/", 1)[1])
        return f"{name} {coast}" if coast else f"{name} ({location.upper()})"
    return name


def _word(kind: str, language: str) -> str:
    """The order word a player writes out in full (`hold`, `costruisci`, `ontbind`)."""
    words = vocabulary(language)["keywords"][kind]
    return next((w for w in words if len(w) > 3 and w.isalpha()), words[0])
