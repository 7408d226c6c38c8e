"""Is the game over, and how (seed 000 II, III and XIV.2)? Pure: a position in, a verdict out.

    from engine import game_status, SETUPS
    status = game_status(result.next_position, SETUPS["7"], victory_target=18,
                         end_year=None, draw_votes=frozenset(), joined_side=None)
    status.over            # None while the game goes on, else a GameOver:
    status.over.how        #   "solo", "last_player", "draw" or "end_year"
    status.over.winners    #   the powers that win (several share it: a side, a tie, a draw)
    status.eliminated      # powers with no unit and no centre left (in the game or not)
    status.scores          # what victory is counted on, per contender (a tuple of powers)

Call it with the position after a phase (`PhaseResult.next_position`), whose phase says which
year is being played. In that order:

- **solo**: a contender reaches the victory target (default the set-up's: 18 centres, counted
  per power even when a player holds several; the two-player game counts the units of each
  side, Italy included once it has joined, and wants 24). The biggest such contender wins.
- **last_player**: the powers of one player (a side) are the only ones left with units or
  centres among those played.
- **draw**: every played power that still has units voted for a draw (`draw_votes`; seed 000
  II: all who still have pieces on the board have an equal right to declare the draw). They
  share it.
- **end_year**: the agreed last year is over (the position is in a later year): the most
  centres (two players: units) win, and a tie shares the win (seed 000 III).

Neutral powers (the smaller set-ups, `engine.setups`) are never contenders and never vote.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from engine.position import Position
from engine.setups import SETUPS, Setup, neutral_powers, sides, variant_setup
from engine.vocabulary import Power


@dataclass(frozen=True)
class GameOver:
    how: str                      # "solo", "last_player", "draw" or "end_year"
    winners: frozenset[Power]


@dataclass(frozen=True)
class GameStatus:
    over: GameOver | None
    eliminated: frozenset[Power]
    scores: Mapping[tuple[Power, ...], int] = field(default_factory=dict)

    @property
    def is_over(self) -> bool:
        return self.over is not None


def game_status(position: Position, setup: Setup | None = None, *,
                victory_target: int | None = None, end_year: int | None = None,
                draw_votes: Iterable[Power] = (),
                joined_side: int | None = None) -> GameStatus:
    """Whether the game is over after reaching `position`, and how (see the module text).
    On a variant, the full set-up (`SETUPS["7"]`, the default) means the variant's own: each of
    its powers a player, its victory target."""
    if setup is None or (setup is SETUPS["7"] and position.variant != "standard"):
        setup = variant_setup(position.board)
    target = victory_target or setup.victory_target
    neutral = neutral_powers(setup, position.phase, joined_side)
    units: dict[Power, int] = {}
    for unit in position.units:
        units[unit.power] = units.get(unit.power, 0) + 1
    for dislodged in position.dislodged:
        units[dislodged.unit.power] = units.get(dislodged.unit.power, 0) + 1
    centers = {p: len(cs) for p, cs in position.supply_centers.items() if cs}
    eliminated = frozenset(p for p in position.board.powers
                           if not units.get(p) and not centers.get(p))

    # The powers of each player in this phase; who can win: each power, or (when victory
    # counts units) each player's side.
    players = [tuple(p for p in group if p not in neutral)
               for group in sides(setup, position.phase, joined_side)]
    contenders = players if setup.victory_counts == "units" else [
        (p,) for group in players for p in group]
    measure = units if setup.victory_counts == "units" else centers
    scores = {group: sum(measure.get(p, 0) for p in group) for group in contenders}
    status = _over(scores, players, target, eliminated, units, neutral,
                   frozenset(draw_votes), end_year, position.phase.year)
    return GameStatus(status, eliminated, scores)


def _over(scores: dict[tuple[Power, ...], int], players: list[tuple[Power, ...]], target: int,
          eliminated: frozenset[Power], units: dict[Power, int], neutral: frozenset[Power],
          votes: frozenset[Power], end_year: int | None, year: int) -> GameOver | None:
    reached = [group for group, score in scores.items() if score >= target]
    if reached:
        best = max(reached, key=lambda group: scores[group])
        return GameOver("solo", frozenset(best))
    alive = [frozenset(p for p in group if p not in eliminated) for group in players]
    alive = [group for group in alive if group]
    if len(alive) == 1 and len(players) > 1:
        return GameOver("last_player", alive[0])
    voters = frozenset(p for p, n in units.items() if n and p not in neutral)
    if voters and voters <= votes:
        return GameOver("draw", voters)
    if end_year is not None and year > end_year:
        top = max(scores.values(), default=0)
        return GameOver("end_year", frozenset(p for group, score in scores.items()
                                              if score == top for p in group))
    return None
