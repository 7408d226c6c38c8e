"""A fog game's channel post reads in the reader's language, powers named in it."""

from __future__ import annotations

from bot.messages import render_message
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
