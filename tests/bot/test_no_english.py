"""Every reply and announcement in Italian and Dutch, rendered with representative parameters
as the bot renders them (`bot.params.words`), holds no English catalogue text and no
placeholder left unfilled."""

from __future__ import annotations

import re
import string
from datetime import UTC, datetime, timedelta

import pytest

from bot.i18n import tr
from bot.params import words
from tests.bot.test_i18n import po_entries

# A value for every placeholder the catalogues use, of the type the service sends.
PARAMS = {
    "actor_id": 900, "user_id": 101, "users": [101, 102], "new": 103, "old": 104,
    "player": "<@101>", "power": "France", "powers": ["France", "Italy"], "winners": ["Italy"],
    "side": "Germany", "phase": "F1901M", "sent_for": "S1902M", "open": "F1901R",
    "deadline": datetime(2030, 5, 1, 18, tzinfo=UTC), "when": datetime(2030, 5, 1, tzinfo=UTC),
    "remaining": timedelta(hours=5, minutes=30), "by": timedelta(hours=12),
    "status": "paused", "state": "⏳", "outcome": {"kind": "draw", "powers": ["France"]},
    "seats": {"France": 101}, "missing": {"France": ["A PAR"]},
    "game": "Lepanto", "game_id": 3, "id": 3, "games": "Lepanto, Trafalgar", "count": 3,
    "needed": 7, "players": 7, "joined": 3, "rules": "1971", "province": "BUR",
    "unit": "A PAR", "units": "`A PAR`, `F BRE`", "attacker": "GAS", "options": "PIC, BUR",
    "candidates": "`A PAR - BUR`", "centers": 5, "channel_id": 500, "example": "`A PAR - BUR`",
    "field": "movement_hours", "first_year": 1901, "hours": 2, "minutes": 15, "year": 1910,
    "lang": "fr", "length": 5000, "limit": 4000, "line": "A Xyz", "part": "Francia Alice",
    "reason": "", "role": "<@&7>", "seconds": 3, "size": "9000000", "value": "domani",
    "why": "BUR", "kind": "movimento", "season": "Autunno",
    "sites": "Brest (BRE)", "target": "Spain (SPA)", "origin": "Brest (BRE)", "given": 3,
    "allowed": 2, "orders": "`A MOS B`",
    "cap": 3, "clock": "21:00", "date": "2030-05-01", "days": 4, "every": 2, "left": 2,
    "examples": "`+36h`, `2030-05-01 21:00`", "followup": timedelta(hours=6),
    "grace": timedelta(hours=12), "missed": 2, "most": 24, "time": "21:00",
    "lead": timedelta(minutes=10),
    "start": datetime(2030, 5, 1, tzinfo=UTC), "end": datetime(2030, 5, 4, tzinfo=UTC),
    "until": datetime(2030, 5, 2, 6, tzinfo=UTC), "user": 101, "zone": "Europe/Rome",
    "name": "Lepanto", "action": "x", "how": "x", "setting": "x", "choices": "x",
    # seats (docs/seats.md)
    "help": "aiuto", "wanted": 80, "rate": 64, "on_time": 9, "total": 12, "percent": 75,
    "spells": 2, "finished": 1, "playing": 2, "abandoned": 1, "record": "",
    "command": "/ready",            # a player in several games (bot/game_meant.py)
}
# a game's channels (docs/channels.md)
PARAMS.update(channel="<#500>", category="<#501>", permissions="**Gestisci canali**")
# which rule sets the deadlines (docs/schedules.md)
PARAMS.update(movement=timedelta(hours=48), retreat=timedelta(hours=12),
              adjustment=timedelta(hours=12))
# press (docs/press.md)
PARAMS.update(body="Ci vediamo a Vienna?", to_power="England")
# the draw vote (docs/moderation.md)
PARAMS.update(active=["France", "Italy"], voted=["France", "Italy"], excluded=["Turkey"])
# the messages of a flood not read (bot/cogs/orders.py)
PARAMS.update(skipped="• `A VIE - TRI` (<t:1900000000:T>)")
# other bots' commands and one order withdrawn (bot/habits.py, /orders withdraw)
PARAMS.update(typed=".view_map", command="/partita mappa", order="A PAR - BUR",
              place="Manica (ENG)")
# the standings (bot/cogs/standings.py)
PARAMS.update(system="somma dei quadrati", rank=1, points="133.3", solos=1, draws=1,
              sizes=" (1×3)", survivals=1, eliminations=0, centres="11.7")
# variants (docs/variants.md): an id the bot names in the reader's words
PARAMS.update(variant="ancmed", known="standard, ancmed, chaos", needed="5")
# fog of war: the public centre counts
PARAMS.update(centre_counts={"France": 5, "Italy": 4})
_PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
LONG = 12
# Texts that are rightly the same as the English: no words of their own, or a word the
# language shares ("Deadline" is Dutch too).
SAME_AS_ENGLISH = {"phase.label", "game.finished", "status.deadline"}


def rendered(lang: str, key: str) -> str:
    return tr(lang, key, **words(lang, PARAMS))


def english_fragments() -> dict[str, list[str]]:
    """Per key, the English text between its placeholders, where longer than LONG."""
    found = {}
    for key, text in po_entries("en").items():
        pieces = [literal.strip() for literal, *_ in string.Formatter().parse(text)]
        found[key] = [p for p in pieces if len(p) > LONG]
    return found


FRAGMENTS = english_fragments()
KEYS = sorted(po_entries("it"))


@pytest.mark.parametrize("lang", ["it", "nl"])
def test_no_reply_or_announcement_holds_english_text(lang):
    every_fragment = {f: key for key, pieces in FRAGMENTS.items() for f in pieces}
    problems = []
    for key in KEYS:
        text = rendered(lang, key)
        if _PLACEHOLDER.search(text):
            problems.append(f"{key}: placeholder left in {text!r}")
        english = rendered("en", key)
        if len(english) > LONG and english == text and key not in SAME_AS_ENGLISH:
            problems.append(f"{key}: the English text {english!r}")
        for fragment, source in every_fragment.items():
            if fragment in text:
                problems.append(f"{key}: English {fragment!r} (from {source}) in {text!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_game_states_and_phase_codes_never_appear_raw(lang):
    raw = ("F1901M", "S1902M", "F1901R") + (("paused", "forming") if lang != "en" else ())
    for key in KEYS:
        text = rendered(lang, key)
        assert not [code for code in raw if code in text], (key, text)


def test_the_check_finds_english_in_a_catalogue():
    # the test above would fail for an Italian entry left in English
    text = tr("en", "orders.cleared")
    assert any(f in text for f in FRAGMENTS["orders.cleared"])
