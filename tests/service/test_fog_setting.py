"""The `fog` setting (docs/variants.md): off by default, kept through a game's row, settable
at creation and before the start, fixed once the game has started."""

from __future__ import annotations

import pytest

from service.errors import InvalidRequest
from service.models import GameSettings
from tests.service.conftest import MODERATOR, start_game


async def test_fog_is_off_by_default_and_survives_the_row():
    assert GameSettings.from_json({"rules": "1971"}).fog is False
    chosen = GameSettings(fog=True)
    assert GameSettings.from_json(chosen.to_json()).fog is True


async def test_fog_is_set_at_creation_and_before_the_start_only(service):
    made = await service.games.create(channel_id=77, moderator_id=MODERATOR, name="Misty",
                                      settings=GameSettings(fog=True))
    assert made.settings.fog is True
    change = await service.game_config.change(made.id, MODERATOR, "fog", "no")
    assert (change.old, change.new) == (True, False)
    await service.game_config.change(made.id, MODERATOR, "fog", "sì")
    shown = {v.setting.name: v.value for v in await service.game_config.show(made.id)}
    assert shown["fog"] is True
    game = await start_game(service)
    with pytest.raises(InvalidRequest) as fixed:
        await service.game_config.change(game.id, MODERATOR, "fog", "yes")
    assert fixed.value.key == "settings.fixed_after_start"
