"""Scoring finished games, and a table of players over many (a server's standings). Pure.

    from engine.scoring import FinishedGame, score, standings, SCORING_SYSTEMS
    game = FinishedGame(how="draw", winners=frozenset({Power.FRANCE, Power.TURKEY}),
                        centers={Power.FRANCE: 17, Power.TURKEY: 13, ...},
                        seats={Power.FRANCE: "ana", Power.TURKEY: "bo", ...})
    score(game, "draw-size")      # {Power.FRANCE: 50.0, Power.TURKEY: 50.0, others: 0.0}
    standings([game, ...], "sum-of-squares")   # one Standing per player, best first

A game's points are 100, shared by the powers that share its result (`engine.game_end`:
"solo", "last_player", "draw", "end_year"; `winners` are the powers that share it):

- **draw-size** (DSS, webDiplomacy's default): a result shared by n powers gives each of
  them 100 / n; everyone else 0. A solo gives the winner 100.
- **sum-of-squares** (SoS, as described at https://diplomaticon.com/2021/10/09/sum-of-squares-scoring/
  and used by webDiplomacy): a solo (or the last player standing) gives the winner 100 and
  everyone else 0; any other end (a draw, or the agreed last year over) gives each power
  100 × c² / Σ c², c being its centres at the end and the sum over every power, so a power
  with no centre scores 0.

A player holding several powers in one game (the smaller set-ups) scores the sum of their
powers' points, and their centres are added together.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field

from engine.vocabulary import Power

GAME_POINTS = 100.0
_SOLO = ("solo", "last_player")


@dataclass(frozen=True)
class FinishedGame:
    how: str                          # "solo", "last_player", "draw" or "end_year"
    winners: frozenset[Power]         # the powers that share the result
    centers: Mapping[Power, int]      # centres at the end, per power played
    seats: Mapping[Power, Hashable] = field(default_factory=dict)  # power -> player
    units: Mapping[Power, int] = field(default_factory=dict)  # units at the end, per power


def draw_size(game: FinishedGame) -> dict[Power, float]:
    share = GAME_POINTS / len(game.winners) if game.winners else 0.0
    return {p: share if p in game.winners else 0.0 for p in _powers(game)}


def sum_of_squares(game: FinishedGame) -> dict[Power, float]:
    if game.how in _SOLO:
        return draw_size(game)
    squares = {p: game.centers.get(p, 0) ** 2 for p in _powers(game)}
    total = sum(squares.values())
    if not total:
        return draw_size(game)
    return {p: GAME_POINTS * s / total for p, s in squares.items()}


def _powers(game: FinishedGame) -> list[Power]:
    return sorted(set(game.centers) | set(game.seats) | set(game.winners))


SCORING_SYSTEMS: dict[str, Callable[[FinishedGame], dict[Power, float]]] = {
    "draw-size": draw_size,
    "sum-of-squares": sum_of_squares,
}


def score(game: FinishedGame, system: str) -> dict[Power, float]:
    """Points per power (they add up to 100) under `system` (a key of SCORING_SYSTEMS)."""
    try:
        return SCORING_SYSTEMS[system](game)
    except KeyError:
        raise ValueError(f"unknown scoring system {system!r}: use "
                         f"{', '.join(SCORING_SYSTEMS)}") from None


@dataclass(frozen=True)
class Standing:
    """One player's line of the table. `draws` maps a draw's size to how many such draws."""

    player: Hashable
    games: int = 0
    solos: int = 0
    draws: Mapping[int, int] = field(default_factory=dict)
    survivals: int = 0
    eliminations: int = 0
    centers: int = 0                  # at the end of each game, added up
    points: float = 0.0

    @property
    def average_centers(self) -> float:
        return self.centers / self.games if self.games else 0.0

    @property
    def average_points(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def draw_count(self) -> int:
        return sum(self.draws.values())


def standings(games: Iterable[FinishedGame], system: str) -> list[Standing]:
    """Every seated player over `games`, best first: most points, then the best average, then
    the most games. Per game, a player *solos* when their powers alone hold the result (a
    solo, the last player standing, or alone at the top when the last year ended); *draws*
    when they share it with others (a draw, or a tie at the top), counted by the result's
    size; *survives* when they hold a centre or a unit at the end without sharing the result;
    and is *eliminated* otherwise."""
    rows: dict[Hashable, dict] = {}
    for game in games:
        points = score(game, system)
        by_player: dict[Hashable, list[Power]] = {}
        for power, player in game.seats.items():
            by_player.setdefault(player, []).append(power)
        result_holders = {game.seats.get(p) for p in game.winners}
        for player, powers in by_player.items():
            row = rows.setdefault(player, {"games": 0, "solos": 0, "draws": {},
                                           "survivals": 0, "eliminations": 0,
                                           "centers": 0, "points": 0.0})
            row["games"] += 1
            row["points"] += sum(points.get(p, 0.0) for p in powers)
            centers = sum(game.centers.get(p, 0) for p in powers)
            row["centers"] += centers
            if any(p in game.winners for p in powers):
                if result_holders == {player}:
                    row["solos"] += 1
                else:
                    size = len(result_holders)
                    row["draws"][size] = row["draws"].get(size, 0) + 1
            elif centers > 0 or any(game.units.get(p, 0) for p in powers):
                row["survivals"] += 1
            else:
                row["eliminations"] += 1
    table = [Standing(player, **row) for player, row in rows.items()]
    return sorted(table, key=lambda s: (-round(s.points, 9), -round(s.average_points, 9),
                                        -s.games, str(s.player)))


__all__ = ["GAME_POINTS", "SCORING_SYSTEMS", "FinishedGame", "Standing", "draw_size", "score",
           "standings", "sum_of_squares"]
