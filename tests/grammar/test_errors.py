"""Every kind of error, in the language of the reply: what was wrong, where, what was expected
or meant. Orders that read but cannot succeed keep `ok` and carry `valid: False` and a reason."""

import pytest

from engine import Phase, Position, Power, Unit, UnitType
from grammar import parse_line
from tests.grammar.positions import OPENING

ONLY_ARMIES = Position(Phase.parse("S1902M"), (Unit(Power.ITALY, UnitType.ARMY, "ven"),),
                       OPENING.supply_centers)

ERRORS = {
    # kind: (line, power, position, {language: message}, candidates)
    "unknown word": ("A Ven - Qqq", Power.ITALY, OPENING, {
        "en": "unknown word “Qqq” at column 9",
        "it": "parola sconosciuta «Qqq» al 9° carattere",
        "nl": "onbekend woord „Qqq” in kolom 9"}, ()),
    "unknown word with nearest names": ("A Ven - Zwitserland", Power.ITALY, OPENING, {
        "en": "unknown word “Zwitserland” at column 9; nearest names: Holland (HOL), "
              "Finland (FIN), Western Mediterranean (WES), Greece (GRE)",
        "it": "parola sconosciuta «Zwitserland» al 9° carattere; nomi più vicini: Olanda (HOL), "
              "Finlandia (FIN), Mediterraneo Occidentale (WES), Grecia (GRE)",
        "nl": "onbekend woord „Zwitserland” in kolom 9; dichtstbijzijnde namen: Holland (HOL), "
              "Finland (FIN), Westelijke Middellandse Zee (WES), Griekenland (GRE)"},
        ("HOL", "FIN", "WES", "GRE")),
    "word out of place": ("A Ven S S Tri", Power.ITALY, OPENING, {
        "en": "“S” at column 9 cannot come here; expected a unit (A or F), a province or a "
              "nationality",
        "it": "«S» al 9° carattere non può stare qui: ci va un'unità (A o F), una provincia o "
              "una nazionalità",
        "nl": "„S” in kolom 9 hoort hier niet; verwacht: een eenheid (A of F), een provincie "
              "of een nationaliteit"}, ()),
    "order stops early": ("A Ven S A", Power.ITALY, OPENING, {
        "en": "the order stops after “A”; expected a province or a nationality",
        "it": "l'ordine si interrompe dopo «A»: manca una provincia o una nazionalità",
        "nl": "de opdracht stopt na „A”; verwacht: een provincie of een nationaliteit"}, ()),
    "ambiguous province": ("A Ven - Nor", Power.ITALY, OPENING, {
        "en": "“Nor” at column 9 could be Norway (NWY), North Sea (NTH), North Atlantic Ocean "
              "(NAO), Norwegian Sea (NWG) or North Africa (NAF); write the name in full",
        "it": "«Nor» al 9° carattere può essere Norvegia (NWY), Mare del Nord (NTH), Nord "
              "Atlantico (NAO), Mare di Norvegia (NWG) o Nord Africa (NAF); scrivi il nome per "
              "intero",
        "nl": "„Nor” in kolom 9 kan Noorwegen (NWY), Noordzee (NTH), Noord-Atlantische Oceaan "
              "(NAO), Noorse Zee (NWG) of Noord-Afrika (NAF) zijn; schrijf de naam voluit"},
        ("A VEN - NWY", "A VEN - NTH", "A VEN - NAO", "A VEN - NWG", "A VEN - NAF")),
    "missing coast": ("F Mao - Spa", None, OPENING, {
        "en": "Spain (SPA) has two coasts: say which one (north coast or south coast)",
        "it": "Spagna (SPA) ha due coste: indica quale (costa nord o costa sud)",
        "nl": "Spanje (SPA) heeft twee kusten: zeg welke (noordkust of zuidkust)"},
        ("F MAO - SPA/NC", "F MAO - SPA/SC")),
    "multi-step move": ("A Ven-Pie-Mar", Power.ITALY, OPENING, {
        "en": "a unit moves only one province per phase, but “Ven-Pie-Mar” has 2 steps",
        "it": "un'unità si sposta di una sola provincia per mossa, ma «Ven-Pie-Mar» ha 2 "
              "passi",
        "nl": "een eenheid verplaatst maar één provincie per fase, maar „Ven-Pie-Mar” heeft "
              "2 stappen"}, ()),
    "order kind not in this phase": ("A Ven R Tri", Power.ITALY, OPENING, {
        "en": "a retreat order cannot be given in the movement phase; here you can give: "
              "hold, move, support, convoy",
        "it": "un ordine di ritirata non si può dare in una fase di movimento; qui si può "
              "dare: arresto, spostamento, appoggio, trasporto",
        "nl": "terugtrekken is geen opdracht voor een bewegingsfase; hier kan: "
              "houden, verplaatsen, steunen, konvooieren"}, ()),
    "several units could be meant": ("F Stands", Power.ENGLAND, OPENING, {
        "en": "“F” names no province: which fleet? F EDI or F LON",
        "it": "«F» non indica una provincia: quale flotta? F EDI o F LON",
        "nl": "„F” is geen provincie: welk(e) vloot? F EDI of F LON"},
        ("F EDI H", "F LON H")),
    "no unit of that type": ("F Stands", Power.ITALY, ONLY_ARMIES, {
        "en": "“F” names no province, and there is no fleet to give this order to",
        "it": "«F» non indica una provincia, e non c'è nessuna flotta a cui dare l'ordine",
        "nl": "„F” is geen provincie, en er is geen vloot om deze opdracht aan te geven"}, ()),
    "empty line": ("", Power.ITALY, OPENING, {
        "en": "no order here; expected a unit (A or F) or a province",
        "it": "nessun ordine qui: ci va un'unità (A o F) o una provincia",
        "nl": "geen opdracht hier; verwacht: een eenheid (A of F) of een provincie"}, ()),
    "line too long": ("A Ven - Tri " * 20, Power.ITALY, OPENING, {
        "en": "the line is too long (239 characters; at most 200)",
        "it": "la riga è troppo lunga (239 caratteri; al massimo 200)",
        "nl": "de regel is te lang (239 tekens; hoogstens 200)"}, ()),
}

REASONS = {
    # kind: (line, power, canonical, {language: reason})
    "no unit there": ("A Tyr - Mun", Power.ITALY, "A TYR - MUN", {
        "en": "there is no unit in Tyrolia (TYR)",
        "it": "non c'è nessuna unità in Tirolo (TYR)",
        "nl": "er staat geen eenheid in Tirol (TYR)"}),
    "unit of another power": ("A Vie - Tri", Power.ITALY, "A VIE - TRI", {
        "en": "the unit in Vienna (VIE) belongs to Austria",
        "it": "l'unità in Vienna (VIE) è di un'altra potenza (Austria-Ungheria)",
        "nl": "de eenheid in Wenen (VIE) is van Oostenrijk"}),
    "not adjacent": ("A Ven - Mun", Power.ITALY, "A VEN - MUN", {
        "en": "Munich (MUN) cannot be reached from there",
        "it": "Monaco (MUN) non è raggiungibile da lì",
        "nl": "München (MUN) is van daar niet bereikbaar"}),
    "support out of reach": ("A Rom S A Ven - Tri", Power.ITALY, "A ROM S A VEN - TRI", {
        "en": "the unit cannot reach Trieste (TRI), so it cannot support there",
        "it": "l'unità non può raggiungere Trieste (TRI), quindi non può appoggiare lì",
        "nl": "de eenheid kan Triëst (TRI) niet bereiken en kan daar dus niet steunen"}),
}


@pytest.mark.parametrize("language", ["en", "it", "nl"])
@pytest.mark.parametrize("kind", list(ERRORS))
def test_each_error_says_what_where_and_what_was_expected(kind, language):
    line, power, position, messages, candidates = ERRORS[kind]
    parsed = parse_line(line, position=position, power=power, reply_lang=language)
    assert not parsed.ok and parsed.order is None and parsed.canonical is None
    assert parsed.error == messages[language]
    if kind == "unknown word with nearest names":
        assert [c.split("(")[1].rstrip(")") for c in parsed.candidates] == list(candidates)
    else:
        assert parsed.candidates == candidates


@pytest.mark.parametrize("language", ["en", "it", "nl"])
@pytest.mark.parametrize("kind", list(REASONS))
def test_an_order_that_cannot_succeed_is_read_and_says_why(kind, language):
    line, power, canonical, reasons = REASONS[kind]
    parsed = parse_line(line, position=OPENING, power=power, reply_lang=language)
    assert parsed.ok and parsed.canonical == canonical
    assert not parsed.valid
    assert parsed.reason == reasons[language]


def test_errors_are_in_the_language_the_line_is_written_in():
    assert parse_line("Esercito Venezia verso Qqq").error == \
        "parola sconosciuta «Qqq» al 24° carattere"
    assert parse_line("Leger Venetië naar Qqq").error == "onbekend woord „Qqq” in kolom 20"
    assert parse_line("Army Venice moves to Qqq").error == "unknown word “Qqq” at column 22"


def test_a_line_with_no_language_clue_is_answered_in_english():
    parsed = parse_line("A Ven - Qqq")
    assert parsed.language == "en"
    assert parsed.error == "unknown word “Qqq” at column 9"


def test_unknown_language_or_rules_are_the_callers_mistake():
    with pytest.raises(ValueError, match="unknown language"):
        parse_line("A Ven - Tri", lang="fr")
    with pytest.raises(ValueError, match="unknown rule preset"):
        parse_line("A Ven - Tri", rules="1999")
