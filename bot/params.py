"""A message's parameters as they read in a sentence of the reader's language: users as
mentions (or "someone" in an anonymous game), powers and phases named in the language, times
as Discord timestamps, spans of time in words. Used by every wording of the bot
(bot/messages.py, bot/mod_texts.py, the cogs)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from bot.formatting import (
    clean,
    duration,
    outcome_text_of,
    phase_label,
    power_name,
    still_owed,
    timestamp,
)
from bot.i18n import tr
from engine.vocabulary import Power

# Parameters whose values are user ids, shown as mentions (a reminder pings who still owes).
_USER_PARAMS = {"user_id", "user", "users", "moderator_id", "actor_id", "old", "new"}
_NAMED_IN_ANONYMOUS = {"moderator_id", "actor_id"}
_POWER_PARAMS = {"power", "powers", "to_power", "winners", "civil_disorder", "side", "active",
                 "voted", "excluded"}
_PHASE_PARAMS = {"phase", "next_phase", "previous_phase", "sent_for", "open", "now_open"}
# Parameters holding what a user typed (press, a reason, a game's name): never a ping or a link.
_USER_TEXT = {"body", "reason", "game", "name"}
_STATES = ("forming", "active", "paused", "finished")


def words(lang: str, params: Mapping[str, Any], *,
          anonymous: bool = False) -> dict[str, Any]:
    """Parameters as they read in a sentence of `lang`. `anonymous`: an anonymous game's
    post, where users are "someone" and seats hide their players. The moderator's acts are
    not anonymous: `moderator_id` and `actor_id` (who did a moderator's action) stay named."""
    shown: dict[str, Any] = {}
    for name, value in params.items():
        if anonymous and name in _USER_PARAMS and name not in _NAMED_IN_ANONYMOUS:
            shown[name] = tr(lang, "anonymous.someone")
        elif anonymous and name == "seats" and isinstance(value, Mapping):
            shown[name] = "\n".join(f"{power_name(lang, p)}: {tr(lang, 'anonymous.hidden')}"
                                    for p in value)
        elif name in _USER_PARAMS:
            shown[name] = _mentions(value)
        elif name in _USER_TEXT and isinstance(value, str):  # someone's words, echoed
            shown[name] = clean(value)
        elif name in _POWER_PARAMS:
            shown[name] = _powers(lang, value)
        elif name in _PHASE_PARAMS and isinstance(value, str):
            shown[name] = phase_label(lang, value)
        elif name == "status" and value in _STATES:     # a game's state, in a sentence
            shown[name] = tr(lang, f"state.in_sentence_{value}")
        elif name == "outcome" and isinstance(value, Mapping):
            shown[name] = outcome_text_of(lang, value)
        elif name == "seats" and isinstance(value, Mapping):
            shown[name] = "\n".join(f"{power_name(lang, p)}: "
                                    + (tr(lang, "status.computer") if u == "computer"
                                       else _mentions(u))
                                    for p, u in value.items())
        elif name == "missing" and isinstance(value, Mapping):
            shown[name] = "; ".join(f"{power_name(lang, p)}: "
                                    + ", ".join(still_owed(lang, u) for u in units)
                                    for p, units in value.items())
        elif name == "centre_counts" and isinstance(value, Mapping):   # fog: public counts
            shown[name] = ", ".join(f"{power_name(lang, p)} {n}" for p, n in value.items())
        elif isinstance(value, datetime):
            shown[name] = timestamp(value)
        elif isinstance(value, timedelta):
            shown[name] = duration(lang, value)
        elif isinstance(value, list | tuple | set | frozenset):
            shown[name] = ", ".join(str(v) for v in value)
        elif name == "setting" and isinstance(value, str):
            shown[name] = tr(lang, f"setting.{value}", fallback=value)
        elif name == "variant" and isinstance(value, str):   # a variant's id: its name
            shown[name] = tr(lang, f"setting.board.{value}", fallback=value)
        elif name == "status" and isinstance(value, str):
            shown[name] = tr(lang, f"state.{value}", fallback=value)
        elif value is None:
            shown[name] = "" if name == "reason" else "-"
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
