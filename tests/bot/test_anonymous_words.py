"""An anonymous game's posts in words (docs/press.md): users are "someone", seats hide their
players, the reminder names powers, /game status shows no player; the reveal names them all."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.formatting import status_text
from bot.messages import render_message
from engine.vocabulary import Power
from service.models import GameSettings, GameView, SeatView
from service.notifier import Message

WHEN = datetime(2024, 5, 1, 18, 0, tzinfo=UTC)


async def test_an_anonymous_reminder_names_powers_and_mentions_nobody():
    message = Message("reminder.channel", "(English)", {
        "game": "Lepanto", "phase": "S1901M", "deadline": WHEN, "users": [11, 12],
        "powers": ["France", "Russia"]}, anonymous=True)
    [text] = await render_message(None, message, "it")
    assert "Francia, Russia" in text and "<@" not in text
    assert "Devono ancora mandare ordini" in text


async def test_anonymous_users_are_someone_and_seats_are_hidden():
    joined = Message("game.joined", "(English)", {"game": "Lepanto", "user_id": 11},
                     anonymous=True)
    assert "<@11>" not in "".join(await render_message(None, joined, "en"))
    assert "iemand" in "".join(await render_message(None, joined, "nl"))
    started = Message("game.started", "(English)", {
        "game": "Lepanto", "phase": "S1901M", "deadline": WHEN,
        "seats": {"France": 11, "Russia": 12}}, anonymous=True)
    text = "".join(await render_message(None, started, "en"))
    assert "anonymous game" in text and "<@" not in text
    # the reveal is not anonymous: it names everyone
    reveal = Message("game.identities", "(English)", {
        "game": "Lepanto", "seats": {"France": 11, "Russia": 12}})
    text = "".join(await render_message(None, reveal, "it"))
    assert "Francia: <@11>" in text and "Russia: <@12>" in text


def _view(status: str, anonymous: bool) -> GameView:
    seat = SeatView(Power.FRANCE, 11, False, 3, 3, False, True, False)
    return GameView(1, "Lepanto", 5, 6, 900, status, GameSettings(anonymous=anonymous),
                    (11,), (seat,), "S1901M", WHEN, None, None)


def test_status_of_an_anonymous_game_shows_no_player_until_it_ends():
    assert "<@11>" not in status_text("en", _view("active", True))
    assert "hidden" in status_text("en", _view("active", True))
    assert "<@11>" in status_text("en", _view("finished", True))
    assert "<@11>" in status_text("en", _view("active", False))


async def test_the_replaced_player_of_an_anonymous_game_reads_someone_took_over():
    """The service sends no id (service/seating.py); the words say "someone"."""
    told = Message("seat.replaced_you", "(English)", {"game": "Lepanto", "power": "France",
                                                      "new": None}, anonymous=True)
    for lang, someone in (("en", "someone"), ("it", "qualcuno"), ("nl", "iemand")):
        text = "".join(await render_message(None, told, lang))
        assert "<@" not in text, text
        assert someone in text.lower(), text
    shown = Message("seat.replaced_you", "(English)", {"game": "Lepanto", "power": "France",
                                                       "new": 42})
    assert "<@42>" in "".join(await render_message(None, shown, "en"))
