"""The seats' messages as players and moderators read them, in each language."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.i18n import tr
from bot.messages import render_message
from bot.seating import briefing_blocks, profile_text
from service.models import PlayerRecord
from service.notices.notifier import Message

DEADLINE = datetime(2026, 12, 1, 21, 0, tzinfo=UTC)
START = {"game": "Lepanto", "game_id": 1, "powers": ["Italy"], "phase": "S1901M",
         "deadline": DEADLINE, "paused": False, "units": ["F NAP", "A ROM", "A VEN"],
         "dislodged": [], "example": "A ROM - APU"}


@pytest.mark.parametrize("lang,words", [
    ("en", ["You play **Italy**", "A Rome (ROM)", "**A Rome - Apulia**", "**help**"]),
    ("it", ["La tua potenza: **Italia**", "A Roma (ROM)", "**A Roma - Puglia**", "**aiuto**"]),
    ("nl", ["Je speelt **Italië**", "A Rome (ROM)", "**hulp**"]),
])
def test_the_start_briefing(lang, words):
    [text] = briefing_blocks(lang, START)
    for word in words:
        assert word in text
    assert "<t:1796158800:F>" in text and "`A ROM - APU`" in text
    assert "/orders preview" in text and "/draw" in text
    if lang != "en":
        for key in ("briefing.example", "briefing.commands", "briefing.units"):
            assert tr("en", key, example="", help="", units="").split(":")[0] not in text


def test_a_replacement_briefing_shows_the_last_orders_and_a_paused_game():
    params = {**START, "deadline": None, "paused": True, "replacement": True,
              "last_phase": "W1901A", "last_orders": [
                  {"power": "Italy", "order": "A NAP B", "status": "succeeds", "reason": None,
                   "province": None}]}
    [text] = briefing_blocks("it", params)
    assert "Ti diamo il benvenuto in **Lepanto**" in text
    assert "Ultimi ordini (Italia, Inverno 1901" in text and "✅ `A NAP B`" in text
    assert "in pausa" in text and "<t:" not in text


async def test_notices_about_seats_are_worded_by_their_reason():
    closed = Message("seat.unreachable", "x", {"game": "G", "user_id": 5, "powers": ["Turkey"],
                                               "reason": "dm_closed"})
    [it] = await render_message(None, closed, "it")
    assert "messaggi diretti chiusi" in it and "Turchia" in it and "<@5>" in it
    gone = Message("seat.unreachable", "x", {"game": "G", "user_id": 5, "powers": ["Turkey"],
                                             "reason": "left_server"})
    [nl] = await render_message(None, gone, "nl")
    assert "heeft de server verlaten" in nl
    claim = Message("seat.claim", "x", {"game": "G", "power": "Russia", "user_id": 7,
                                        "claim_id": 3, "on_time": 92, "missed": 1,
                                        "finished": 2, "abandoned": 0})
    [en] = await render_message(None, claim, "en")
    assert "92% of phases ordered on time" in en and "**Russia**" in en


def test_a_profile():
    record = PlayerRecord(1, on_time=9, missed=3, civil_disorder_spells=2, finished=1,
                          playing=2, abandoned=1)
    text = profile_text("it", record, "<@1>")
    assert "9 su 12 (75%)" in text and "in sommossa 2 volte" in text
    assert "posti lasciati: 1" in text
    once = PlayerRecord(1, on_time=5, missed=1, civil_disorder_spells=1, finished=0,
                        playing=1, abandoned=0)
    assert "(in sommossa una volta)" in profile_text("it", once, "<@1>")
    assert "(in civil disorder once)" in profile_text("en", once, "<@1>")
    assert "(één keer in wanorde)" in profile_text("nl", once, "<@1>")
    assert "(3 keer in wanorde)" in profile_text("nl", record.__class__(
        1, on_time=1, missed=4, civil_disorder_spells=3, finished=0, playing=1, abandoned=0),
        "<@1>")
    empty = PlayerRecord(1, 0, 0, 0, 0, 0, 0)
    assert "nog geen fase gespeeld" in profile_text("nl", empty, "<@1>")


@pytest.mark.parametrize("lang,words,not_said", [
    ("en", ["**Orders** button of this channel", "`/notices`"], "right here"),
    ("it", ["pulsante **Ordini** di questo canale", "`/notices`"], "Mandami gli ordini qui"),
    ("nl", ["knop **Orders** van dit kanaal", "`/notices`"], "Stuur me hier je orders"),
])
def test_the_briefing_in_a_power_s_channel_says_where_orders_go(lang, words, not_said):
    """In the power's channel (docs/channels.md) "send them right here" would be wrong without
    the Message Content intent: the channel's Orders button, or a DM."""
    [text] = briefing_blocks(lang, {**START, "room": 42})
    for word in words:
        assert word in text
    assert not_said not in text
    [plain] = briefing_blocks(lang, START)
    assert "`/notices`" not in plain and not_said in plain
