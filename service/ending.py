"""When a game ends by itself: victory, the end year, the last power standing.

This is the service's one small decision function until `engine/game_end.py` provides the
same logic; then it delegates there."""

from __future__ import annotations

from typing import Any

from engine.adjudicator import PhaseResult
from engine.position import Position
from service.models import GameSettings


def decide_end(settings: GameSettings, result: PhaseResult,
               next_position: Position) -> dict[str, Any] | None:
    """The outcome (`{"kind": "victory" | "end_year", ...}`) if the game ends after
    `result`, else None."""
    setup = settings.setup
    counts = {p.value: len(cs) for p, cs in sorted(result.supply_centers_after.items())
              if p not in setup.neutral and cs}
    if result.centers_updated:
        if setup.victory_counts == "units":
            # Two players: a side wins with this many units, its powers counted together.
            for group in setup.groups:
                units = sum(1 for u in result.units_after if u.power in group)
                if units >= settings.target:
                    return {"kind": "victory", "winners": [p.value for p in group],
                            "units": units, "centers": counts}
        else:
            for power, n in counts.items():
                if n >= settings.target:
                    return {"kind": "victory", "winners": [power], "centers": counts}
    alive = sorted({u.power.value for u in next_position.units} - {p.value for p in setup.neutral})
    if len(alive) == 1:
        return {"kind": "victory", "winners": alive, "centers": counts, "last_standing": True}
    if settings.end_year is not None and next_position.phase.year > settings.end_year:
        return {"kind": "end_year", "year": settings.end_year, "centers": counts}
    return None
