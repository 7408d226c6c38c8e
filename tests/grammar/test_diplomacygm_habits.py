"""DiplomacyGM's habits read as this judge's orders: a convoy's route written after `via`
(`A Lon - Bel via Eng`) and `.order` opening a paste, in the three languages."""

import pytest

from engine import Power
from grammar import parse_line, parse_message
from tests.grammar.positions import CONVOY
from tests.grammar.table import check_row

ROUTES = [
    ("A Lon - Bel via Eng", "A LON - BEL VIA", CONVOY, "en"),
    ("Army London moves to Belgium via English Channel", "A LON - BEL VIA", CONVOY, "en"),
    ("A Yor - Nwy via Nth", "A YOR - NWY VIA", CONVOY, "en"),
    ("move A Yor to Nwy via Nth", "A YOR - NWY VIA", CONVOY, "en"),
    ("A Yor Nwy via Nth", "A YOR - NWY VIA", CONVOY, "en"),
    ("A Lon - Bel via Man", "A LON - BEL VIA", CONVOY, "it"),
    ("Esercito Londra a Belgio via Manica", "A LON - BEL VIA", CONVOY, "it"),
    ("esercito Yorkshire verso Norvegia via Mno", "A YOR - NWY VIA", CONVOY, "it"),
    ("muovi A Lon a Bel via Man", "A LON - BEL VIA", CONVOY, "it"),
    # "via mare" is also "by convoy": a sea's name starting with "Mare" is given back
    ("Esercito Yorkshire a Norvegia via Mare del Nord", "A YOR - NWY VIA", CONVOY, "it"),
    ("A Yor - Nor via Mare del Nord - Skagerrak", "A YOR - NWY VIA", CONVOY, "it"),
    ("A Yor - Nor via mare", "A YOR - NWY VIA", CONVOY, "it"),
    ("A Lon - Bel via Kan", "A LON - BEL VIA", CONVOY, "nl"),
    ("leger Londen naar België via Het Kanaal", "A LON - BEL VIA", CONVOY, "nl"),
    ("verplaats A Yor naar Noorwegen via Noordzee", "A YOR - NWY VIA", CONVOY, "nl"),
]


@pytest.mark.parametrize(("text", "expected", "position", "lang"), ROUTES,
                         ids=[r[0] for r in ROUTES])
def test_a_route_after_via_is_a_move_by_convoy(text, expected, position, lang):
    check_row(text, expected, position, lang)


@pytest.mark.parametrize(("text", "sea", "lang"), [
    ("A Lon - Bel via Eng", "English Channel (ENG)", "en"),
    ("A Lon - Bel via Man", "Manica (ENG)", "it"),
    ("A Lon - Bel via Kan", "Het Kanaal (ENG)", "nl"),
])
def test_the_route_is_noted_in_the_readers_language(text, sea, lang):
    parsed = parse_line(text, position=CONVOY, lang=lang, reply_lang=lang)
    assert any(sea in note for note in parsed.notes), parsed.notes


def test_the_same_route_written_before_the_target_reads_the_same():
    after = parse_line("A Yor - Nwy via Nth", position=CONVOY)
    before = parse_line("A Yor - Nth - Nwy", position=CONVOY)
    assert after.canonical == before.canonical == "A YOR - NWY VIA"
    assert after.notes == before.notes


def test_the_sea_given_back_by_via_mare_is_the_route_noted():
    parsed = parse_line("A Yor - Nor via Mare del Nord", position=CONVOY, lang="it",
                        reply_lang="it")
    assert any("Mare del Nord (NTH)" in note for note in parsed.notes), parsed.notes


def test_a_route_through_land_is_no_convoy():
    parsed = parse_line("A Lon - Bel via Yor", position=CONVOY)
    assert not parsed.ok or not parsed.valid or parsed.canonical != "A LON - BEL VIA"


def test_a_route_on_both_sides_of_the_target_is_refused():
    assert not parse_line("A Lon - Nth - Bel via Eng", position=CONVOY).ok


HEADERS = [
    (".order\nA Yor - Nwy\nF Nth C A Yor - Nwy", ["A YOR - NWY", "F NTH C A YOR - NWY"]),
    (".order A Lon - Bel via Eng", ["A LON - BEL VIA"]),
    (".ORDERS:\n\nF Nth C A Yor - Nwy", ["F NTH C A YOR - NWY"]),
    ("!orders\nA Yor - Nwy", ["A YOR - NWY"]),
    ("\n.order\nEsercito Yorkshire a Norvegia\nF Mdn TRA A Yor - Nor", [
        "A YOR - NWY", "F NTH C A YOR - NWY"]),
    (".order\nleger Yorkshire naar Noorwegen\nF Noordzee konvooieert A Yor naar Noorwegen", [
        "A YOR - NWY", "F NTH C A YOR - NWY"]),
]


@pytest.mark.parametrize(("text", "expected"), HEADERS, ids=[h[0] for h in HEADERS])
def test_diplomacygm_order_command_opening_a_paste_is_a_header(text, expected):
    lines = parse_message(text, position=CONVOY, power=Power.ENGLAND)
    assert [line.canonical for line in lines] == expected, [line.error for line in lines]


def test_only_the_first_line_opens_a_paste():
    lines = parse_message("A Yor - Nwy\n.order", position=CONVOY, power=Power.ENGLAND)
    assert [line.ok for line in lines] == [True, False]


def test_a_word_that_starts_like_the_command_is_no_header():
    lines = parse_message(".orderly A Yor - Nwy", position=CONVOY, power=Power.ENGLAND)
    assert not lines[0].ok
