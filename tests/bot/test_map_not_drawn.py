"""Results whose map could not be drawn (its worker kept dying) say so, in the reader's
language, instead of going out silently without it (service/notices/announcing.py `map_missing`)."""

from __future__ import annotations

import pytest

from bot.i18n import tr
from bot.messages import render_message
from service.notices.notifier import Message

PARAMS = {"game": "Lega", "game_id": 1, "phase": "S1901M", "results": [],
          "civil_disorder": [], "dislodged": [], "supply_centers": None,
          "centres_before": {}, "next_phase": "F1901M", "next_deadline": None,
          "outcome": None, "unordered": []}


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
async def test_results_without_their_map_say_so(lang):
    missing = await render_message(None, Message("phase.results", "", {
        **PARAMS, "map_missing": True}), lang)
    drawn = await render_message(None, Message("phase.results", "", PARAMS), lang)
    note = tr(lang, "map.not_drawn")
    assert missing[-1] == note and note not in "\n".join(drawn)
    assert "/game map" in note and (lang == "en" or "could not" not in note)


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
async def test_a_replay_or_chart_without_its_picture_says_so(lang):
    params = {"game": "Lega", "game_id": 1}
    missing = await render_message(None, Message("game.chart", "", {
        **params, "map_missing": True}), lang)
    drawn = await render_message(None, Message("game.chart", "", params), lang)
    note = tr(lang, "picture.not_drawn")
    assert missing[-1] == note and note not in "\n".join(drawn)
    assert lang == "en" or "could not" not in note


class _Member:
    def __init__(self, user_id: int, bot: bool = False) -> None:
        self.id, self.bot = user_id, bot


async def test_the_moderator_roles_members_the_bot_knows_of_bots_left_out():
    from types import SimpleNamespace

    from bot.notifier import DiscordNotifier
    role = SimpleNamespace(members=[_Member(5), _Member(6, bot=True), _Member(7)])
    guild = SimpleNamespace(get_role=lambda rid: role if rid == 40 else None)
    bot = SimpleNamespace(get_guild=lambda gid: guild if gid == 1 else None)
    notifier = DiscordNotifier(bot)
    assert await notifier.role_members(1, 40) == [5, 7]
    assert await notifier.role_members(1, 41) == []        # a role deleted since
    assert await notifier.role_members(2, 40) == []        # a server this process lacks
