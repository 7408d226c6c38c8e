"""The service's announcements (`service.notifier.Message`) in the reader's language.

Results get the full layout of `bot.formatting.results_blocks`; every other message is its key
looked up in the catalogues with its parameters filled in (powers named in the language,
phases spelled out, times as Discord timestamps, users as mentions). A key the catalogues do
not know is shown in the service's English text rather than dropped.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

from bot.draw_texts import proposed_blocks
from bot.formatting import (
    clean,
    outcome_text_of,
    phase_label,
    power_name,
    results_blocks,
    still_owed,
    timestamp,
)
from bot.i18n import has, tr
from bot.seating import briefing_blocks, seat_wording
from bot.turns import turn_blocks
from engine.vocabulary import Power
from service.notices.notifier import Message

# Parameters whose values are user ids, shown as mentions (a reminder pings who still owes).
_USER_PARAMS = {"user_id", "user", "users", "moderator_id", "actor_id", "old", "new"}
_NAMED_IN_ANONYMOUS = {"moderator_id", "actor_id"}
_POWER_PARAMS = {"power", "powers", "to_power", "winners", "civil_disorder", "side", "active",
                 "voted", "excluded"}
_PHASE_PARAMS = {"phase", "next_phase", "previous_phase", "sent_for", "open", "now_open"}
# Parameters holding what a user typed (press, a reason, a game's name): never a ping or a link.
_USER_TEXT = {"body", "reason", "game", "name"}
_STATES = ("forming", "active", "paused", "finished")


async def render_message(bot: Any, message: Message, lang: str) -> list[str]:
    """Paragraphs of text for `message` in `lang` (split later to Discord's limits)."""
    params = dict(message.params)
    if message.key == "phase.results" and "results" in params:
        return await _results(bot, params, lang)
    if message.key == "game.briefing":
        return briefing_blocks(lang, params)
    if message.key == "turn.notice":
        return turn_blocks(lang, params)
    if message.key == "draw.proposed":
        return proposed_blocks(lang, params)
    key = message.key
    if key == "moderation.extend" and "remaining" in params:
        key = "moderation.extend_paused"   # a paused game: time added to what is left
    from bot.mod_texts import changed_text, final_centres  # (they build on `words`)
    if key == "settings.changed":
        return [changed_text(lang, params, anonymous=message.anonymous)]
    key, extra = seat_wording(lang, key, params)
    if message.anonymous and has(lang, f"{key}.anonymous"):
        key = f"{key}.anonymous"     # a wording that names powers where the other names users
    paragraphs = [tr(lang, key, fallback=message.text,
                     **words(lang, params, anonymous=message.anonymous), **extra)]
    # A game's end: the final table (after results, the results announcement showed it).
    table = final_centres(lang, params.get("outcome")) if key != "game.finished" else None
    if table:
        paragraphs.append(table)
    if params.get("map_missing"):     # a replay or chart that could not be drawn: said so
        paragraphs.append(tr(lang, "picture.not_drawn"))
    return paragraphs


async def _results(bot: Any, params: dict[str, Any], lang: str) -> list[str]:
    centres = params.get("supply_centers")
    after = {"dislodged_after": params.get("dislodged") or [],
             "civil_disorder_removes": params.get("civil_disorder_removes") or []}
    if centres:
        after["supply_centers_after"] = centres
    deadline = params.get("next_deadline")
    if isinstance(deadline, int | float):
        deadline = datetime.fromtimestamp(deadline, UTC)
    blocks = results_blocks(
        lang, game_name=str(params.get("game", "")), phase=str(params.get("phase", "")),
        results=[SimpleNamespace(**row) if isinstance(row, Mapping) else row
                 for row in params["results"]],
        civil_disorder=params.get("civil_disorder") or (), after=after,
        # the service sends the counts the phase started from: the changes are its word
        centres_before=params.get("centres_before") if centres else None,
        centres_after={p: len(cs) for p, cs in centres.items()} if centres else None,
        next_phase=params.get("next_phase"), deadline=deadline, outcome=params.get("outcome"),
        unordered=params.get("unordered") or (), refused=params.get("refused") or ())
    if params.get("map_missing"):      # its worker kept dying: the results go without it
        blocks.append(tr(lang, "map.not_drawn"))
    return blocks


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
            shown[name] = "\n".join(f"{power_name(lang, p)}: {_mentions(u)}"
                                    for p, u in value.items())
        elif name == "missing" and isinstance(value, Mapping):
            shown[name] = "; ".join(f"{power_name(lang, p)}: "
                                    + ", ".join(still_owed(lang, u) for u in units)
                                    for p, units in value.items())
        elif isinstance(value, datetime):
            shown[name] = timestamp(value)
        elif isinstance(value, timedelta):
            shown[name] = duration(lang, value)
        elif isinstance(value, list | tuple | set | frozenset):
            shown[name] = ", ".join(str(v) for v in value)
        elif name == "setting" and isinstance(value, str):
            shown[name] = tr(lang, f"setting.{value}", fallback=value)
        elif name == "status" and isinstance(value, str):
            shown[name] = tr(lang, f"state.{value}", fallback=value)
        elif value is None:
            shown[name] = "" if name == "reason" else "-"
        else:
            shown[name] = value
    return shown


def duration(lang: str, span: timedelta) -> str:
    minutes = round(span.total_seconds() / 60)
    hours, minutes = divmod(minutes, 60)
    if hours and minutes:
        return tr(lang, "time.hours_minutes", hours=hours, minutes=minutes)
    if hours:
        return tr(lang, "time.hours", hours=hours)
    return tr(lang, "time.minutes", minutes=minutes)


def _mentions(value: Any) -> str:
    if isinstance(value, list | tuple | set | frozenset):
        return " ".join(f"<@{v}>" for v in value) or "-"
    return f"<@{value}>" if value is not None else "-"


def _powers(lang: str, value: Any) -> str:
    if isinstance(value, Power | str):
        return power_name(lang, value)
    return ", ".join(power_name(lang, p) for p in value) or "-"
