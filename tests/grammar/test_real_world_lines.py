"""Order lines as players paste them, each kind in English, Italian and Dutch: the power on the
same line, verb-first and natural word orders, a convoy written as its route through the seas,
the unit type left out or glued to the province, and lines that are no order at all."""

import pytest

from engine import Phase, Position, Power, Unit, UnitType
from grammar import parse_line, parse_message
from tests.grammar.positions import OPENING

A, F = UnitType.ARMY, UnitType.FLEET

# Fall 1901: an army in London with a fleet in the North Sea; a Turkish army in Bulgaria with
# fleets in the Aegean and Ionian Seas; Russia in Finland and the Gulf of Bothnia.
ROUTES = Position(Phase.parse("F1901M"), tuple(Unit(*u) for u in [
    (Power.ENGLAND, A, "lon"), (Power.ENGLAND, F, "nth"), (Power.ENGLAND, F, "iri"),
    (Power.TURKEY, A, "bul"), (Power.TURKEY, F, "aeg"), (Power.TURKEY, F, "ion"),
    (Power.RUSSIA, A, "fin"), (Power.RUSSIA, F, "bot")]), OPENING.supply_centers)

ROWS = [
    # (line, language, sender, position, canonical)
    # -- the power on the same line, the sender's own ----------------------------------------
    ("Russia: A Mos - Lvn", "en", Power.RUSSIA, OPENING, "A MOS - LVN"),
    ("Russia: A Mosca - Livonia", "it", Power.RUSSIA, OPENING, "A MOS - LVN"),
    ("Rusland: A Mos - Lijfland", "nl", Power.RUSSIA, OPENING, "A MOS - LVN"),
    ("[ENGLAND] F Edi - Nwg", "en", Power.ENGLAND, OPENING, "F EDI - NWG"),
    ("[INGHILTERRA] F Edi - Mnv", "it", Power.ENGLAND, OPENING, "F EDI - NWG"),
    ("[ENGELAND] F Edinburgh - Noorse Zee", "nl", Power.ENGLAND, OPENING, "F EDI - NWG"),
    ("E) A Lvp - Yor", "en", Power.ENGLAND, OPENING, "A LVP - YOR"),
    ("E) A Liv - Yor", "it", Power.ENGLAND, OPENING, "A LVP - YOR"),
    ("E) A Liverpool naar Yorkshire", "nl", Power.ENGLAND, OPENING, "A LVP - YOR"),
    ("ITALY - A Ven - Tri", "en", Power.ITALY, OPENING, "A VEN - TRI"),
    ("ITALIA - A Ven - Tri", "it", Power.ITALY, OPENING, "A VEN - TRI"),
    ("ITALIË - A Ven - Tri", "nl", Power.ITALY, OPENING, "A VEN - TRI"),
    ("German A(Mun) - Bur", "en", Power.GERMANY, OPENING, "A MUN - BUR"),
    ("Tedesca A(Mon) - Bor", "it", Power.GERMANY, OPENING, "A MUN - BUR"),
    ("Duitse A(Mun) - Bourgondië", "nl", Power.GERMANY, OPENING, "A MUN - BUR"),
    ("A Ven (Italy) - Tri", "en", Power.ITALY, OPENING, "A VEN - TRI"),
    ("A Ven (Italia) - Tri", "it", Power.ITALY, OPENING, "A VEN - TRI"),
    ("A Ven (Italië) - Tri", "nl", Power.ITALY, OPENING, "A VEN - TRI"),
    ("A Ven Italian - Tri", "en", Power.ITALY, OPENING, "A VEN - TRI"),
    ("A Ven italiana - Tri", "it", Power.ITALY, OPENING, "A VEN - TRI"),
    ("A Ven Italiaanse - Tri", "nl", Power.ITALY, OPENING, "A VEN - TRI"),
    # -- verb first, and natural word orders ---------------------------------------------------
    ("move A Ven to Tri", "en", Power.ITALY, OPENING, "A VEN - TRI"),
    ("move the army in Venice to Trieste", "en", Power.ITALY, OPENING, "A VEN - TRI"),
    ("Army holds in Venice", "en", Power.ITALY, OPENING, "A VEN H"),
    ("an army attacks Trieste from Venice", "en", Power.ITALY, OPENING, "A VEN - TRI"),
    ("muovi A Ven a Tri", "it", Power.ITALY, OPENING, "A VEN - TRI"),
    ("sposta l'armata di Venezia a Trieste", "it", Power.ITALY, OPENING, "A VEN - TRI"),
    ("Armata ferma a Venezia", "it", Power.ITALY, OPENING, "A VEN H"),
    ("un'armata attacca Trieste da Venezia", "it", Power.ITALY, OPENING, "A VEN - TRI"),
    ("verplaats A Ven naar Tri", "nl", Power.ITALY, OPENING, "A VEN - TRI"),
    ("verplaats het leger in Venetië naar Triëst", "nl", Power.ITALY, OPENING, "A VEN - TRI"),
    ("Leger blijft in Venetië", "nl", Power.ITALY, OPENING, "A VEN H"),
    ("leger Venetië valt Triëst aan", "nl", Power.ITALY, OPENING, "A VEN - TRI"),
    ("een leger valt Triëst aan vanuit Venetië", "nl", Power.ITALY, OPENING, "A VEN - TRI"),
    ("F Nap supports A Rom → Apu", "en", Power.ITALY, OPENING, "F NAP S A ROM - APU"),
    ("F Nap sostiene A Rom → Apu", "it", Power.ITALY, OPENING, "F NAP S A ROM - APU"),
    ("F Nap steunt A Rom → Apu", "nl", Power.ITALY, OPENING, "F NAP S A ROM - APU"),
    # -- a convoy written as its route through the seas ----------------------------------------
    ("A Lon - Nth - Nwy", "en", Power.ENGLAND, ROUTES, "A LON - NWY VIA"),
    ("A Londra - Mare del Nord - Norvegia", "it", Power.ENGLAND, ROUTES, "A LON - NWY VIA"),
    ("A Londen - Noordzee - Noorwegen", "nl", Power.ENGLAND, ROUTES, "A LON - NWY VIA"),
    ("A Bul-Aeg-Ion-Tun", "en", Power.TURKEY, ROUTES, "A BUL - TUN VIA"),
    ("A Bul-Ege-Mio-Tun", "it", Power.TURKEY, ROUTES, "A BUL - TUN VIA"),
    ("A Bulgarije - Egeïsche Zee - Ionische Zee - Tunis", "nl", Power.TURKEY, ROUTES,
     "A BUL - TUN VIA"),
    # -- the unit type left out or glued to the province ---------------------------------------
    ("AFin S FBot - Swe", "en", Power.RUSSIA, ROUTES, "A FIN S F BOT - SWE"),
    ("AFin APP FGbo - Sve", "it", Power.RUSSIA, ROUTES, "A FIN S F BOT - SWE"),
    ("AFin S FBotnische Golf - Zweden", "nl", Power.RUSSIA, ROUTES, "A FIN S F BOT - SWE"),
    ("Irish - Mid", "en", Power.ENGLAND, ROUTES, "F IRI - MAO"),
    ("Mar d'Irlanda - Atc", "it", Power.ENGLAND, ROUTES, "F IRI - MAO"),
    ("Ierse Zee - Midden-Atlantische Oceaan", "nl", Power.ENGLAND, ROUTES, "F IRI - MAO"),
]


@pytest.mark.parametrize(("line", "lang", "power", "position", "canonical"), ROWS)
def test_a_real_world_line_reads_as_meant(line, lang, power, position, canonical):
    for mode in (lang, "auto"):
        parsed = parse_line(line, position=position, power=power, lang=mode)
        assert parsed.ok, f"{line!r} ({mode}): {parsed.error}"
        assert parsed.canonical == canonical, f"{line!r} ({mode}): {parsed.notes}"
        assert parsed.valid, f"{line!r} ({mode}): {parsed.reason}"


@pytest.mark.parametrize(("line", "lang", "message"), [
    ("Russia: A Mos - Lvn", "en", "this order is written for Russia, but you play Italy"),
    ("German A(Mun) - Bur", "en", "this order is written for Germany, but you play Italy"),
    ("A Mos (Russia) - Lvn", "it", "questo ordine è scritto per Russia, ma tu giochi Italia"),
    ("Tedesca A(Mon) - Bor", "it", "questo ordine è scritto per Germania, ma tu giochi Italia"),
    ("Rusland: A Mos - Lijfland", "nl",
     "deze opdracht is geschreven voor Rusland, maar jij speelt Italië"),
    ("E) F Lon - Nth", "nl", "deze opdracht is geschreven voor Engeland, maar jij speelt Italië"),
])
def test_a_line_naming_another_power_is_refused_with_the_reason(line, lang, message):
    parsed = parse_line(line, position=OPENING, power=Power.ITALY, lang=lang)
    assert not parsed.ok
    assert (parsed.error, parsed.language) == (message, lang)
    assert parsed.error_kind == "other_power_order"
    assert dict(parsed.error_params)["sender"] == "Italy"
    assert dict(parsed.error_params)["power"] in ("Russia", "Germany", "England")


def test_without_a_sender_the_power_on_the_line_is_the_sender():
    parsed = parse_line("German A(Mun) - Bur", position=OPENING)
    assert (parsed.canonical, parsed.valid) == ("A MUN - BUR", True)
    other = parse_line("German A(Par) - Bur", position=OPENING)
    assert other.reason == "the unit in Paris (PAR) belongs to France"


@pytest.mark.parametrize("line", ["A Ven - Pie - Mar", "A Lon - Yor - Edi"])
def test_a_route_with_a_step_on_land_is_a_move_of_several_steps(line):
    parsed = parse_line(line, position=ROUTES)
    assert parsed.error_kind == "multi_step"


def test_a_fleets_route_is_a_move_of_several_steps():
    parsed = parse_line("F Nth - Nwg - Nwy", position=ROUTES, power=Power.ENGLAND)
    assert parsed.error_kind == "multi_step"


def test_a_convoy_route_says_how_it_was_read_in_the_lines_language():
    english = parse_line("A Bul-Aeg-Ion-Tun", position=ROUTES, power=Power.TURKEY)
    italian = parse_line("A Bul-Ege-Mio-Tun", position=ROUTES, power=Power.TURKEY, lang="it")
    dutch = parse_line("A Londen - Noordzee - Noorwegen", position=ROUTES, power=Power.ENGLAND,
                       lang="nl")
    assert english.notes == ("route through Aegean Sea (AEG), Ionian Sea (ION) read as a move "
                             "by convoy",)
    assert italian.notes[-1] == ("percorso attraverso Mare Egeo (AEG), Mar Ionio (ION) letto "
                                 "come spostamento tramite trasporto")
    assert dutch.notes == ("route via Noordzee (NTH) gelezen als verplaatsing per konvooi",)


def test_a_glued_type_needs_no_position():
    parsed = parse_line("AFin S FNth - Nwy", position=OPENING, power=Power.RUSSIA)
    assert parsed.canonical == "A FIN S F NTH - NWY"
    assert parsed.reason == "there is no unit in Finland (FIN)"
    # a word that only looks glued stays what it is
    assert parse_line("ARMY Ven - Tri", position=OPENING).canonical == "A VEN - TRI"


@pytest.mark.parametrize(("line", "canonical", "note"), [
    ("Irish - Mid", "F IRI - MAO", "unit type from the map: F (the only kind that can be here)"),
    ("Tyrolia - Boh", "A TYR - BOH", "unit type from the map: A (the only kind that can be here)"),
    ("Bre - Mao", "F BRE - MAO", "unit type from the map: F (the only kind that can be here)"),
    ("Bre - Par", "A BRE - PAR", "unit type from the map: A (the only kind that can be here)"),
])
def test_a_type_left_out_comes_from_the_map_where_it_allows_one_type(line, canonical, note):
    empty = Position(Phase.parse("S1901M"), (), OPENING.supply_centers)
    parsed = parse_line(line, position=empty, lang="en")
    assert parsed.canonical == canonical
    assert note in parsed.notes


def test_a_type_left_out_on_a_coast_with_nothing_to_decide_is_ambiguous():
    empty = Position(Phase.parse("S1901M"), (), OPENING.supply_centers)
    parsed = parse_line("Bre H", position=empty, lang="en")
    assert parsed.error_kind == "ambiguous_order"
    assert parsed.candidates == ("A BRE H", "F BRE H")


EN_NOT = "this is not an order; an order names a unit and what it does, for example “A Par - Bur”"
IT_NOT = "questo non è un ordine; un ordine nomina un'unità e cosa fa, per esempio «A Ven - Tri»"
NL_NOT = ("dit is geen opdracht; een opdracht noemt een eenheid en wat die doet, bijvoorbeeld "
          "„A Par - Bur”")
NOT_ORDERS = [
    ("stop", "en", Power.FRANCE, EN_NOT),
    ("ok", "en", Power.ITALY, EN_NOT),
    ("hello there", "en", Power.ENGLAND, EN_NOT),
    ("ciao", "it", Power.ITALY, IT_NOT),
    ("Belgio", "it", Power.ITALY, IT_NOT),
    ("hoi", "nl", Power.GERMANY, NL_NOT),
    ("Bedankt Rusland", "nl", Power.GERMANY, NL_NOT),
]


@pytest.mark.parametrize(("line", "lang", "power", "message"), NOT_ORDERS)
def test_a_line_with_no_unit_and_no_order_word_is_not_an_order(line, lang, power, message):
    for mode in (lang, "auto"):
        parsed = parse_line(line, position=OPENING, power=power, lang=mode)
        assert (parsed.ok, parsed.error_kind) == (False, "not_an_order")
    parsed = parse_line(line, position=OPENING, power=power, lang=lang, reply_lang=lang)
    assert parsed.error == message
    [read] = parse_message(line, position=OPENING, power=power, lang=lang, reply_lang=lang)
    assert read.error_kind == "not_an_order"


def test_a_heading_for_another_power_in_a_message_carries_its_kind_and_powers():
    lines = parse_message("Russia: A Mos - Lvn\nItalia:\nA Ven - Tri", position=OPENING,
                          power=Power.ITALY, reply_lang="it")
    refused, read = lines
    assert refused.error_kind == "other_power"
    assert dict(refused.error_params) == {"power": "Russia", "sender": "Italy"}
    assert refused.error == "questi ordini sono sotto l'intestazione Russia, ma tu giochi Italia"
    assert (read.canonical, read.error_kind, read.error_params) == ("A VEN - TRI", None, ())
    assert hash(read) == hash(parse_line("A Ven - Tri", position=OPENING, power=Power.ITALY,
                                         reply_lang="it"))
