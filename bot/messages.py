"""The service's announcements (`service.notifier.Message`) in the reader's language.

Results get the full layout of `bot.formatting.results_blocks`; every other message is its key
looked up in the catalogues with its parameters filled in (powers named in the language,
phases spelled out, times as Discord timestamps, users as mentions). A key the catalogues do
not know is shown in the service's English text rather than dropped.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from bot.formatting import outcome_text_of, phase_label, power_name, results_blocks, timestamp
from bot.i18n import tr
from engine.vocabulary import Power
from service.notifier import Message

# Parameters whose values are user ids, shown as mentions (a reminder pings who still owes).
_USER_PARAMS = {"user_id", "user", "users", "players", "missing_users", "moderator_id",
                "actor_id", "player", "mention", "mentions", "owing"}
_POWER_PARAMS = {"power", "powers", "winners", "civil_disorder", "missing_powers"}
_PHASE_PARAMS = {"phase", "next_phase", "previous_phase"}


async def render_message(bot: Any, message: Message, lang: str) -> list[str]:
    """Paragraphs of text for `message` in `lang` (split later to Discord's limits)."""
    params = dict(message.params)
    if "results" in params and "after" in params:
        return results_blocks(
            lang, game_name=str(params.get("game_name") or params.get("game") or ""),
            phase=str(params.get("phase", "")), results=params["results"],
            civil_disorder=params.get("civil_disorder") or (),
            after=params["after"], centres_before=params.get("centres_before"),
            centres_after=params.get("centres_after"), next_phase=params.get("next_phase"),
            deadline=params.get("next_deadline"), outcome=params.get("outcome"))
    return [tr(lang, message.key, fallback=message.text, **words(lang, params))]


def words(lang: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters as they read in a sentence of `lang`."""
    shown: dict[str, Any] = {}
    for name, value in params.items():
        if name in _USER_PARAMS:
            shown[name] = _mentions(value)
        elif name in _POWER_PARAMS:
            shown[name] = _powers(lang, value)
        elif name in _PHASE_PARAMS and isinstance(value, str):
            shown[name] = phase_label(lang, value)
        elif name == "outcome" and isinstance(value, Mapping):
            shown[name] = outcome_text_of(lang, value)
        elif isinstance(value, datetime):
            shown[name] = timestamp(value)
        elif isinstance(value, list | tuple | set | frozenset):
            shown[name] = ", ".join(str(v) for v in value)
        else:
            shown[name] = value
    return shown


def _mentions(value: Any) -> str:
    if isinstance(value, list | tuple | set | frozenset):
        return " ".join(f"<@{v}>" for v in value) or "-"
    return f"<@{value}>" if value is not None else "-"


def _powers(lang: str, value: Any) -> str:
    if isinstance(value, Power | str):
        return power_name(lang, value)
    return ", ".join(power_name(lang, p) for p in value) or "-"
