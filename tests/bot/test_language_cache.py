"""A user's language is cached by each bot process, and read again from the database after
LANGUAGE_TTL: a choice made through another process (another shard's) reaches this one."""

from __future__ import annotations

from types import SimpleNamespace

import bot.app as app
from bot.app import LANGUAGE_TTL, ArbitroBot
from ops.settings import Settings


class StoredLanguages:
    """The service's side: what the database holds, and how often it was asked."""

    def __init__(self) -> None:
        self.stored: dict[int, tuple[str | None, str | None]] = {}
        self.reads = 0

    async def user_languages(self, user_id: int) -> tuple[str | None, str | None]:
        self.reads += 1
        return self.stored.get(user_id, (None, None))


async def test_a_choice_stored_by_another_process_is_seen_after_the_ttl(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(app, "monotonic", lambda: now[0])
    bot = ArbitroBot(Settings())
    stored = StoredLanguages()
    bot.service = SimpleNamespace(preferences=stored)
    stored.stored[7] = ("it", None)

    assert await bot.language_of_user(7) == "it"
    stored.stored[7] = ("nl", None)              # /language in another process
    now[0] += LANGUAGE_TTL / 2
    assert await bot.language_of_user(7) == "it"      # cached: no read
    assert stored.reads == 1
    now[0] += LANGUAGE_TTL
    assert await bot.language_of_user(7) == "nl"
    assert stored.reads == 2
