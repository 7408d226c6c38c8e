"""Private notices when a phase opens: each player who must act hears, in one short direct
message, what concerns them (the units to order, each dislodged unit with where it may go,
the builds allowed with the free home centres, the removals due, or that their removals are
forced and happen by themselves) and the deadline; a player who sent no orders for the phase
just adjudicated hears what that did, by the kind of phase (docs/moderation.md, "Missed
phases"): a movement phase missed held the units and put the power in civil disorder; a
retreat missed disbanded the dislodged units; builds missed were waived; removals missed were
chosen by the rule. A player whose orders came but none was valid hears that instead. A player
with nothing to do and nothing missed gets nothing.

The messages are built here from committed rows (`turn_messages` is pure); the announcing
code sends them once the results are posted, so a player reads the channel's results and
their own notice in that order."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from engine.vocabulary import PhaseKind, Power
from service.games.obligations import Duty, duty
from service.models import Game, PhaseReport, PhaseRow, Seat
from service.notices.notifier import Message


def turn_messages(game: Game, adjudicated: PhaseRow, following: PhaseRow | None,
                  seats: Iterable[Seat], report: PhaseReport) -> list[tuple[int, Message]]:
    """(user id, message) for every seated player who must act in `following` or who missed
    `adjudicated` (or whose orders for it were all refused); at most one message per player."""
    missed, refused = set(report.missed), set(report.refused)
    duties: dict[int, list[Duty]] = {}
    lapsed: dict[int, list[Power]] = {}
    wasted: dict[int, list[Power]] = {}
    for seat in seats:
        if seat.user_id is None:
            continue
        if seat.power in missed:
            lapsed.setdefault(seat.user_id, []).append(seat.power)
        if seat.power in refused:
            wasted.setdefault(seat.user_id, []).append(seat.power)
        if following is not None:
            owed = duty(following.position, seat.power,
                        game.neutral_in(following.position.phase))
            if owed.needed or owed.forced:
                duties.setdefault(seat.user_id, []).append(owed)
    messages = []
    for user_id in dict.fromkeys([*duties, *lapsed, *wasted]):
        messages.append((user_id, _message(game, adjudicated, following, duties.get(user_id, []),
                                           lapsed.get(user_id, []), wasted.get(user_id, []),
                                           report)))
    return messages


def _fates(report: PhaseReport, powers: list[Power]) -> dict[str, Any]:
    """What the phase did to the units of `powers` without their orders: the dislodged units
    disbanded, the builds waived, the units the rule removed."""
    names = {p.value for p in powers}
    items = [i for i in report.unordered if i["power"] in names]
    return {"disbanded": [i["unit"] for i in items if i.get("fate") == "disbanded"],
            "waived": sum(i.get("unused_builds", 0) for i in items),
            "removed": [f"{u['type']} {u['location'].upper()}"
                        for u in report.after.get("civil_disorder_removes") or []
                        if u["power"] in names]}


def _message(game: Game, adjudicated: PhaseRow, following: PhaseRow | None, duties: list[Duty],
             missed: list[Power], refused: list[Power], report: PhaseReport) -> Message:
    deadline: datetime | None = following.deadline_at if following is not None else None
    kind = adjudicated.position.phase.kind
    fates = _fates(report, missed + refused)
    lines = []
    if missed:
        powers = ", ".join(p.value for p in missed)
        lines.append(f"{game.name}: no orders came from you for {adjudicated.name}: "
                     + _missed_english(kind, powers, fates))
    if refused:
        lines.append(f"{game.name}: your orders for {', '.join(p.value for p in refused)} "
                     f"in {adjudicated.name} arrived, but none of them was valid; see the "
                     "results.")
    for owed in duties:
        lines.append(f"{game.name}, {following.name}, {owed.power.value}: " + _english(owed))
    if any(d.needed for d in duties) and deadline is not None:
        lines.append(f"Deadline: {deadline:%Y-%m-%d %H:%M} UTC.")
    return Message("turn.notice", "\n".join(lines), {
        "game": game.name, "game_id": game.id, "phase": following.name if following else None,
        "previous_phase": adjudicated.name, "deadline": deadline,
        "duties": [d.to_json() for d in duties], "missed": [p.value for p in missed],
        "missed_kind": kind.value, "refused": [p.value for p in refused], **fates})


def _missed_english(kind: PhaseKind, powers: str, fates: dict[str, Any]) -> str:
    if kind is PhaseKind.MOVEMENT:
        return (f"the units of {powers} held and the power is in civil disorder. Send orders "
                "for the next phase to come back.")
    if kind is PhaseKind.RETREAT:
        return (f"the dislodged units of {powers} were disbanded "
                f"({', '.join(fates['disbanded'])}). This is not civil disorder.")
    if fates["removed"]:
        return (f"the rule chose the removals of {powers}: {', '.join(fates['removed'])} "
                "(farthest from home first). This is not civil disorder.")
    return (f"the builds of {powers} were waived ({fates['waived']}). This is not civil "
            "disorder.")


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
    if owed.forced:
        return (f"no supply centre left: its {owed.removals} unit(s) are removed at the "
                "adjudication, with no order needed")
    return f"{owed.removals} unit(s) to remove"
