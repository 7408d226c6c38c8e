"""A whole message: one order per line or per `;`, `,`, ` / `; headings, blank lines, parts
that only make sense together."""

from engine import Power
from grammar import parse_message
from tests.grammar.positions import OPENING


def canonicals(lines):
    return [line.canonical if line.ok else line.error for line in lines]


def test_orders_on_separate_lines_or_separated_by_punctuation_give_one_result_each():
    text = "A Ven - Tri; A Rom - Apu\nF Nap - Ion, \n\n   \nA Rom H / F Nap H"
    lines = parse_message(text, position=OPENING, power=Power.ITALY)
    assert [line.input for line in lines] == ["A Ven - Tri", "A Rom - Apu", "F Nap - Ion",
                                              "A Rom H", "F Nap H"]


def test_a_line_naming_the_senders_own_power_is_skipped_in_any_language():
    for heading in ("Italia:", "ITALY", "Italië:", "italy :"):
        lines = parse_message(f"{heading}\nA Ven - Tri", position=OPENING, power=Power.ITALY)
        assert canonicals(lines) == ["A VEN - TRI"], heading


def test_a_heading_before_orders_on_the_same_line_is_dropped():
    lines = parse_message("AUSTRIA-UNGHERIA: A Vie-Tri, A Bud-Ser", position=OPENING,
                          power=Power.AUSTRIA)
    assert canonicals(lines) == ["A VIE - TRI", "A BUD - SER"]
    lines = parse_message("Austria/Ungheria: A Vie - Tri", position=OPENING,
                          power=Power.AUSTRIA)
    assert canonicals(lines) == ["A VIE - TRI"]


def test_list_bullets_and_numbers_are_not_part_of_the_order():
    lines = parse_message("1. A Ven - Tri\n2) A Rom - Apu\n- F Nap - Ion\n• A Rom H",
                          position=OPENING, power=Power.ITALY)
    assert canonicals(lines) == ["A VEN - TRI", "A ROM - APU", "F NAP - ION", "A ROM H"]


def test_a_part_cut_short_by_a_comma_is_read_with_the_next_part():
    lines = parse_message("A Vie S, A Bud - Gal", position=OPENING, power=Power.AUSTRIA)
    assert canonicals(lines) == ["A VIE S A BUD - GAL"]
    assert lines[0].input == "A Vie S A Bud - Gal"
    assert lines[0].notes[-1] == "read together with the next part: “A Vie S A Bud - Gal”"


def test_a_part_cut_short_stays_an_error_when_the_next_part_does_not_complete_it():
    lines = parse_message("A Vie -, A Bud - Gal", position=OPENING, power=Power.AUSTRIA)
    # (after a dash, a hold may come too: "A Par-H")
    assert canonicals(lines) == ["the order stops after “-”; expected a province or H",
                                 "A BUD - GAL"]


def test_an_empty_message_has_no_orders():
    assert parse_message("", position=OPENING) == []
    assert parse_message("\n \n;,", position=OPENING) == []


def test_a_message_of_mixed_languages_reads_each_line_in_its_own():
    text = "Esercito Venezia a Trieste\nLeger Rome naar Apulië\nFleet Naples to Ionian Sea"
    lines = parse_message(text, position=OPENING, power=Power.ITALY)
    assert canonicals(lines) == ["A VEN - TRI", "A ROM - APU", "F NAP - ION"]
    assert [line.language for line in lines] == ["it", "nl", "en"]


def test_reply_language_overrides_the_language_of_the_line():
    lines = parse_message("Esercito Venezia verso Qqq", position=OPENING, reply_lang="nl")
    assert lines[0].error == "onbekend woord „Qqq” in kolom 24"


def test_a_seventeen_line_message_reads_every_line():
    text = "\n".join(["A Vie - Tri", "A Bud - Ser", "F Tri - Alb", "A Lvp - Yor", "F Lon - Nth",
                      "F Edi - Nwg", "A Ber - Kie", "A Mun - Ruh", "F Kie - Den", "A Par - Bur",
                      "A Mar - Spa", "F Bre - Mao", "A Ven H", "A Rom - Apu", "F Nap - Ion",
                      "A Mos - Ukr", "A War - Gal"])
    lines = parse_message(text, position=OPENING)
    assert len(lines) == 17 and all(line.ok and line.valid for line in lines)


def test_orders_under_another_powers_heading_are_refused_until_the_next_heading():
    text = "INGHILTERRA: A Lon-Bel, F Lon-Nth; FRANCIA: A Par-Bur, F Bre-Mao\nA Mar-Spa\n" \
           "England:\nF Edi - Nwg"
    lines = parse_message(text, position=OPENING, power=Power.ENGLAND)
    refused = "these orders are under France's heading, but you play England"
    assert canonicals(lines) == ["A LON - BEL", "F LON - NTH", refused, refused, refused,
                                 "F EDI - NWG"]


def test_without_a_sender_every_heading_is_dropped():
    text = "INGHILTERRA: A Lvp-Edi; FRANCIA: A Par-Bur\n**RUSSIA**\nA Mos - Ukr"
    assert canonicals(parse_message(text, position=OPENING)) == [
        "A LVP - EDI", "A PAR - BUR", "A MOS - UKR"]


def test_more_than_a_hundred_orders_are_not_read():
    lines = parse_message("A Rom H\n" * 130, position=OPENING, power=Power.ITALY)
    assert len(lines) == 101
    assert lines[-1].error == ("too many orders in one message (130; at most 100): the rest "
                               "were not read")
