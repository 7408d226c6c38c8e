"""A question with two buttons (go ahead / cancel), answered only by whoever asked: the
moderator processing a phase with orders missing, seating a second power, declaring a draw or
a concession, deleting a game; a player marking ready with units unordered. The action runs
only on "go ahead".

The buttons outlive the bot: each carries in its custom_id everything its action needs
(`arbitro:ask:<kind>:<user>:<game>:<arg>:<y|n>`), and the action is found by its kind in
`ACTIONS` (registered by the cog that asks), so a question asked before a restart is answered
after it. Whoever presses is checked at press time: the asker only, and (for a moderator's
question) still a moderator. A question may also offer one "go ahead" button per game (the
game in its custom_id; bot/game_meant.py), the action checking the game at press time."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.app import NotModerator, error_text
from bot.i18n import tr
from bot.limits import split_text
from service.errors import ServiceError

if TYPE_CHECKING:
    from bot.app import ArbitroBot

log = logging.getLogger(__name__)

# (bot, the pressing interaction, game id, argument, reader's language) -> the answer
Action = Callable[["ArbitroBot", discord.Interaction, int, str, str], Awaitable[str]]
Check = Callable[[discord.Interaction], Awaitable[Any]]


@dataclass(frozen=True)
class Confirmed:
    action: Action
    check: Check | None = None      # rights re-checked when the button is pressed


ACTIONS: dict[str, Confirmed] = {}
ONCE_TIMEOUT = 600.0        # seconds an `AskOnce` question waits for its answer
_ARG = re.compile(r"[A-Za-z0-9._+-]*")


def confirmed(kind: str, *, check: Check | None = None) -> Callable[[Action], Action]:
    """Register `action` as what "go ahead" does on a question of `kind`."""
    def register(action: Action) -> Action:
        ACTIONS[kind] = Confirmed(action, check)
        return action
    return register


class Answer(discord.ui.DynamicItem[discord.ui.Button],
             template=r"arbitro:ask:(?P<kind>[a-z_]+):(?P<user>[0-9]+):(?P<game>[0-9]+):"
                      r"(?P<arg>[A-Za-z0-9._+-]*):(?P<go>[yn])"):
    def __init__(self, kind: str, user_id: int, game_id: int, arg: str, go: bool,
                 label: str = "-", *, style: discord.ButtonStyle | None = None) -> None:
        assert _ARG.fullmatch(arg), arg
        custom_id = f"arbitro:ask:{kind}:{user_id}:{game_id}:{arg}:{'y' if go else 'n'}"
        assert len(custom_id) <= 100, custom_id
        super().__init__(discord.ui.Button(
            style=style or (discord.ButtonStyle.danger if go else discord.ButtonStyle.secondary),
            label=label, custom_id=custom_id))
        self.kind, self.user_id, self.game_id, self.arg, self.go = \
            kind, user_id, game_id, arg, go

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> Answer:
        return cls(match["kind"], int(match["user"]), int(match["game"]), match["arg"],
                   match["go"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ArbitroBot = interaction.client  # type: ignore[assignment]
        lang = await bot.language_of_interaction(interaction)
        if interaction.user.id != self.user_id:
            await interaction.response.send_message(tr(lang, "confirm.not_yours"),
                                                    ephemeral=True)
            return
        if not self.go:
            await interaction.response.edit_message(content=tr(lang, "confirm.cancelled"),
                                                    view=None)
            return
        confirmed_ = ACTIONS.get(self.kind)
        if confirmed_ is None:            # a question of a kind this version no longer has
            await interaction.response.edit_message(content=tr(lang, "error.unexpected"),
                                                    view=None)
            return
        try:
            if confirmed_.check is not None:
                await confirmed_.check(interaction)
        except (NotModerator, app_commands.CheckFailure):
            await interaction.response.send_message(tr(lang, "mod.refused"), ephemeral=True)
            return
        await interaction.response.edit_message(content=tr(lang, "confirm.working"),
                                                view=None)
        try:
            text = await confirmed_.action(bot, interaction, self.game_id, self.arg, lang)
        except ServiceError as error:
            text = error_text(lang, error)
        except Exception:
            log.exception("a confirmed %s of user %s failed", self.kind, self.user_id)
            text = tr(lang, "error.unexpected")
        for piece in split_text(text) if text else ():   # "": the action answered itself
            await interaction.followup.send(piece, ephemeral=True)


def fits(arg: str) -> bool:
    """Whether `arg` can travel in a question's buttons (letters, digits, . _ + -)."""
    return bool(_ARG.fullmatch(arg)) and len(arg) <= 40


def Confirm(user_id: int, lang: str, kind: str, game_id: int, arg: str,  # noqa: N802
            yes_key: str) -> discord.ui.View:
    """The two buttons of a question of `kind` (registered with `confirmed`) asked by
    `user_id` about `game_id`; `arg`: what else its action needs (letters, digits, and
    . _ + -)."""
    view = discord.ui.View(timeout=None)
    view.add_item(Answer(kind, user_id, game_id, arg, True, tr(lang, yes_key)))
    view.add_item(Answer(kind, user_id, game_id, arg, False, tr(lang, "confirm.cancel")))
    return view


class AskOnce(discord.ui.View):
    """A question whose "go ahead" runs `action` in this process, for a request too large to
    travel in a button (a game's creation with all its options): it lapses after
    ONCE_TIMEOUT or a restart (the command is then asked again). Only the asker may answer."""

    def __init__(self, user_id: int, lang: str, yes_key: str,
                 action: Callable[[discord.Interaction], Awaitable[str]]) -> None:
        super().__init__(timeout=ONCE_TIMEOUT)
        self.user_id, self.lang, self.action = user_id, lang, action
        for label, go in ((tr(lang, yes_key), True), (tr(lang, "confirm.cancel"), False)):
            button = discord.ui.Button(label=label, style=discord.ButtonStyle.danger if go
                                       else discord.ButtonStyle.secondary)
            button.callback = self._yes if go else self._no  # type: ignore[method-assign]
            self.add_item(button)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.user_id:
            return True
        await interaction.response.send_message(tr(self.lang, "confirm.not_yours"),
                                                ephemeral=True)
        return False

    async def _no(self, interaction: discord.Interaction) -> None:
        self.stop()
        await interaction.response.edit_message(content=tr(self.lang, "confirm.cancelled"),
                                                view=None)

    async def _yes(self, interaction: discord.Interaction) -> None:
        self.stop()
        await interaction.response.edit_message(content=tr(self.lang, "confirm.working"),
                                                view=None)
        try:
            text = await self.action(interaction)
        except ServiceError as error:
            text = error_text(self.lang, error)
        except Exception:
            log.exception("a confirmed request of user %s failed", self.user_id)
            text = tr(self.lang, "error.unexpected")
        for piece in split_text(text):
            await interaction.followup.send(piece, ephemeral=True)


async def ask(interaction: discord.Interaction, text: str, view: discord.ui.View,
              **extra: Any) -> None:
    """Ask privately (the interaction is already deferred or answered), buttons last."""
    pieces = split_text(text)
    for index, piece in enumerate(pieces):
        more = {"view": view} if index == len(pieces) - 1 else {}
        if not interaction.response.is_done():
            await interaction.response.send_message(piece, ephemeral=True, **more, **extra)
        else:
            await interaction.followup.send(piece, ephemeral=True, **more, **extra)
