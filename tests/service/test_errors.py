"""Every kind of bad request gets a specific error (a key the bot translates, and English
text saying what was wrong) and leaves the stored game exactly as it was."""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.vocabulary import Power
from service.errors import InvalidRequest, NotAllowed, NotFound, OrdersRejected, PhaseClosed
from tests.service.conftest import MODERATOR, start_game

E = Power.ENGLAND
STRANGER = 31337


async def snapshot(service, game_id: int) -> tuple:
    """Everything stored about the game, to compare before and after a refused request."""
    async with service.db.read() as conn:
        rows = []
        for table, key in (("games", "id"), ("seats", "game_id"), ("phases", "game_id"),
                           ("audit_log", "game_id"), ("draw_votes", "game_id")):
            rows.append(await conn.fetch(
                f"SELECT * FROM {table} WHERE {key} = ? ORDER BY 1, 2", (game_id,)))
        rows.append(await conn.fetch("SELECT COUNT(*) FROM submissions"))
    return tuple(tuple(tuple(r) for r in table) for table in rows)


BAD_REQUESTS = [
    ("no such game", lambda s, g: s.games.status(999), NotFound, "game.not_found"),
    ("orders from a stranger", lambda s, g: s.orders.submit(g.id, STRANGER, "A LVP - YOR"),
     NotAllowed, "orders.not_seated"),
    ("orders for another's power", lambda s, g: s.orders.submit(
        g.id, g.user[E], "A PAR - BUR", power=Power.FRANCE), NotAllowed, "orders.not_your_power"),
    ("an empty message", lambda s, g: s.orders.submit(g.id, g.user[E], " \n"),
     OrdersRejected, "orders.empty"),
    ("orders for a phase not in play", lambda s, g: s.orders.submit(
        g.id, g.user[E], "A LVP - YOR", phase="S1902M"), PhaseClosed, "orders.wrong_phase"),
    ("my orders of a stranger", lambda s, g: s.orders.mine(g.id, STRANGER), NotAllowed,
     "orders.not_seated"),
    ("ready from a stranger", lambda s, g: s.orders.set_ready(g.id, STRANGER), NotAllowed,
     "orders.not_seated"),
    ("a draw vote from a stranger", lambda s, g: s.endgame.vote_draw(g.id, STRANGER), NotAllowed,
     "orders.not_seated"),
    ("clearing another's power", lambda s, g: s.orders.clear(g.id, g.user[E], Power.FRANCE),
     NotAllowed, "orders.not_your_power"),
    ("history of a phase never played", lambda s, g: s.history.phase(g.id, "F1905M"),
     InvalidRequest, "history.no_such_phase"),
    ("a preview by a stranger", lambda s, g: s.maps.preview(g.id, STRANGER), NotAllowed,
     "orders.not_seated"),
    ("resume a running game", lambda s, g: s.moderation.resume(g.id, MODERATOR), InvalidRequest,
     "moderation.not_paused"),
    ("remove someone not seated", lambda s, g: s.moderation.remove_player(g.id, MODERATOR, STRANGER),
     InvalidRequest, "moderation.not_seated"),
    ("roll back before anything was played", lambda s, g: s.moderation.rollback(g.id, MODERATOR),
     InvalidRequest, "moderation.nothing_to_roll_back"),
    ("extend by nothing", lambda s, g: s.moderation.extend_deadline(g.id, MODERATOR, by=timedelta(0)),
     InvalidRequest, "moderation.bad_duration"),
    ("start twice", lambda s, g: s.games.start(g.id, MODERATOR), InvalidRequest,
     "game.already_started"),
    ("an unknown language", lambda s, g: s.preferences.set_user_language(1, "de"), InvalidRequest,
     "prefs.bad_language"),
]


@pytest.mark.parametrize("what, call, error, key", BAD_REQUESTS,
                         ids=[b[0] for b in BAD_REQUESTS])
async def test_a_bad_request_is_refused_specifically_and_changes_nothing(
        service, what, call, error, key):
    game = await start_game(service)
    await service.orders.submit(game.id, game.user[E], "A LVP - YOR")
    before = await snapshot(service, game.id)
    with pytest.raises(error) as caught:
        await call(service, game)
    assert caught.value.key == key
    assert caught.value.text and caught.value.text != key       # a sentence, not just a key
    assert await snapshot(service, game.id) == before


async def test_a_game_not_started_has_no_map_and_takes_no_orders(service):
    game = await service.games.create(channel_id=1, moderator_id=2, name="g")
    with pytest.raises(InvalidRequest, match="has not started"):
        await service.maps.current(game.id)
    with pytest.raises(InvalidRequest, match="no phase in play"):
        await service.orders.submit(game.id, 1, "A LVP - YOR")
