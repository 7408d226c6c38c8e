"""Private notices when a phase opens: each player who must act hears, in one short direct
message, what concerns them (the units to order, each dislodged unit with where it may go,
the builds allowed with the free home centres, or the removals due) and the deadline; a
player who sent no orders for the phase just adjudicated hears what that did (their units
held, the power is in civil disorder) and that sending orders brings them back. A player with
nothing to do and nothing missed gets nothing.

The messages are built here from committed rows (`turn_messages` is pure); the announcing
code sends them once the results are posted, so a player reads the channel's results and
their own notice in that order."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from engine.vocabulary import Power
from service.models import Game, PhaseRow, Seat
from service.notifier import Message
from service.obligations import Duty, duty


def turn_messages(game: Game, adjudicated: PhaseRow, following: PhaseRow | None,
                  seats: Iterable[Seat], missed: Iterable[Power]) -> list[tuple[int, Message]]:
    """(user id, message) for every seated player who must act in `following` or who missed
    `adjudicated`; at most one message per player."""
    missed = set(missed)
    duties: dict[int, list[Duty]] = {}
    lapsed: dict[int, list[Power]] = {}
    for seat in seats:
        if seat.user_id is None:
            continue
        if seat.power in missed:
            lapsed.setdefault(seat.user_id, []).append(seat.power)
        if following is not None:
            owed = duty(following.position, seat.power,
                        game.neutral_in(following.position.phase))
            if owed.needed:
                duties.setdefault(seat.user_id, []).append(owed)
    messages = []
    for user_id in dict.fromkeys([*duties, *lapsed]):
        messages.append((user_id, _message(game, adjudicated, following, duties.get(user_id, []),
                                           lapsed.get(user_id, []))))
    return messages


def _message(game: Game, adjudicated: PhaseRow, following: PhaseRow | None, duties: list[Duty],
             missed: list[Power]) -> Message:
    deadline: datetime | None = following.deadline_at if following is not None else None
    lines = []
    if missed:
        lines.append(f"{game.name}: no orders came from you for {adjudicated.name}: the units "
                     f"of {', '.join(p.value for p in missed)} held and the power is in civil "
                     "disorder. Send orders for the next phase to come back.")
    for owed in duties:
        lines.append(f"{game.name}, {following.name}, {owed.power.value}: " + _english(owed))
    if duties and deadline is not None:
        lines.append(f"Deadline: {deadline:%Y-%m-%d %H:%M} UTC.")
    return Message("turn.notice", "\n".join(lines), {
        "game": game.name, "game_id": game.id, "phase": following.name if following else None,
        "previous_phase": adjudicated.name, "deadline": deadline,
        "duties": [d.to_json() for d in duties], "missed": [p.value for p in missed]})


def _english(owed: Duty) -> str:
    if owed.units:
        return "orders due for " + ", ".join(owed.units)
    if owed.dislodged:
        return "; ".join(f"{d['unit']} was dislodged and may retreat to "
                         f"{', '.join(o.upper() for o in d['options'])} or disband"
                         for d in owed.dislodged)
    if owed.builds:
        return (f"{owed.builds} build(s) allowed, in "
                + ", ".join(s.upper() for s in owed.sites))
    return f"{owed.removals} unit(s) to remove"
