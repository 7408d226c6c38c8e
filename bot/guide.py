"""The help a player gets (`/help`, or `help`, `aiuto`, `hulp`, `?` by DM), as text in their
language: their games and deadlines, how to write orders (with their own units when they play),
how to correct them, the commands that matter, and for moderators the `/mod` commands."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import languages
from bot.formatting import names_on, phase_label, power_name, timestamp
from bot.i18n import command_text, tr
from grammar.intent import looks_like_order
from grammar.lexicon import display_name, fold

# A help word in each language (and the language it tells), as a DM's only business
# (languages/words/<code>.json).
HELP_WORDS = languages.typed_language("help")
_WORDS = re.compile(r"[^\W\d_]+")
GENERIC_EXAMPLES = ("A PAR - BUR", "F BRE H", "A MAR S A PAR - BUR")
PLAYER_COMMANDS = ("orders_show", "orders_preview", "orders_withdraw", "orders_clear", "ready",
                   "language", "draw")


def asks_for_help(text: str) -> tuple[bool, str | None]:
    """Whether a DM asks for help (`help`, `aiuto!`, `help me`, `hulp?`, `?`), and the
    language its help word tells (None for a bare question mark)."""
    stripped = text.strip()
    if stripped and set(stripped) <= {"?", "¿", " "}:
        return True, None
    words = _WORDS.findall(fold(stripped))
    if "\n" in stripped or not 1 <= len(words) <= 4 or looks_like_order(stripped):
        return False, None      # orders with a word of help in them are orders
    told = [HELP_WORDS[w] for w in words if w in HELP_WORDS]
    return (True, told[0]) if told else (False, None)


def full_names(lang: str, order: str) -> str | None:
    """A move in canonical notation written with the provinces' names in `lang`
    (`A PAR - BUR` -> `A Parigi - Borgogna`), or None for any other order."""
    match = re.fullmatch(r"([AF]) ([A-Z]{3})(?:/[A-Z]{2})? - ([A-Z]{3})(?:/[A-Z]{2})?", order)
    if not match:
        return None
    unit, origin, target = match.groups()
    return f"{unit} {display_name(origin.lower(), lang)} - {display_name(target.lower(), lang)}"


def help_text(lang: str, *, guides: Sequence[Any] = (), games: Sequence[Any] = (),
              waiting: Sequence[Any] = (), mod_commands: Sequence[tuple[str, str]] = ()
              ) -> str:
    """The guide. `guides`: the player's `PlayerGuide`s (games in play); `games`: the
    `GameView`s of those games (deadline, pause); `waiting`: games they joined that have not
    started; `mod_commands`: (name, English description) of each /mod command, for
    moderators only."""
    parts = [tr(lang, "help.title")]
    views = {g.id: g for g in games}
    for guide in guides:
        parts.append(_game_line(lang, guide, views.get(guide.game_id)))
    for game in waiting:
        parts.append(tr(lang, "dm.not_started", game=game.name, count=len(game.players),
                        needed=game.settings.players))
    if not guides and not waiting:
        parts.append(tr(lang, "help.no_game"))
    guide = next((g for g in guides if g.examples), None)
    examples = guide.examples if guide is not None else GENERIC_EXAMPLES
    orders = [tr(lang, "help.orders"), *(f"• `{e}`" for e in examples)]
    # the provinces named on that game's board (a view without settings: the standard one)
    settings = getattr(views.get(guide.game_id), "settings", None) if guide else None
    with names_on(settings.board if settings is not None else None):
        written = next(filter(None, (full_names(lang, e) for e in examples)), None)
    if written:
        orders.append(tr(lang, "help.full_names", example=f"`{written}`"))
    parts.append("\n".join(orders))
    ahead = next((g.ahead.get(lang) for g in guides if getattr(g, "ahead", None)), None)
    if ahead:     # orders sent ahead, with the player's own units (grammar/ahead_examples.py)
        parts.append("\n".join([tr(lang, "help.ahead"), *(
            f"• `{ahead[k]}`" for k in ("retreat", "retreat_short", "build", "waive")
            if k in ahead)]))
    parts.append(tr(lang, "help.correct"))
    parts.append("\n".join([tr(lang, "help.commands"),
                            *(tr(lang, f"help.cmd_{name}") for name in PLAYER_COMMANDS)]))
    if mod_commands:
        parts.append("\n".join([tr(lang, "help.mod_commands"), *(
            f"`/mod {name}` — {command_text(lang, text) or text}" for name, text in mod_commands)]))
    parts.append(tr(lang, "help.again"))
    return "\n\n".join(parts)


def _game_line(lang: str, guide: Any, view: Any) -> str:
    powers = ", ".join(power_name(lang, p) for p in guide.powers)
    if view is not None and view.status == "paused":
        return tr(lang, "help.game_paused", game=guide.game, powers=powers,
                  phase=phase_label(lang, guide.phase))
    deadline = timestamp(view.deadline) if view is not None else "-"
    return tr(lang, "help.game", game=guide.game, powers=powers,
              phase=phase_label(lang, guide.phase), deadline=deadline)
