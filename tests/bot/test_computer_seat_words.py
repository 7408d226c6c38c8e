"""`/game status` marks a seat the computer plays, in each language, except in an anonymous
game before its end (which does not say which seats are the computer's either)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.formatting import power_name, status_text
from bot.i18n import tr
from engine.vocabulary import Power
from service.models import GameSettings, GameView, SeatView

WHEN = datetime(2026, 1, 5, 12, tzinfo=UTC)


def _view(status: str, anonymous: bool, reveal: bool = False) -> GameView:
    seats = (SeatView(Power.FRANCE, None, False, 3, 3, True, True, False, computer=True),
             SeatView(Power.ITALY, None, False, 3, 3, False, True, False))
    return GameView(1, "Lepanto", 5, 6, 900, status, GameSettings(anonymous=anonymous,
                                                                 reveal_computers=reveal),
                    (), seats, "S1901M", WHEN, None, None)


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_a_computer_seat_is_marked_in_the_status(lang):
    text = status_text(lang, _view("active", False))
    marked = tr(lang, "status.computer")
    assert text.count(marked) == 1                      # France's seat, not Italy's vacant one
    assert tr(lang, "status.vacant") in text


def test_an_anonymous_game_hides_which_seats_the_computer_plays():
    assert tr("en", "status.computer") not in status_text("en", _view("active", True))
    assert tr("en", "status.computer") in status_text("en", _view("finished", True))
    revealed = status_text("en", _view("active", True, reveal=True))   # the setting says so
    assert tr("en", "status.computer") in revealed


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
async def test_the_results_say_which_powers_the_computer_played(lang):
    from bot.messages import _results

    params = {"game": "Lepanto", "phase": "S1901M", "computer": ["France"],
              "results": [{"power": "France", "order": "A PAR H", "status": "succeeds",
                           "reason": None, "province": None}]}
    text = "\n".join(await _results(None, params, lang))
    assert tr(lang, "results.computer", powers=power_name(lang, "France")) in text
    params["computer"] = []
    assert "🤖" not in "\n".join(await _results(None, params, lang))
