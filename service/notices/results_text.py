"""The English text of what the service announces. Every message also carries its key and
parameters (service.notifier.Message), from which the bot may write its own translation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import languages
from service.models import OrderResultRow

# The engine's reasons in plain English: the English catalogue's entries of context "plain".
PLAIN = "plain"


def reason_text(reason: str | None, province: str | None) -> str:
    """An engine Reason (its value) in plain English, from the English catalogue."""
    if reason is None:
        return ""
    key = f"reason.{reason}"
    template = languages.catalogue("en").pgettext(PLAIN, key)
    if template == key:
        template = reason.replace("_", " ")
    return template.format(province=(province or "?").upper())


def cannot_succeed(reason: str | None, province: str | None) -> str:
    """The plain English warning of an order recorded that cannot succeed, and why."""
    template = languages.catalogue("en").pgettext(PLAIN, "orders.cannot_succeed")
    return template.format(why=reason_text(reason, province))


def outcome_text(row: OrderResultRow) -> str:
    if row.status == "succeeds":
        return "succeeds"
    why = reason_text(row.reason, row.province)
    word = "illegal, the unit holds" if row.status == "illegal" else row.status
    return f"{word} ({why})" if why else word


def centre_lines(before: Mapping[str, int], after: Mapping[str, int]) -> list[str]:
    lines = []
    for power in sorted(set(before) | set(after)):
        b, a = before.get(power, 0), after.get(power, 0)
        change = f" ({a - b:+d})" if a != b else ""
        lines.append(f"{power}: {a}{change}")
    return lines


def results_text(*, game_name: str, phase: str, results: Sequence[OrderResultRow],
                 civil_disorder: Sequence[str], after: Mapping[str, Any],
                 refused: Sequence[str] = (), forced: Sequence[str] = (),
                 centres_before: Mapping[str, int], centres_after: Mapping[str, int],
                 next_phase: str | None, next_deadline: datetime | None,
                 outcome: Mapping[str, Any] | None) -> str:
    lines = [f"{game_name}: results of {phase}"]
    by_power: dict[str, list[OrderResultRow]] = {}
    for row in results:
        by_power.setdefault(row.power.value, []).append(row)
    for power in sorted(by_power):
        lines.append(f"{power}:")
        lines += [f"  {row.order}: {outcome_text(row)}" for row in by_power[power]]
    if civil_disorder:
        lines.append("In civil disorder (sommossa), no orders received: "
                     + ", ".join(civil_disorder))
    if refused:
        lines.append("Orders received, none valid: " + ", ".join(refused))
    dislodged = after.get("dislodged_after") or []
    if dislodged:
        lines.append("Dislodged:")
        for d in dislodged:
            options = d.get("retreat_options") or []
            where = ", ".join(o.upper() for o in options) if options else "nowhere: disbanded"
            lines.append(f"  {d['power']} {d['type']} {d['location'].upper()} "
                         f"(attacked from {str(d.get('attacker_from') or '?').upper()}): "
                         f"may retreat to {where}")
    removed = after.get("civil_disorder_removes") or []
    for title, units in (
            ("Removed by the civil-disorder rule", [u for u in removed
                                                    if u["power"] not in forced]),
            ("Removed, no supply centre left", [u for u in removed if u["power"] in forced])):
        if units:
            lines.append(f"{title}: " + ", ".join(
                f"{u['power']} {u['type']} {u['location'].upper()}" for u in units))
    if "supply_centers_after" in after or centres_before != centres_after:
        lines.append("Supply centres: " + "; ".join(centre_lines(centres_before, centres_after)))
    if outcome:
        lines.append(outcome_sentence(outcome))
    elif next_phase:
        when = f", deadline {next_deadline:%Y-%m-%d %H:%M} UTC" if next_deadline else ""
        lines.append(f"Next: {next_phase}{when}")
    return "\n".join(lines)


def outcome_sentence(outcome: Mapping[str, Any]) -> str:
    kind, winners = outcome.get("kind"), " and ".join(outcome.get("winners", []))
    if kind == "victory":
        alone = " (the last player standing)" if outcome.get("how") == "last_player" else ""
        return f"The game is over: victory for {winners}{alone}."
    if kind == "draw":
        text = "The game is over: a draw between " + ", ".join(outcome.get("powers", []))
        if outcome.get("voted"):
            text += ", voted by every power still playing (" + ", ".join(outcome["voted"]) + ")"
        if outcome.get("excluded"):
            text += "; not counted (in civil disorder or without a player): " + ", ".join(
                outcome["excluded"])
        return text + "."
    if kind == "end_year":
        return (f"The game is over: the end year {outcome.get('year')} has been played; "
                f"the most centres: {winners}.")
    if kind == "ended":
        reason = outcome.get("reason")
        return "The game was ended by the moderator" + (f": {reason}" if reason else ".")
    return "The game is over."
