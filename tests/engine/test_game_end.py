"""The end of a game (seed 000 II, III, XIV.2): solo victory, the last player standing, an
agreed draw, the end of the agreed last year; and which powers are eliminated."""

from __future__ import annotations

import pytest

from engine import SETUPS, Phase, Position, Power, Unit, UnitType, game_status
from engine.board import standard_board
from engine.position import DislodgedUnit
from tests.shared_data import load_json

BOARD = standard_board()
CENTERS = sorted(BOARD.supply_centers)


def _position(phase: str = "F1905M", units: dict[Power, int] | None = None,
              centers: dict[Power, int] | None = None,
              dislodged: tuple[DislodgedUnit, ...] = ()) -> Position:
    """A position where each power has the given numbers of armies and centres (placed on
    distinct provinces; where they stand does not matter to the end of the game)."""
    free = iter(sorted(p for p, prov in BOARD.provinces.items() if prov.kind != "sea"))
    placed = tuple(Unit(power, UnitType.ARMY, next(free))
                   for power, n in (units or {}).items() for _ in range(n))
    owned, pool = {}, iter(CENTERS)
    for power, n in (centers or {}).items():
        owned[power] = frozenset(next(pool) for _ in range(n))
    return Position(Phase.parse(phase), placed, owned, dislodged)


def _even(n: int = 4, **overrides: int) -> dict[Power, int]:
    counts = {p: n for p in Power}
    counts.update({Power(name.capitalize()): v for name, v in overrides.items()})
    return counts


def test_the_opening_position_is_not_over_and_nobody_is_eliminated() -> None:
    status = game_status(Position.initial())
    assert status.over is None and not status.is_over
    assert status.eliminated == frozenset()
    assert status.scores[(Power.RUSSIA,)] == 4


@pytest.mark.parametrize(("france", "over"), [(17, False), (18, True), (19, True)])
def test_a_power_wins_alone_with_18_centres(france: int, over: bool) -> None:
    centers = {Power.FRANCE: france, Power.GERMANY: 34 - france - 6, Power.ITALY: 6}
    status = game_status(_position(units=centers, centers=centers))
    assert status.is_over is over
    if over:
        assert (status.over.how, status.over.winners) == ("solo", {Power.FRANCE})


def test_the_victory_target_is_configurable() -> None:
    centers = _even(3, france=10)
    assert not game_status(_position(units=centers, centers=centers)).is_over
    status = game_status(_position(units=centers, centers=centers), victory_target=10)
    assert (status.over.how, status.over.winners) == ("solo", {Power.FRANCE})


def test_centres_are_counted_per_power_when_a_player_holds_several() -> None:
    # Four players: Austria/France own 20 centres between them, neither 18 alone.
    centers = {Power.AUSTRIA: 10, Power.FRANCE: 10, Power.ENGLAND: 5, Power.GERMANY: 5,
               Power.TURKEY: 4}
    status = game_status(_position(units=centers, centers=centers), SETUPS["4"])
    assert status.over is None
    assert status.scores[(Power.AUSTRIA,)] == 10


@pytest.mark.parametrize(("units", "centers", "eliminated"), [
    (0, 0, True), (0, 1, False), (1, 0, False)])
def test_a_power_with_no_unit_and_no_centre_is_eliminated(units, centers, eliminated) -> None:
    status = game_status(_position(units=_even(4, turkey=units),
                                   centers=_even(4, turkey=centers)))
    assert (Power.TURKEY in status.eliminated) is eliminated
    assert status.eliminated <= {Power.TURKEY}


def test_a_dislodged_unit_still_counts_as_being_in_the_game() -> None:
    waiting = DislodgedUnit(Unit(Power.TURKEY, UnitType.ARMY, "arm"), "sev", ("syr",))
    status = game_status(_position("F1905R", units=_even(4, turkey=0),
                                   centers=_even(4, turkey=0), dislodged=(waiting,)))
    assert Power.TURKEY not in status.eliminated


def test_the_last_player_standing_wins() -> None:
    alone = {Power.RUSSIA: 12}
    status = game_status(_position(units=alone, centers=alone))
    assert (status.over.how, status.over.winners) == ("last_player", {Power.RUSSIA})
    assert status.eliminated == frozenset(Power) - {Power.RUSSIA}
    # Four players: Germany and Turkey are one player.
    pair = {Power.GERMANY: 8, Power.TURKEY: 7}
    status = game_status(_position(units=pair, centers=pair), SETUPS["4"])
    assert (status.over.how, status.over.winners) == ("last_player",
                                                      {Power.GERMANY, Power.TURKEY})


def test_a_draw_needs_the_vote_of_every_power_still_with_units() -> None:
    position = _position(units=_even(4, italy=0, turkey=0), centers=_even(4, italy=0,
                                                                          turkey=2))
    alive = {Power.AUSTRIA, Power.ENGLAND, Power.FRANCE, Power.GERMANY, Power.RUSSIA}
    assert not game_status(position, draw_votes=alive - {Power.RUSSIA}).is_over
    # Turkey has centres but no units: it has no say (seed 000 II: "who still have pieces").
    status = game_status(position, draw_votes=alive)
    assert (status.over.how, status.over.winners) == ("draw", alive)
    assert game_status(position, draw_votes=alive | {Power.ITALY}).over.winners == alive


def test_neutral_powers_do_not_vote_for_a_draw() -> None:
    position = _position(units=_even(4), centers=_even(4))
    played = frozenset(Power) - {Power.ITALY}
    status = game_status(position, SETUPS["6"], draw_votes=played)
    assert (status.over.how, status.over.winners) == ("draw", played)
    assert Power.ITALY not in {p for group in status.scores for p in group}


def test_the_game_ends_after_the_agreed_year_with_the_most_centres_winning() -> None:
    centers = _even(4, england=6, russia=5)
    during = _position("W1910A", units=centers, centers=centers)
    assert not game_status(during, end_year=1910).is_over
    after = _position("S1911M", units=centers, centers=centers)
    status = game_status(after, end_year=1910)
    assert (status.over.how, status.over.winners) == ("end_year", {Power.ENGLAND})
    tied = _even(4, england=6, russia=6)
    status = game_status(_position("S1911M", units=tied, centers=tied), end_year=1910)
    assert status.over.winners == {Power.ENGLAND, Power.RUSSIA}


def test_a_solo_victory_comes_before_the_end_year_and_draw_votes() -> None:
    centers = {Power.FRANCE: 18, Power.ITALY: 16}
    status = game_status(_position("S1911M", units=centers, centers=centers), end_year=1910,
                         draw_votes={Power.FRANCE, Power.ITALY})
    assert status.over.how == "solo"


# -- two players: 24 units per side, Italy counted once it has joined --------------------------
def test_two_players_win_with_24_units_on_their_side() -> None:
    units = {Power.ENGLAND: 8, Power.FRANCE: 8, Power.RUSSIA: 7, Power.GERMANY: 2,
             Power.AUSTRIA: 2, Power.TURKEY: 2, Power.ITALY: 3}
    status = game_status(_position("W1916A", units=units, centers=units), SETUPS["2"],
                         joined_side=1)
    assert status.over is None
    assert status.scores[(Power.ENGLAND, Power.FRANCE, Power.RUSSIA)] == 23
    status = game_status(_position("W1916A", units=units, centers=units), SETUPS["2"],
                         joined_side=0)
    assert (status.over.how, status.over.winners) == (
        "solo", {Power.ENGLAND, Power.FRANCE, Power.RUSSIA, Power.ITALY})


def test_neutral_italy_counts_for_nobody_before_the_coin() -> None:
    units = {Power.ENGLAND: 8, Power.FRANCE: 8, Power.RUSSIA: 7, Power.ITALY: 3,
             Power.GERMANY: 3}
    status = game_status(_position("F1914M", units=units, centers=units), SETUPS["2"],
                         joined_side=0)
    assert status.over is None
    assert status.scores == {(Power.ENGLAND, Power.FRANCE, Power.RUSSIA): 23,
                             (Power.GERMANY, Power.AUSTRIA, Power.TURKEY): 3}


# -- real games ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("game_id", "winner", "centres"), [
    ("cicero_game_439643_ENGLAND_T", Power.FRANCE, 18),
    ("cicero_game_449062_TURKEY_AFI", Power.AUSTRIA, 19)])
def test_the_recorded_solo_games_end_in_a_solo(game_id: str, winner: Power,
                                               centres: int) -> None:
    game = load_json("games", f"{game_id}.json")
    *played, last = game["phases"]
    end = Position.from_record({"phase": last["phase"], "units": last["units_after"],
                                "supply_centers": last["centers_after"]})
    status = game_status(end)
    assert (status.over.how, status.over.winners) == ("solo", {winner})
    assert status.scores[(winner,)] == centres
    # and the game was not over one phase earlier
    before = Position.from_record({"phase": last["phase"], "units": last["units_before"],
                                   "supply_centers": last["centers_before"]})
    assert not game_status(before).is_over
