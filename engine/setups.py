"""Set-ups for seven down to two players (seed 000 XIV.2): which powers each player holds,
which powers are neutral, the first year and what wins.

Six players: Italy is neutral (its units hold where they stand and are disbanded when
dislodged); the game starts in 1870. Five: Italy and Germany neutral, from 1801. Four: England
alone, Austria/France, Germany/Turkey, Italy/Russia. Three: Russia alone against
England/France/Germany and Austria/Italy/Turkey (`3a`), or England/Germany/Austria,
Russia/Italy, France/Turkey (`3b`). Two: England/France/Russia against Germany/Austria/Turkey,
Italy neutral and its territory closed (no unit may enter it) from 1914 until a coin, tossed
before the adjustments after Fall 1914, joins it to one side from Spring 1915; a side wins with
24 units. In every set-up centres are owned, and builds made, per power, even when a player
holds several powers.

The rules of a set-up change with the phase (two players: before and after the coin), so the
adjudicator is told each phase which powers are neutral and which provinces closed:

    neutral = neutral_powers(setup, position.phase, joined_side)
    closed = closed_provinces(setup, position.phase, joined_side)
    adjudicate(position, orders, rules, neutral=neutral, closed=closed)

`joined_side` is the caller's record of the coin: `coin_toss(setup, seed)` once
`coin_toss_due(...)` says so (an index into `setup.groups`), None before.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.vocabulary import Phase, PhaseKind, Power, Season

# One letter a power, as in the rulebook.
A, E, F, G, I, R, T = (  # noqa: E741
    Power.AUSTRIA, Power.ENGLAND, Power.FRANCE, Power.GERMANY, Power.ITALY, Power.RUSSIA,
    Power.TURKEY)


@dataclass(frozen=True)
class Setup:
    name: str                                  # "7", "6", "5", "4", "3a", "3b", "2"
    groups: tuple[tuple[Power, ...], ...]      # the powers of each player, drawn by lot
    neutral: frozenset[Power] = frozenset()
    first_year: int = 1901
    victory_target: int = 18
    victory_counts: str = "centers"            # "centers" or "units"
    # Two players: this neutral power joins a side, chosen by a coin, from this year's Spring.
    joins_by_lot: Power | None = None
    joins_in: int | None = None
    # Provinces no unit may enter while `joins_by_lot` is neutral (two players).
    closed: frozenset[str] = frozenset()

    @property
    def players(self) -> int:
        return len(self.groups)

    @property
    def playing(self) -> tuple[Power, ...]:
        return tuple(p for group in self.groups for p in group)


# The provinces of Italy on the standard map: the territory that "cannot be invaded" while
# Italy is neutral in the two-player game.
ITALIAN_TERRITORY = frozenset({"pie", "ven", "tus", "rom", "apu", "nap"})

SETUPS: dict[str, Setup] = {
    "7": Setup("7", ((A,), (E,), (F,), (G,), (I,), (R,), (T,))),
    "6": Setup("6", ((A,), (E,), (F,), (G,), (R,), (T,)), frozenset({I}), first_year=1870),
    "5": Setup("5", ((A,), (E,), (F,), (R,), (T,)), frozenset({I, G}), first_year=1801),
    "4": Setup("4", ((E,), (A, F), (G, T), (I, R))),
    "3a": Setup("3a", ((R,), (E, F, G), (A, I, T))),
    "3b": Setup("3b", ((E, G, A), (R, I), (F, T))),
    "2": Setup("2", ((E, F, R), (G, A, T)), frozenset({I}), first_year=1914,
               victory_target=24, victory_counts="units", joins_by_lot=I, joins_in=1915,
               closed=ITALIAN_TERRITORY),
}


def variant_setup(board) -> Setup:
    """The set-up of a variant's full game: each of its powers a player, its first year and
    its victory target (the standard board's is `SETUPS["7"]`)."""
    if board.variant == "standard":
        return SETUPS["7"]
    return Setup(board.variant, tuple((p,) for p in board.powers), first_year=board.first_year,
                 victory_target=board.victory_target)


def setup_named(players: int, variant: str | None = None) -> Setup:
    """The set-up for `players` (2-7); three players need variant "a" or "b" (default "a")."""
    key = "3" + (variant or "a").lower().removeprefix("3") if players == 3 else str(players)
    try:
        return SETUPS[key]
    except KeyError:
        raise ValueError(f"no set-up for {players} players"
                         + (f" variant {variant!r}" if variant else "")
                         + ": use 2 to 7 players (3 players: variant a or b)") from None


def _joined(setup: Setup, phase: Phase, joined_side: int | None) -> bool:
    """Has the power drawn by lot joined its side by this phase?"""
    return (setup.joins_by_lot is not None and joined_side is not None
            and setup.joins_in is not None and phase.year >= setup.joins_in)


def neutral_powers(setup: Setup, phase: Phase, joined_side: int | None = None
                   ) -> frozenset[Power]:
    """The powers nobody plays in this phase."""
    if _joined(setup, phase, joined_side):
        return setup.neutral - {setup.joins_by_lot}
    return setup.neutral


def closed_provinces(setup: Setup, phase: Phase, joined_side: int | None = None
                     ) -> frozenset[str]:
    """The provinces no unit may enter in this phase."""
    return frozenset() if _joined(setup, phase, joined_side) else setup.closed


def sides(setup: Setup, phase: Phase, joined_side: int | None = None
          ) -> tuple[tuple[Power, ...], ...]:
    """The powers each player plays in this phase (two players: Italy with its side once it
    has joined)."""
    if not _joined(setup, phase, joined_side):
        return setup.groups
    return tuple(group + (setup.joins_by_lot,) if i == joined_side else group
                 for i, group in enumerate(setup.groups))


def coin_toss_due(setup: Setup, phase: Phase, joined_side: int | None = None) -> bool:
    """True when the coin must be tossed: the set-up has one, it has not been recorded, and the
    Fall of the year before the power joins is over (the toss comes before its adjustments)."""
    if setup.joins_by_lot is None or setup.joins_in is None or joined_side is not None:
        return False
    return phase.sort_key() >= Phase(setup.joins_in - 1, Season.WINTER,
                                     PhaseKind.ADJUSTMENT).sort_key()


def coin_toss(setup: Setup, seed: int | str) -> int:
    """The side (an index into `setup.groups`) the neutral power joins: a seeded random choice,
    so the same seed always gives the same side. The caller records the seed and the result."""
    if setup.joins_by_lot is None:
        raise ValueError(f"the {setup.name}-player set-up has no coin toss")
    return random.Random(seed).randrange(len(setup.groups))
