"""Results whose map could not be drawn (its worker kept dying) say so, in the reader's
language, instead of going out silently without it (service/announcing.py `map_missing`)."""

from __future__ import annotations

import pytest

from bot.i18n import tr
from bot.messages import render_message
from service.notifier import Message

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
    assert "/map" in note and (lang == "en" or "could not" not in note)
