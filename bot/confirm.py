"""A question with two buttons (go ahead / cancel), answered only by whoever asked: the
moderator processing a phase with orders missing, a player marking ready with units unordered,
a moderator deleting a game. The action runs only on "go ahead"."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.app import error_text
from bot.i18n import tr
from bot.limits import split_text
from service.errors import ServiceError

log = logging.getLogger(__name__)

Action = Callable[[discord.Interaction], Awaitable[str]]


class Confirm(discord.ui.View):
    def __init__(self, user_id: int, lang: str, action: Action, yes_key: str, *,
                 moderator: bool = False) -> None:
        """`moderator`: a moderator's action, whose rights are asked again when the button
        is pressed (up to ten minutes later: they may have lost the role by then)."""
        super().__init__(timeout=600)
        self.user_id, self.lang, self.action = user_id, lang, action
        self.moderator = moderator
        yes = discord.ui.Button(style=discord.ButtonStyle.danger, label=tr(lang, yes_key))
        no = discord.ui.Button(style=discord.ButtonStyle.secondary,
                               label=tr(lang, "confirm.cancel"))
        yes.callback, no.callback = self._yes, self._no
        self.add_item(yes)
        self.add_item(no)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id != self.user_id:
            await interaction.response.send_message(tr(self.lang, "confirm.not_yours"),
                                                    ephemeral=True)
            return False
        if self.moderator and not await _still_moderator(interaction):
            self.stop()
            await interaction.response.edit_message(content=tr(self.lang, "mod.refused"),
                                                    view=None)
            return False
        return True

    async def _yes(self, interaction: discord.Interaction) -> None:
        self.stop()
        await interaction.response.edit_message(content=tr(self.lang, "confirm.working"),
                                                view=None)
        try:
            text = await self.action(interaction)
        except ServiceError as error:
            text = error_text(self.lang, error)
        except Exception:
            log.exception("a confirmed action of user %s failed", self.user_id)
            text = tr(self.lang, "error.unexpected")
        for piece in split_text(text):
            await interaction.followup.send(piece, ephemeral=True)

    async def _no(self, interaction: discord.Interaction) -> None:
        self.stop()
        await interaction.response.edit_message(content=tr(self.lang, "confirm.cancelled"),
                                                view=None)


async def ask(interaction: discord.Interaction, text: str, view: Confirm, **extra: Any) -> None:
    """Ask privately (the interaction is already deferred or answered), buttons last."""
    pieces = split_text(text)
    for index, piece in enumerate(pieces):
        more = {"view": view} if index == len(pieces) - 1 else {}
        if not interaction.response.is_done():
            await interaction.response.send_message(piece, ephemeral=True, **more, **extra)
        else:
            await interaction.followup.send(piece, ephemeral=True, **more, **extra)


async def _still_moderator(interaction: discord.Interaction) -> bool:
    """The presser's rights as the press's own payload gives them (their roles now)."""
    from bot.permissions import is_moderator

    if interaction.guild_id is None:
        return False
    role = await interaction.client.service.moderator_role(  # type: ignore[attr-defined]
        interaction.guild_id)
    return is_moderator(interaction.user, role)
