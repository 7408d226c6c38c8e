"""Small preferences the bot keeps without SQL of its own: a user's reply language and a
server's moderator role."""

from __future__ import annotations

from service.core import ServiceCore

LANGUAGES = ("en", "it", "nl")


class PreferencesMixin(ServiceCore):
    async def set_user_language(self, user_id: int, lang: str | None) -> None:
        """`en`, `it` or `nl`; None forgets the choice (InvalidRequest for anything else)."""
        raise NotImplementedError

    async def user_language(self, user_id: int) -> str | None:
        raise NotImplementedError

    async def set_moderator_role(self, guild_id: int, role_id: int | None) -> None:
        raise NotImplementedError

    async def moderator_role(self, guild_id: int) -> int | None:
        raise NotImplementedError
