"""What-if adjudication (issue 25): the pure core of `/sandbox`.

`try_orders(position, text)` reads every line of `text` as an order for whichever power's
unit it names (any power: the player plays them all here), keeps the last order given to each
unit (a player who retypes one changes it), and adjudicates the phase as the engine does for a
game, with the phase's defaults for the rest: units given no order hold in a movement phase,
dislodged units given no order are disbanded in a retreat phase, and in a winter a power that
removes too few units loses them by the civil-disorder rule, one that builds nothing builds
nothing. The position is any phase's, past or present, of any game, finished or not; nothing
is read from or written to a game. `sandbox_map` draws the result as the game's maps are drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import (
    DEFAULT_RULES,
    DislodgedUnit,
    Order,
    PhaseResult,
    Position,
    Power,
    Rules,
    adjudicate,
    rules_named,
    standard_board,
)
from engine.vocabulary import province_of
from grammar import ParsedLine, parse_message
from grammar.verdicts import owner_for, view_of


@dataclass(frozen=True)
class SandboxLine:
    """One line as read: `power` whose unit it orders when it reads (`line.ok`), and whether a
    later line for the same unit `replaced` it (then it was not adjudicated)."""

    line: ParsedLine
    power: Power | None = None
    replaced: bool = False


@dataclass(frozen=True)
class SandboxRun:
    position: Position                 # where it started
    lines: tuple[SandboxLine, ...]     # every line, in the order written
    result: PhaseResult                # the engine's: results per order given, units after
    after: Position                    # the next position that needs orders

    @property
    def dislodged(self) -> tuple[DislodgedUnit, ...]:
        """Units dislodged by a movement phase, with where they may retreat."""
        return self.result.dislodged_after

    @property
    def unread(self) -> tuple[ParsedLine, ...]:
        return tuple(s.line for s in self.lines if not s.line.ok)


def try_orders(position: Position, text: str, lang: str = "auto",
               reply_lang: str | None = None, rules: Rules | str | None = None,
               neutral: frozenset[Power] = frozenset(),
               closed: frozenset[str] = frozenset()) -> SandboxRun:
    """Adjudicate `position`'s phase with the orders of `text` (see the module)."""
    rules = rules_named(rules or DEFAULT_RULES)
    board = standard_board()
    view = view_of(position)
    read = parse_message(text, position, None, lang, reply_lang, rules)
    owners: list[Power | None] = [owner_for(view, p.order, board) if p.ok else None
                                  for p in read]
    last: dict[str, int] = {}
    for index, parsed in enumerate(read):
        if parsed.ok:
            last[_slot(parsed.order, index)] = index
    chosen = set(last.values())
    orders: dict[Power, list[Order]] = {}
    for index in sorted(chosen):
        orders.setdefault(owners[index], []).append(read[index].order)
    result = adjudicate(position, orders, rules, board, neutral, closed)
    lines = tuple(SandboxLine(p, owners[i], p.ok and i not in chosen)
                  for i, p in enumerate(read))
    return SandboxRun(position, lines, result, result.next_position)


def _slot(order: Order, index: int) -> str:
    """What one order takes: its unit's province (a build, its centre); every waive counts."""
    location = getattr(order, "location", None)
    return province_of(location) if location is not None else f"waive {index}"


def sandbox_map(run: SandboxRun, language: str = "en", game_name: str = "",
                palette: str = "standard", size: str = "normal") -> bytes:
    """The map of the run: the position it started from with every order drawn with its
    result, as the results of a game's phase are drawn (PNG bytes)."""
    from render import render_png  # the drawing's libraries, only when a map is asked for

    return render_png(run.position, results=run.result.results, game_name=game_name,
                      language=language, palette=palette, size=size)


def orders_given(run: SandboxRun) -> Sequence[tuple[Power, Order]]:
    """The orders adjudicated, with their powers, in the order given."""
    return tuple((r.power, r.order) for r in run.result.results)
