"""Readings chosen by the position (seed 000 VII.4: one interpretation is executed, two are
not): the sender's units, the unit types, adjacency, the phase, the line's language."""

from engine import Phase, Position, Power, Unit, UnitType
from grammar import parse_line
from tests.grammar.positions import CONVOY, OPENING

A, F = UnitType.ARMY, UnitType.FLEET


def at(phase: str, *units: tuple[Power, UnitType, str]) -> Position:
    return Position(Phase.parse(phase), tuple(Unit(*u) for u in units),
                    OPENING.supply_centers)


def test_tyr_from_a_fleet_in_naples_is_the_tyrrhenian_sea():
    line = parse_line("F Nap - Tyr", position=OPENING, power=Power.ITALY)
    assert line.canonical == "F NAP - TYS"
    assert line.notes == ("“Tyr” read as Tyrrhenian Sea (TYS)",)


def test_tyr_from_an_army_in_venice_is_tyrolia():
    line = parse_line("A Ven - Tyr", position=OPENING, power=Power.ITALY)
    assert (line.canonical, line.notes) == ("A VEN - TYR", ())


def test_fleet_stands_is_the_senders_only_fleet():
    line = parse_line("F Stands", position=OPENING, power=Power.ITALY)
    assert line.canonical == "F NAP H"
    assert line.notes == ("“F” read as the fleet in Naples (NAP)",)


def test_fleet_supporting_without_a_place_is_the_fleet_that_can_give_that_support():
    position = at("F1902M", (Power.TURKEY, F, "bla"), (Power.TURKEY, F, "smy"),
                  (Power.TURKEY, A, "bul"))
    line = parse_line("F S A Bul-Rum", position=position, power=Power.TURKEY)
    assert line.canonical == "F BLA S A BUL - RUM"


def test_sud_from_austria_is_budapest():
    line = parse_line("A Sud - Ser", position=OPENING, power=Power.AUSTRIA)
    assert line.canonical == "A BUD - SER"
    assert line.notes == ("“Sud” read as Budapest (BUD)",)


def test_gul_is_the_gulf_the_fleet_can_reach():
    south = parse_line("F Tys - Gul", position=at("S1902M", (Power.ITALY, F, "tys")))
    north = parse_line("F Swe - Gul", position=at("S1902M", (Power.RUSSIA, F, "swe")))
    assert (south.canonical, north.canonical) == ("F TYS - LYO", "F SWE - BOT")


def test_nor_from_an_army_in_sweden_can_only_be_norway():
    line = parse_line("A Swe - Nor", position=at("S1902M", (Power.RUSSIA, A, "swe")))
    assert line.canonical == "A SWE - NWY"


def test_nor_in_auto_mode_is_ambiguous_when_the_position_does_not_decide():
    line = parse_line("F Nwg - Nor", position=at("S1902M", (Power.ENGLAND, F, "nwg")))
    assert not line.ok
    assert set(line.candidates) == {"F NWG - NWY", "F NWG - NTH", "F NWG - NAO"}


def test_nor_is_norway_in_italian_and_in_an_italian_line():
    position = at("S1902M", (Power.ENGLAND, F, "nwg"))
    assert parse_line("F Nwg - Nor", position=position, lang="it").canonical == "F NWG - NWY"
    line = parse_line("F Mnv - Nor", position=position)  # Mnv: only Italian has it
    assert (line.canonical, line.language) == ("F NWG - NWY", "it")


def test_an_omitted_unit_type_is_filled_in_from_the_board():
    line = parse_line("Ven - Tri", position=OPENING, power=Power.ITALY)
    assert line.canonical == "A VEN - TRI"
    assert line.notes == ("unit type filled in from the board: A VEN",)


def test_the_supported_units_type_is_filled_in_too():
    line = parse_line("A Mun S Ber - Kie", position=OPENING, power=Power.GERMANY)
    assert line.canonical == "A MUN S A BER - KIE"
    assert line.notes == ("unit type filled in from the board: A BER",)


def test_a_wrong_unit_letter_is_corrected_when_one_unit_stands_there():
    line = parse_line("F Ber - Kie", position=OPENING, power=Power.GERMANY)
    assert line.canonical == "A BER - KIE"
    assert line.notes == ("“F” corrected: the unit there is A BER",)


def test_a_misspelling_is_read_only_where_the_position_allows_one_reading():
    # "Giz" is close to Glz (Galizia) and Gie (Golfo del Leone): an army in Warsaw can only
    # mean Galicia.
    line = parse_line("A Var - Giz", position=OPENING, power=Power.RUSSIA)
    assert line.canonical == "A WAR - GAL"


def test_mar_is_marseilles_not_the_start_of_an_italian_sea():
    line = parse_line("F Mar S A Spa", position=at("F1902M", (Power.FRANCE, F, "mar"),
                                                 (Power.FRANCE, A, "spa")))
    assert line.canonical == "F MAR S A SPA"


def test_a_plausible_support_is_preferred_to_one_of_a_unit_that_is_not_there():
    # "Hmn" is a misspelling of Rmn (Rumania) and of other three-letter names; the army in
    # Serbia can support only the Bulgarian army into Rumania.
    position = at("F1901M", (Power.AUSTRIA, A, "ser"), (Power.TURKEY, A, "bul"))
    line = parse_line("A Ser APP A (Turca) Bui - Hmn", position=position, power=Power.AUSTRIA)
    assert line.canonical == "A SER S A BUL - RUM"


def test_a_move_by_convoy_is_kept_as_written():
    line = parse_line("A Yor - Nwy via convoy", position=CONVOY, power=Power.ENGLAND)
    assert line.canonical == "A YOR - NWY VIA"


def test_a_move_in_a_retreat_phase_is_a_retreat():
    position = Position(Phase.parse("F1902R"), (), OPENING.supply_centers, ())
    line = parse_line("A Bur - Gas", position=position)
    assert line.canonical == "A BUR R GAS"
    assert "in a retreat phase a move is a retreat" in line.notes


def test_a_bare_unit_in_winter_is_a_build_on_an_empty_home_centre_and_a_removal_otherwise():
    position = Position(Phase.parse("W1901A"), (Unit(Power.GERMANY, A, "mun"),),
                        OPENING.supply_centers)
    build = parse_line("F Kie", position=position, power=Power.GERMANY)
    remove = parse_line("A Mun", position=position, power=Power.GERMANY)
    assert (build.canonical, build.notes) == ("F KIE B", ("read as a build",))
    assert (remove.canonical, remove.notes) == ("A MUN D", ("read as a removal",))


def test_one_reachable_coast_is_filled_in_under_the_2023_rules_only():
    position = at("S1902M", (Power.TURKEY, F, "bla"))
    strict = parse_line("F Bla - Bul", position=position, power=Power.TURKEY)
    assert not strict.ok and strict.candidates == ("F BLA - BUL/EC",)
    lenient = parse_line("F Bla - Bul", position=position, power=Power.TURKEY, rules="2023")
    assert lenient.canonical == "F BLA - BUL/EC"
    assert lenient.notes == ("coast filled in: bul/ec",)


def test_without_a_sender_nothing_is_narrowed_by_ownership():
    line = parse_line("A Ven - Tri", position=OPENING, power=None)
    assert (line.canonical, line.valid) == ("A VEN - TRI", True)
