"""Set-ups for seven down to two players (seed 000 XIV.2): which powers each player holds,
which powers are neutral, the first year and what wins.

Six players: Italy is neutral (its units hold where they stand and are disbanded when
dislodged); the game starts in 1870. Five: Italy and Germany neutral, from 1801. Four: England
alone, Austria/France, Germany/Turkey, Italy/Russia. Three: Russia alone against
England/France/Germany and Austria/Italy/Turkey (`3a`), or England/Germany/Austria,
Russia/Italy, France/Turkey (`3b`). Two: England/France/Russia against Germany/Austria/Turkey,
Italy neutral from 1914 until a coin joins it to one side from Spring 1915; 24 units win.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.vocabulary import Power

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

    @property
    def players(self) -> int:
        return len(self.groups)

    @property
    def playing(self) -> tuple[Power, ...]:
        return tuple(p for group in self.groups for p in group)


SETUPS: dict[str, Setup] = {
    "7": Setup("7", ((A,), (E,), (F,), (G,), (I,), (R,), (T,))),
    "6": Setup("6", ((A,), (E,), (F,), (G,), (R,), (T,)), frozenset({I}), first_year=1870),
    "5": Setup("5", ((A,), (E,), (F,), (R,), (T,)), frozenset({I, G}), first_year=1801),
    "4": Setup("4", ((E,), (A, F), (G, T), (I, R))),
    "3a": Setup("3a", ((R,), (E, F, G), (A, I, T))),
    "3b": Setup("3b", ((E, G, A), (R, I), (F, T))),
    "2": Setup("2", ((E, F, R), (G, A, T)), frozenset({I}), first_year=1914,
               victory_target=24, victory_counts="units", joins_by_lot=I, joins_in=1915),
}


def setup_named(players: int, variant: str | None = None) -> Setup:
    """The set-up for `players` (2-7); three players need variant "a" or "b" (default "a")."""
    key = "3" + (variant or "a").lower().removeprefix("3") if players == 3 else str(players)
    try:
        return SETUPS[key]
    except KeyError:
        raise ValueError(f"no set-up for {players} players"
                         + (f" variant {variant!r}" if variant else "")
                         + ": use 2 to 7 players (3 players: variant a or b)") from None
