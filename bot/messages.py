"""The service's announcements (`service.notices.notifier.Message`) in the reader's language.

Results get the full layout of `bot.formatting.results_blocks`; every other message is its key
looked up in the catalogues with its parameters filled in (powers named in the language,
phases spelled out, times as Discord timestamps, users as mentions). A key the catalogues do
not know is shown in the service's English text rather than dropped.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from bot.draw_texts import proposed_blocks
from bot.formatting import names_on, power_name, results_blocks
from bot.i18n import has, tr
from bot.mod_texts import changed_text, final_centres
from bot.params import words
from bot.seating import briefing_blocks, seat_wording
from bot.turns import turn_blocks
from service.notices.notifier import Message


async def render_message(bot: Any, message: Message, lang: str) -> list[str]:
    """Paragraphs of text for `message` in `lang` (split later to Discord's limits); the
    provinces named on the game's board (`board`: a variant with a map of its own)."""
    with names_on(message.params.get("board")):
        return await _render(bot, message, lang)


async def _render(bot: Any, message: Message, lang: str) -> list[str]:
    params = dict(message.params)
    params.pop("board", None)
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
    if params.get("computer"):         # the powers whose orders the computer gave
        blocks.append(tr(lang, "results.computer", powers=", ".join(
            power_name(lang, p) for p in params["computer"])))
    if params.get("map_missing"):      # its worker kept dying: the results go without it
        blocks.append(tr(lang, "map.not_drawn"))
    return blocks
