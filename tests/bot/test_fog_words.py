"""A fog game's channel post reads in the reader's language, powers named in it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.formatting import status_text
from bot.messages import render_message
from engine.vocabulary import Power
from service.models import GameSettings, GameView, SeatView
from service.notices.notifier import Message


async def test_the_public_centre_counts_name_the_powers_in_the_language():
    message = Message("phase.over_fog_centres", "Misty: F1901M is over",
                      {"game": "Misty", "phase": "F1901M",
                       "centre_counts": {"England": 4, "Germany": 5}})
    [it] = await render_message(None, message, "it")
    assert "Inghilterra 4" in it and "Germania 5" in it and "England" not in it
    [nl] = await render_message(None, message, "nl")
    assert "Engeland 4" in nl and "Duitsland 5" in nl
    [en] = await render_message(None, Message("phase.over_fog", "x", {"game": "Misty",
                                                                      "phase": "S1901M"}), "en")
    assert "Misty" in en and "1901" in en


def _fog_view(fog_centres: bool) -> GameView:
    mine = SeatView(Power.FRANCE, 11, False, 3, 3, True, True, False)
    other = SeatView(Power.GERMANY, 12, False, 4 if fog_centres else None, None, False, True,
                     False)
    return GameView(1, "Misty", 5, 6, 900, "active",
                    GameSettings(fog=True, fog_centres=fog_centres), (11, 12), (mine, other),
                    "S1901M", datetime(2026, 1, 1, tzinfo=UTC), None, None)


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_a_players_fog_status_counts_only_their_own_and_the_public(lang):
    counts = {"en": ("3 units", "out of sight"), "it": ("3 unità", "fuori vista"),
              "nl": ("3 eenheden", "buiten zicht")}[lang]
    text = status_text(lang, _fog_view(False))
    lines = text.splitlines()
    [france] = [line for line in lines if "<@11>" in line]
    [germany] = [line for line in lines if "<@12>" in line]
    assert counts[0] in france and counts[1] in germany
    assert not any(ch.isdigit() for ch in germany.split("—")[-1])     # no count at all
    public = [line for line in status_text(lang, _fog_view(True)).splitlines()
              if "<@12>" in line][0]
    assert "4" in public and counts[1] in public


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
async def test_a_fog_reminder_in_the_channel_names_nobody(lang):
    message = Message("reminder.channel_fog", "Misty: the deadline for F1901R is ...",
                      {"game": "Misty", "game_id": 1, "phase": "F1901R",
                       "deadline": datetime(2026, 1, 1, 12, tzinfo=UTC)})
    [text] = await render_message(None, message, lang)
    assert "Misty" in text and "<@" not in text
    assert {"en": "deadline", "it": "scadenza", "nl": "deadline"}[lang] in text
