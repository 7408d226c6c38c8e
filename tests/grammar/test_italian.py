"""Italian orders: the abbreviation table and the opening of seed 003, the long forms of seed
001 ("Esercito Puglia a Trieste"), and the words players use."""

import pytest

from tests.grammar.positions import ADJUSTMENT, CONVOY, OPENING, RETREAT
from tests.grammar.table import check_row

ROWS = [
    # moves
    ("A Ven ‑ Pie", "A VEN - PIE", OPENING),
    ("Armata Venezia - Trieste", "A VEN - TRI", OPENING),
    ("Esercito Venezia a Trieste", "A VEN - TRI", OPENING),
    ("l'esercito di Venezia verso Trieste", "A VEN - TRI", OPENING),
    ("l’Esercito di Venezia va a Trieste", "A VEN - TRI", OPENING),
    ("A Venezia si sposta in Piemonte", "A VEN - PIE", OPENING),
    ("A Rom ‑ Ven", "A ROM - VEN", OPENING),
    ("Armata Roma in Puglia", "A ROM - APU", OPENING),
    ("A Roma - Toscana", "A ROM - TUS", OPENING),
    ("F Nap ‑ Mio", "F NAP - ION", OPENING),
    ("Flotta Napoli va nel Mar Ionio", "F NAP - ION", OPENING),
    ("la flotta di Napoli verso il Mar Tirreno", "F NAP - TYS", OPENING),
    ("F Nap - Mti", "F NAP - TYS", OPENING),
    ("F Lon ‑ Mno", "F LON - NTH", OPENING),
    ("F Londra - Mare del Nord", "F LON - NTH", OPENING),
    ("F Edi ‑ Mnv", "F EDI - NWG", OPENING),
    ("F Edimburgo - Mare di Norvegia", "F EDI - NWG", OPENING),
    ("A Liv - Yor", "A LVP - YOR", OPENING),
    ("F Londra - Manica", "F LON - ENG", OPENING),
    ("F Kie ‑ Dnk", "F KIE - DEN", OPENING),
    ("F Kiel - Danimarca", "F KIE - DEN", OPENING),
    ("A Bri ‑ Kie", "A BER - KIE", OPENING),
    ("A Berlino - Kiel", "A BER - KIE", OPENING),
    ("A Mon ‑ Ruh", "A MUN - RUH", OPENING),
    ("Armata Monaco - Ruhr", "A MUN - RUH", OPENING),
    ("A Mon - Tir", "A MUN - TYR", OPENING),
    ("F Bre ‑ Atc", "F BRE - MAO", OPENING),
    ("F Brest - Atlantico Centrale", "F BRE - MAO", OPENING),
    ("A Par ‑ Bor", "A PAR - BUR", OPENING),
    ("A Parigi - Borgogna", "A PAR - BUR", OPENING),
    ("A Par - Gua", "A PAR - GAS", OPENING),
    ("A Mar ‑ Spa", "A MAR - SPA", OPENING),
    ("A Marsiglia - Spagna", "A MAR - SPA", OPENING),
    ("F Bre - Man", "F BRE - ENG", OPENING),
    ("A Mos ‑ Ucr", "A MOS - UKR", OPENING),
    ("A Mosca - Ucraina", "A MOS - UKR", OPENING),
    ("A Var ‑ Glz", "A WAR - GAL", OPENING),
    ("A Varsavia - Galizia", "A WAR - GAL", OPENING),
    ("A Var - Sle", "A WAR - SIL", OPENING),
    ("F Seb ‑ Rmn", "F SEV - RUM", OPENING),
    ("F Sebastopoli - Mar Nero", "F SEV - BLA", OPENING),
    ("F Spi (Cs) ‑ Gbo", "F STP/SC - BOT", OPENING),
    ("F San Pietroburgo (costa sud) - Golfo di Botnia", "F STP/SC - BOT", OPENING),
    ("F S. Pietroburgo Cs - Gbo", "F STP/SC - BOT", OPENING),
    ("A Cos ‑ Bui", "A CON - BUL", OPENING),
    ("A Costantinopoli - Bulgaria", "A CON - BUL", OPENING),
    ("A Smi ‑ Cos", "A SMY - CON", OPENING),
    ("A Smirne - Armenia", "A SMY - ARM", OPENING),
    ("F Ank ‑ Mne", "F ANK - BLA", OPENING),
    ("A Vienna - Galizia", "A VIE - GAL", OPENING),
    ("A Budapest - Serbia", "A BUD - SER", OPENING),
    ("F Tri ‑ Alb", "F TRI - ALB", OPENING),
    ("F Trieste - Mare Adriatico", "F TRI - ADR", OPENING),
    ("F Tri - Mad", "F TRI - ADR", OPENING),
    # holds
    ("A Ven XXX", "A VEN H", OPENING),
    ("A Roma tiene", "A ROM H", OPENING),
    ("Armata Roma resta ferma", "A ROM H", OPENING),
    ("La Flotta Napoli tiene", "F NAP H", OPENING),
    ("A Mos sta", "A MOS H", OPENING),
    ("Tieni A Ven", "A VEN H", OPENING),
    ("A Venezia rimane ferma", "A VEN H", OPENING),
    # supports
    ("A Ven APP A Rom ‑ Apu", "A VEN S A ROM - APU", OPENING),
    ("A Venezia appoggia l'armata di Roma in Puglia", "A VEN S A ROM - APU", OPENING),
    ("Esercito Venezia sostiene l'Esercito Roma", "A VEN S A ROM", OPENING),
    ("A Ven supporta A Rom - Tos", "A VEN S A ROM - TUS", OPENING),
    ("A Venezia appoggia A Roma che va in Toscana", "A VEN S A ROM - TUS", OPENING),
    ("A Vie APP A (Russa) Gal", "A VIE S A GAL", OPENING),
    ("A Bud S (Russa) A War - Gal", "A BUD S A WAR - GAL", OPENING),
    ("F Tri APP A Ven", "F TRI S A VEN", OPENING),
    # convoys
    ("F Mno TRA A Yor ‑ Nor", "F NTH C A YOR - NWY", CONVOY),
    ("Flotta Mare del Nord trasporta l'esercito dello Yorkshire in Olanda",
     "F NTH C A YOR - HOL", CONVOY),
    ("Flotta Mare del Nord convoglia l’Esercito Yorkshire verso la Norvegia",
     "F NTH C A YOR - NWY", CONVOY),
    ("F Man TRA (Inglese) A Lon - Bel", "F ENG C A LON - BEL", CONVOY),
    ("F Mio TRA A Pug - Tun", "F ION C A APU - TUN", CONVOY),
    ("A Yor - Ola via mare", "A YOR - HOL VIA", CONVOY),
    # retreats and disbands
    ("A Bor RIT Gua", "A BUR R GAS", RETREAT),
    ("A Borgogna si ritira in Guascogna", "A BUR R GAS", RETREAT),
    ("A Bor - Mar", "A BUR R MAR", RETREAT),
    ("F Rmn RIT Seb", "F RUM R SEV", RETREAT),
    ("sciogli A Bor", "A BUR D", RETREAT),
    ("Flotta Romania sciogli", "F RUM D", RETREAT),
    # builds and removals
    ("costruisci A Par", "A PAR B", ADJUSTMENT),
    ("Costruisce F Bre", "F BRE B", ADJUSTMENT),
    ("forma una flotta a Marsiglia", "F MAR B", ADJUSTMENT),
    ("costruisci F Spi (Cn)", "F STP/NC B", ADJUSTMENT),
    ("rinuncia", "WAIVE", ADJUSTMENT),
    ("sciogli A Rom", "A ROM D", ADJUSTMENT),
    ("scioglie l'armata di Venezia", "A VEN D", ADJUSTMENT),
]


@pytest.mark.parametrize(("text", "expected", "position"), ROWS, ids=[r[0] for r in ROWS])
def test_italian_orders_read_as_the_rulebook_means(text, expected, position):
    check_row(text, expected, position, "it")


def test_the_italian_table_is_at_least_sixty_lines():
    assert len(ROWS) >= 60
