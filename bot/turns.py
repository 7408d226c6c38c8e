"""The private notice a player gets when a phase opens (`turn.notice`): what concerns them in
their language, provinces named in full beside their codes, and the deadline; and, for a
player who missed the last deadline, what that did and how to come back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.formatting import phase_label, place, power_name, reason_text, timestamp, unit_text
from bot.i18n import tr, trn


def turn_blocks(lang: str, params: Mapping[str, Any]) -> list[str]:
    blocks = []
    missed = params.get("missed") or []
    if missed:
        blocks.append(missed_text(lang, params, ", ".join(power_name(lang, p) for p in missed)))
    refused = params.get("refused") or []
    if refused:
        blocks.append(tr(lang, "turn.refused", phase=phase_label(lang, params.get("previous_phase")),
                         powers=", ".join(power_name(lang, p) for p in refused)))
    unused = params.get("unused_ahead") or []
    if unused:
        blocks.append(unused_text(lang, params, unused))
    duties = params.get("duties") or []
    if duties:
        lines = [tr(lang, "turn.title", game=params.get("game", ""),
                    phase=phase_label(lang, params.get("phase")))]
        lines += [duty_line(lang, d) for d in duties]
        if not all(d.get("forced") for d in duties):
            # in the power's channel (docs/channels.md): its Orders button, or by DM
            lines.append(tr(lang, "turn.deadline_room" if params.get("room") else
                            "turn.deadline", deadline=timestamp(params.get("deadline"))))
        blocks.append("\n".join(lines))
    if params.get("room") and params.get("previous_phase"):
        blocks.append(tr(lang, "turn.results_room", channel=f"<#{params['room']}>",
                         phase=phase_label(lang, params["previous_phase"])))
    return blocks


def unused_text(lang: str, params: Mapping[str, Any], unused: list[Mapping[str, Any]]) -> str:
    """The orders a player sent ahead for the phase that opened and that were not used: each
    dropped one with the engine's reason, each one past the number allowed ignored."""
    lines = [trn(lang, "turn.ahead_unused", len(unused), game=params.get("game", ""),
                 phase=phase_label(lang, params.get("phase")))]
    for note in unused:
        why = tr(lang, "turn.ahead_surplus") if note.get("surplus") else \
            reason_text(lang, note.get("reason"), note.get("province"))
        lines.append(f"⏩ `{note['order']}` — {why}")
    return "\n".join(lines)


def missed_text(lang: str, params: Mapping[str, Any], powers: str) -> str:
    """What missing the last phase did, by its kind: a movement phase puts the power in civil
    disorder (its units held); a retreat disbands the dislodged units; builds are waived;
    removals are chosen by the rule. Only the first is civil disorder."""
    kind = params.get("missed_kind", "M")
    phase = phase_label(lang, params.get("previous_phase"))
    if kind == "R":
        units = params.get("disbanded") or []
        return trn(lang, "turn.missed_retreat", len(units), phase=phase, powers=powers,
                   units=", ".join(unit_text(lang, u) for u in units))
    if kind == "A" and params.get("removed"):
        units = params["removed"]
        return trn(lang, "turn.missed_removals", len(units), phase=phase, powers=powers,
                   units=", ".join(unit_text(lang, u) for u in units))
    if kind == "A":
        return trn(lang, "turn.missed_builds", int(params.get("waived") or 0), phase=phase,
                   powers=powers)
    return tr(lang, "turn.missed", phase=phase_label(lang, params.get("previous_phase")),
              powers=powers)


def duty_line(lang: str, duty: Mapping[str, Any]) -> str:
    """One power's duty in a phase, e.g. "France — orders needed for: A Paris (PAR), ..."."""
    power = power_name(lang, duty["power"])
    if duty.get("units"):
        return tr(lang, "turn.units", power=power,
                  units=", ".join(unit_text(lang, u) for u in duty["units"]))
    if duty.get("dislodged"):
        return "\n".join(tr(lang, "turn.retreat", power=power, unit=unit_text(lang, d["unit"]),
                            attacker=place(lang, d.get("attacker")),
                            options=", ".join(place(lang, o) for o in d["options"]))
                         for d in duty["dislodged"])
    if duty.get("builds"):
        text = trn(lang, "turn.builds", duty["builds"], power=power,
                   sites=", ".join(place(lang, s) for s in duty.get("sites", ())))
        if duty.get("centres_over"):
            text += " " + tr(lang, "turn.builds_over", count=duty["centres_over"])
        return text
    if duty.get("removals") and duty.get("forced"):
        return trn(lang, "turn.removals_forced", duty["removals"], power=power)
    if duty.get("removals"):
        return trn(lang, "turn.removals", duty["removals"], power=power)
    return tr(lang, "turn.nothing", power=power)
