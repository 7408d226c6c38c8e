"""Splitting text to Discord's limits: nothing lost, nothing over the limit."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.limits import MESSAGE_LIMIT, split_blocks, split_text


def test_short_text_is_one_piece():
    assert split_text("A PAR - BUR\nF BRE - MAO") == ["A PAR - BUR\nF BRE - MAO"]


def test_long_text_is_cut_at_line_breaks_and_keeps_every_line():
    lines = [f"line {i:04d} " + "x" * 50 for i in range(200)]
    pieces = split_text("\n".join(lines))
    assert len(pieces) > 1
    assert all(len(p) <= MESSAGE_LIMIT for p in pieces)
    assert "\n".join(pieces).split("\n") == lines


def test_a_line_longer_than_the_limit_is_cut_at_spaces():
    words = [f"word{i:03d}" for i in range(400)]
    pieces = split_text(" ".join(words), limit=100)
    assert all(len(p) <= 100 for p in pieces)
    assert " ".join(pieces).split() == words


def test_a_line_without_spaces_is_cut_anywhere():
    pieces = split_text("x" * 250, limit=100)
    assert pieces == ["x" * 100, "x" * 100, "x" * 50]


def test_limit_must_be_positive():
    with pytest.raises(ValueError):
        split_text("x", limit=0)


@given(st.lists(st.text(alphabet="ab \n", max_size=300), max_size=30),
       st.integers(min_value=20, max_value=400))
def test_blocks_never_exceed_the_limit_and_keep_their_words(blocks, limit):
    messages = split_blocks(blocks, limit)
    assert all(len(m) <= limit for m in messages)
    assert " ".join(messages).split() == " ".join(blocks).split()


def test_blocks_that_fit_are_not_split():
    blocks = ["a" * 900, "b" * 900, "c" * 900]
    assert split_blocks(blocks) == ["a" * 900 + "\n\n" + "b" * 900, "c" * 900]
