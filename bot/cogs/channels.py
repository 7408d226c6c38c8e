"""A game's channels (docs/channels.md): `/mod create … channels:yes` or `/mod setup` gives a
game a category with one private channel and one role per power; `/mod check` reports them.
In a power's channel the **Orders** button opens a form for the player's orders (and, with the
Message Content intent, orders typed there are read too). Seating, replacing and removing a
player, and the end of the game, are carried over after each post of the game (bot/notifier.py
calls `Channels.after_post`) and by a steady sweep."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import defaultdict
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.app import error_text, reply
from bot.choosing import game_autocomplete, resolve_game
from bot.cogs.moderation import moderator_only
from bot.formatting import power_name
from bot.game_layout import Layout, MissingPermissions, missing_permissions
from bot.i18n import tr
from bot.limits import MAX_ORDER_MESSAGE, split_text
from engine.vocabulary import Power
from service.errors import ServiceError

if TYPE_CHECKING:
    from bot.app import ArbitroBot
    from bot.cogs.orders import Orders
    from service.games.channels import ChannelPlan, PowerRoom
    from service.notices.notifier import Message

log = logging.getLogger(__name__)
ROOM_MEMORY = 60.0   # seconds a channel is remembered as a power's channel, or as none

GAME = "the game (default: the only game of this channel)"


def permission_names(lang: str, missing: list[str]) -> str:
    return ", ".join(f"**{tr(lang, f'channels.perm.{name}')}**" for name in missing)


def missing_text(lang: str, game: str, missing: list[str]) -> str:
    return tr(lang, "channels.missing_permissions", game=game,
              permissions=permission_names(lang, missing))


class Channels(commands.Cog):
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot
        self.layout = Layout(bot, self._announce_room)
        self._locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._tasks: set[asyncio.Task[None]] = set()
        self._hinted: set[tuple[int, int]] = set()     # (channel, player) told to use Orders
        self._rooms_seen: dict[int, tuple[float, tuple[int, Power] | None]] = {}
        self.sweep.change_interval(seconds=bot.tick_seconds)

    async def cog_load(self) -> None:
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()
        for task in list(self._tasks):
            task.cancel()

    # -- carrying the plan out ---------------------------------------------------------------

    async def build(self, game_id: int) -> ChannelPlan | None:
        """Make the game's channels match its plan now (MissingPermissions if the bot cannot)."""
        async with self._locks[game_id]:
            plan = await self.bot.service.game_channels.plan(game_id)
            if plan is not None:
                await self.layout.apply(plan)
            return await self.bot.service.game_channels.plan(game_id)

    def schedule(self, game_id: int) -> None:
        """Bring the game's channels up to date soon, in the background."""
        task = asyncio.get_running_loop().create_task(self._build_quietly(game_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _build_quietly(self, game_id: int) -> None:
        try:
            await self.build(game_id)
        except MissingPermissions as exc:
            log.warning("game %s: cannot update its channels, the bot lacks %s", game_id, exc)
        except discord.HTTPException:
            log.exception("game %s: updating its channels failed", game_id)

    async def after_post(self, channel_id: int, message: Message) -> None:
        """Something happened in a game of this channel (a start, a replacement, the end...):
        its channels follow."""
        try:
            wanted = await self.bot.service.game_channels.games()
            if not wanted:
                return
            games = await self.bot.service.games.in_channel(channel_id, include_finished=True)
        except Exception:  # noqa: BLE001 - the post itself went out; the sweep comes later
            log.exception("finding the games of channel %s failed", channel_id)
            return
        for game in games:
            if game.id in wanted and game.name == message.params.get("game", game.name):
                self.schedule(game.id)

    @tasks.loop(seconds=60)
    async def sweep(self) -> None:
        """Catches what no post announced: an archive to open or to delete."""
        try:
            for game_id in await self.bot.service.game_channels.games():
                plan = await self.bot.service.game_channels.plan(game_id)
                if plan is not None and (plan.delete_due or plan.finished != plan.archived):
                    self.schedule(game_id)
        except Exception:  # noqa: BLE001 - one bad sweep must not stop the next ones
            log.exception("the channels sweep failed")

    @sweep.before_loop
    async def _wait_for_connection(self) -> None:
        await self.bot.serving.wait()
        await self.bot.wait_until_ready()

    async def _announce_room(self, channel: discord.TextChannel, plan: ChannelPlan,
                             room: PowerRoom) -> None:
        lang = plan.language
        view = discord.ui.View(timeout=None)
        view.add_item(OrdersButton(plan.game_id, room.power, tr(lang, "channels.orders_button")))
        await channel.send(tr(lang, "channels.intro", game=plan.game_name,
                              power=power_name(lang, room.power)), view=view)

    # -- moderators ---------------------------------------------------------------------------

    def refusal(self, interaction: discord.Interaction, lang: str, game: str) -> str | None:
        """What the bot lacks to make a game's channels, in words; None when nothing."""
        missing = missing_permissions(interaction.guild) if interaction.guild else []
        return missing_text(lang, game, missing) if missing else None

    async def set_up(self, interaction: discord.Interaction, game_id: int, lang: str, *,
                     delete_after_days: int | None = None) -> str:
        """Give the game its channels (checking the bot's permissions first); the answer."""
        guild = interaction.guild
        assert guild is not None
        view = await self.bot.service.games.status(game_id)
        refused = self.refusal(interaction, lang, view.name)
        if refused:
            return refused
        await self.bot.service.game_channels.enable(game_id, interaction.user.id,
                                                    delete_after_days=delete_after_days)
        try:
            plan = await self.build(game_id)
        except MissingPermissions as exc:
            return missing_text(lang, view.name, exc.missing)
        assert plan is not None
        category = guild.get_channel(plan.category_id or 0)
        return tr(lang, "channels.ready", game=view.name, count=len(plan.rooms),
                  category=category.mention if category else view.name)

    async def check_text(self, guild: discord.Guild, game_id: int, lang: str) -> str:
        view = await self.bot.service.games.status(game_id)
        plan = await self.bot.service.game_channels.plan(game_id)
        if plan is None:
            return tr(lang, "channels.none", game=view.name)
        lines = [tr(lang, "channels.check_title", game=view.name)]
        missing = missing_permissions(guild)
        if missing:
            lines.append(missing_text(lang, view.name, missing))
        if guild.get_channel(plan.category_id or 0) is None:
            lines.append(tr(lang, "channels.check_no_category"))
        problems = len(lines) - 1
        for room in plan.rooms:
            line, trouble = await self._check_room(guild, plan, room, lang)
            lines.append(line)
            problems += trouble
        if plan.finished:
            lines.append(tr(lang, "channels.check_archived"))
        if plan.delete_after_days:
            lines.append(tr(lang, "channels.check_delete_after", days=plan.delete_after_days,
                               count=plan.delete_after_days))
        lines.append(tr(lang, "channels.check_all_good") if not problems
                     else tr(lang, "channels.check_problems", count=problems))
        return "\n".join(lines)

    async def _check_room(self, guild: discord.Guild, plan: ChannelPlan, room: PowerRoom,
                          lang: str) -> tuple[str, int]:
        power = power_name(lang, room.power)
        channel = guild.get_channel(room.channel_id or 0)
        role = guild.get_role(room.role_id or 0)
        if channel is None or role is None:
            return tr(lang, "channels.check_gone", power=power), 1
        where = {"power": power, "channel": channel.mention, "role": role.mention}
        mine = channel.permissions_for(guild.me)
        if not (mine.view_channel and mine.send_messages):
            return tr(lang, "channels.check_bot_blind", **where), 1
        if not plan.finished and channel.permissions_for(guild.default_role).view_channel:
            return tr(lang, "channels.check_everyone_sees", **where), 1
        if room.player_id is None:
            return tr(lang, "channels.check_vacant", **where), 0
        player = f"<@{room.player_id}>"
        try:
            member = guild.get_member(room.player_id) or await guild.fetch_member(room.player_id)
        except discord.NotFound:
            return tr(lang, "channels.check_not_member", player=player, **where), 1
        fresh = await guild.fetch_member(member.id)     # its roles as they are now
        if not channel.permissions_for(fresh).view_channel:
            return tr(lang, "channels.check_cannot_see", player=player, **where), 1
        if role not in fresh.roles:
            return tr(lang, "channels.check_no_role", player=player, **where), 1
        return tr(lang, "channels.check_ok", player=player, **where), 0

    # -- orders typed in a power's channel (Message Content intent) ---------------------------

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        # Without the Message Content intent Discord sends the text empty: the player gets a
        # hint, once, rather than silence (docs/channels.md)
        unread = not self.bot.settings.message_content
        if message.author.bot or message.guild is None or not (
                message.content.strip() or unread):
            return
        found = await self._room_of(message.channel.id)
        if found is None:
            return
        game_id, power = found
        plan = await self.bot.service.game_channels.plan(game_id)
        room = plan.room(power) if plan else None
        if room is None or room.player_id != message.author.id or plan.finished:
            return          # the moderators talking, or an archive: not orders
        lang = await self.bot.language_of_user(message.author.id)
        if unread:
            if (message.channel.id, message.author.id) not in self._hinted:
                self._hinted.add((message.channel.id, message.author.id))
                await message.reply(tr(lang, "channels.typed_hint",
                                       user=message.author.mention),
                                    allowed_mentions=discord.AllowedMentions.none())
            return
        text = await submit_in_room(self.bot, game_id, message.author.id, message.content, lang)
        for piece in split_text(text):
            await message.reply(piece)

    @commands.Cog.listener()
    async def on_command_error(self, _ctx: commands.Context, error: Exception) -> None:
        """The bot has no text commands: a server message that starts by naming it (server
        messages arrive, for the hint above) is not an error to log."""
        if not isinstance(error, commands.CommandNotFound):
            log.error("text command failed: %s", error)

    async def _room_of(self, channel_id: int) -> tuple[int, Power] | None:
        """(game, power) of a power's channel, remembered a minute: every server message
        arrives here, most of them in channels that are no game's."""
        now = time.monotonic()
        seen = self._rooms_seen.get(channel_id)
        if seen is None or now - seen[0] > ROOM_MEMORY:
            if len(self._rooms_seen) > 10_000:
                self._rooms_seen.clear()
            seen = (now, await self.bot.service.game_channels.room_of_channel(channel_id))
            self._rooms_seen[channel_id] = seen
        return seen[1]


async def submit_in_room(bot: ArbitroBot, game_id: int, user_id: int, text: str,
                         lang: str) -> str:
    """Orders from a power's channel, read exactly as a direct message is; the echo."""
    if len(text) > MAX_ORDER_MESSAGE:
        return tr(lang, "dm.too_long", limit=MAX_ORDER_MESSAGE, length=len(text))
    orders: Orders = bot.get_cog("Orders")  # type: ignore[assignment]
    return await orders.submit(await bot.service.games.status(game_id), user_id, text, lang)


async def seated_here(bot: ArbitroBot, interaction: discord.Interaction, game_id: int,
                      power: Power, lang: str) -> bool:
    """Whether the caller plays `power` (else they are told so, privately)."""
    plan = await bot.service.game_channels.plan(game_id)
    room = plan.room(power) if plan else None
    if room is not None and room.player_id == interaction.user.id and not plan.finished:
        return True
    key = "channels.game_over" if plan is not None and plan.finished else \
        "channels.not_your_power"
    await reply(interaction, tr(lang, key, power=power_name(lang, power),
                                game=plan.game_name if plan else ""))
    return False


class OrdersButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"arbitro:room-orders:(?P<game>[0-9]+):(?P<power>[A-Za-z]+)"):
    """The Orders button of a power's channel. Its custom_id names the game and the power, so
    it works after a restart without anything kept in memory."""

    def __init__(self, game_id: int, power: Power, label: str = "Orders") -> None:
        super().__init__(discord.ui.Button(
            label=label, emoji="📝", style=discord.ButtonStyle.primary,
            custom_id=f"arbitro:room-orders:{game_id}:{power.value}"))
        self.game_id, self.power = game_id, power

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> OrdersButton:
        return cls(int(match["game"]), Power(match["power"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ArbitroBot = interaction.client  # type: ignore[assignment]
        lang = await bot.language_of_interaction(interaction)
        if await seated_here(bot, interaction, self.game_id, self.power, lang):
            await interaction.response.send_modal(OrdersForm(self.game_id, self.power, lang))


class OrdersForm(discord.ui.Modal):
    def __init__(self, game_id: int, power: Power, lang: str) -> None:
        super().__init__(title=tr(lang, "channels.form_title",
                                  power=power_name(lang, power))[:45],
                         custom_id=f"arbitro:room-form:{game_id}:{power.value}")
        self.game_id, self.power, self.lang = game_id, power, lang
        self.orders = discord.ui.TextInput(
            label=tr(lang, "channels.form_label")[:45], style=discord.TextStyle.paragraph,
            placeholder=tr(lang, "channels.form_placeholder")[:100],
            max_length=MAX_ORDER_MESSAGE, custom_id="orders")
        self.add_item(self.orders)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        bot: ArbitroBot = interaction.client  # type: ignore[assignment]
        if not await seated_here(bot, interaction, self.game_id, self.power, self.lang):
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            text = await submit_in_room(bot, self.game_id, interaction.user.id,
                                        self.orders.value, self.lang)
        except ServiceError as error:
            text = error_text(self.lang, error)
        await reply(interaction, text)


# -- /mod setup and /mod check, added to the /mod group of bot/cogs/moderation.py -------------

@app_commands.check(moderator_only)
@app_commands.describe(game=GAME, delete_after_days="delete the channels this many days after "
                                                    "the game ends (leave out: keep them)")
@app_commands.autocomplete(game=game_autocomplete())
async def mod_setup(interaction: discord.Interaction, game: int | None = None,
                    delete_after_days: app_commands.Range[int, 1, 365] | None = None) -> None:
    bot: ArbitroBot = interaction.client  # type: ignore[assignment]
    await interaction.response.defer(ephemeral=True, thinking=True)
    view = await resolve_game(bot, interaction, game)
    cog: Channels = bot.get_cog("Channels")  # type: ignore[assignment]
    lang = await bot.language_of_interaction(interaction)
    await reply(interaction, await cog.set_up(interaction, view.id, lang,
                                              delete_after_days=delete_after_days))


@app_commands.check(moderator_only)
@app_commands.describe(game=GAME)
@app_commands.autocomplete(game=game_autocomplete(include_finished=True))
async def mod_check(interaction: discord.Interaction, game: int | None = None) -> None:
    bot: ArbitroBot = interaction.client  # type: ignore[assignment]
    await interaction.response.defer(ephemeral=True, thinking=True)
    view = await resolve_game(bot, interaction, game, include_finished=True)
    cog: Channels = bot.get_cog("Channels")  # type: ignore[assignment]
    lang = await bot.language_of_interaction(interaction)
    assert interaction.guild is not None
    await reply(interaction, await cog.check_text(interaction.guild, view.id, lang))


def add_mod_commands(bot: ArbitroBot) -> None:
    """/mod setup and /mod check join the /mod group (its moderator check applies to them)."""
    group = bot.tree.get_command("mod")
    assert isinstance(group, app_commands.Group)
    group.add_command(app_commands.Command(
        name="setup", callback=mod_setup, parent=group,
        description="Give a game its own category, a private channel and a role per power"))
    group.add_command(app_commands.Command(
        name="check", callback=mod_check, parent=group,
        description="Check a game's channels, roles and who can see them"))


async def setup(bot: ArbitroBot) -> None:
    bot.add_dynamic_items(OrdersButton)
    await bot.add_cog(Channels(bot))
    add_mod_commands(bot)
