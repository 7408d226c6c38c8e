"""Every message and error of the schedule areas reads in English, Italian and Dutch: the
service's real messages (from a real game) rendered as the bot renders them, with no
placeholder, code or English text left in the other languages."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.app import error_text
from bot.i18n import has
from bot.messages import render_message
from engine.vocabulary import Power
from service.errors import ServiceError
from tests.service.conftest import MODERATOR, start_game

KEYS = ("nmr.grace", "nmr.grace_dm", "seat.abandoned", "seat.abandoned.moderator",
        "seat.abandoned.player", "absence.declared", "absence.declared_moved",
        "absence.moderator", "absence.refused", "absence.refused.player", "extension.vote",
        "extension.asked", "extension.ask_moderator", "extension.granted", "extension.refused")


async def _messages(service, clock, notifier):
    clock.set(datetime(2026, 11, 25, 10, 0, tzinfo=UTC))
    game = await start_game(service, nmr_policy="grace", abandon_after=1, players=3)
    first = next(iter(game.user.values()))
    away = await service.absences.declare(game.id, first, "oggi", "+2d")
    await service.absences.refuse(away.id, MODERATOR)
    await service.absences.declare(game.id, first, "2026-12-10", "2026-12-11")
    asked = await service.extensions.request(game.id, first, 5, "a wedding")
    await service.extensions.answer(asked.id, MODERATOR, True)
    clock.advance(timedelta(hours=30))
    await service.deadlines.run_due()
    clock.advance(timedelta(hours=13))
    await service.deadlines.run_due()
    players = await start_game(service, name="Votes", players=3, extension_rule="players")
    voter = [u for p, u in players.user.items() if p != Power.ENGLAND][0]
    asked = await service.extensions.request(players.id, players.user[Power.ENGLAND], 5, "x")
    await service.extensions.answer(asked.id, voter, False)
    return notifier.posts + notifier.private


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
async def test_every_schedule_message_reads_in_each_language(service, clock, notifier, lang):
    sent = [m for _where, m in await _messages(service, clock, notifier) if m.key in KEYS]
    assert {m.key for m in sent} == set(KEYS)
    for message in sent:
        assert has(lang, message.key), message.key
        [text] = await render_message(None, message, lang)
        assert "{" not in text and "None" not in text, text
        assert "Germany" not in text or lang == "en", text
        if lang != "en":
            assert text != (await render_message(None, message, "en"))[0]


@pytest.mark.parametrize("key", [
    "when.unreadable", "when.bad_date", "when.bad_clock", "when.past", "when.too_far",
    "when.bad_unit", "when.bad_zone", "absence.over_cap", "absence.off", "absence.ends_before",
    "extension.too_long", "extension.phase_cap", "extension.player_cap", "extension.lapsed",
    "settings.bad_schedule_time", "settings.bad_grace", "settings.bad_count"])
@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_every_schedule_error_reads_in_each_language(key, lang):
    error = ServiceError(key, "English fallback", value="x", date="2026-02-30", clock="25:00",
                         days=3, left=1, cap=5, game="Lepanto", unit="q", examples="UTC",
                         start=datetime(2026, 12, 1, tzinfo=UTC),
                         end=datetime(2026, 12, 2, tzinfo=UTC), most=timedelta(hours=48),
                         limit=200)
    text = error_text(lang, error)
    assert text != "English fallback" and "{" not in text, text
