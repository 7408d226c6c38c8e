"""The shortcuts taken for speed give exactly what the plain way gives: the tokens of a line
cut at spaces first, the words remembered as written, a ParsedLine made without its
constructor, and every answer remembered between calls."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Power
from grammar import ParsedLine, forget, parse_line, parse_message, syntax
from grammar.lexer import _TOKEN, lexemes, tokens
from grammar.lexicon import lexicon
from tests.grammar.positions import ADJUSTMENT, OPENING, RETREAT

PIECES = st.sampled_from(["A", "Ven", "-", "Tri", "Ven-Tri", "->", "-->", "(Cs)", "StP/sc",
                          "½", "²", "12ab", "__", "\u00a0", "\u2003", "\t", " ", "\n",
                          "Venetië", "e\u0301", "🙂", "\u200b", "S.", "d'Irlanda", "—"])


def _regex_tokens(line: str) -> list[tuple[str, str, int, int]]:
    return [(m.lastgroup or "other", m.group(), *m.span()) for m in _TOKEN.finditer(line)]


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
    lex.placed.clear()
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
    forget()
    cold = parse_message(text, position=position, power=power)
    assert warm == again == cold


def _plain_shape(template: syntax.Shape, found: list) -> syntax.Shape:
    """A parse's template filled the plain way: each slot's option looked for by terminal,
    each reference made by its constructor."""
    def value(index, terminal):
        return next(o.value for o in found[index].options if o.terminal == terminal)

    def place(p):
        if p is None:
            return None
        if p.coast is None:
            return syntax.PlaceRef(found[p.loc], value(p.loc, "LOC"))
        return syntax.PlaceRef(found[p.loc], value(p.loc, "LOC"), value(p.coast, "COAST"),
                               found[p.coast])

    def unit(u):
        if u is None:
            return None
        return syntax.UnitRef(value(u.unit, "UNIT") if u.unit is not None else None,
                              place(u.place), found[u.first],
                              value(u.nation, "NATION") if u.nation is not None else None)

    return syntax.Shape(template.kind, unit(template.subject), unit(template.other),
                        place(template.target), tuple(place(p) for p in template.steps),
                        template.via, template.implicit,
                        value(template.owner, "NATION") if template.owner is not None else None)


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS | st.sampled_from(["Sint-Petersburg", "(Cs)", "StP/nc", "Italia",
                                         "Engelse", "Kanaal", "Stands", "via", "mare"]),
                min_size=1, max_size=8).map(" ".join))
def test_a_shape_filled_from_its_patterns_plan_is_the_plain_fill_of_its_parse(line):
    found = lexemes(line, lexicon("auto"))
    template = syntax._Search(found).run() if found else None
    first = syntax.parse_shape(found)   # the pattern parsed, its plan made and filled
    again = syntax.parse_shape(found)   # the plan found by the pattern
    if template is None:
        assert isinstance(first, syntax.SyntaxProblem) and first == again
    else:
        assert first == again == _plain_shape(template, found)
        assert type(first) is syntax.Shape and type(first.target or first) in (
            syntax.PlaceRef, syntax.Shape)


def test_a_word_at_the_same_column_is_one_object_and_still_reads_as_itself():
    forget()
    lex = lexicon("auto")
    first = syntax.parse_shape(lexemes("A Par - Bur", lex))
    second = syntax.parse_shape(lexemes("A Par - Pic", lex))
    assert second.subject is first.subject  # unit, place and word kept once
    assert second.target is not first.target and second.target.lexeme.text == "Pic"
    moved = syntax.parse_shape(lexemes("A  Par - Bur", lex))  # Par one column later
    assert moved.subject.place.lexeme.column == first.subject.place.lexeme.column + 1
    forget()
    assert syntax.parse_shape(lexemes("A Par - Pic", lex)) == second
