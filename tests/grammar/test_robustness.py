"""Any text at all: errors, never an exception, and quickly (the work per line is capped)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Power
from grammar import parse_line, parse_message
from tests.grammar.positions import ADJUSTMENT, OPENING, RETREAT

WORDS = st.sampled_from(["A", "F", "a", "S", "C", "-", "Ven", "Tri", "via", "in", "Nor", "Tyr",
                         "XXX", "APP", "naar", "(", ")", "/", "nc", "Cs", "Italia:", ",", ";",
                         "\n", "build", "sciogli", "Mar", "Mare", "del", "Nord", "Stands",
                         "Turk", "de", "het", "St.", "—", "→", "Sint-Petersburg", "1901"])


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_arbitrary_unicode_never_raises(text):
    for line in parse_message(text, position=OPENING, power=Power.ITALY):
        assert line.ok or line.error


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, max_size=25).map(" ".join),
       st.sampled_from([OPENING, RETREAT, ADJUSTMENT]),
       st.sampled_from([None, Power.ITALY, Power.FRANCE]),
       st.sampled_from(["auto", "en", "it", "nl"]))
def test_order_like_word_salad_never_raises(text, position, power, lang):
    for line in parse_message(text, position=position, power=power, lang=lang):
        assert line.ok == (line.order is not None)
        assert line.ok or line.error


def test_ten_thousand_characters_give_errors_and_at_most_a_hundred_orders_are_read():
    for text in ("A" * 10_000, "Ven - " * 1_700, "\x00\x01\x1b[31m" * 2_000,
                 "A Ven - Tri, " * 800, "🙂" * 10_000, "\u202e" + "Tri - Ven " * 1_000):
        lines = parse_message(text, position=OPENING, power=Power.ITALY)
        assert lines and all(line.ok or line.error for line in lines)
        assert len(lines) <= 101


def test_control_characters_are_unknown_words_not_crashes():
    line = parse_line("A Ven\x00 - Tri\x07", position=OPENING)
    assert not line.ok
    assert line.error == "unknown word “\x00” at column 6"


def test_a_long_ambiguous_line_stops_at_the_work_cap():
    line = parse_line(" ".join(["a"] * 60), position=OPENING)
    assert not line.ok and line.error
