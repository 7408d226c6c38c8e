"""Variants through the engine: the registry, powers as names, and each variant's own rules
(Chaos builds anywhere, the 1-vs-1 games' absent powers and neutral centres, the Ancient
Mediterranean's port and straits and its years, Pure's one-move map)."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from engine import (
    VARIANT_IDS,
    Position,
    Power,
    adjudicate,
    board_of,
    game_status,
    standard_board,
    variant_named,
)
from engine.outcomes import Reason, Status
from engine.variants import all_power_names, variant_choices, variants_listing
from engine.vocabulary import Phase, Unit, UnitType

SHIPPED = {"standard", "fleet_rome", "france_austria", "germany_italy", "pure", "chaos",
           "ancmed"}


def _result(result, text: str):
    return next(r for r in result.results if r.text == text)


# -- the registry --------------------------------------------------------------------------
def test_the_registry_lists_every_shipped_variant_standard_first():
    assert set(VARIANT_IDS) == SHIPPED and VARIANT_IDS[0] == "standard"
    lines = variants_listing()
    assert lines[0] == "standard 7 Standard"
    assert "chaos 34 Chaos" in lines and "ancmed 5 Ancient Mediterranean" in lines
    assert "france_austria 2 France vs Austria" in lines


@pytest.mark.parametrize("vid", sorted(SHIPPED))
def test_each_variant_is_named_in_three_languages_and_names_its_source(vid):
    variant = variant_named(vid)
    for language in ("en", "it", "nl"):
        assert variant.name(language) and variant.description(language)
        for power in variant.powers:
            assert variant.power_name(power, language)
    assert variant.name("it") != variant.name("en") or vid == "chaos"
    assert "map" in variant.source or "standard.json" in variant.source
    opening = Position.initial(variant.board)
    assert opening.variant == vid and opening.board is variant.board
    assert set(opening.supply_centers) == set(variant.powers)


def test_no_name_of_a_power_means_two_powers():
    seen: dict[str, set[str]] = {}
    for vid in VARIANT_IDS:
        for power, names in variant_named(vid).power_names.items():
            for name in {power, *names.values()}:
                seen.setdefault(name.lower(), set()).add(power)
    assert {k: v for k, v in seen.items() if len(v) > 1} == {}
    assert all_power_names()["cartagine"] == "Carthage"


def test_variants_to_choose_from_are_named_and_described_in_the_users_language():
    italian = dict((vid, label) for label, vid in variant_choices("it"))
    assert set(italian) == SHIPPED
    assert italian["ancmed"].startswith("Mediterraneo antico: Cinque potenze")
    assert all(len(label) <= 100 for label, _vid in variant_choices("nl"))
    assert [vid for _label, vid in variant_choices("nl", "frankrijk")] == ["france_austria"]
    assert [vid for _label, vid in variant_choices("en", "chaos")] == ["chaos"]


def test_an_unknown_variant_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="unknown variant 'atlantis'.*ancmed"):
        variant_named("atlantis")


# -- powers as names ------------------------------------------------------------------------
def test_a_power_is_its_name_one_object_per_name():
    assert Power.ENGLAND is Power("England") is Power.parse("inghilterra")
    assert Power("Carthage") is Power.parse("Cartagine", "ancmed") is Power.read("carthago")
    assert Power.parse("Perzië", "ancmed") == "Persia"
    assert Power.parse("san pietroburgo", "chaos") == "St Petersburg"
    assert Power.parse("Francia", "france_austria") is Power.FRANCE
    # A standard game's players name the seven only; a variant's, its own powers only.
    for name, variant in [("Cartagine", None), ("Parigi", "standard"), ("England", "ancmed"),
                          ("Inghilterra", "france_austria")]:
        with pytest.raises(ValueError, match="unknown power"):
            Power.parse(name, variant)
    carthage = Power("Carthage")
    assert pickle.loads(pickle.dumps(carthage)) is carthage and copy.deepcopy(carthage) is carthage
    assert json.dumps({carthage: [carthage]}) == '{"Carthage": ["Carthage"]}'
    assert f"{carthage}" == "Carthage" and carthage.value == "Carthage"
    assert list(Power) == [Power.AUSTRIA, Power.ENGLAND, Power.FRANCE, Power.GERMANY,
                           Power.ITALY, Power.RUSSIA, Power.TURKEY] and len(Power) == 7
    with pytest.raises(ValueError):
        Power("Atlantis")
    with pytest.raises(ValueError):
        Power.read("atlantide")


# -- the standard board is unchanged ---------------------------------------------------------
def test_the_standard_variant_is_the_standard_board():
    assert board_of("standard") is standard_board() is variant_named("standard").board
    opening = Position.initial()
    assert opening.variant == "standard" and "variant" not in opening.to_record()
    assert Position.from_record(opening.to_record()) == opening


# -- Chaos ---------------------------------------------------------------------------------
def test_chaos_opens_with_the_builds_of_winter_1900_one_centre_each():
    opening = Position.initial(board_of("chaos"))
    assert opening.phase == Phase.parse("W1900A") and opening.units == ()
    assert len(opening.supply_centers) == 34
    assert opening.supply_centers[Power("St Petersburg")] == frozenset({"stp"})
    result = adjudicate(opening, {"Paris": ["A PAR B"], "St Petersburg": ["F STP/NC B"]})
    assert all(r.outcome.status is Status.SUCCEEDS for r in result.results)
    assert result.next_position.phase == Phase.parse("S1901M")
    assert result.next_position.variant == "chaos"
    # Everyone else gave no orders and builds nothing: 32 powers in civil disorder.
    assert len(result.civil_disorder) == 32


def test_every_power_has_a_letter_of_its_own_on_its_board():
    for vid in SHIPPED:
        variant = variant_named(vid)
        letters = [variant.letter(p) for p in variant.powers]
        assert len(set(letters)) == len(letters) and all(len(x) == 1 for x in letters), vid
    chaos = variant_named("chaos")
    assert chaos.letter(Power("Paris")) == "V" and chaos.letter(Power("Ankara")) == "A"


def test_chaos_builds_on_any_owned_centre_the_standard_board_only_at_home():
    centers = {Power("Paris"): frozenset({"par", "bel"})}
    chaos = Position(Phase.parse("W1901A"), (Unit(Power("Paris"), UnitType.ARMY, "par"),),
                     centers, (), "chaos")
    result = adjudicate(chaos, {"Paris": ["F BEL B"]})
    assert _result(result, "F BEL B").outcome.status is Status.SUCCEEDS
    standard = Position(Phase.parse("W1901A"), (Unit(Power.FRANCE, UnitType.ARMY, "par"),),
                        {Power.FRANCE: frozenset({"par", "bel"})})
    refused = _result(adjudicate(standard, {"France": ["F BEL B"]}), "F BEL B").outcome
    assert refused.reason is Reason.NOT_HOME_CENTER


# -- the 1-vs-1 games ------------------------------------------------------------------------
@pytest.mark.parametrize(("vid", "players"), [("france_austria", {"France", "Austria"}),
                                               ("germany_italy", {"Germany", "Italy"})])
def test_a_one_vs_one_game_leaves_the_other_powers_out_their_centres_neutral(vid, players):
    board = board_of(vid)
    opening = Position.initial(board)
    assert set(board.powers) == players and {u.power for u in opening.units} == players
    owned = {c for cs in opening.supply_centers.values() for c in cs}
    assert len(owned) == 6 and len(board.supply_centers) == 34
    assert board.victory_target == 18 == variant_named(vid).victory_target


def test_france_austria_builds_at_home_only_and_a_neutral_centre_counts():
    france, austria = Power.FRANCE, Power.AUSTRIA
    units = (Unit(france, UnitType.FLEET, "lon"), Unit(france, UnitType.ARMY, "bur"),
             Unit(austria, UnitType.ARMY, "vie"))
    fall = Position(Phase.parse("F1901M"), units, {france: frozenset({"bre", "mar", "par"}),
                                                   austria: frozenset({"vie", "bud", "tri"})},
                    (), "france_austria")
    after = adjudicate(fall, {"France": ["F LON H", "A BUR - BEL"], "Austria": ["A VIE H"]})
    assert after.supply_centers_after[france] == frozenset({"bre", "mar", "par", "lon", "bel"})
    winter = after.next_position
    assert winter.phase == Phase.parse("W1901A") and winter.variant == "france_austria"
    built = adjudicate(winter, {"France": ["A PAR B", "A MAR B", "F BRE B"]})
    assert [r.outcome.status for r in built.results] == [Status.SUCCEEDS] * 3


def test_france_austria_is_won_with_18_centres_or_when_the_other_is_gone():
    france, austria = Power.FRANCE, Power.AUSTRIA
    board = board_of("france_austria")
    centers = sorted(board.supply_centers)
    big = Position(Phase.parse("S1905M"), (Unit(austria, UnitType.ARMY, "vie"),),
                   {france: frozenset(centers[:18]), austria: frozenset({"vie"})}, (),
                   "france_austria")
    assert game_status(big).over.how == "solo"
    short = Position(big.phase, big.units, {france: frozenset(centers[:17]),
                                            austria: frozenset({"vie"})}, (), "france_austria")
    assert not game_status(short).is_over
    alone = Position(big.phase, (Unit(france, UnitType.ARMY, "par"),),
                     {france: frozenset({"par"})}, (), "france_austria")
    over = game_status(alone).over
    assert over.how == "last_player" and over.winners == {france}


# -- Fleet Rome ------------------------------------------------------------------------------
def test_fleet_rome_starts_italy_with_a_fleet_in_rome():
    opening = Position.initial(board_of("fleet_rome"))
    assert Unit(Power.ITALY, UnitType.FLEET, "rom") in opening.units
    assert Unit(Power.ITALY, UnitType.ARMY, "rom") not in opening.units


# -- Pure ------------------------------------------------------------------------------------
def test_pure_every_capital_borders_every_other_and_four_win():
    board = board_of("pure")
    assert all(board.army_neighbours(p) == set(board.provinces) - {p} for p in board.provinces)
    opening = Position.initial(board)
    result = adjudicate(opening, {"France": ["A PAR - LON"], "Russia": ["A MOS S A PAR - LON"]})
    assert _result(result, "A PAR - LON").outcome.status is Status.SUCCEEDS
    assert board.victory_target == 4


# -- Ancient Mediterranean -------------------------------------------------------------------
def _ancmed(units: dict[str, list[str]], phase: str = "S1M") -> Position:
    placed = tuple(Unit(Power(p), UnitType(u.split()[0]), u.split()[1])
                   for p, us in units.items() for u in us)
    return Position(Phase.parse(phase), placed, {}, (), "ancmed")


def test_ancmed_counts_its_years_from_1():
    opening = Position.initial(board_of("ancmed"))
    assert opening.phase.name == "S1M" and len(opening.units) == 15
    record = dict(opening.to_record(), phase="movement", season="Spring 1")
    assert record["variant"] == "ancmed"
    assert Position.from_record(record).phase == Phase.parse("S1M")
    result = adjudicate(opening, {})
    assert result.next_position.phase.name == "F1M"


def test_ancmed_a_fleet_in_the_port_of_baleares_convoys():
    position = _ancmed({"Carthage": ["A tar", "F bal", "F ber"]})
    orders = ["A TAR - MAU", "F BAL C A TAR - MAU", "F BER C A TAR - MAU"]
    result = adjudicate(position, {"Carthage": orders})
    assert [r.outcome.status for r in result.results] == [Status.SUCCEEDS] * 3
    assert Unit(Power("Carthage"), UnitType.ARMY, "mau") in result.units_after


def test_ancmed_no_army_walks_the_strait_to_baleares_but_a_fleet_carries_it():
    walk = adjudicate(_ancmed({"Rome": ["A tar"]}), {"Rome": ["A TAR - BAL"]})
    assert walk.results[0].outcome.status is not Status.SUCCEEDS
    carried = adjudicate(_ancmed({"Rome": ["A tar", "F lig"]}),
                         {"Rome": ["A TAR - BAL", "F LIG C A TAR - BAL"]})
    assert [r.outcome.status for r in carried.results] == [Status.SUCCEEDS] * 2


def test_ancmed_a_fleet_on_a_plain_coast_does_not_convoy():
    position = _ancmed({"Greece": ["A ath", "F spa"]})
    result = adjudicate(position, {"Greece": ["A ATH - MES VIA", "F SPA C A ATH - MES"]})
    assert _result(result, "F SPA C A ATH - MES").outcome.reason is Reason.NOT_A_SEA
