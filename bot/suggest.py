"""Suggestions for `/orders add`: as a player types, the orders their own units could be given
(hold, and moves or retreats to the neighbouring provinces), read off the board's borders.
Only suggestions: whatever the player sends is read and judged by the service as any DM."""

from __future__ import annotations

from collections.abc import Iterable

from engine.board import Board, standard_board

MAX_SUGGESTIONS = 25   # Discord shows at most 25 choices


def unit_of(order_or_unit: str) -> str | None:
    """"A PAR - BUR" or "A PAR" -> "A PAR"; anything else (a build slot, WAIVE) -> None."""
    words = order_or_unit.split()
    if len(words) >= 2 and words[0] in ("A", "F"):
        return f"{words[0]} {words[1]}"
    return None


def suggestions(units: Iterable[str], typed: str, phase: str,
                board: Board | None = None) -> list[str]:
    """Orders for `units` ("A PAR", "F STP/SC") in a movement ("...M") or retreat ("...R")
    phase that start with what was typed (case and spacing ignored)."""
    board = board or standard_board()
    wanted = " ".join(typed.upper().split())
    found: list[str] = []
    for unit in dict.fromkeys(units):
        kind, location = unit.split()
        where = location.lower()
        if kind == "A":
            targets = sorted(board.army_neighbours(where.split("/")[0]))
        else:
            targets = sorted(board.fleet_neighbours(where))
        if phase.endswith("R"):
            options = [f"{unit} R {t.upper()}" for t in targets] + [f"{unit} D"]
        else:
            options = [f"{unit} H"] + [f"{unit} - {t.upper()}" for t in targets]
        found.extend(o for o in options if o.startswith(wanted) or wanted in o)
    return found[:MAX_SUGGESTIONS]
