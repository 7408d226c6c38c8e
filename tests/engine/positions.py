"""Small positions written the way the rulebook writes them, for the engine's tests."""

from __future__ import annotations

from engine import Outcome, PhaseResult, Position


def written_position(units: dict[str, list[str]], phase: str = "S1901M",
             centers: dict[str, list[str]] | None = None,
             dislodged: list[dict] = ()) -> Position:
    """`{"France": ["A PAR", "F BRE"]}` in `phase`; centres as given, or every home centre
    owned by its power when None; dislodged units in the shared records' layout."""
    record = {"phase": phase, "units": [
        {"power": power, "type": text.split()[0], "location": text.split()[1].lower()}
        for power, texts in units.items() for text in texts], "dislodged": list(dislodged)}
    if centers is not None:
        record["supply_centers"] = centers
    return Position.from_record(record)


def outcome_of(result: PhaseResult, text: str) -> Outcome:
    """The outcome of the order given as `text`."""
    return next(r.outcome for r in result.results if r.text == text)
