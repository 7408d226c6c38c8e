"""The draw vote in words (service/games/draw_vote.py, docs/moderation.md "Draws"): the rule as it
stands in a game, the private notice of a proposed draw, and the reply to `/draw`. Powers
only, never players: the vote is secret and a game may be anonymous."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.formatting import power_name
from bot.i18n import tr


def _names(lang: str, powers: Iterable[Any]) -> str:
    """Powers by their names in `lang`, in that language's alphabetical order."""
    return ", ".join(sorted(power_name(lang, getattr(p, "value", p)) for p in powers)) or "-"


def rule_text(lang: str, active: Iterable[Any], excluded: Iterable[Any], policy: str) -> str:
    """Who must vote for a draw to pass, and who does not vote (and whether they share it)."""
    text = tr(lang, "draw.rule", active=_names(lang, active))
    excluded = list(excluded)
    if excluded:
        key = "draw.rule_excluded_left_out" if policy == "left_out" else \
            "draw.rule_excluded_agree"
        text += " " + tr(lang, key, excluded=_names(lang, excluded))
    return text


def proposed_blocks(lang: str, params: Mapping[str, Any]) -> list[str]:
    """The private notice of a draw first proposed: what, how to vote, the rule."""
    return [tr(lang, "draw.proposed", game=params.get("game", "")), tr(lang, "draw.how"),
            rule_text(lang, params.get("active", ()), params.get("excluded", ()),
                      str(params.get("policy", "agree")))]


def vote_reply(lang: str, report: Any, game: str) -> str:
    """The answer to `/draw`: the vote recorded, whether it counts, the rule, who was told."""
    lines = [tr(lang, "draw.for" if report.vote else "draw.against", game=game)]
    if report.passed:
        return "\n".join([*lines, tr(lang, "draw.passed")])
    if not report.counted:
        lines.append(tr(lang, "draw.out" if report.out else "draw.not_counted"))
    lines.append(rule_text(lang, report.active, report.excluded, report.policy))
    if report.told:
        lines.append(tr(lang, "draw.told"))
    return "\n".join(lines)
