"""Small preferences the bot keeps without SQL of its own: a user's reply language, where their
notices of a game with channels go, and a server's moderator role."""

from __future__ import annotations

import languages
from service.errors import InvalidRequest
from service.storage.db import Database
from service.storage.repos import prefs

LANGUAGES = languages.CODES
NOTICE_PLACES = ("channel", "dm")


class Preferences:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def set_user_language(self, user_id: int, lang: str | None) -> None:
        """A declared language's code (`en`, `it`, `nl`); None forgets the choice
        (InvalidRequest for anything else)."""
        if lang is not None:
            lang = lang.strip().lower()
            if lang not in LANGUAGES:
                raise InvalidRequest("prefs.bad_language",
                                     f"unknown language {lang!r}: use {languages.either()}",
                                     lang=lang, expected=list(LANGUAGES))
        async with self.db.transaction() as conn:
            await prefs.set_language(conn, user_id, lang)

    async def user_language(self, user_id: int) -> str | None:
        async with self.db.read() as conn:
            return await prefs.language(conn, user_id)

    async def user_languages(self, user_id: int) -> tuple[str | None, str | None]:
        """(the language the user chose, the language of their Discord client as last
        seen): replies use the first, else the second, else English."""
        async with self.db.read() as conn:
            return await prefs.languages(conn, user_id)

    async def remember_seen_language(self, user_id: int, lang: str) -> None:
        """The language of the user's Discord client, seen in one of their commands."""
        if lang not in LANGUAGES:
            return
        async with self.db.transaction() as conn:
            await prefs.set_seen_language(conn, user_id, lang)

    async def set_notices(self, user_id: int, where: str) -> None:
        """Where the user's private notices of a game with its own channels go: `channel`
        (their power's channel, the default) or `dm` (docs/channels.md)."""
        where = where.strip().lower()
        if where not in NOTICE_PLACES:
            raise InvalidRequest("prefs.bad_notices", f"unknown place {where!r}: use channel "
                                 "or dm", where=where)
        async with self.db.transaction() as conn:
            await prefs.set_notices(conn, user_id, where)

    async def notices_place(self, user_id: int) -> str:
        """`channel` or `dm` (see `set_notices`)."""
        async with self.db.read() as conn:
            return await prefs.notices(conn, user_id) or "channel"

    async def set_moderator_role(self, guild_id: int, role_id: int | None) -> None:
        async with self.db.transaction() as conn:
            await prefs.set_moderator_role(conn, guild_id, role_id)

    async def moderator_role(self, guild_id: int) -> int | None:
        async with self.db.read() as conn:
            return await prefs.moderator_role(conn, guild_id)

    async def remember_guild(self, guild_id: int, locale: str | None,
                             upload_limit: int | None) -> None:
        """Store a server's locale and upload limit (the process holding its shard calls
        this when it sees the server), for every process that posts to it."""
        async with self.db.transaction() as conn:
            await prefs.remember_guild(conn, guild_id, locale, upload_limit)

    async def guild_facts(self, guild_id: int) -> tuple[str | None, int | None]:
        """(locale, upload limit in bytes) of a server as last stored, or (None, None)."""
        async with self.db.read() as conn:
            return await prefs.guild_facts(conn, guild_id)

