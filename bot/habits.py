"""Commands of other Discord Diplomacy bots (DiplomacyGM's `.view_map`, `.view_orders`, the
`!orders` of others) typed by habit in a DM: answered with the slash command that does the
same here, in the reader's language, and nothing recorded. DiplomacyGM's `.order` followed by
orders is no command but a header: the order reader drops it (grammar/api.py)."""

from __future__ import annotations

import re

import languages
from bot.i18n import command_name, tr

_COMMAND = re.compile(r"^\s*[.!](?P<name>[^\W\d][\w-]{0,30})\s*(?P<rest>.*)$", re.DOTALL)

# The command typed (folded: lower case, no "_" or "-") -> this bot's slash command (English).
_SLASH = {
    **dict.fromkeys(("order", "orders"), "orders add"),
    **dict.fromkeys(("vieworders", "myorders", "showorders", "vieworder"), "orders show"),
    **dict.fromkeys(("viewmap", "map", "viewcurrent", "viewgui", "current", "showmap"),
                    "game map"),
    **dict.fromkeys(("removeorder", "deleteorder", "unorder", "withdraw"), "orders withdraw"),
    **dict.fromkeys(("removeall", "removeorders", "clear", "clearorders"), "orders clear"),
    **dict.fromkeys(("preview", "viewpreview"), "orders preview"),
    # "commands", and each language's first help word (languages/words/<code>.json)
    **dict.fromkeys(("commands", *(languages.words("typed", code)["help"][0]
                                   for code in languages.CODES)), "help"),
    **dict.fromkeys(("ready",), "ready"),
    **dict.fromkeys(("draw",), "draw"),
    **dict.fromkeys(("scoreboard", "status", "info", "game", "phase", "deadline"),
                    "game status"),
}
# With nothing after them, these read as "show me": `!orders` alone asks for the orders.
_ALONE = {"orders": "orders show", "order": "orders show"}


def slash_command(text: str) -> str | None:
    """The English path of the slash command a typed bot command means (`.view_map` -> "game
    map"), or None: no such command, or `.order` followed by orders (a header)."""
    match = _COMMAND.match(text)
    if match is None:
        return None
    name = match["name"].lower().replace("_", "").replace("-", "")
    if match["rest"].strip():
        # `.order A Par - Bur`: orders after the command; `.view_map spring`: still the map
        return None if name in _ALONE else _SLASH.get(name)
    return _ALONE.get(name) or _SLASH.get(name)


def localized(lang: str, path: str) -> str:
    """`/orders show` as the reader's Discord shows it (`/ordini mostra`)."""
    return "/" + " ".join(command_name(lang, "command_name", word) or word
                          for word in path.split())


def habit_reply(lang: str, text: str) -> str | None:
    """The answer to a typed bot command, or None when the message is none."""
    path = slash_command(text)
    if path is None:
        return None
    typed = text.strip().split(None, 1)[0][:32].replace("`", "")
    return tr(lang, "dm.habit", typed=typed, command=localized(lang, path))
