"""Per-user and per-server preferences."""

from __future__ import annotations

from service.storage.db import Connection


async def set_language(conn: Connection, user_id: int, lang: str | None) -> None:
    await conn.execute("INSERT INTO user_prefs (user_id, language) VALUES (?, ?) "
                       "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
                       (user_id, lang))


async def language(conn: Connection, user_id: int) -> str | None:
    rows = await conn.fetch("SELECT language FROM user_prefs WHERE user_id = ?",
                            (user_id,))
    row = rows[0] if rows else None
    return row[0] if row else None


async def set_seen_language(conn: Connection, user_id: int, lang: str) -> None:
    await conn.execute("INSERT INTO user_prefs (user_id, seen_language) VALUES (?, ?) "
                       "ON CONFLICT (user_id) DO UPDATE SET seen_language = excluded.seen_language",
                       (user_id, lang))


async def languages(conn: Connection, user_id: int) -> tuple[str | None, str | None]:
    """(the language chosen with /language, the one last seen in their Discord client)."""
    rows = await conn.fetch("SELECT language, seen_language FROM user_prefs "
                            "WHERE user_id = ?", (user_id,))
    return (rows[0][0], rows[0][1]) if rows else (None, None)


async def set_moderator_role(conn: Connection, guild_id: int,
                             role_id: int | None) -> None:
    await conn.execute("INSERT INTO guild_prefs (guild_id, moderator_role_id) VALUES (?, ?) "
                       "ON CONFLICT (guild_id) DO UPDATE SET "
                       "moderator_role_id = excluded.moderator_role_id", (guild_id, role_id))


async def moderator_role(conn: Connection, guild_id: int) -> int | None:
    rows = await conn.fetch("SELECT moderator_role_id FROM guild_prefs WHERE guild_id = ?",
                            (guild_id,))
    row = rows[0] if rows else None
    return row[0] if row else None


async def remember_guild(conn: Connection, guild_id: int, locale: str | None,
                         upload_limit: int | None) -> None:
    """What any process needs to post to a server without having it in memory: its preferred
    locale (as Discord gives it, e.g. `it`, `en-US`) and its upload limit in bytes."""
    await conn.execute("INSERT INTO guild_prefs (guild_id, locale, upload_limit) VALUES (?, ?, ?) "
                       "ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale, "
                       "upload_limit = excluded.upload_limit", (guild_id, locale, upload_limit))


async def guild_facts(conn: Connection, guild_id: int) -> tuple[str | None, int | None]:
    """(locale, upload limit) of the server as last stored; (None, None) when never seen."""
    row = await conn.fetchrow("SELECT locale, upload_limit FROM guild_prefs WHERE guild_id = ?",
                              (guild_id,))
    return (row[0], row[1]) if row else (None, None)


async def set_notices(conn: Connection, user_id: int, where: str | None) -> None:
    await conn.execute("INSERT INTO user_prefs (user_id, notices) VALUES (?, ?) "
                       "ON CONFLICT (user_id) DO UPDATE SET notices = excluded.notices",
                       (user_id, where))


async def notices(conn: Connection, user_id: int) -> str | None:
    """Where the user wants private notices of a game with channels: 'channel', 'dm' or None
    (never said: the power's channel)."""
    row = await conn.fetchrow("SELECT notices FROM user_prefs WHERE user_id = ?", (user_id,))
    return row[0] if row else None
