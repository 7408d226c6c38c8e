"""The shortcuts taken for speed give exactly what the plain way gives: the tokens of a line
cut at spaces first, the words remembered as written, a ParsedLine made without its
constructor, and every answer remembered between calls."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Power
from grammar import ParsedLine, api, parse_line, parse_message, readings, syntax, verdicts
from grammar.lexer import _TOKEN, lexemes, tokens
from grammar.lexicon import lexicon
from tests.grammar.positions import ADJUSTMENT, OPENING, RETREAT

PIECES = st.sampled_from(["A", "Ven", "-", "Tri", "Ven-Tri", "->", "-->", "(Cs)", "StP/sc",
                          "½", "²", "12ab", "__", "\u00a0", "\u2003", "\t", " ", "\n",
                          "Venetië", "e\u0301", "🙂", "\u200b", "S.", "d'Irlanda", "—"])


def _regex_tokens(line: str) -> list[tuple[str, str, int, int]]:
    return [(m.lastgroup or "other", m.group(), *m.span()) for m in _TOKEN.finditer(line)]


def _forget_everything() -> None:
    api._read.cache_clear()
    api._CANONICAL.clear()
    verdicts.forget()
    readings.forget()
    for mode in ("auto", "en", "it", "nl"):
        lexicon(mode).memo.clear()
        lexicon(mode).written.clear()
    syntax._PATTERNS.clear()


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=80), st.lists(PIECES, max_size=20).map("".join)))
def test_tokens_cut_at_spaces_are_the_regular_expressions_tokens(line):
    assert tokens(line) == _regex_tokens(line)


@pytest.mark.parametrize("line", ["A Ven - Tri", "Flotta Mare del Nord TRA A Yor - Ola",
                                  "F Sint-Petersburg zuidkust - Botnische Golf",
                                  "A Mar d'Irlanda", "F Mare Mare del Nord", "tyr tyr Tyr"])
def test_words_remembered_as_written_read_as_the_first_time(line):
    lex = lexicon("auto")
    lex.written.clear()
    lex.memo.clear()
    first = lexemes(line, lex)
    assert lex.written  # something was remembered
    assert lexemes(line, lex) == first


def test_a_parsed_line_equals_the_one_its_constructor_makes_and_stays_frozen():
    line = parse_line("F Nap - Tyr", position=OPENING, power=Power.ITALY)
    fields = {f.name: getattr(line, f.name) for f in dataclasses.fields(ParsedLine)}
    assert line == ParsedLine(**fields)
    assert hash(line) == hash(ParsedLine(**fields))
    assert line.canonical == "F NAP - TYS" and line.notes
    with pytest.raises(dataclasses.FrozenInstanceError):
        line.ok = False  # type: ignore[misc]


WORDS = st.sampled_from(["A", "F", "a", "S", "C", "-", "Ven", "Tri", "Rom", "Apu", "Nap",
                         "Tyr", "Ion", "via", "H", "XXX", "APP", "naar", "nc", "Bur", "Par",
                         "Mar", "Spa", "sc", "build", "Kiel", "R", "Gas", "Mao", "Lon", "Nth"])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(WORDS, min_size=2, max_size=7).map(" ".join), min_size=1,
                max_size=6).map("\n".join),
       st.sampled_from([OPENING, RETREAT, ADJUSTMENT]),
       st.sampled_from([None, Power.ITALY, Power.FRANCE, Power.ENGLAND]))
def test_what_is_remembered_never_changes_an_answer(text, position, power):
    warm = parse_message(text, position=position, power=power)
    again = parse_message(text, position=position, power=power)
    _forget_everything()
    cold = parse_message(text, position=position, power=power)
    assert warm == again == cold
