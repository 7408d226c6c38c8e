"""Dutch orders: seed 004's forms ("A Parijs-Picardië", "F Denemarken S F Oostzee", "F Zwarte Zee
C A Ankara-Sevastopol") and the words Dutch players use, with and without diacritics."""

import pytest

from tests.grammar.positions import ADJUSTMENT, CONVOY, OPENING, RETREAT
from tests.grammar.table import check_row

ROWS = [
    # moves
    ("A Parijs-Picardië", "A PAR - PIC", OPENING),
    ("A Parijs - Picardie", "A PAR - PIC", OPENING),
    ("Leger Parijs naar Bourgondië", "A PAR - BUR", OPENING),
    ("het leger in Parijs gaat naar Bourgogne", "A PAR - BUR", OPENING),
    ("A Marseille - Spanje", "A MAR - SPA", OPENING),
    ("Leger Marseille verplaatst naar Gascogne", "A MAR - GAS", OPENING),
    ("A Parijs valt Bourgondië aan", "A PAR - BUR", OPENING),
    ("Vloot Kiel verplaatst zich naar Denemarken", "F KIE - DEN", OPENING),
    ("F Brest - Midden-Atlantische Oceaan", "F BRE - MAO", OPENING),
    ("Vloot Brest naar Het Kanaal", "F BRE - ENG", OPENING),
    ("F Brest - Kanaal", "F BRE - ENG", OPENING),
    ("de vloot van Brest naar Picardië", "F BRE - PIC", OPENING),
    ("Leger Venetië naar Triëst", "A VEN - TRI", OPENING),
    ("leger venetie naar triest", "A VEN - TRI", OPENING),
    ("A Venetië - Piëmont", "A VEN - PIE", OPENING),
    ("A Rome - Apulië", "A ROM - APU", OPENING),
    ("A Rome naar Toscane", "A ROM - TUS", OPENING),
    ("F Napels - Ionische Zee", "F NAP - ION", OPENING),
    ("Vloot Napels naar de Tyrreense Zee", "F NAP - TYS", OPENING),
    ("F Londen - Noordzee", "F LON - NTH", OPENING),
    ("F Londen naar het Kanaal", "F LON - ENG", OPENING),
    ("F Edinburgh - Noorse Zee", "F EDI - NWG", OPENING),
    ("A Liverpool - Yorkshire", "A LVP - YOR", OPENING),
    ("F Kiel - Denemarken", "F KIE - DEN", OPENING),
    ("A Berlijn - Kiel", "A BER - KIE", OPENING),
    ("A Berlijn naar Pruisen", "A BER - PRU", OPENING),
    ("A München - Ruhrgebied", "A MUN - RUH", OPENING),
    ("A Munchen - Ruhr", "A MUN - RUH", OPENING),
    ("A München naar Silezië", "A MUN - SIL", OPENING),
    ("A Moskou - Oekraïne", "A MOS - UKR", OPENING),
    ("A Warschau - Galicië", "A WAR - GAL", OPENING),
    ("Leger Warschau naar Lijfland", "A WAR - LVN", OPENING),
    ("F Sebastopol - Zwarte Zee", "F SEV - BLA", OPENING),
    ("F Sevastopol naar Roemenië", "F SEV - RUM", OPENING),
    ("F Sint-Petersburg zuidkust - Botnische Golf", "F STP/SC - BOT", OPENING),
    ("F St. Petersburg (zk) - Golf van Botnië", "F STP/SC - BOT", OPENING),
    ("A Constantinopel - Bulgarije", "A CON - BUL", OPENING),
    ("A Smyrna - Constantinopel", "A SMY - CON", OPENING),
    ("A Smyrna naar Armenië", "A SMY - ARM", OPENING),
    ("F Ankara - Zwarte Zee", "F ANK - BLA", OPENING),
    ("A Wenen - Galicië", "A VIE - GAL", OPENING),
    ("A Wenen naar Bohemen", "A VIE - BOH", OPENING),
    ("A Boedapest - Servië", "A BUD - SER", OPENING),
    ("F Triëst - Albanië", "F TRI - ALB", OPENING),
    ("F Triest naar de Adriatische Zee", "F TRI - ADR", OPENING),
    # holds
    ("A Rome houdt", "A ROM H", OPENING),
    ("Leger Rome blijft staan", "A ROM H", OPENING),
    ("A Rom H", "A ROM H", OPENING),
    ("Vloot Napels blijft", "F NAP H", OPENING),
    ("A Moskou houdt stand", "A MOS H", OPENING),
    # supports
    ("A Parijs S A Marseille-Bourgondië", "A PAR S A MAR - BUR", OPENING),
    ("A Parijs steunt A Marseille - Bourgondië", "A PAR S A MAR - BUR", OPENING),
    ("het leger in Parijs ondersteunt het leger in Marseille naar Bourgondië",
     "A PAR S A MAR - BUR", OPENING),
    ("A München steunt A Berlijn", "A MUN S A BER", OPENING),
    ("Leger Parijs steunt leger Marseille dat naar Bourgondië gaat", "A PAR S A MAR - BUR",
     OPENING),
    ("F Denemarken S F Kiel", "F DEN S F KIE", CONVOY),
    ("A Wenen steunt het Russische leger Warschau - Galicië", "A VIE S A WAR - GAL", OPENING),
    ("F Triëst S A Venetië", "F TRI S A VEN", OPENING),
    # convoys
    ("F Noordzee C A Yorkshire-Noorwegen", "F NTH C A YOR - NWY", CONVOY),
    ("Vloot Noordzee konvooieert leger Yorkshire naar Noorwegen", "F NTH C A YOR - NWY",
     CONVOY),
    ("F Noordzee transporteert A Yorkshire naar Holland", "F NTH C A YOR - HOL", CONVOY),
    ("A Yorkshire naar Noorwegen via konvooi", "A YOR - NWY VIA", CONVOY),
    ("F Kanaal C de Engelse A Londen - België", "F ENG C A LON - BEL", CONVOY),
    ("F Ionische Zee C A Apulië - Tunis", "F ION C A APU - TUN", CONVOY),
    # retreats and disbands
    ("A Bourgondië trekt terug naar Gascogne", "A BUR R GAS", RETREAT),
    ("A Bur trekt terug Marseille", "A BUR R MAR", RETREAT),
    ("A Bourgondië - Gascogne", "A BUR R GAS", RETREAT),
    ("F Roemenië trekt terug naar Sebastopol", "F RUM R SEV", RETREAT),
    ("ontbind A Bourgondië", "A BUR D", RETREAT),
    ("Vloot Roemenië ontbinden", "F RUM D", RETREAT),
    # builds and removals
    ("bouw A Parijs", "A PAR B", ADJUSTMENT),
    ("Bouw vloot Brest", "F BRE B", ADJUSTMENT),
    ("bouw een leger in Marseille", "A MAR B", ADJUSTMENT),
    ("bouw F Sint-Petersburg noordkust", "F STP/NC B", ADJUSTMENT),
    ("sla over", "WAIVE", ADJUSTMENT),
    ("ontbind A Rome", "A ROM D", ADJUSTMENT),
    ("verwijder het leger in Venetië", "A VEN D", ADJUSTMENT),
]


@pytest.mark.parametrize(("text", "expected", "position"), ROWS, ids=[r[0] for r in ROWS])
def test_dutch_orders_read_as_the_rulebook_means(text, expected, position):
    check_row(text, expected, position, "nl")


def test_the_dutch_table_is_at_least_sixty_lines():
    assert len(ROWS) >= 60
