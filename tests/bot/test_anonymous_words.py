"""An anonymous game's posts in words (docs/press.md): each notice that names a user has a
wording of its own (no "someone"), seats hide their players, the reminder names powers,
/game status shows no player; the reveal names them all."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from bot.formatting import status_text
from bot.i18n import has, tr
from bot.messages import render_message
from engine.vocabulary import Power
from service.models import GameSettings, GameView, SeatView
from service.notices.notifier import Message

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
    dutch = "".join(await render_message(None, joined, "nl"))
    assert dutch.startswith("Er doet een nieuwe speler mee") and "iemand" not in dutch
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


# Every notice the service posts to a game's channel that names a user (a player, or the
# moderator by mention), as the service sends it.
CHANNEL_KEYS = (
    "game.joined", "game.left", "moderation.process_now", "moderation.set_deadline",
    "moderation.extend", "moderation.extend_paused", "moderation.pause", "moderation.resume",
    "moderation.replace_player", "moderation.replace_player_vacant",
    "moderation.remove_player", "moderation.rollback", "moderation.end_game",
    "moderation.deleted", "moderation.draw_declared", "moderation.conceded", "nmr.grace",
    "seat.abandoned", "seat.offered_held", "absence.declared", "absence.declared_moved",
    "absence.refused", "extension.vote", "extension.asked", "extension.granted",
    "extension.refused", "settings.changed", "reminder.channel")
SOMEONE = {"en": "someone", "it": "qualcuno", "nl": "iemand"}


def test_the_list_holds_every_channel_notice_that_names_a_user():
    from pathlib import Path

    from tests.bot.test_i18n import po_entries

    english = po_entries("en")
    users = re.compile(r"\{(user_id|user|users|actor_id|old|new)\}")
    source = "".join(p.read_text(encoding="utf-8")
                     for p in (Path(__file__).parents[2] / "service").rglob("*.py"))
    posted = set(re.findall(r"post\(\s*game,\s*\"([a-z_.]+)\"", source))
    posted |= {"moderation.set_deadline", "moderation.extend", "moderation.draw_declared",
               "moderation.conceded"}        # keys the service builds or passes on
    assert {"game.joined", "moderation.replace_player", "nmr.grace"} <= posted
    naming = {k for k in posted if users.search(english.get(k, ""))}
    assert naming <= set(CHANNEL_KEYS), naming - set(CHANNEL_KEYS)


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
async def test_anonymous_notices_read_naturally(lang):
    """Each has a wording of its own: no mention, no "someone", a capital or an emoji first."""
    from tests.bot.test_no_english import PARAMS

    for key in CHANNEL_KEYS:
        message = Message(key, "(English)", {**PARAMS, "setting": "movement_hours",
                                             "value": 3600.0}, anonymous=True)
        text = "".join(await render_message(None, message, lang))
        # the moderator who acted is named; no player is
        named = set(re.findall(r"<@(\d+)>", text))
        assert named <= {str(PARAMS["actor_id"])} and "{" not in text, (key, text)
        if "{actor_id}" in tr(lang, key):
            assert named == {str(PARAMS["actor_id"])}, (key, text)
        assert has(lang, f"{key}.anonymous"), key      # its own sentence, not a substitute
        assert not re.match(rf"\W*(\*\*\w+\*\*: )?{SOMEONE[lang]}", text, re.I), (key, text)
        first = text.lstrip("*")[0]
        assert first.isupper() or not first.isalpha(), (key, text)


async def test_an_anonymous_replacement_says_who_seated_whom_in_no_language():
    for old, lang, expected in [
            (104, "en", "🔁 **Lepanto**: France has a new player, seated by the moderator "
                        "<@900>."),
            (104, "it", "🔁 **Lepanto**: chi modera (<@900>) ha affidato Francia a una nuova "
                        "persona."),
            (None, "nl", "🔁 **Lepanto**: Frankrijk was vrij en heeft weer een speler, "
                         "aangewezen door de spelleider <@900>.")]:
        message = Message("moderation.replace_player", "(English)", {
            "game": "Lepanto", "power": "France", "old": old, "new": 103, "actor_id": 900},
            anonymous=True)
        assert await render_message(None, message, lang) == [expected]
    seen = Message("moderation.replace_player", "(English)", {
        "game": "Lepanto", "power": "France", "old": None, "new": 103, "actor_id": 900})
    assert await render_message(None, seen, "en") == [
        "🔁 **Lepanto**: France was vacant; <@103> plays it from now on, seated by <@900>."]


async def test_the_replaced_player_of_an_anonymous_game_reads_someone_took_over():
    """The service sends no id (service/players/seating.py); the words say "a new player"."""
    told = Message("seat.replaced_you", "(English)", {"game": "Lepanto", "power": "France",
                                                      "new": None}, anonymous=True)
    for lang, someone in (("en", "a new player"), ("it", "una nuova persona"),
                          ("nl", "een nieuwe speler")):
        text = "".join(await render_message(None, told, lang))
        assert "<@" not in text, text
        assert someone in text.lower(), text
    shown = Message("seat.replaced_you", "(English)", {"game": "Lepanto", "power": "France",
                                                       "new": 42})
    assert "<@42>" in "".join(await render_message(None, shown, "en"))
