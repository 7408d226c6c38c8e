"""The draw vote: who must vote, who is left out, when it passes, and who is told.

The rulebook (seed 000 II): the players may agree to stop before anyone has won; then "all who
still have pieces in play have an equal right to declare that the game ended in a draw". So a
draw needs every power still in the game. The rulebook says nothing of players who stopped
playing; the club's convention (docs/moderation.md, "Draws") is:

- the powers that vote (*active*): seated, not in civil disorder, not eliminated (seed 000: no
  unit and no centre left), not neutral;
- powers in civil disorder or without a player are *excluded*: their votes are not needed and
  do not count. The game's `draw_policy` says whether they share a draw that passes ("agree")
  or are left out of it ("left_out");
- a draw passes when every active power voted for it: at least two real votes, or all the
  active powers when fewer than two remain; with no active power it never passes, so excluded
  powers never pass a draw on their own;
- a vote stands until changed. A power eliminated during a vote drops out (its vote no longer
  counts) and the draw passes at once if every power still active voted for it. A power that
  falls into civil disorder at a deadline is excluded from then on, but its fall never
  completes a draw: that takes a yes vote that counts (an active power's), or an elimination.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.position import Position
from engine.vocabulary import Power
from service.games.end_rules import eliminated
from service.models import Game
from service.storage.repos import draws, seats


@dataclass(frozen=True)
class DrawTally:
    active: frozenset[Power]        # the powers whose votes are needed
    excluded: frozenset[Power]      # in the game, but in civil disorder or without a player
    voted: frozenset[Power]         # the active powers voting for the draw
    user_of: dict[Power, int]       # who plays each active power

    @property
    def passes(self) -> bool:
        floor = min(2, len(self.active))
        return bool(self.active) and self.voted == self.active and len(self.voted) >= floor


async def tally(conn: Any, game: Game, position: Position,
                still_active: frozenset[Power] = frozenset()) -> DrawTally:
    """The vote as it stands in `position` (the open phase, or the one just reached).
    `still_active`: powers counted as active although just marked in civil disorder."""
    gone = eliminated(game, position) | game.neutral_in(position.phase)
    in_play = [s for s in await seats.all_seats(conn, game.id) if s.power not in gone]
    active = {s.power: s.user_id for s in in_play if s.user_id is not None
              and (not s.civil_disorder or s.power in still_active)}
    votes = await draws.in_favour(conn, game.id)
    return DrawTally(frozenset(active), frozenset(s.power for s in in_play) - set(active),
                     frozenset(votes) & set(active), active)  # type: ignore[arg-type]


def outcome_of(game: Game, position: Position, counted: DrawTally) -> dict[str, Any]:
    """The outcome of a draw that passed in `position`: shared by the active powers, and by
    the excluded ones when the policy is "agree"; with who voted, who was excluded, and the
    centre table."""
    sharing = set(counted.active)
    if game.settings.draw_policy == "agree":
        sharing |= counted.excluded
    centres = {p.value: n for p, n in sorted(position.center_counts().items()) if n}
    powers = sorted(p.value for p in sharing)
    return {"kind": "draw", "how": "draw", "powers": powers, "winners": powers,
            "voted": sorted(p.value for p in counted.voted),
            "excluded": sorted(p.value for p in counted.excluded),
            "policy": game.settings.draw_policy, "centers": centres}


async def passed_draw(conn: Any, game: Game, position: Position,
                      new_disorder: frozenset[Power] = frozenset()) -> dict[str, Any] | None:
    """After a phase: the draw's outcome if the votes standing pass it in `position` (a power
    was eliminated), else None. The powers of `new_disorder`, just marked in civil disorder,
    still count as active: falling into disorder never completes a draw."""
    counted = await tally(conn, game, position, new_disorder)
    return outcome_of(game, position, counted) if counted.passes else None


def powers_text(powers: Any) -> str:
    return ", ".join(sorted(p.value if isinstance(p, Power) else str(p) for p in powers)) or "-"


def rule_text(counted: DrawTally, policy: str) -> str:
    """The rule as it stands, in the service's English (the bot words it per reader)."""
    text = ("A draw passes only when every power still playing votes for it: "
            + powers_text(counted.active) + ".")
    if counted.excluded:
        share = "they share the draw" if policy == "agree" else "they are left out of the draw"
        text += (" Not counted (in civil disorder or without a player): "
                 + powers_text(counted.excluded) + f"; {share}.")
    return text
