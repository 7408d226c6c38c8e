"""A "your turn" in a power's channel comes with a map (bot/notifier.py): in a fog game the
map of what its reader sees, drawn for each reader (docs/variants.md); in any other game one
drawing per phase, whoever it goes to."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.notifier import DiscordNotifier
from service.models import GameSettings, MapImage
from service.notices.notifier import Message


class Maps:
    def __init__(self) -> None:
        self.asked: list[int | None] = []

    async def current(self, game_id: int, size: str = "normal", *, viewer=None) -> MapImage:
        self.asked.append(viewer)
        return MapImage("S1901M", f"png for {viewer}".encode(), "game-1-S1901M.png")


def _notifier(fog: bool) -> tuple[DiscordNotifier, Maps]:
    maps = Maps()

    async def status(game_id):
        return SimpleNamespace(settings=GameSettings(fog=fog))

    service = SimpleNamespace(maps=maps, games=SimpleNamespace(status=status))
    return DiscordNotifier(SimpleNamespace(service=service)), maps


@pytest.mark.parametrize("fog", [False, True])
async def test_each_reader_of_a_fog_game_gets_the_map_of_their_own_sight(fog):
    notifier, maps = _notifier(fog)
    notice = Message("turn.notice", "your turn", {"phase": "S1901M", "deadline": 1},
                     game_id=1)
    first = await notifier._with_map(notice, 11)
    second = await notifier._with_map(notice, 12)
    if fog:
        assert maps.asked == [11, 12]
        assert (first.image, second.image) == (b"png for 11", b"png for 12")
    else:            # drawn once (asked by its first reader: the same whole board for all)
        assert maps.asked == [11] and first.image == second.image
