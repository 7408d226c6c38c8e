"""Extensions: by the moderator or by all other players, capped per phase and per player."""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.vocabulary import Power
from service.errors import InvalidRequest, NotAllowed
from service.storage.repos import phases
from tests.service.conftest import MODERATOR, start_game

E, F, G = Power.ENGLAND, Power.FRANCE, Power.GERMANY


async def deadline(service, game_id):
    async with service.db.read() as conn:
        return (await phases.latest(conn, game_id)).deadline_at


async def test_the_moderator_grants_an_extension_once_per_phase(service, clock, notifier):
    game = await start_game(service)
    before = game.view.deadline
    asked = await service.extensions.request(game.id, game.user[F], 12, "a wedding")
    assert asked.status == "pending"
    [ask] = notifier.sent_to(MODERATOR, "extension.ask_moderator")
    assert ask.params["extension_id"] == asked.id and ask.params["reason"] == "a wedding"
    with pytest.raises(NotAllowed):
        await service.extensions.answer(asked.id, game.user[G], True)
    with pytest.raises(InvalidRequest) as waiting:
        await service.extensions.request(game.id, game.user[G], 6, "me too")
    assert waiting.value.key == "extension.pending"
    granted = await service.extensions.answer(asked.id, MODERATOR, True)
    assert granted.status == "granted" and granted.deadline == before + timedelta(hours=12)
    assert await deadline(service, game.id) == before + timedelta(hours=12)
    assert notifier.posted("extension.granted")[0].params["user_id"] == game.user[F]
    with pytest.raises(InvalidRequest) as capped:
        await service.extensions.request(game.id, game.user[G], 6, "me too")
    assert capped.value.key == "extension.phase_cap"
    with pytest.raises(InvalidRequest) as decided:
        await service.extensions.answer(asked.id, MODERATOR, False)
    assert decided.value.key == "extension.decided"


async def test_all_other_players_must_agree(service, clock, notifier):
    game = await start_game(service, players=3, extension_rule="players")
    before = game.view.deadline
    asked = await service.extensions.request(game.id, game.user[E], 6, "travel")
    [vote] = notifier.posted("extension.vote")
    others = sorted(set(game.user.values()) - {game.user[E]})
    assert sorted(vote.params["users"]) == others
    with pytest.raises(NotAllowed):
        await service.extensions.answer(asked.id, game.user[E], True)   # not their own
    first = await service.extensions.answer(asked.id, others[0], True)
    assert first.status == "pending" and await deadline(service, game.id) == before
    done = await service.extensions.answer(asked.id, others[1], True)
    assert done.status == "granted"
    assert await deadline(service, game.id) == before + timedelta(hours=6)
    await service.moderation.process_now(game.id, MODERATOR)
    refused_one = await service.extensions.request(game.id, game.user[E], 6, "again")
    refused = await service.extensions.answer(refused_one.id, others[1], False)
    assert refused.status == "refused" and notifier.posted("extension.refused")


async def test_caps_per_player_and_length_and_the_rule_off(service, clock):
    game = await start_game(service, extensions_per_player=1,
                            extension_max=timedelta(hours=24))
    with pytest.raises(InvalidRequest) as long:
        await service.extensions.request(game.id, game.user[F], 30, "holiday")
    assert long.value.key == "extension.too_long"
    with pytest.raises(InvalidRequest) as empty:
        await service.extensions.request(game.id, game.user[F], 3, "  ")
    assert empty.value.key == "extension.bad_reason"
    asked = await service.extensions.request(game.id, game.user[F], 3, "late train")
    await service.extensions.answer(asked.id, MODERATOR, True)
    await service.moderation.process_now(game.id, MODERATOR)
    with pytest.raises(InvalidRequest) as mine:
        await service.extensions.request(game.id, game.user[F], 3, "again")
    assert mine.value.key == "extension.player_cap"
    off = await start_game(service, name="No time", extension_rule="off")
    with pytest.raises(InvalidRequest) as none:
        await service.extensions.request(off.id, off.user[F], 3, "please")
    assert none.value.key == "extension.off"


async def test_a_request_lapses_with_its_phase(service, clock):
    game = await start_game(service)
    asked = await service.extensions.request(game.id, game.user[F], 3, "busy")
    await service.moderation.process_now(game.id, MODERATOR)
    with pytest.raises(InvalidRequest) as lapsed:
        await service.extensions.answer(asked.id, MODERATOR, True)
    assert lapsed.value.key == "extension.lapsed"
