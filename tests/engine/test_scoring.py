"""Scores of finished games (draw-size, sum-of-squares) and a table of players over them."""

import pytest

from engine import Power
from engine.scoring import FinishedGame, score, standings

AUS, ENG, FRA, GER, ITA, RUS, TUR = (Power.AUSTRIA, Power.ENGLAND, Power.FRANCE,
                                     Power.GERMANY, Power.ITALY, Power.RUSSIA, Power.TURKEY)
PLAYERS = {AUS: "ana", ENG: "bo", FRA: "cy", GER: "di", ITA: "ed", RUS: "fa", TUR: "gu"}


def _game(how, winners, centers, seats=PLAYERS, units=None):
    return FinishedGame(how, frozenset(winners), centers, seats, units or {})


SOLO = _game("solo", {FRA}, {FRA: 18, ENG: 8, GER: 4, TUR: 4, AUS: 0, ITA: 0, RUS: 0})
# A three-way draw: France 12, Turkey 10, England 8 (4 left nobody's: 34 - 30).
DRAW3 = _game("draw", {FRA, TUR, ENG}, {FRA: 12, TUR: 10, ENG: 8, AUS: 0, GER: 0, ITA: 0,
                                        RUS: 0})
# The last year over: Russia alone at the top, four others still on the board.
END = _game("end_year", {RUS}, {RUS: 10, TUR: 8, ENG: 6, FRA: 5, GER: 5, AUS: 0, ITA: 0},
            units={ITA: 1})


def test_draw_size_shares_the_result_equally():
    assert score(SOLO, "draw-size") == {p: (100.0 if p is FRA else 0.0) for p in PLAYERS}
    points = score(DRAW3, "draw-size")
    assert points[FRA] == points[TUR] == points[ENG] == pytest.approx(100 / 3)
    assert points[AUS] == 0.0
    assert sum(points.values()) == pytest.approx(100)


def test_sum_of_squares_counts_centres_squared():
    points = score(DRAW3, "sum-of-squares")
    # 144 + 100 + 64 = 308
    assert points[FRA] == pytest.approx(100 * 144 / 308)
    assert points[TUR] == pytest.approx(100 * 100 / 308)
    assert points[ENG] == pytest.approx(100 * 64 / 308)
    assert points[GER] == 0.0
    assert sum(points.values()) == pytest.approx(100)
    # A solo takes everything under both systems.
    assert score(SOLO, "sum-of-squares") == score(SOLO, "draw-size")


def test_sum_of_squares_scores_every_power_when_the_last_year_ends():
    points = score(END, "sum-of-squares")
    total = 100 + 64 + 36 + 25 + 25
    assert points[RUS] == pytest.approx(100 * 100 / total)
    assert points[GER] == pytest.approx(100 * 25 / total)
    # Draw-size gives it all to the one at the top.
    assert score(END, "draw-size")[RUS] == 100.0


def test_an_unknown_system_is_refused():
    with pytest.raises(ValueError, match="draw-size, sum-of-squares"):
        score(SOLO, "carnage")


def test_the_table_over_three_games_with_both_systems():
    games = [SOLO, DRAW3, END]
    dss = {s.player: s for s in standings(games, "draw-size")}
    cy = dss["cy"]  # France: a solo, a three-way draw, a survival
    assert (cy.games, cy.solos, dict(cy.draws), cy.survivals, cy.eliminations) == \
        (3, 1, {3: 1}, 1, 0)
    assert cy.points == pytest.approx(100 + 100 / 3)
    assert cy.average_centers == pytest.approx((18 + 12 + 5) / 3)
    fa = dss["fa"]  # Russia: eliminated twice, then alone at the top of the last year
    assert (fa.solos, fa.eliminations, fa.points) == (1, 2, 100.0)
    ed = dss["ed"]  # Italy: no centre but a unit at the end of the last game: survived
    assert (ed.survivals, ed.eliminations) == (1, 2)
    assert [s.player for s in standings(games, "draw-size")][:2] == ["cy", "fa"]

    sos = {s.player: s for s in standings(games, "sum-of-squares")}
    total = 100 + 64 + 36 + 25 + 25
    assert sos["cy"].points == pytest.approx(100 + 100 * 144 / 308 + 100 * 25 / total)
    assert sos["fa"].points == pytest.approx(100 * 100 / total)
    # The order differs: under sum-of-squares Turkey's centres count in the draw and the end.
    order = [s.player for s in standings(games, "sum-of-squares")]
    assert order[0] == "cy" and order.index("gu") < order.index("fa")


def test_a_player_with_several_powers_counts_once_per_game():
    seats = {ENG: "ana", FRA: "ana", GER: "bo"}
    game = _game("draw", {ENG, FRA, GER}, {ENG: 10, FRA: 10, GER: 14}, seats=seats)
    table = {s.player: s for s in standings([game], "draw-size")}
    assert table["ana"].games == 1 and table["ana"].centers == 20
    assert table["ana"].points == pytest.approx(200 / 3)
    assert dict(table["ana"].draws) == {2: 1}  # two players share it
