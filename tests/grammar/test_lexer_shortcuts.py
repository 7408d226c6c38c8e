"""The lexer's one pass over the pieces of a line (pieces remembered per column, phrases found
by walking the lexicon's tree of words) gives exactly the lexemes of the plain way: every
token of the line in turn, each word trying every run of words after it as a phrase."""

import dataclasses
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grammar import forget, lexer, syntax
from grammar.lexer import (
    _UNKNOWN,
    _UNKNOWN_SIGNATURE,
    Lexeme,
    Option,
    Place,
    _inside_name,
    _label_reading,
    _loc_option,
    _reading,
    lexemes,
    tokens,
    truncated_names,
)
from grammar.lexicon import LANGUAGES, fold, lexicon, phrase_tree


def _longest_phrase(toks: list[tuple[str, str, int, int]], i: int, lex
                    ) -> tuple[str, int]:
    """The plain way to the longest vocabulary phrase starting at word token i: every run
    of words tried, longest first. (key, index after it); a word that starts no phrase is
    its own key."""
    first = fold(toks[i][1])
    if first not in lex.phrase_starts:
        return first, i + 1
    words: list[str] = []
    ends: list[int] = []
    j = i
    while j < len(toks) and len(words) < lex.longest:
        kind, text, start, end = toks[j]
        if kind in ("word", "label"):
            words.append(fold(text))
            ends.append(j + 1)
            j += 1
            continue
        if _inside_name(toks, j):
            j += 1
            continue
        break
    for n in range(len(words), 1, -1):
        key = " ".join(words[:n])
        if lex.lookup(key):
            return key, ends[n - 1]
    return first, i + 1


def plain_lexemes(line: str, lex) -> list[Lexeme]:
    """The lexemes of a line the plain way: no memory of pieces, words or phrases."""
    toks = tokens(line)
    out: list[Lexeme] = []
    i = 0
    while i < len(toks):
        kind, text, start, _end = toks[i]
        if kind == "soft":
            i += 1
            continue
        if kind in ("dash", "arrow"):
            out.append(Lexeme(text, start, "-", *_reading(lex, "-")))
        elif kind == "other":
            out.append(Lexeme(text, start, text, *_reading(lex, text)))
        elif kind == "number":
            out.append(Lexeme(text, start, text, _UNKNOWN, False, None, _UNKNOWN_SIGNATURE))
        elif kind == "label":  # not the end of a phrase ("Great Britain:"): a label
            out.append(Lexeme(text + ":", start, *_label_reading(lex, text)))
        else:
            key, end = _longest_phrase(toks, i, lex)
            out.append(Lexeme(line[start:toks[end - 1][3]], start, key, *_reading(lex, key)))
            i = end
            continue
        i += 1
    return truncated_names(out, line, lex)


# Words that start phrases or end them, signs that may sit inside names, and the spaces,
# hyphens and letters (one folding to several words) that make a phrase stop or go on.
PIECES = st.sampled_from([
    "A", "F", "S", "S.", "St", ".", "Mare", "mare", "del", "Nord", "di", "Norvegia", "Mar",
    "d'Irlanda", "d", "'", "Irlanda", "Sint", "Sint-Petersburg", "-", "Petersburg", "zuidkust",
    "moves", "to", "via", "convoy", "Het", "Kanaal", "North", "Sea", "Golf", "van", "Lyon",
    "Ven-Tri", "Tri", "Ven", "(Cs)", "StP/sc", "San", "Pietroburgo", "costa", "sud", "trekt",
    "terug", "naar", "si", "ritira", "in", "->", "—", "ﷺ", "ǆ", "Mare-del-Nord", "12", "x",
    "Golfo", "Botnia", "English", "Channel", "Black", "Zwarte", "Zee", "holds", "tiene", "’",
    "e:", "Ita:", "A-H:", "Great", "Britain:", "Ingland:", "f:", "+", "==>", "Engli", "Cha",
    "Mid", "Atl", "Helgol", "Bight"])
# Fewer words, more signs: phrases cut or joined by hyphens, dots and spaces.
PHRASE_BITS = st.sampled_from(["Sint", "Petersburg", "-", "Sint-", "-Petersburg", "Mare",
                               "del", "Nord", "Mare-", "-del", ".", "S", "S.", "Pietroburgo",
                               "'", "Mar", "d", "d'", "Irlanda", "moves", "to", "-Tri"])
SPACES = st.sampled_from([" ", " ", " ", "  ", "\t", ""])
LINES = st.lists(st.tuples(PIECES | PHRASE_BITS, SPACES), max_size=10).map(
    lambda parts: "".join(piece + space for piece, space in parts))


@settings(max_examples=500, deadline=None)
@given(st.one_of(LINES, st.text(max_size=60)), st.sampled_from(("auto", *LANGUAGES)))
def test_lexemes_are_those_of_the_plain_way_with_memories_cold_and_warm(line, mode):
    lex = lexicon(mode)
    plain = plain_lexemes(line, lex)
    lex.placed.clear()
    lex.written.clear()
    assert lexemes(line, lex) == plain  # nothing remembered
    assert lexemes(line, lex) == plain  # all of it remembered


@settings(max_examples=200, deadline=None)
@given(st.lists(LINES, min_size=2, max_size=6))
def test_what_one_line_leaves_remembered_never_changes_the_next(lines):
    lex = lexicon("auto")
    for line in lines:
        assert lexemes(line, lex) == plain_lexemes(line, lex)


# Lines where a phrase's first word or piece comes back before other endings, the end of
# the line, two spaces, a hyphen, a dot: what is remembered of one line's pieces must never be
# taken for another ending.
RUNS = ["A Ven moves", "A Ven moves to", "A Ven moves to Tri", "A Ven moves  to Tri",
        "A Ven moves to-Tri", "F Mare del Nord", "F Mare del", "F Mare del Nord - Tri",
        "F Mare del Nord-Tri", "F Mare del Nord.", "F Mare Adriatico", "F S Pietroburgo",
        "F S F", "F S. Pietroburgo", "F S.", "F S", "F Sint-Petersburg zuidkust",
        "F Sint-Petersburg", "F Sint-Petersburg-Tri", "F Mid-Atlantic Ocean - Bre",
        "F Mid-Atlantic - Bre", "F Mid-Atlantic", "F Mar d'Irlanda", "F Mar d' Irlanda",
        "F Mar"]


@settings(max_examples=100, deadline=None)
@given(st.permutations(RUNS))
def test_phrases_read_as_the_plain_way_in_any_order_of_lines(lines):
    lex = lexicon("auto")
    lex.placed.clear()
    lex.written.clear()
    for line in lines + lines:
        assert lexemes(line, lex) == plain_lexemes(line, lex), line


@pytest.mark.parametrize("line", [
    "F Sint - Petersburg", "F Sint -Petersburg", "F Sint- Petersburg", "F Sint-Petersburg-Tri",
    "Mare-del - Nord", "Mare del Nord-Tri", "S . Pietroburgo", "S.Pietroburgo", "S..Pietroburgo",
    "Mar d' Irlanda", "Mar d'Irlanda'", "moves to-Tri", "moves -to", "Golf van Lyon-Mar",
    "A Ven moves", "Mare", "Mare del", "Mare del Nord del Nord"])
def test_hyphens_dots_and_spaces_cut_or_join_phrases_as_the_plain_way_says(line):
    for mode in ("auto", *LANGUAGES):
        lex = lexicon(mode)
        assert lexemes(line, lex) == plain_lexemes(line, lex)


@pytest.mark.parametrize("mode", ("auto", *LANGUAGES))
def test_every_phrase_of_the_vocabulary_reads_as_one_lexeme_as_the_plain_way_reads_it(mode):
    lex = lexicon(mode)
    phrases = [key for key in lex.phrases if " " in key and not key.endswith(":")]
    assert phrases
    for key in phrases:
        line = f"A {key} - Tri"
        found = lexemes(line, lex)
        assert found == plain_lexemes(line, lex)
        assert found[1].key == key and found[1].text == key


def test_a_letter_that_folds_to_several_words_inside_a_phrase_reads_the_plain_way():
    # "ﷻ" is one letter that folds to two words; with a phrase of three words ending in
    # those two, only the plain way (joining the folded words) finds it.
    base = lexicon("auto")
    phrases = {**base.phrases, "mare جل جلاله": base.phrases["mare del nord"]}
    lex = dataclasses.replace(base, phrases=phrases, phrase_tree=phrase_tree(phrases),
                              memo={}, written={}, placed={})
    for line in ("F Mare ﷻ - Tri", "F Mare ﷻ", "Mare ﷻ-Tri", "F Mare ﷺ Nord - Tri",
                 "Mare del ﷺ", "S ﷺ", "Golf ﷺ-van Lyon"):
        assert lexemes(line, lex) == plain_lexemes(line, lex)
    assert lexemes("F Mare ﷻ - Tri", lex)[1].text == "Mare ﷻ"


def test_a_piece_at_the_same_column_is_one_set_of_objects_in_every_line():
    forget()
    lex = lexicon("auto")
    first = lexemes("F Mare del Nord - Ven-Tri", lex)
    second = lexemes("F Mare del Nord - Ven-Tri via", lex)
    assert all(a is b for a, b in zip(first, second, strict=False))
    assert [lx.text for lx in first] == ["F", "Mare del Nord", "-", "Ven", "-", "Tri"]
    # the word alone at the column where a piece had it: the same object, as it reads alike
    alone = lexemes("F Mare del Nord - Ven", lex)
    assert alone[3] is first[3] and alone[3].start == 18
    assert lexemes("F Mare del Nord - Tri", lex)[3].text == "Tri"


@pytest.mark.parametrize("line", ["A Par - Bur", "A Ven S A Rom - Apu", "F Stands",
                                  "F StP/sc - Bot", "A Ser S Turk A Bul - Rum", "F Kiel B"])
def test_a_unit_found_by_its_words_holds_the_words_of_the_line_read(line):
    lex = lexicon("auto")
    first = syntax.parse_shape(lexemes(line, lex))
    lex.placed.clear()  # the same words, now other objects
    found = lexemes(line, lex)
    again = syntax.parse_shape(found)
    assert again == first
    for unit in (again.subject, again.other):
        if unit is not None:
            assert any(unit.lexeme is lx for lx in found)
            assert unit.place is None or any(unit.place.lexeme is lx for lx in found)


def test_the_pieces_remembered_stay_few_and_reading_goes_on_right_when_they_are_forgotten(
        monkeypatch):
    monkeypatch.setattr(lexer, "_MEMO_LIMIT", 10)
    lex = lexicon("auto")
    lex.placed.clear()
    lex.written.clear()
    lines = [f"{unit} {place} - {target}" for unit in ("A", "F", "Army", "Fleet")
             for place in ("Ven", "Rom", "Mare del Nord", "Nap") for target in ("Tri", "Apu")]
    for line in lines + lines:
        assert lexemes(line, lex) == plain_lexemes(line, lex)
        kept = sum(len(table) for key, table in lex.placed.items() if key is not None)
        assert kept <= 10 and lex.placed.get(None, 0) == kept
        assert len(lex.written) <= 11


def plain_fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=20) | st.sampled_from(["Bourgondië", "MÜNCHEN", "StP", "ﷻ", "ß",
                                               "İstanbul", "Ven", "e\u0301"]))
def test_a_word_folds_as_the_plain_decomposition_folds_it(text):
    fold.cache_clear()
    assert fold(text) == plain_fold(text)


def plain_loc_option(places: list[Place]) -> Option:
    """One LOC option the plain way: every reading made anew, the cheapest per province,
    languages joined at equal cost."""
    best: dict[str, Place] = {}
    for place in places:
        seen = best.get(place.pid)
        if seen is None or place.cost < seen.cost:
            best[place.pid] = Place(place.pid, place.cost, place.how,
                                    place.languages | (seen.languages if seen else frozenset()))
        elif place.cost == seen.cost:
            best[place.pid] = Place(seen.pid, seen.cost, seen.how,
                                    seen.languages | place.languages)
    langs = frozenset().union(*(p.languages for p in best.values()))
    return Option("LOC", tuple(best.values()), langs)


PLACES = st.builds(Place, st.sampled_from(["ven", "tri", "tys", "tyr"]),
                   st.sampled_from([0.0, 0.25, 1.0, 2.0]),
                   st.sampled_from(["name", "abbreviation", "prefix", "fuzzy"]),
                   st.frozensets(st.sampled_from(LANGUAGES)))


@settings(max_examples=300, deadline=None)
@given(st.lists(PLACES, max_size=8))
def test_a_words_province_readings_merge_as_the_plain_way_merges_them(places):
    assert _loc_option(places) == plain_loc_option(places)
