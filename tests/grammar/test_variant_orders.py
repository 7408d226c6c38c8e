"""The order reader on any variant: a variant with a map of its own is read with its own
province names (English, Italian, Dutch) and its own powers; the classic-map variants with the
standard vocabulary; a heading names only a power of the variant."""

from __future__ import annotations

from engine import Position, Power, board_of
from grammar import parse_line, parse_message

ANCMED = Position.initial(board_of("ancmed"))
CHAOS = Position.initial(board_of("chaos"))
ROME = Power("Rome")


def test_ancmed_provinces_read_by_name_in_each_language_and_by_id():
    for line, lang in [("F Neapolis - Tyrrhenean Sea", "en"), ("F Napoli - Mar Tirreno", "it"),
                       ("F Neapolis - Tyrreense Zee", "nl"), ("F NEA - TYN", "auto")]:
        for mode in (lang, "auto"):
            parsed = parse_line(line, position=ANCMED, power=ROME, lang=mode)
            assert (parsed.ok, parsed.canonical, parsed.valid) == (True, "F NEA - TYN", True)


def test_ancmed_reasons_name_its_provinces_in_the_readers_language():
    parsed = parse_line("A Sinai - Tebe", position=ANCMED, power=ROME, lang="it",
                        reply_lang="it")
    assert parsed.ok and not parsed.valid and "Sinai (SIN)" in parsed.reason


def test_a_heading_names_a_power_of_the_variant_in_any_language():
    orders = parse_message("Roma: A Rom - Etr\nCartagine: A Car - Mau", position=ANCMED,
                           power=ROME, lang="auto")
    assert orders[0].ok and orders[0].canonical == "A ROM - ETR"
    assert not orders[1].ok and orders[1].error_kind == "other_power"


def test_a_standard_power_is_no_heading_on_ancmed_and_a_chaos_power_none_on_standard():
    [line] = parse_message("Belgio", position=Position.initial(), power=Power.ITALY, lang="it")
    assert line.error_kind == "not_an_order"   # Chaos' Belgium is no power of this board
    orders = parse_message("Parigi: A Par B", position=CHAOS, power=Power("Paris"), lang="it")
    assert [o.canonical for o in orders] == ["A PAR B"] and orders[0].valid


def test_the_standard_names_still_read_on_the_standard_board_after_a_variant():
    parse_line("F Napoli - Mar Tirreno", position=ANCMED, power=ROME)
    parsed = parse_line("F Napoli - Mar Tirreno", position=Position.initial(),
                        power=Power.ITALY, lang="it")
    assert parsed.ok and parsed.canonical == "F NAP - TYS"
