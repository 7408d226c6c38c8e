"""English orders, as the seeds print them (seed 000 mixes English abbreviations into Italian
prose; seed 001 lists the shortened forms) and as players write them."""

import pytest

from tests.grammar.positions import ADJUSTMENT, CONVOY, OPENING, RETREAT
from tests.grammar.table import check_row

ROWS = [
    # moves, every move sign and word
    ("A Ven - Tri", "A VEN - TRI", OPENING),
    ("A Ven-Tri", "A VEN - TRI", OPENING),
    ("a ven tri", "A VEN - TRI", OPENING),
    ("A Ven -> Tri", "A VEN - TRI", OPENING),
    ("A Ven → Tri", "A VEN - TRI", OPENING),
    ("A Ven > Tri", "A VEN - TRI", OPENING),
    ("A Ven – Tri", "A VEN - TRI", OPENING),
    ("A Ven — Tri", "A VEN - TRI", OPENING),
    ("A VEN TO TRI", "A VEN - TRI", OPENING),
    ("Army Venice moves to Trieste", "A VEN - TRI", OPENING),
    ("The army in Venice moves to Trieste", "A VEN - TRI", OPENING),
    ("army venice -> trieste", "A VEN - TRI", OPENING),
    ("Ven - Tri", "A VEN - TRI", OPENING),
    ("F Nap - Ion", "F NAP - ION", OPENING),
    ("Fleet Naples to Ionian Sea", "F NAP - ION", OPENING),
    ("F Naples - Ionian", "F NAP - ION", OPENING),
    ("F Nap - TyS", "F NAP - TYS", OPENING),
    ("F Nap - Tyh", "F NAP - TYS", OPENING),
    ("F Naples - Tyrrhenian Sea", "F NAP - TYS", OPENING),
    ("A Rom - Apu", "A ROM - APU", OPENING),
    ("A Rome moves to Apulia", "A ROM - APU", OPENING),
    ("A Rom - Tus", "A ROM - TUS", OPENING),
    ("A Liv-Yor", "A LVP - YOR", OPENING),
    ("A Liverpool - Yorkshire", "A LVP - YOR", OPENING),
    ("F Lon-Nth", "F LON - NTH", OPENING),
    ("F London - North Sea", "F LON - NTH", OPENING),
    ("F Edi-Nrg", "F EDI - NWG", OPENING),
    ("F Edi - Nwg", "F EDI - NWG", OPENING),
    ("F Edinburgh - Norwegian Sea", "F EDI - NWG", OPENING),
    ("A Ber-Kie", "A BER - KIE", OPENING),
    ("A Mun.-Ruh", "A MUN - RUH", OPENING),
    ("A Munich - Ruhr", "A MUN - RUH", OPENING),
    ("F Kie-Den.", "F KIE - DEN", OPENING),
    ("F Kiel - Denmark", "F KIE - DEN", OPENING),
    ("F StP.-Bot", "F STP/SC - BOT", OPENING),
    ("F StP/sc - Bot", "F STP/SC - BOT", OPENING),
    ("F StP(sc) - Bot", "F STP/SC - BOT", OPENING),
    ("F St Petersburg south coast - Gulf of Bothnia", "F STP/SC - BOT", OPENING),
    ("F St. Petersburg - Bothnia", "F STP/SC - BOT", OPENING),
    ("A Mos-Ukr", "A MOS - UKR", OPENING),
    ("A Moscow - Ukraine", "A MOS - UKR", OPENING),
    ("A War - Gal", "A WAR - GAL", OPENING),
    ("F Sev - Bla", "F SEV - BLA", OPENING),
    ("F Sevastopol - Black Sea", "F SEV - BLA", OPENING),
    ("A Con-Bul", "A CON - BUL", OPENING),
    ("A Constantinople - Bulgaria", "A CON - BUL", OPENING),
    ("A Smy-Con", "A SMY - CON", OPENING),
    ("F Ank - Bla.", "F ANK - BLA", OPENING),
    ("A Vie - Gal", "A VIE - GAL", OPENING),
    ("A Budapest - Serbia", "A BUD - SER", OPENING),
    ("F Tri - Alb", "F TRI - ALB", OPENING),
    ("F Trieste - Adriatic Sea", "F TRI - ADR", OPENING),
    ("A Par-Bur", "A PAR - BUR", OPENING),
    ("A Paris - Burgundy", "A PAR - BUR", OPENING),
    ("A Mar - Spa", "A MAR - SPA", OPENING),
    ("F Bre - Mao", "F BRE - MAO", OPENING),
    ("F Bre - Mid", "F BRE - MAO", OPENING),
    ("F Brest - Mid-Atlantic Ocean", "F BRE - MAO", OPENING),
    ("F Bre - Eng", "F BRE - ENG", OPENING),
    ("F Brest - English Channel", "F BRE - ENG", OPENING),
    ("F Bre-Pic.", "F BRE - PIC", OPENING),
    # holds
    ("A Rom H", "A ROM H", OPENING),
    ("A Rome holds", "A ROM H", OPENING),
    ("A Ven Stands", "A VEN H", OPENING),
    ("Army Rome stands", "A ROM H", OPENING),
    ("A Rom", "A ROM H", OPENING),
    ("A Mos Hold", "A MOS H", OPENING),
    # supports
    ("A Mun S A Ber - Kie", "A MUN S A BER - KIE", OPENING),
    ("A Mun supports A Ber - Kie", "A MUN S A BER - KIE", OPENING),
    ("A Mun S Ber-Kie", "A MUN S A BER - KIE", OPENING),
    ("Army Munich supports army Berlin", "A MUN S A BER", OPENING),
    ("A Par S A Mar - Bur", "A PAR S A MAR - BUR", OPENING),
    ("A Paris supports Marseilles - Burgundy", "A PAR S A MAR - BUR", OPENING),
    ("A Par S A Mar Bur", "A PAR S A MAR - BUR", OPENING),
    ("A Vie S RUSSIAN A War - Gal", "A VIE S A WAR - GAL", OPENING),
    ("A Bud S A War-Gal", "A BUD S A WAR - GAL", OPENING),
    ("F Tri S A Ven", "F TRI S A VEN", OPENING),
    # convoys and moves by convoy
    ("F Nth C A Yor - Nwy", "F NTH C A YOR - NWY", CONVOY),
    ("F Nth Sea C A Yor-Nwy", "F NTH C A YOR - NWY", CONVOY),
    ("Fleet North Sea convoys army Yorkshire to Norway", "F NTH C A YOR - NWY", CONVOY),
    ("F Nth C ENGLISH A Yor - Hol", "F NTH C A YOR - HOL", CONVOY),
    ("A Yor - Nwy", "A YOR - NWY", CONVOY),
    ("A Yor - Nwy via convoy", "A YOR - NWY VIA", CONVOY),
    ("A Lon - Bel by convoy", "A LON - BEL VIA", CONVOY),
    ("F Eng C A Lon - Bel", "F ENG C A LON - BEL", CONVOY),
    ("F Ion C A Apu - Tun", "F ION C A APU - TUN", CONVOY),
    # retreats and disbands
    ("A Bur R Gas", "A BUR R GAS", RETREAT),
    ("A Bur retreats to Gascony", "A BUR R GAS", RETREAT),
    ("A Bur - Mar", "A BUR R MAR", RETREAT),
    ("Bur-Gas", "A BUR R GAS", RETREAT),
    ("F Rum R Sev", "F RUM R SEV", RETREAT),
    ("A Bur D", "A BUR D", RETREAT),
    ("disband A Bur", "A BUR D", RETREAT),
    ("Fleet Rumania disbands", "F RUM D", RETREAT),
    # builds, removals, waiving
    ("Build A Par", "A PAR B", ADJUSTMENT),
    ("A Par B", "A PAR B", ADJUSTMENT),
    ("build fleet Brest", "F BRE B", ADJUSTMENT),
    ("F Mar Build", "F MAR B", ADJUSTMENT),
    ("Waive", "WAIVE", ADJUSTMENT),
    ("remove A Rom", "A ROM D", ADJUSTMENT),
    ("A Rom D", "A ROM D", ADJUSTMENT),
    ("Disband army Venice", "A VEN D", ADJUSTMENT),
    ("F StP/nc B", "F STP/NC B", ADJUSTMENT),
    ("Build F St Petersburg north coast", "F STP/NC B", ADJUSTMENT),
]


@pytest.mark.parametrize(("text", "expected", "position"), ROWS, ids=[r[0] for r in ROWS])
def test_english_orders_read_as_the_rulebook_means(text, expected, position):
    check_row(text, expected, position, "en")


def test_the_english_table_is_at_least_sixty_lines():
    assert len(ROWS) >= 60
