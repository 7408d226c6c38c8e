"""grammar.intent: which lines are meant as orders, by the order language's own words."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grammar.intent import looks_like_order

NOT_ORDERS = [
    "ciao", "ok", "thanks", "stop", "help", "aiuto", "hulp", "?", "hello", "yes", "nee",
    "Belgio", "Parigi", "hoi",                                  # a lone province (or near one)
    "when is the deadline?", "quando scade il turno?", "wanneer is de deadline?",
    "va bene", "grazie a tutti", "I want to play", "sono in ritardo", "ik ga naar huis",
    "dank je wel", "how do I order?", "",
]

ORDERS = [
    "A Par - Bur", "A Par-Bur", "F Lon - Nth", "A Mun S A Ber - Sil", "A Vie S A Bud - Gal",
    "F Stp/sc - Bot", "A Par R Gas", "A Mun D", "Par H", "Par Bur", "build A Par",
    "armata Parigi va in Borgogna", "costruisci A Parigi", "F Brest - Manica",
    "leger Parijs naar Bourgondie", "vloot Londen naar Noordzee",
    "waive", "rinuncia", "geen bouw",
    # misspelt, but clearly orders: the reader's suggestions are wanted
    "A Pariss - Burr", "Pariss - Burr", "Pariss holds", "A Mun Sup A Berr", "A Xyz - Bur",
    "F Nrth C A Lon - Bel",
]


@pytest.mark.parametrize("line", NOT_ORDERS)
def test_small_talk_questions_and_lone_names_are_not_orders(line):
    assert not looks_like_order(line)


@pytest.mark.parametrize("line", ORDERS)
def test_orders_even_misspelt_are_orders(line):
    assert looks_like_order(line)


@pytest.mark.parametrize("line", ["A Cirta holds", "A Ravenna ferma", "A Cir H",
                                  "F Thapsus S A Cirta"])
def test_a_variant_s_own_province_names_make_an_order_on_its_board(line):
    # the Ancient Mediterranean's provinces are no standard names: read on the standard
    # board these lines hold one place at most, so only its own board makes them orders
    assert looks_like_order(line, "ancmed")
    assert not looks_like_order(line, "standard")


@given(st.text(max_size=300))
def test_any_text_gets_an_answer(text):
    assert looks_like_order(text) in (True, False)
