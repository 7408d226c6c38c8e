"""The first promises of parse_message: canonical orders out, errors instead of exceptions."""

from engine import Power
from grammar import ParsedLine, parse_message


def test_a_plain_english_message_gives_one_canonical_order_per_line():
    lines = parse_message("A Ven - Tri\nF Nap - Ion\nA Rom H", power=Power.ITALY)
    assert [line.canonical for line in lines] == ["A VEN - TRI", "F NAP - ION", "A ROM H"]
    assert all(isinstance(line, ParsedLine) and line.ok and line.valid for line in lines)


def test_the_senders_own_power_heading_is_skipped():
    lines = parse_message("Italia:\nA Ven-Tri", power=Power.ITALY)
    assert [line.input for line in lines] == ["A Ven-Tri"]
