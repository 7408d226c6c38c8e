"""The game a command means for a player in several (bot/game_meant.py): the only running one,
else the only one waiting for them, else a question with one persistent button per game."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

import pytest

from bot.choosing import seated_games
from bot.confirm import Answer
from bot.game_meant import game_buttons, meant_game, still_seated, waits_for
from engine.vocabulary import Power
from service.errors import ServiceError
from service.models import GameSettings, GameView, PowerOrders, SeatView

USER = 11
WHEN = datetime(2024, 5, 1, 18, 0, tzinfo=UTC)


def game(game_id: int, name: str, status: str = "active", seated: bool = True) -> GameView:
    seat = SeatView(Power.FRANCE, USER if seated else 99, False, 3, 3, False, True, False)
    return GameView(game_id, name, 5, 6, 900, status, GameSettings(), (USER,),
                    (seat,) if status != "forming" else (), "S1901M", WHEN, None, None)


def orders(missing: tuple[str, ...] = (), ready: bool = False,
           duty: dict | None = None) -> list[PowerOrders]:
    return [PowerOrders(Power.FRANCE, "S1901M", (), missing, ready, None, duty)]


LEPANTO, TRAFALGAR = game(1, "Lepanto"), game(2, "Trafalgar")


def test_the_only_running_game_is_meant_whatever_waits():
    assert meant_game([LEPANTO], set()) is LEPANTO
    assert meant_game([LEPANTO], {1}) is LEPANTO


def test_among_several_the_only_one_waiting_is_meant():
    assert meant_game([LEPANTO, TRAFALGAR], {2}) is TRAFALGAR
    assert meant_game([LEPANTO, TRAFALGAR], {1}) is LEPANTO


@pytest.mark.parametrize("waiting", [set(), {1, 2}])
def test_none_or_both_waiting_means_asking(waiting):
    assert meant_game([LEPANTO, TRAFALGAR], waiting) is None


def test_games_not_running_or_without_a_seat_do_not_count():
    forming = game(3, "Salamina", status="forming")
    watched = game(4, "Azio", seated=False)
    running = seated_games([forming, LEPANTO, watched], USER)
    assert meant_game(running, set()) is LEPANTO


def test_orders_show_and_draw_wait_for_units_without_orders():
    for kind in ("game_show", "game_draw"):
        assert waits_for(kind, "1", orders(missing=("A PAR",)))
        assert not waits_for(kind, "1", orders(ready=False))


def test_ready_waits_for_a_mark_not_given_and_unready_for_one_given():
    assert waits_for("game_ready", "1", orders(ready=False))
    assert not waits_for("game_ready", "1", orders(missing=("A PAR",), ready=True))
    assert waits_for("game_ready", "0", orders(ready=True))
    assert not waits_for("game_ready", "0", orders(missing=("A PAR",), ready=False))
    # a retreat phase with no dislodged unit of the player's does not wait for them
    nothing = {"units": [], "dislodged": [], "builds": 0, "removals": 0}
    assert not waits_for("game_ready", "1", orders(duty=nothing))
    assert waits_for("game_ready", "1", orders(duty={**nothing, "dislodged": [{"unit": "A PAR"}]}))


def test_one_button_per_game_named_in_the_readers_language_with_stable_ids():
    view = game_buttons(USER, "it", "game_ready", "1", [LEPANTO, TRAFALGAR])
    buttons = view.children
    assert [b.item.label for b in buttons] == [  # type: ignore[attr-defined]
        "Lepanto · Primavera 1901, movimenti", "Trafalgar · Primavera 1901, movimenti",
        "Annulla"]
    ids = [b.item.custom_id for b in buttons]  # type: ignore[attr-defined]
    assert ids == ["arbitro:ask:game_ready:11:1:1:y", "arbitro:ask:game_ready:11:2:1:y",
                   "arbitro:ask:game_ready:11:0:1:n"]
    # the same ids are read back after a restart (the persistent item's template)
    template = Answer.__discord_ui_compiled_template__
    match = template.fullmatch(ids[1])
    assert match and match["game"] == "2" and match["kind"] == "game_ready"
    nl = game_buttons(USER, "nl", "game_show", "", [LEPANTO])
    assert [b.item.label for b in nl.children][-1] == "Annuleren"  # type: ignore[attr-defined]


class Service:
    def __init__(self, view: GameView) -> None:
        self.view = view

    async def status(self, game_id: int) -> GameView:
        assert game_id == self.view.id
        return self.view


async def test_a_pressed_game_is_checked_again():
    bot = SimpleNamespace(service=SimpleNamespace(games=Service(LEPANTO)))
    assert await still_seated(bot, USER, 1) is LEPANTO      # type: ignore[arg-type]
    bot.service = SimpleNamespace(games=Service(game(1, "Lepanto", seated=False)))
    with pytest.raises(ServiceError) as gone:
        await still_seated(bot, USER, 1)                    # type: ignore[arg-type]
    assert gone.value.key == "orders.not_seated" and gone.value.params["game"] == "Lepanto"
    bot.service = SimpleNamespace(games=Service(game(1, "Lepanto", status="finished")))
    with pytest.raises(ServiceError) as over:
        await still_seated(bot, USER, 1)                    # type: ignore[arg-type]
    assert over.value.key == "game.ended_here"
