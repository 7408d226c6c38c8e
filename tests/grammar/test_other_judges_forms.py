"""The forms other judges' players write (issue 21), each in English, Italian and Dutch: the
power in front in a short, old or misspelt form, an article before the unit word, list numbers
and bullets, arrow and dash variants and a hold after a dash, more wordings of a move, the
shorthand of builds and removals. Each line is read in its language and in `auto` mode, and a
power read from a short or other name says so in a note."""

import re

import pytest

from engine import Phase, Position, Power, Unit, UnitType
from grammar import parse_message
from tests.grammar.positions import ADJUSTMENT, CONVOY, OPENING

E, F, G, IT, A, R, T = (Power.ENGLAND, Power.FRANCE, Power.GERMANY, Power.ITALY, Power.AUSTRIA,
                       Power.RUSSIA, Power.TURKEY)

ROWS = [
    # (line, language, sender, position, canonical, note the echo shows, or None)
    # -- the power in front: single letters, three letters, other names, misspellings -------
    ("e: F Lon - Nth", "en", E, OPENING, "F LON - NTH", "read “e:” as England"),
    ("b: F Lon - Nth", "en", E, OPENING, "F LON - NTH", "read “b:” as England"),
    ("f: A Par - Bur", "en", F, OPENING, "A PAR - BUR", "read “f:” as France"),
    ("F: F Bre - Mao", "en", F, OPENING, "F BRE - MAO", "read “F:” as France"),
    ("fra A Par - Bur", "en", F, OPENING, "A PAR - BUR", "read “fra” as France"),
    ("ger: A Mun - Bur", "en", G, OPENING, "A MUN - BUR", "read “ger:” as Germany"),
    ("ENG: F Lon -> Nth", "en", E, OPENING, "F LON - NTH", "read “ENG:” as England"),
    ("Britain: F Lon - Nth", "en", E, OPENING, "F LON - NTH", "read “Britain:” as England"),
    ("Great Britain: F Edi - Nwg", "en", E, OPENING, "F EDI - NWG",
     "read “Great Britain” as England"),
    ("Ottoman: F Ank - Bla", "en", T, OPENING, "F ANK - BLA", "read “Ottoman:” as Turkey"),
    ("A-H: A Vie - Gal", "en", A, OPENING, "A VIE - GAL", "read “A-H:” as Austria"),
    ("Austria-Hungary: A Vie - Gal", "en", A, OPENING, "A VIE - GAL", None),
    ("Ingland: F Lon - Nth", "en", E, OPENING, "F LON - NTH", "read “Ingland:” as England"),
    ("I: A Ven - Tri", "it", IT, OPENING, "A VEN - TRI", "«I:» letto come Italia"),
    ("Ita: A Ven - Tri", "it", IT, OPENING, "A VEN - TRI", "«Ita:» letto come Italia"),
    ("ita A Ven - Tri", "it", IT, OPENING, "A VEN - TRI", "«ita» letto come Italia"),
    ("G: A Mon - Bor", "it", G, OPENING, "A MUN - BUR", "«G:» letto come Germania"),
    ("Ing: F Lon - Mno", "it", E, OPENING, "F LON - NTH", "«Ing:» letto come Inghilterra"),
    ("Inghiltera: F Lon - Mno", "it", E, OPENING, "F LON - NTH",
     "«Inghiltera:» letto come Inghilterra"),
    ("Impero Ottomano: F Ank - Mar Nero", "it", T, OPENING, "F ANK - BLA",
     "«Impero Ottomano» letto come Turchia"),
    ("A-U: A Vie - Gal", "it", A, OPENING, "A VIE - GAL", "«A-U:» letto come Austria-Ungheria"),
    ("D: A Mun - Bourgondië", "nl", G, OPENING, "A MUN - BUR", "„D:” gelezen als Duitsland"),
    ("Dui: A Mun - Bourgondië", "nl", G, OPENING, "A MUN - BUR",
     "„Dui:” gelezen als Duitsland"),
    ("O: A Wenen - Galicië", "nl", A, OPENING, "A VIE - GAL", "„O:” gelezen als Oostenrijk"),
    ("Eng: F Londen - Noordzee", "nl", E, OPENING, "F LON - NTH",
     "„Eng:” gelezen als Engeland"),
    ("Engelant: F Londen - Noordzee", "nl", E, OPENING, "F LON - NTH",
     "„Engelant:” gelezen als Engeland"),
    ("Groot-Brittannië: F Londen - Noordzee", "nl", E, OPENING, "F LON - NTH",
     "„Groot-Brittannië” gelezen als Engeland"),
    # -- an article is no army ----------------------------------------------------------------
    ("Build a fleet in Brest", "en", F, ADJUSTMENT, "F BRE B", None),
    ("France: Build a Fleet in Brest.", "en", F, ADJUSTMENT, "F BRE B", None),
    ("Build an army in Paris", "en", F, ADJUSTMENT, "A PAR B", None),
    ("costruisci una flotta a Brest", "it", F, ADJUSTMENT, "F BRE B", None),
    ("Francia: costruisci un esercito a Parigi", "it", F, ADJUSTMENT, "A PAR B", None),
    ("bouw een vloot in Brest", "nl", F, ADJUSTMENT, "F BRE B", None),
    ("Frankrijk: bouw een leger in Parijs", "nl", F, ADJUSTMENT, "A PAR B", None),
    # -- list numbers and bullets -------------------------------------------------------------
    ("4) A Ven - Tri", "en", IT, OPENING, "A VEN - TRI", None),
    ("4. A Ven - Tri", "en", IT, OPENING, "A VEN - TRI", None),
    ("* A Ven - Tri", "en", IT, OPENING, "A VEN - TRI", None),
    ("• A Ven - Tri", "en", IT, OPENING, "A VEN - TRI", None),
    ("4) A Ven - Tri", "it", IT, OPENING, "A VEN - TRI", None),
    ("2. Esercito Venezia a Trieste", "it", IT, OPENING, "A VEN - TRI", None),
    ("- A Ven - Tri", "it", IT, OPENING, "A VEN - TRI", None),
    ("4) A Ven - Tri", "nl", IT, OPENING, "A VEN - TRI", None),
    ("• Leger Venetië naar Triëst", "nl", IT, OPENING, "A VEN - TRI", None),
    # -- arrows and dashes, a hold after a dash ----------------------------------------------
    ("A Ven ==> Tri", "en", IT, OPENING, "A VEN - TRI", None),
    ("A Ven ---> Tri", "en", IT, OPENING, "A VEN - TRI", None),
    ("A Ven => Tri", "en", IT, OPENING, "A VEN - TRI", None),
    ("A Ven → Tri", "en", IT, OPENING, "A VEN - TRI", None),
    ("A Ven — Tri", "en", IT, OPENING, "A VEN - TRI", None),
    ("A Par-Hold", "en", F, OPENING, "A PAR H", None),
    ("A Par S F Bre-H", "en", F, OPENING, "A PAR S F BRE", None),
    ("A Ven ==> Tri", "it", IT, OPENING, "A VEN - TRI", None),
    ("A Ven --> Tri", "it", IT, OPENING, "A VEN - TRI", None),
    ("A Ven-XXX", "it", IT, OPENING, "A VEN H", None),
    ("A Par APP F Bre - tiene", "it", F, OPENING, "A PAR S F BRE", None),
    ("A Ven ==> Tri", "nl", IT, OPENING, "A VEN - TRI", None),
    ("A Ven – Tri", "nl", IT, OPENING, "A VEN - TRI", None),
    ("A Ven - houdt", "nl", IT, OPENING, "A VEN H", None),
    # -- wordings of a move -------------------------------------------------------------------
    ("A Ven attack on Tri", "en", IT, OPENING, "A VEN - TRI", None),
    ("Army Venice attack into Trieste", "en", IT, OPENING, "A VEN - TRI", None),
    ("A Ven moving to Tri", "en", IT, OPENING, "A VEN - TRI", None),
    ("A Ven moves into Tri", "en", IT, OPENING, "A VEN - TRI", None),
    ("A Ven goes to Tri", "en", IT, OPENING, "A VEN - TRI", None),
    ("A Ven attacca su Tri", "it", IT, OPENING, "A VEN - TRI", None),
    ("Esercito Venezia avanza verso Trieste", "it", IT, OPENING, "A VEN - TRI", None),
    ("A Ven si dirige a Tri", "it", IT, OPENING, "A VEN - TRI", None),
    ("A Ven valt aan op Tri", "nl", IT, OPENING, "A VEN - TRI", None),
    ("Leger Venetië beweegt naar Triëst", "nl", IT, OPENING, "A VEN - TRI", None),
    ("A Ven gaat richting Tri", "nl", IT, OPENING, "A VEN - TRI", None),
    # -- a verb first, with the convoy's route written out ------------------------------------
    ("move A Yor - Nth - Nwy", "en", E, CONVOY, "A YOR - NWY VIA",
     "route through North Sea (NTH) read as a move by convoy"),
    ("muovi A Yor - Mno - Nor", "it", E, CONVOY, "A YOR - NWY VIA",
     "percorso attraverso Mare del Nord (NTH) letto come spostamento tramite trasporto"),
    ("verplaats A Yor - Noordzee - Noorwegen", "nl", E, CONVOY, "A YOR - NWY VIA", None),
    # -- builds and removals in shorthand -----------------------------------------------------
    ("+ f bre", "en", F, ADJUSTMENT, "F BRE B", None),
    ("build F Bre", "en", F, ADJUSTMENT, "F BRE B", None),
    ("- a ven", "en", IT, ADJUSTMENT, "A VEN D", None),
    ("remove A Ven", "en", IT, ADJUSTMENT, "A VEN D", None),
    ("+ f bre", "it", F, ADJUSTMENT, "F BRE B", None),
    ("costruisci F Bre", "it", F, ADJUSTMENT, "F BRE B", None),
    ("- a ven", "it", IT, ADJUSTMENT, "A VEN D", None),
    ("rimuovi A Ven", "it", IT, ADJUSTMENT, "A VEN D", None),
    ("+ f bre", "nl", F, ADJUSTMENT, "F BRE B", None),
    ("bouw F Bre", "nl", F, ADJUSTMENT, "F BRE B", None),
    ("- a ven", "nl", IT, ADJUSTMENT, "A VEN D", None),
    ("verwijder A Ven", "nl", IT, ADJUSTMENT, "A VEN D", None),
    # -- a name cut short in each of its words --------------------------------------------------
    ("F Bre - Engli Cha", "en", F, OPENING, "F BRE - ENG",
     "“Engli Cha” read as English Channel (ENG)"),
    ("F Bre - Mid Atl", "en", F, OPENING, "F BRE - MAO",
     "“Mid Atl” read as Mid-Atlantic Ocean (MAO)"),
    ("F Bre - Can Man", "it", F, OPENING, "F BRE - ENG", "«Can Man» letto come Manica (ENG)"),
    ("F Nap - Mar Tirr", "it", IT, OPENING, "F NAP - TYS",
     "«Mar Tirr» letto come Mar Tirreno (TYS)"),
    ("F Brest - Midd Atl Oce", "nl", F, OPENING, "F BRE - MAO",
     "„Midd Atl Oce” gelezen als Midden-Atlantische Oceaan (MAO)"),
]

# Burgundy with a French army in it (Spring 1902), for a name misspelt past the reader's
# reach: the one name near it where the sender has a unit.
BURGUNDY = Position(Phase.parse("S1902M"), (
    Unit(F, UnitType.ARMY, "bur"), Unit(F, UnitType.ARMY, "par"),
    Unit(G, UnitType.ARMY, "mun")), OPENING.supply_centers)


@pytest.mark.parametrize("line, language, note", [
    ("a bargandy holds", "en", "“bargandy” read as Burgundy (BUR)"),
    ("esercito Brogonia tiene", "it", "«Brogonia» letto come Borgogna (BUR)"),
    ("leger Brogondje houdt", "nl", "„Brogondje” gelezen als Bourgondië (BUR)")])
def test_a_misspelt_place_is_the_one_near_name_where_the_sender_has_a_unit(line, language,
                                                                            note):
    [read] = parse_message(line, position=BURGUNDY, power=F, lang=language)
    assert read.canonical == "A BUR H" and note in read.notes, read.error or read.notes
    # Another power's sender has no unit there: the word stays unknown, the name offered.
    [other] = parse_message(line, position=BURGUNDY, power=G, lang=language)
    assert not other.ok and other.error_kind == "unknown_word" and "(BUR)" in other.error


@pytest.mark.parametrize("row", ROWS, ids=[f"{r[1]}: {r[0]}" for r in ROWS])
def test_a_form_of_other_judges_reads_in_its_language_and_in_auto(row):
    line, language, sender, position, canonical, note = row
    for lang in (language, "auto"):
        [read] = parse_message(line, position=position, power=sender, lang=lang)
        assert read.ok, f"{lang} {line!r}: {read.error}"
        assert read.canonical == canonical, f"{lang} {line!r}: {read.notes}"
        assert read.valid, f"{lang} {line!r}: {read.reason}"
        if note is not None and lang == language:
            assert note in read.notes, f"{lang} {line!r}: {read.notes}"
        elif note is not None:  # a line with no word of its language: the note in English
            quoted = re.search(r"[“«„]([^”»]+)[”»]", note)
            written = quoted.group(1) if quoted else "(NTH)"  # the convoy route's sea
            assert any(written in n for n in read.notes), f"{lang} {line!r}: {read.notes}"


@pytest.mark.parametrize("line, sender", [
    ("f: A Par - Bur", Power.GERMANY), ("Ita: A Ven - Tri", Power.FRANCE),
    ("D: A Mun - Bur", Power.FRANCE)])
def test_a_short_power_label_of_another_power_is_refused(line, sender):
    [read] = parse_message(line, position=OPENING, power=sender)
    assert not read.ok and read.error_kind == "other_power_order"


def test_a_single_letter_with_no_colon_stays_a_unit_letter():
    # "F Bre" is a fleet; "f:" with its colon is France.
    [fleet] = parse_message("F Bre - Mao", position=OPENING, power=Power.FRANCE)
    assert fleet.canonical == "F BRE - MAO" and not fleet.notes
    [army] = parse_message("a par - bur", position=OPENING, power=Power.FRANCE)
    assert army.canonical == "A PAR - BUR"


def test_a_dash_before_a_unit_is_a_bullet_in_spring_and_a_removal_in_winter():
    [spring] = parse_message("- a par", position=OPENING, power=Power.FRANCE)
    assert spring.canonical == "A PAR H"
    [winter] = parse_message("- a ven", position=ADJUSTMENT, power=Power.ITALY)
    assert winter.canonical == "A VEN D"


# Fall 1901: a French fleet in the English Channel, a German army in Munich.
CHANNEL = Position(Phase.parse("F1901M"), (
    Unit(F, UnitType.FLEET, "eng"), Unit(G, UnitType.ARMY, "mun"),
    Unit(A, UnitType.ARMY, "vie")), OPENING.supply_centers)


@pytest.mark.parametrize("line, sender, language, canonical", [
    # "Eng" with no colon is the English Channel; "Eng:" is England (refused for France)
    ("F Eng - Bre", F, "en", "F ENG - BRE"),
    ("F Eng - Bre", F, "nl", "F ENG - BRE"),
    ("Eng: F Eng - Bre", F, "nl", None),
    # "d" is a removal and "D:" Germany in Dutch; "a" an army and "A:" Austria
    ("D: A Mun - Bur", G, "nl", "A MUN - BUR"),
    ("A: A Vie - Gal", A, "it", "A VIE - GAL"),
    ("a: a vie - gal", A, "en", "A VIE - GAL"),
    # "in" moves in Italian; "In:" is Inghilterra (refused for France)
    ("In: F Eng - Bre", F, "it", None),
    ("F Eng in Bre", F, "it", "F ENG - BRE"),
])
def test_a_power_label_never_takes_the_place_of_a_province_unit_or_order_word(
        line, sender, language, canonical):
    [read] = parse_message(line, position=CHANNEL, power=sender, lang=language)
    if canonical is None:
        assert read.error_kind == "other_power_order", read.canonical or read.error
    else:
        assert read.canonical == canonical, read.error


def test_a_stray_word_near_a_province_of_the_sender_is_never_taken_for_it():
    # "thanks" is past the reader's reach of Ankara, as "bargandy" is of Burgundy, but it
    # follows no unit word: it stays an unknown word, even with the sender's army there.
    position = Position(Phase.parse("S1902M"), (
        Unit(T, UnitType.ARMY, "ank"), Unit(T, UnitType.ARMY, "con")), OPENING.supply_centers)
    [read] = parse_message("thanks A Con - Bul", position=position, power=T)
    assert not read.ok and read.error_kind == "unknown_word"
    [army] = parse_message("A thanks holds", position=position, power=T)
    assert army.canonical == "A ANK H"


def test_the_unit_type_written_in_a_support_picks_the_unit_it_names():
    # DATC 6.D.24 as TedDriggs/diplomacy writes it: "mar" is Marseilles (the army there),
    # not the seas whose Italian names start "Mar" (where fleets stand).
    position = Position(Phase.parse("S1901M"), (
        Unit(F, UnitType.ARMY, "mar"), Unit(F, UnitType.FLEET, "spa/sc"),
        Unit(IT, UnitType.FLEET, "lyo"), Unit(T, UnitType.FLEET, "tys"),
        Unit(T, UnitType.FLEET, "wes")), OPENING.supply_centers)
    [read] = parse_message("FRA: F spa(sc) supports A mar -> lyo", position=position, power=F)
    assert read.canonical == "F SPA/SC S A MAR - LYO", read.error
