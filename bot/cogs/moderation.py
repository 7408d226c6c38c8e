"""/mod: everything the service lets a moderator do. A moderator has the Manage Server
permission or the role the server set with `/mod role`; anyone else is refused."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import NotModerator, reply
from bot.choosing import (
    LANGUAGE_CHOICES,
    game_autocomplete,
    parse_power,
    power_autocomplete,
    resolve_game,
)
from bot.formatting import power_name, timestamp
from bot.i18n import language_of, tr
from bot.permissions import is_moderator
from engine.vocabulary import Power
from service.errors import InvalidRequest
from service.models import GameSettings

if TYPE_CHECKING:
    from bot.app import ArbitroBot
    from service.models import GameView

GAME = "the game (default: the only game of this channel)"
_MENTION = re.compile(r"<@!?(\d+)>")


async def moderator_only(interaction: discord.Interaction) -> bool:
    bot: ArbitroBot = interaction.client  # type: ignore[assignment]
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    role = await bot.service.moderator_role(interaction.guild_id)
    if not is_moderator(interaction.user, role):
        raise NotModerator()
    return True


def parse_assignments(text: str) -> dict[Power, int]:
    """"England @alice, France @bob" (mentions, or user ids) -> {Power: user id}."""
    assignments: dict[Power, int] = {}
    for part in filter(None, (p.strip() for p in re.split(r"[,;\n]", text))):
        match = re.fullmatch(r"(?P<power>[^\s:=<]+)\s*[:=]?\s*(?:<@!?(?P<m>\d+)>|(?P<id>\d+))",
                             part)
        if not match:
            raise InvalidRequest("mod.bad_assignment", f"cannot read {part!r}: write a power "
                                 "and a mention, e.g. England @alice", part=part)
        assignments[parse_power(match.group("power"))] = int(match.group("m") or match.group("id"))
    return assignments


def parse_when(text: str, now: datetime) -> datetime:
    """A deadline as typed by a moderator: "2024-05-01 18:00" (UTC), an ISO time with offset,
    a Unix timestamp, or a Discord timestamp <t:1714586400:F>."""
    value = text.strip()
    stamp = re.fullmatch(r"<t:(\d+)(?::\w)?>|(\d{9,11})", value)
    try:
        if stamp:
            when = datetime.fromtimestamp(int(stamp.group(1) or stamp.group(2)), UTC)
        else:
            when = datetime.fromisoformat(value.replace(" ", "T", 1))
            if when.tzinfo is None:
                when = when.replace(tzinfo=UTC)
    except ValueError:
        raise InvalidRequest("mod.bad_time", f"cannot read the time {value!r}: write it as "
                             "2024-05-01 18:00 (UTC), or paste a Discord timestamp",
                             value=value) from None
    if when <= now:
        raise InvalidRequest("mod.time_past", "that time has already passed",
                             when=timestamp(when))
    return when


@app_commands.guild_only()
class Moderation(commands.GroupCog, group_name="mod", group_description="Moderate games"):
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await moderator_only(interaction)

    async def _begin(self, interaction: discord.Interaction, game: int | None) -> GameView:
        """Answer "thinking" at once (the service may adjudicate, draw a map or post to the
        channel before it returns, and Discord waits only 3 s), then find the game."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        return await resolve_game(self.bot, interaction, game)

    async def _lang(self, interaction: discord.Interaction) -> str:
        return await self.bot.language_of_interaction(interaction)

    @app_commands.command(name="create", description="Create a game in this channel")
    @app_commands.describe(name="the game's name", rules="rulebook (1971: the seeds', 2023: DATC)",
                           players="how many players (2 to 7)",
                           movement_hours="hours for each movement phase",
                           retreat_hours="hours for each retreat phase",
                           adjustment_hours="hours for each adjustment phase",
                           reminder_hours="remind players this many hours before a deadline",
                           victory_centres="centres needed to win (default 18)",
                           end_year="end the game after this year",
                           variant="three players only: set-up a or b of the rulebook",
                           language="the language of the game's channel posts and maps "
                                    "(default: yours)")
    @app_commands.choices(rules=[app_commands.Choice(name="1971", value="1971"),
                                 app_commands.Choice(name="2023", value="2023")],
                          variant=[app_commands.Choice(name="a", value="a"),
                                   app_commands.Choice(name="b", value="b")],
                          language=LANGUAGE_CHOICES)
    async def create(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 80],
                     rules: str = "1971", players: app_commands.Range[int, 2, 7] = 7,
                     movement_hours: app_commands.Range[float, 0.05, 336.0] = 24.0,
                     retreat_hours: app_commands.Range[float, 0.05, 336.0] = 12.0,
                     adjustment_hours: app_commands.Range[float, 0.05, 336.0] = 12.0,
                     reminder_hours: app_commands.Range[float, 0.0, 48.0] = 2.0,
                     victory_centres: app_commands.Range[int, 1, 34] | None = None,
                     end_year: app_commands.Range[int, 1901, 2100] | None = None,
                     variant: str | None = None, language: str | None = None) -> None:
        settings = GameSettings(
            rules=rules, players=players, variant=variant, movement_deadline=timedelta(hours=movement_hours),
            retreat_deadline=timedelta(hours=retreat_hours),
            adjustment_deadline=timedelta(hours=adjustment_hours),
            reminders=(timedelta(hours=reminder_hours),) if reminder_hours > 0 else (),
            victory_target=victory_centres, end_year=end_year,
            language=language or language_of(interaction.locale))
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.bot.service.create_game(
            channel_id=interaction.channel_id, moderator_id=interaction.user.id, name=name,
            settings=settings, guild_id=interaction.guild_id)
        await reply(interaction, tr(await self._lang(interaction), "mod.created", game=game.name,
                                    id=game.id, players=players, rules=rules))

    @app_commands.command(name="start", description="Start a game: powers drawn by lot, or as "
                                                    "you assign them")
    @app_commands.describe(game=GAME, assignments="optional: England @alice, France @bob, ... "
                                                  "(every power in play)")
    @app_commands.autocomplete(game=game_autocomplete())
    async def start(self, interaction: discord.Interaction, game: int | None = None,
                    assignments: str | None = None) -> None:
        view = await self._begin(interaction, game)
        chosen = parse_assignments(assignments) if assignments else None
        started = await self.bot.service.start(view.id, interaction.user.id, assignments=chosen)
        await reply(interaction, tr(await self._lang(interaction), "mod.started",
                                    game=started.name, deadline=timestamp(started.deadline)))

    @app_commands.command(name="process", description="Adjudicate the current phase now")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def process(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        # the phase the moderator saw: if a deadline got there first, the next one is spared
        done = await self.bot.service.process_now(view.id, interaction.user.id, view.phase)
        await reply(interaction, tr(await self._lang(interaction),
                                    "mod.processed" if done else "mod.already_processed",
                                    game=view.name))

    @app_commands.command(name="extend", description="Give the current phase more time")
    @app_commands.describe(game=GAME, hours="how many hours to add")
    @app_commands.autocomplete(game=game_autocomplete())
    async def extend(self, interaction: discord.Interaction,
                     hours: app_commands.Range[float, 0.05, 336.0],
                     game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        after = await self.bot.service.extend_deadline(view.id, interaction.user.id,
                                                       by=timedelta(hours=hours))
        await reply(interaction, tr(await self._lang(interaction), "mod.deadline_now",
                                    game=after.name, deadline=timestamp(after.deadline)))

    @app_commands.command(name="deadline", description="Set the current phase's deadline")
    @app_commands.describe(game=GAME, when="e.g. 2024-05-01 18:00 (UTC) or a Discord timestamp")
    @app_commands.autocomplete(game=game_autocomplete())
    async def deadline(self, interaction: discord.Interaction, when: str,
                       game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        moment = parse_when(when, self.bot.service.clock.now())
        after = await self.bot.service.set_deadline(view.id, interaction.user.id, moment)
        await reply(interaction, tr(await self._lang(interaction), "mod.deadline_now",
                                    game=after.name, deadline=timestamp(after.deadline)))

    @app_commands.command(name="pause", description="Stop the clock (no deadline passes)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def pause(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        await self.bot.service.pause(view.id, interaction.user.id)
        await reply(interaction, tr(await self._lang(interaction), "mod.paused", game=view.name))

    @app_commands.command(name="resume", description="Restart the clock with the time left")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def resume(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        after = await self.bot.service.resume(view.id, interaction.user.id)
        await reply(interaction, tr(await self._lang(interaction), "mod.resumed", game=after.name,
                                    deadline=timestamp(after.deadline)))

    @app_commands.command(name="replace", description="Seat a player at a power (replacing its "
                                                      "player, or taking a vacant power)")
    @app_commands.describe(game=GAME, power="the power", player="who plays it from now on")
    @app_commands.autocomplete(game=game_autocomplete(), power=power_autocomplete)
    async def replace(self, interaction: discord.Interaction, power: str, player: discord.Member,
                      game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        chosen = parse_power(power)
        await self.bot.service.replace_player(view.id, interaction.user.id, chosen, player.id)
        lang = await self._lang(interaction)
        await reply(interaction, tr(lang, "mod.replaced", game=view.name,
                                    power=power_name(lang, chosen), player=player.mention))

    @app_commands.command(name="remove", description="Unseat a player (their powers go into "
                                                     "civil disorder)")
    @app_commands.describe(game=GAME, player="the player to remove")
    @app_commands.autocomplete(game=game_autocomplete())
    async def remove(self, interaction: discord.Interaction, player: discord.Member,
                     game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        await self.bot.service.remove_player(view.id, interaction.user.id, player.id)
        await reply(interaction, tr(await self._lang(interaction), "mod.removed", game=view.name,
                                    player=player.mention))

    @app_commands.command(name="rollback", description="Undo the last adjudication")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def rollback(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await self._begin(interaction, game)
        after = await self.bot.service.rollback(view.id, interaction.user.id)
        await reply(interaction, tr(await self._lang(interaction), "mod.rolled_back",
                                    game=after.name, phase=after.phase or "-"))

    @app_commands.command(name="end", description="End a game now")
    @app_commands.describe(game=GAME, reason="why (shown in the announcement)")
    @app_commands.autocomplete(game=game_autocomplete())
    async def end(self, interaction: discord.Interaction, game: int | None = None,
                  reason: app_commands.Range[str, 0, 200] = "") -> None:
        view = await self._begin(interaction, game)
        await self.bot.service.end_game(view.id, interaction.user.id, reason)
        await reply(interaction, tr(await self._lang(interaction), "mod.ended", game=view.name))

    @app_commands.command(name="role", description="The role whose members may moderate here "
                                                   "(besides Manage Server)")
    @app_commands.describe(role="the role; leave out to clear it")
    async def role(self, interaction: discord.Interaction,
                   role: discord.Role | None = None) -> None:
        member = interaction.user
        if not (isinstance(member, discord.Member) and member.guild_permissions.manage_guild):
            raise NotModerator()  # only server managers choose who else moderates
        await self.bot.service.set_moderator_role(interaction.guild_id, role.id if role else None)
        lang = await self._lang(interaction)
        text = (tr(lang, "mod.role_set", role=role.mention) if role
                else tr(lang, "mod.role_cleared"))
        await reply(interaction, text)


async def setup(bot: ArbitroBot) -> None:
    await bot.add_cog(Moderation(bot))
