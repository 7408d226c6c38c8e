"""The seats' messages in the reader's language: the briefing a player gets when seated (at the
start, or taking over a seat), a player's record (/profile), and the notices about open seats
and players the bot cannot reach."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

import languages
from bot.formatting import phase_label, power_name, result_line, timestamp
from bot.i18n import tr, trn
from engine.orders import parse_order
from engine.vocabulary import Phase
from grammar.texts import province
from grammar.writing import written

# The word that asks for help in a DM, in each language: the first of its help words.
HELP_WORD = {code: languages.words("typed", code)["help"][0] for code in languages.CODES}


def briefing_blocks(lang: str, params: Mapping[str, Any]) -> list[str]:
    """The briefing (`game.briefing`): power, units, deadline, one example order from the
    player's own units written as a player of `lang` writes it, the commands that matter; for a
    replacement also what the power was ordered to do in the last phase (the map comes with
    the message)."""
    powers = _powers(lang, params.get("powers") or ())
    game = str(params.get("game", ""))
    head = tr(lang, "briefing.replacement" if params.get("replacement") else "briefing.start",
              game=game, powers=powers)
    blocks = [head]
    units = [unit_text(lang, u) for u in params.get("units") or ()]
    if units:
        blocks.append(tr(lang, "briefing.units", units=", ".join(units)))
    dislodged = [unit_text(lang, u) for u in params.get("dislodged") or ()]
    if dislodged:
        blocks.append(tr(lang, "briefing.dislodged", units=", ".join(dislodged)))
    last = params.get("last_orders")
    if params.get("replacement") and params.get("last_phase"):
        lines = [tr(lang, "briefing.last_orders", powers=powers,
                    phase=phase_label(lang, str(params["last_phase"])))]
        lines += [result_line(lang, o["order"], o["status"], o.get("reason"), o.get("province"))
                  for o in last or ()] or [tr(lang, "results.no_orders")]
        blocks.append("\n".join(lines))
    phase = str(params.get("phase", ""))
    deadline = params.get("deadline")
    if isinstance(deadline, datetime):
        blocks.append(tr(lang, "briefing.deadline", phase=phase_label(lang, phase),
                         deadline=timestamp(deadline)))
    elif params.get("paused"):
        blocks.append(tr(lang, "briefing.paused", phase=phase_label(lang, phase)))
    example = params.get("example")
    # in the power's channel (docs/channels.md): orders with its Orders button, or by DM
    room = bool(params.get("room"))
    if example:
        blocks.append(tr(lang, "briefing.example_room" if room else "briefing.example",
                         example=example_text(lang, example, phase)))
    else:
        blocks.append(tr(lang, "briefing.nothing_to_order"))
    blocks.append(tr(lang, "briefing.commands_room" if room else "briefing.commands",
                     help=HELP_WORD.get(lang, "help")))
    return ["\n\n".join(blocks)]


def unit_text(lang: str, label: str) -> str:
    """`A PAR` -> "A Parigi (PAR)"."""
    kind, _, where = label.partition(" ")
    return f"{kind} {province(where.lower(), lang)}" if where else label


def example_text(lang: str, canonical: str, phase: str) -> str:
    """The example order as a player of `lang` writes it (full names), or the canonical
    notation when it cannot be read back."""
    try:
        order = parse_order(canonical, Phase.parse(phase).kind)
    except ValueError:
        return f"`{canonical}`"
    return f"**{written(order, lang)}**  (`{canonical}`)"


def profile_text(lang: str, record: Any, user: str) -> str:
    """`/profile`: phases ordered on time and missed, civil-disorder spells, games."""
    percent = record.on_time_percent
    if percent is None and not (record.finished or record.playing or record.abandoned):
        return tr(lang, "profile.none", user=user)
    lines = [tr(lang, "profile.title", user=user)]
    if percent is not None:
        lines.append(tr(lang, "profile.on_time", on_time=record.on_time,
                        total=record.on_time + record.missed, percent=percent))
        lines.append(tr(lang, "profile.missed", missed=record.missed,
                        spells=trn(lang, "profile.spells", record.civil_disorder_spells)))
    lines.append(tr(lang, "profile.games", finished=record.finished, playing=record.playing,
                    abandoned=record.abandoned))
    return "\n".join(lines)


def claim_record(lang: str, params: Mapping[str, Any]) -> str:
    """The claimant's record in one line, for the moderator's decision."""
    if params.get("on_time") is None:
        return tr(lang, "seat.claim_no_record")
    return tr(lang, "seat.claim_record", percent=params["on_time"],
              missed=trn(lang, "count.phases_missed", params.get("missed", 0)),
              finished=trn(lang, "count.games_finished", params.get("finished", 0)),
              abandoned=trn(lang, "count.seats_left", params.get("abandoned", 0)))


def _powers(lang: str, values: Any) -> str:
    return ", ".join(power_name(lang, p) for p in values) or "-"


def seat_wording(lang: str, key: str, params: Mapping[str, Any]) -> tuple[str, dict[str, str]]:
    """The catalogue key a seat notice is worded by, and the words it needs beyond its
    parameters: why a player cannot be reached, whether an offered seat is held, the record of
    a player asking for a seat."""
    if key == "seat.unreachable" and params.get("reason") in ("dm_closed", "left_server"):
        return f"seat.unreachable.{params['reason']}", {}
    if key == "seat.offered" and params.get("user_id") is not None:
        return "seat.offered_held", {}
    if key == "moderation.replace_player" and params.get("old") is None:
        return "moderation.replace_player_vacant", {}     # nobody played it before
    if key == "seat.claim":
        return key, {"record": claim_record(lang, params)}
    return key, {}

