"""Every order printed in the rulebooks' example games, read as the rulebook means it.

Seed 000's ESEMPIO DI GIOCO (Spring 1901 to the builds of Winter 1902, the orders as printed,
in their Italian-English mix, with their power headings; the builds, given there in prose, as
bare units), seed 003's "Esempio di una apertura di gioco" (its abbreviation table, with the
printing's dropped dashes and odd letters), and seed 001's long-form orders of Autumn 1907.
Each game is played through the real engine with the orders as read, and the results are
checked against what the rulebook says happened.
"""

from __future__ import annotations

from engine import Move, Phase, Position, Power, Unit, UnitType, adjudicate
from grammar import parse_message

# -- seed 000, ESEMPIO DI GIOCO ------------------------------------------------------------
SEED_000 = [
    ("S1901M", """\
INGHILTERRA: A Liv-Yor, F Lon-Nth, F Edi-Nrg
GERMANIA: A Ber-Kie, A Mun.-Ruh, F Kie-Den.
RUSSIA: A Mos-Ukr, A War-Gal, F StP.-Bot, F Sev-Bla
TURCHIA: A Con-Bul, A Smy-Con, F Ank-Bla.
AUSTRIA-UNGHERIA: A Vie-Tri, A Bud-Gal, F Tri-Alb.
ITALIA: A Ven-Pie, A Rom-Ven, F Nap-Ion.
FRANCIA: A Par-Bur, A Mar-Spa, F Bre-Pic.""",
     ["A LVP - YOR", "F LON - NTH", "F EDI - NWG", "A BER - KIE", "A MUN - RUH", "F KIE - DEN",
      "A MOS - UKR", "A WAR - GAL", "F STP/SC - BOT", "F SEV - BLA", "A CON - BUL",
      "A SMY - CON", "F ANK - BLA", "A VIE - TRI", "A BUD - GAL", "F TRI - ALB", "A VEN - PIE",
      "A ROM - VEN", "F NAP - ION", "A PAR - BUR", "A MAR - SPA", "F BRE - PIC"]),
    ("F1901M", """\
INGHILTERRA: A Yor-Nwy, F Nth Sea C A Yor-Nwy, F Nrg-Bar.
GERMANIA: A Kie-Hol, A Ruh-Bel, F Stands.
RUSSIA: A Ukr S F Sev-Rum, A War-Gal, F Bot-Swe, F Sev-Rum.
TURCHIA: A Bul-Ser, A Con-Bul, F Ank-Bla.
AUSTRIA-UNGHERIA: A Tri Stands, A Bud-Ser, F Alb-Gre.
ITALIA: A Ven Stands, A Pie-Mar, F Ion-Tun.
FRANCIA: A Bur-Mar, A Spa-Por, F Pic-Bel.""",
     ["A YOR - NWY", "F NTH C A YOR - NWY", "F NWG - BAR", "A KIE - HOL", "A RUH - BEL",
      "F DEN H", "A UKR S F SEV - RUM", "A WAR - GAL", "F BOT - SWE", "F SEV - RUM",
      "A BUL - SER", "A CON - BUL", "F ANK - BLA", "A TRI H", "A BUD - SER", "F ALB - GRE",
      "A VEN H", "A PIE - MAR", "F ION - TUN", "A BUR - MAR", "A SPA - POR", "F PIC - BEL"]),
    ("W1901A", """\
INGHILTERRA: F Edi
GERMANIA: F Kie, A Mun
RUSSIA: A StP, A Sev
TURCHIA: A Smy
AUSTRIA-UNGHERIA: A Vie
ITALIA: F Nap
FRANCIA: F Mar""",
     ["F EDI B", "F KIE B", "A MUN B", "A STP B", "A SEV B", "A SMY B", "A VIE B", "F NAP B",
      "F MAR B"]),
    ("S1902M", """\
GERMANIA: A Hol-Bel, A Ruh S Hol-Bel, A Mun-Bur, F Den Stands, F Kie-Hol.
RUSSIA: A Ukr S F Rum, A Gal-Bud, A StP-Nwy, A Sev S F Rum, F Swe S StP-Nwy, F Rum Stands.
TURCHIA: A Bul-Rum, A Con-Bul, A Smy-Arm, F Bla S Bul-Rum.
AUSTRIA-UNGHERIA: A Tri-Bud, A Vie-Bud, A Bud-Ser, F Stands.
ITALIA: A Ven Stands, A Pie-Mar, F Tun-Wes, F Nap-Tyr.
FRANCIA: A Bur S F Pic-Bel, A Por-Spa, F Pic-Bel, F Mar Stands.
INGHILTERRA: A Nwy-StP, F Nth-Nwy, F Bar S Nwy-StP, F Edi-Nth.""",
     ["A HOL - BEL", "A RUH S A HOL - BEL", "A MUN - BUR", "F DEN H", "F KIE - HOL",
      "A UKR S F RUM", "A GAL - BUD", "A STP - NWY", "A SEV S F RUM", "F SWE S A STP - NWY",
      "F RUM H", "A BUL - RUM", "A CON - BUL", "A SMY - ARM", "F BLA S A BUL - RUM",
      "A TRI - BUD", "A VIE - BUD", "A BUD - SER", "F GRE H", "A VEN H", "A PIE - MAR",
      "F TUN - WES", "F NAP - TYS", "A BUR S F PIC - BEL", "A POR - SPA", "F PIC - BEL",
      "F MAR H", "A NWY - STP", "F NTH - NWY", "F BAR S A NWY - STP", "F EDI - NTH"]),
    ("F1902M", """\
GERMANIA: A Ruh-Bur, A Mun S Ruh-Bur, A Bel S Ruh-Bur, F Den-Swe, F Hol S A Bel.
RUSSIA: A StP-Nwy, F Swe S StP-Nwy, F Rum S A Sev, A Sev S F Rum, A Gal S F Rum, A Ukr S A Sev.
TURCHIA: A Bul-Rum, A Con-Bul, A Arm-Sev, F S A Bul-Rum.
AUSTRIA-UNGHERIA: A Vie-Gal, A Tri-Bud, A Ser S Turk, A Bul-Rum, F Stands.
ITALIA: A Ven-Pie-Mar, F Wes-Mid, F Tyr-Gul.
FRANCIA: A Bur-Bel, F Pic S Bur-Bel, A Spa S F Mar, F Mar S A Spa.
INGHILTERRA: A Nwy-StP, F Bar S Nwy-StP, F Nth-Nwy, F Edi-Nth.""",
     ["A RUH - BUR", "A MUN S A RUH - BUR", "A BEL S A RUH - BUR", "F DEN - SWE",
      "F HOL S A BEL", "A STP - NWY", "F SWE S A STP - NWY", "F RUM S A SEV", "A SEV S F RUM",
      "A GAL S F RUM", "A UKR S A SEV", "A BUL - RUM", "A CON - BUL", "A ARM - SEV",
      "F BLA S A BUL - RUM", "A VIE - GAL", "A TRI - BUD", "A SER S A BUL - RUM", "F GRE H",
      None, "F WES - MAO", "F TYS - LYO", "A BUR - BEL", "F PIC S A BUR - BEL",
      "A SPA S F MAR", "F MAR S A SPA", "A NWY - STP", "F BAR S A NWY - STP", "F NTH - NWY",
      "F EDI - NTH"]),
    ("F1902R", "RUSSIA: StP-Mos\nFRANCIA: Bur-Gas", ["A STP R MOS", "A BUR R GAS"]),
    ("W1902A", """\
GERMANIA: F Kiel
RUSSIA: A Gal
TURCHIA: F Smyrne
AUSTRIA-UNGHERIA: A Tri
FRANCIA: A Paris
INGHILTERRA: F Lon""",
     ["F KIE B", "A GAL D", "F SMY B", "A TRI B", "A PAR B", "F LON B"]),
]

# The moves the rulebook says took place ("Hanno luogo solo le seguenti mosse ...").
SEED_000_MOVES_MADE = {
    "S1901M": {"A LVP - YOR", "F LON - NTH", "F EDI - NWG", "A BER - KIE", "A MUN - RUH",
               "F KIE - DEN", "A MOS - UKR", "F STP/SC - BOT", "A CON - BUL", "A SMY - CON",
               "A VIE - TRI", "F TRI - ALB", "A VEN - PIE", "A ROM - VEN", "F NAP - ION",
               "A PAR - BUR", "A MAR - SPA", "F BRE - PIC"},
    "F1901M": {"A YOR - NWY", "F NWG - BAR", "A KIE - HOL", "A WAR - GAL", "F BOT - SWE",
               "F SEV - RUM", "F ANK - BLA", "F ALB - GRE", "F ION - TUN", "A SPA - POR"},
    "S1902M": {"A HOL - BEL", "F KIE - HOL", "A SMY - ARM", "A BUD - SER", "F TUN - WES",
               "F NAP - TYS", "A POR - SPA"},
    "F1902M": {"A NWY - STP", "F NTH - NWY", "F EDI - NTH", "A RUH - BUR", "A BUL - RUM",
               "A CON - BUL", "A TRI - BUD", "F WES - MAO", "F TYS - LYO"},
}


def _play(game, rules="1971"):
    """Read every power's orders against the current position, adjudicate, go on."""
    position = Position.initial()
    for phase, block, expected in game:
        assert position.phase.name == phase
        given: dict[Power, list] = {}
        read = []
        for row in block.splitlines():
            power = _power(row.split(":", 1)[0])
            for line in parse_message(row, position=position, power=power):
                read.append(line)
                if line.ok:
                    given.setdefault(power, []).append(line.order)
        assert [line.canonical for line in read] == expected, phase
        result = adjudicate(position, given, rules)
        yield phase, read, result
        position = result.next_position


def _power(heading: str) -> Power:
    return Power.parse(heading.replace("/", "-").replace("Gran Bretagna", "England"))


def test_seed_000_example_game_reads_and_plays_as_the_rulebook_says():
    played = {phase: (read, result) for phase, read, result in _play(SEED_000)}
    for phase, made in SEED_000_MOVES_MADE.items():
        _read, result = played[phase]
        moved = {r.order.canonical() for r in result.results
                 if isinstance(r.order, Move) and r.outcome.succeeded}
        assert moved == made, phase
    # "La flotta russa in Romania è annientata": dislodged with nowhere to go.
    dislodged = {d.unit.label(): d.retreat_options for d in played["F1902M"][1].dislodged_after}
    assert dislodged["F RUM"] == ()
    # Every build, removal and retreat of the example is accepted by the engine.
    for phase in ("W1901A", "F1902R", "W1902A"):
        assert all(r.outcome.succeeded for r in played[phase][1].results), phase


def test_seed_000_interpretations_are_reported_as_notes():
    played = {phase: read for phase, read, _result in _play(SEED_000)}
    by_input = {line.input: line for read in played.values() for line in read}
    assert "“Tyr” read as Tyrrhenian Sea (TYS)" in by_input["F Nap-Tyr."].notes
    assert "“Gul” read as Gulf of Lyon (LYO)" in by_input["F Tyr-Gul."].notes
    assert "“Mid” read as Mid-Atlantic Ocean (MAO)" in by_input["F Wes-Mid"].notes
    assert by_input["F Smyrne"].notes[0] == "“Smyrne” read as Smyrna (SMY)"
    german_fleet = next(x for x in played["F1901M"] if x.input == "F Stands.")
    assert german_fleet.notes == ("“F” read as the fleet in Denmark (DEN)",)
    assert "unit type filled in from the board: A HOL" in by_input["A Ruh S Hol-Bel"].notes


def test_seed_000_multi_step_move_is_rejected_as_the_rulebook_treats_it():
    played = {phase: read for phase, read, _result in _play(SEED_000)}
    line = next(x for x in played["F1902M"] if x.input == "A Ven-Pie-Mar")
    assert not line.ok
    assert line.error == ("a unit moves only one province per phase, but “Ven-Pie-Mar” has "
                          "2 steps")


def test_seed_000_split_support_is_read_with_its_next_part():
    """"A Ser S Turk, A Bul-Rum": the comma cuts the Turkish army out of the support."""
    played = {phase: read for phase, read, _result in _play(SEED_000)}
    line = next(x for x in played["F1902M"] if x.canonical == "A SER S A BUL - RUM")
    assert line.input == "A Ser S Turk A Bul-Rum"
    assert line.valid


# -- seed 003, Esempio di una apertura di gioco ----------------------------------------------
SEED_003 = [
    ("S1901M", """\
Austria/Ungheria: A Vie         Tri, A Sud ‑ Ser, F Tri ‑ Alb
Gran Bretagna:      A Liv        Yor, F Lon ‑ Mno, F Edi ‑ Mnv
Germania:              F Kie ‑ Dnk, F Bri ‑ Kie, A Mon ‑ Ruh
Francia:                   F Bre ‑ Atc, A Per ‑ Bor, A Mar ‑ Spa
Italia:                        A Ven ‑ Pie, A Rom ‑ Ven, F Nap ‑ Mio
Russia:                   A Mos ‑ Ucr, A Var ‑ Giz, F Seb ‑ Rmn, F Spi (Cs) ‑ Gbo
Turchia:                     A Cos ‑ Bui, A Smi ‑ Cos, F Ank ‑ Mne""",
     ["A VIE - TRI", "A BUD - SER", "F TRI - ALB", "A LVP - YOR", "F LON - NTH", "F EDI - NWG",
      "F KIE - DEN", "A BER - KIE", "A MUN - RUH", "F BRE - MAO", "A PAR - BUR", "A MAR - SPA",
      "A VEN - PIE", "A ROM - VEN", "F NAP - ION", "A MOS - UKR", "A WAR - GAL", "F SEV - RUM",
      "F STP/SC - BOT", "A CON - BUL", "A SMY - CON", "F ANK - BLA"]),
    ("F1901M", """\
Austria/Ungheria: A Tri ‑ Vie, A Ser APP A (Turca) Bui ‑ Hmn, F Alb. ‑ Gre
Gran Bretagna: A Yor ‑ Ola, F Mno TRA A Yor ‑ Ola, F Mnv ‑ Nor
Germania: F Dnk ‑ Sve, A Ruh ‑ Big, A Kie ‑ Dnk
Francia: F Atc ‑ Por, A Spa XXX, A Bor ‑ Mar
Italia: A Pie ‑ Mar, A Ven XXX, F Mio ‑ Tun
Russia: A Giz ‑ Vie, F Gbo ‑ Sve, A Ucr APP F Rmn XXX, F Rmn XXX
Turchia: A Bui ‑ Rmn, A Cos ‑ Bui, F Mne APP A Bui ‑ Rmn""",
     ["A TRI - VIE", "A SER S A BUL - RUM", "F ALB - GRE", "A YOR - HOL", "F NTH C A YOR - HOL",
      "F NWG - NWY", "F DEN - SWE", "A RUH - BEL", "A KIE - DEN", "F MAO - POR", "A SPA H",
      "A BUR - MAR", "A PIE - MAR", "A VEN H", "F ION - TUN", "A GAL - VIE", "F BOT - SWE",
      "A UKR S F RUM", "F RUM H", "A BUL - RUM", "A CON - BUL", "F BLA S A BUL - RUM"]),
]


def test_seed_003_opening_reads_and_plays_as_the_rulebook_says():
    played = {phase: (read, result) for phase, read, result in _play(SEED_003)}
    spring = played["S1901M"][1]
    assert all(r.outcome.succeeded for r in spring.results)  # "Ritirate: nessuna"
    autumn = {r.order.canonical(): r.outcome.succeeded for r in played["F1901M"][1].results}
    assert autumn["A BUL - RUM"]        # the doubly supported Turkish attack succeeds
    assert autumn["A YOR - HOL"]        # Britain lands on the continent
    assert not autumn["F DEN - SWE"]    # "F Dnk. non sarebbe potuta andare in Sve"
    assert not autumn["A KIE - DEN"]
    # "la Russia deve ritirare la Flotta allontanata dalla Rmn. Unica possibilità è Seb."
    dislodged = played["F1901M"][1].dislodged_after
    assert [(d.unit.label(), d.retreat_options) for d in dislodged] == [("F RUM", ("sev",))]


def test_seed_003_reads_its_odd_spellings_with_notes_in_italian():
    played = {phase: read for phase, read, _result in _play(SEED_003)}
    by_input = {line.input: line for read in played.values() for line in read}
    assert by_input["A Sud ‑ Ser"].notes == ("“Sud” read as Budapest (BUD)",)
    assert "«F» corretto: l'unità lì è A BER" in by_input["F Bri ‑ Kie"].notes
    assert "«Nor» letto come Norvegia (NWY)" in by_input["F Mnv ‑ Nor"].notes
    assert by_input["F Mnv ‑ Nor"].language == "it"
    assert any("letto come una mossa" in n or "read as a move" in n
               for n in by_input["A Vie         Tri"].notes)


# -- seed 001, the long-form orders of Autumn 1907 -------------------------------------------
A, F = UnitType.ARMY, UnitType.FLEET
AUTUMN_1907 = Position(Phase.parse("F1907M"), tuple(Unit(p, t, w) for p, t, w in [
    (Power.GERMANY, A, "ruh"), (Power.GERMANY, F, "kie"), (Power.GERMANY, A, "mun"),
    (Power.GERMANY, A, "pru"), (Power.GERMANY, A, "sil"),
    (Power.ENGLAND, A, "lon"), (Power.ENGLAND, F, "nth"), (Power.ENGLAND, F, "hel"),
    (Power.ENGLAND, A, "den"), (Power.ENGLAND, A, "pic"), (Power.ENGLAND, F, "mao"),
    (Power.ENGLAND, F, "eng"),
    (Power.FRANCE, F, "gas"), (Power.FRANCE, F, "iri"), (Power.FRANCE, F, "bre"),
    (Power.FRANCE, A, "par"), (Power.FRANCE, A, "bur"),
    (Power.RUSSIA, F, "sev"), (Power.RUSSIA, A, "mos"), (Power.RUSSIA, F, "stp/nc"),
    (Power.RUSSIA, A, "fin"), (Power.RUSSIA, A, "lvn"),
    (Power.AUSTRIA, A, "ukr"), (Power.AUSTRIA, F, "tri"), (Power.AUSTRIA, A, "bud"),
    (Power.AUSTRIA, A, "vie"),
    (Power.TURKEY, A, "gal"), (Power.TURKEY, F, "bla"), (Power.TURKEY, A, "arm"),
    (Power.TURKEY, A, "rum"),
    (Power.ITALY, A, "apu"), (Power.ITALY, F, "adr"), (Power.ITALY, A, "ven"),
    (Power.ITALY, F, "alb"),
]))

AUTUMN_1907_ORDERS = [
    (Power.GERMANY, "Esercito Ruhr in Olanda", "A RUH - HOL"),
    (Power.GERMANY, "Flotta Kiel supporta l’Esercito Ruhr in Olanda", "F KIE S A RUH - HOL"),
    (Power.GERMANY, "L’Armata Prussia supporta l’Armata Slesia", "A PRU S A SIL"),
    (Power.GERMANY, "L’Armata Slesia supporta l’Armata Prussia", "A SIL S A PRU"),
    (Power.ENGLAND, "Esercito Londra in Olanda", "A LON - HOL"),
    (Power.ENGLAND, "Flotta del Mare del Nord convoglia Esercito Londra in Olanda",
     "F NTH C A LON - HOL"),
    (Power.ENGLAND, "Flotta Heligoland Bight supporta Esercito Londra in Olanda",
     "F HEL S A LON - HOL"),
    (Power.ENGLAND, "Armata Danimarca a Kiel", "A DEN - KIE"),
    (Power.ENGLAND, "Armata Picardy a Brest", "A PIC - BRE"),
    (Power.ENGLAND, "La Flotta dell’Oceano Medio Atlantico supporta l’Armata Picardy a Brest",
     "F MAO S A PIC - BRE"),
    (Power.ENGLAND, "La Flotta della Manica supporta l’Armata Picardy a Brest",
     "F ENG S A PIC - BRE"),
    (Power.FRANCE, "Flotta di Guascogna all’Oceano Medio-Atlantico", "F GAS - MAO"),
    (Power.FRANCE, "Flotta del Mare d’Irlanda alla Manica", "F IRI - ENG"),
    (Power.FRANCE, "La Flotta di Brest tiene", "F BRE H"),
    (Power.FRANCE, "L’Esercito Parigi appoggia la Flotta di Brest", "A PAR S F BRE"),
    (Power.FRANCE, "Armata Borgogna a Ruhr", "A BUR - RUH"),
    (Power.RUSSIA, "La flotta di Sebastopoli tiene", "F SEV H"),
    (Power.RUSSIA, "L’esercito di Mosca sostiene la flotta di Sebastopoli", "A MOS S F SEV"),
    (Power.RUSSIA, "La flotta di St. Petersburg (costa nord) verso la Norvegia",
     "F STP/NC - NWY"),
    (Power.RUSSIA, "L’Armata Finlandia supporta la flotta di St. Petersburg (costa nord) "
                   "verso la Norvegia", "A FIN S F STP - NWY"),
    (Power.RUSSIA, "L’Armata Livonia verso la Prussia", "A LVN - PRU"),
    (Power.AUSTRIA, "Esercito Ucraina appoggia Flotta Sebastopoli", "A UKR S F SEV"),
    (Power.AUSTRIA, "La Flotta Trieste tiene", "F TRI H"),
    (Power.AUSTRIA, "Esercito Budapest sostiene la Flotta Trieste", "A BUD S F TRI"),
    (Power.AUSTRIA, "Esercito Vienna sostiene la Flotta Trieste", "A VIE S F TRI"),
    (Power.TURKEY, "Esercito Galizia in Ucraina", "A GAL - UKR"),
    (Power.TURKEY, "Fleet Black Sea to Sevastopol", "F BLA - SEV"),
    (Power.TURKEY, "Army Armenia supporta Fleet Black Sea to Sevastopol", "A ARM S F BLA - SEV"),
    (Power.TURKEY, "Army Rumania supporta Fleet Black Sea to Sevastopol", "A RUM S F BLA - SEV"),
    (Power.ITALY, "Esercito Puglia a Trieste", "A APU - TRI"),
    (Power.ITALY, "Flotta Adriatica convoglia Esercito Puglia a Trieste", "F ADR C A APU - TRI"),
    (Power.ITALY, "Esercito Venezia supporta Esercito Puglia a Trieste", "A VEN S A APU - TRI"),
    (Power.ITALY, "Flotta Albania supporta Esercito Puglia a Trieste", "F ALB S A APU - TRI"),
]


def test_seed_001_long_form_orders_read_and_play_as_the_text_explains():
    given: dict[Power, list] = {}
    for power, text, expected in AUTUMN_1907_ORDERS:
        line = parse_message(text, position=AUTUMN_1907, power=power)[0]
        assert (line.canonical, line.valid) == (expected, True), (text, line.error, line.reason)
        given.setdefault(power, []).append(line.order)
    result = {r.order.canonical(): r.outcome.succeeded
              for r in adjudicate(AUTUMN_1907, given, "1971").results}
    assert result["F BLA - SEV"]        # "Fleet Black Sea si muove a Sevastopol"
    assert result["A LON - HOL"]        # convoyed "con successo in Olanda"
    assert result["F STP/NC - NWY"]     # "la Russia la prende immediatamente"
    assert not result["A APU - TRI"]    # "l'attacco rimbalza"
    assert not result["A PIC - BRE"]    # "fallisce"
    assert not result["A LVN - PRU"]    # "l'attacco non ha successo"
    assert not result["A BUR - RUH"]    # "non riesce a muovere nella Ruhr"


def test_seed_001_support_that_cannot_reach_is_read_but_marked_invalid():
    """"l'ordine per Monaco di sostenere Ruhr in Olanda non funzionerebbe"."""
    line = parse_message("Esercito Monaco supporta l’Esercito Ruhr in Olanda",
                         position=AUTUMN_1907, power=Power.GERMANY)[0]
    assert line.ok and line.canonical == "A MUN S A RUH - HOL"
    assert not line.valid
    assert line.language == "it"
    assert line.reason == ("l'unità non può raggiungere Olanda (HOL), quindi non può "
                           "appoggiare lì")
