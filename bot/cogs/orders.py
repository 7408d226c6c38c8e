"""Orders: free text by direct message, /orders show, clear and preview, /ready and /draw.

Only the caller's own orders are ever shown to them, and only to them (ephemeral replies and
DMs); the service refuses orders for a power the caller is not seated at.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import error_text, reply
from bot.choosing import (
    game_autocomplete,
    resolve_game,
    seated_games,
    visible_games,
    waiting_games,
)
from bot.confirm import Answer, Confirm, ask, confirmed
from bot.draw_texts import vote_reply
from bot.formatting import (
    clean,
    for_phase,
    names_on,
    order_gloss,
    phase_label,
    power_name,
    power_status_text,
    still_owed,
    submission_text,
)
from bot.game_meant import game_meant, still_seated
from bot.guide import asks_for_help
from bot.habits import habit_reply
from bot.i18n import LANGUAGES, tr
from bot.limits import MAX_ORDER_MESSAGE, split_text
from bot.map_files import map_file
from bot.meant import meant_view
from bot.suggest import suggestions, unit_of
from engine.variants import board_of
from grammar.intent import looks_like_order
from service.errors import ServiceError
from service.orders.text import majority_language

if TYPE_CHECKING:
    from bot.app import ArbitroBot
    from bot.cogs.help import Help
    from service.models import GameView

log = logging.getLogger(__name__)

GAME = "the game (default: your only game, or this channel's)"
# A first line naming the game: "game: Lepanto", "partita Lepanto", "spel #3", "#3".
_PREFIX = re.compile(r"^\s*(?:(?:game|partita|gioco|spel|potje)\s*[:#]?\s*|#)(?P<name>.+?)\s*$",
                     re.IGNORECASE)


def split_game_prefix(text: str, games: list[GameView]) -> tuple[GameView | None, str]:
    """(the game the first line names, the rest) or (None, text) when it names none."""
    first, _, rest = text.strip().partition("\n")
    match = _PREFIX.match(first)
    wanted = (match.group("name") if match else first).strip().lower().lstrip("#")
    for game in games:
        if wanted in (game.name.lower(), str(game.id)):
            return game, rest
    return None, text


def language_written(report: Any) -> str | None:
    """The language most of the lines were written in, as the order reader recognised it."""
    return majority_language(line.language for line in report.lines
                             if line.language in LANGUAGES)


class Orders(commands.GroupCog, group_name="orders", group_description="Your orders"):
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot
        super().__init__()

    # --- direct messages -------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is not None:
            return
        # a user's DMs are read one at a time, in the order they came (nothing awaited before);
        # in a flood the oldest waiting ones are not read, and the user hears which
        await self.bot.dm_queues.run(message.author.id, message, self._read_dm, self._not_read)

    async def _read_dm(self, message: discord.Message) -> None:
        try:
            await self._orders_by_dm(message)
        except Exception:
            # whatever broke, the player hears so and the rest of the bot goes on
            log.exception("DM from user %s (%d characters) failed", message.author.id,
                          len(message.content))
            lang = self.bot.remembered_language(message.author.id)
            await self._answer(message.channel, tr(lang, "error.unexpected"))

    async def _not_read(self, dropped: list[discord.Message]) -> None:
        """One notice for the messages of a flood that were not read: each named by its
        first words and the time it was sent (the newest orders were read)."""
        if not dropped:
            return
        try:
            lang = self.bot.remembered_language(dropped[0].author.id)
            await self._answer(dropped[0].channel, tr(
                lang, "dm.queue_full", limit=self.bot.dm_queues.limit,
                skipped=not_read_list(dropped)))
        except Exception:
            log.exception("telling user %s of %d messages not read failed",
                          dropped[0].author.id, len(dropped))

    async def _orders_by_dm(self, message: discord.Message) -> None:
        user = message.author
        lang = await self.bot.language_of_user(user.id)
        if len(message.content) > MAX_ORDER_MESSAGE:
            await self._answer(message.channel, tr(lang, "dm.too_long", limit=MAX_ORDER_MESSAGE,
                                                   length=len(message.content)))
            return
        if not message.content.strip():
            await self._answer(message.channel, tr(lang, "dm.empty"))
            return
        wants_help, told = asks_for_help(message.content)
        if wants_help:
            if told and not self.bot.knows_language(user.id):
                lang = told
            helper: Help = self.bot.get_cog("Help")  # type: ignore[assignment]
            await self._answer(message.channel, await helper.guide(user.id, lang))
            return
        habit = habit_reply(lang, message.content)
        if habit is not None:  # `.view_map`, `!orders`: another bot's command, pointed here
            await self._answer(message.channel, habit)
            return
        joined = await self.bot.service.games.of_user(user.id)
        games = seated_games(joined, user.id)
        if not games:
            await self._answer(message.channel, "\n".join(
                tr(lang, "dm.not_started", game=g.name, count=len(g.players),
                   needed=g.settings.players) for g in waiting_games(joined, user.id))
                or tr(lang, "dm.no_game"))
            return
        game, text = split_game_prefix(message.content, games)
        if game is None and len(games) == 1:
            game, text = games[0], message.content
        if game is None and not any(map(looks_like_order, text.splitlines())):
            await self._answer(message.channel, tr(lang, "dm.not_an_order"))
            return              # small talk needs no game chosen
        if game is None:        # the only game whose units the orders name, if one
            fitting = [g for g in games if await self._fits(g, user.id, text)]
            game = fitting[0] if len(fitting) == 1 else None
        if game is None:
            await message.reply(tr(lang, "dm.choose_game"),
                                view=pick_game_view(message.id, games, lang))
            return
        answer, view = await self.submit_with_choices(game, user.id, text, lang)
        await self._answer(message.channel, answer, view)

    async def _fits(self, game: GameView, user_id: int, text: str) -> bool:
        try:
            return await self.bot.service.orders.fit(game.id, user_id, text)
        except ServiceError:
            return False        # no phase in play there: not the game meant

    async def submit(self, game: GameView, user_id: int, text: str, lang: str) -> str:
        """Record a message of orders; the reply text, or the error in words."""
        return (await self.submit_with_choices(game, user_id, text, lang))[0]

    async def submit_with_choices(self, game: GameView, user_id: int, text: str, lang: str
                                  ) -> tuple[str, discord.ui.View | None]:
        """Record a message of orders; the reply text, or the error in words, and the
        buttons of the corrections offered for orders to units that are not there (None if
        none). The order reader answers in the player's language when it is known; else in
        the language the orders are written in (and so does the reply)."""
        known = self.bot.knows_language(user_id)
        try:
            report = await self.bot.service.orders.submit(game.id, user_id, text,
                                                          reply_lang=lang if known else None)
        except ServiceError as error:
            log.info("orders from user %s for game %s refused: %s", user_id, game.id, error.key)
            return error_text(lang, error), None
        log.info("orders from user %s for game %s %s: %d lines, %d recorded", user_id, game.id,
                 report.phase, len(report.lines), len(report.recorded))
        if not known:
            lang = language_written(report) or lang
        if report.lines and all(line.error_key == "orders.not_an_order" for line in report.lines):
            return tr(lang, "dm.not_an_order"), None   # small talk: one short answer
        return (submission_text(lang, report, game.name, game.settings.board),
                meant_view(user_id, game.id, report))

    async def _answer(self, channel: discord.abc.Messageable, text: str,
                      view: discord.ui.View | None = None) -> None:
        pieces = split_text(text)
        for index, piece in enumerate(pieces):
            if view is not None and index == len(pieces) - 1:
                await channel.send(piece, view=view)
            else:
                await channel.send(piece)

    # --- slash commands ----------------------------------------------------------------------

    @app_commands.command(name="add", description="Give one order, with suggestions as you "
                                                  "type (the same as sending it by DM)")
    @app_commands.describe(order="e.g. A PAR - BUR, in English, Italian or Dutch", game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def add(self, interaction: discord.Interaction,
                  order: app_commands.Range[str, 1, 200], game: int | None = None) -> None:
        view = await self._game_of_order(interaction, game, order)
        lang = await self.bot.language_of_interaction(interaction)
        report = await self.bot.service.orders.submit(view.id, interaction.user.id, order,
                                                      reply_lang=lang)
        text = submission_text(lang, report, view.name, view.settings.board)
        buttons = meant_view(interaction.user.id, view.id, report)
        if buttons is None:
            await reply(interaction, text)
        else:   # "did you mean F BRE?": a button records it
            await ask(interaction, text, buttons)

    async def _game_of_order(self, interaction: discord.Interaction, game_id: int | None,
                             order: str) -> GameView:
        """The game named, or the channel's (the caller's only one); for a player in several,
        the only one whose units the order names (as for orders by DM)."""
        try:
            return await resolve_game(self.bot, interaction, game_id)
        except ServiceError as error:
            if error.key != "game.choose":
                raise
            user = interaction.user.id
            games = seated_games(await visible_games(self.bot, interaction), user)
            fitting = [g for g in games if await self._fits(g, user, order)]
            if len(fitting) != 1:
                raise
            return fitting[0]

    @add.autocomplete("order")
    async def _order_choices(self, interaction: discord.Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
        try:
            view = await resolve_game(self.bot, interaction,
                                      getattr(interaction.namespace, "game", None))
            mine = await self.bot.service.orders.mine(view.id, interaction.user.id)
        except ServiceError:
            return []   # not seated, no open phase: nothing to suggest
        units = [u for p in mine for u in map(unit_of, [*p.missing, *p.orders]) if u]
        phase = mine[0].phase if mine else ""
        board = board_of(view.settings.board)   # the game's variant's map
        return [app_commands.Choice(name=s, value=s)
                for s in suggestions(units, current, phase, board)]

    @app_commands.command(name="show", description="Your orders for the current phase (only you "
                                                   "see them)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def show(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view, chosen = await game_meant(self.bot, interaction, game, "game_show")
        if view is None:
            return              # asked which game, with buttons
        lang = await self.bot.language_of_interaction(interaction)
        await reply(interaction, await _shown(self.bot, interaction.user.id, view, lang,
                                              named="meant" if chosen else None))

    @app_commands.command(name="clear", description="Withdraw all your orders for this phase")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def clear(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await resolve_game(self.bot, interaction, game)
        lang = await self.bot.language_of_interaction(interaction)
        mine = await self.bot.service.orders.clear(view.id, interaction.user.id)
        with names_on(view.settings.board):
            text = "\n\n".join([tr(lang, "orders.cleared"),
                                *(power_status_text(lang, p) for p in mine)])
        await reply(interaction, text)

    @app_commands.command(name="withdraw", description="Withdraw one unit's order for this "
                                                       "phase")
    @app_commands.describe(unit="The unit whose order you withdraw", game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def withdraw(self, interaction: discord.Interaction,
                       unit: app_commands.Range[str, 1, 40], game: int | None = None) -> None:
        view = await resolve_game(self.bot, interaction, game)
        lang = await self.bot.language_of_interaction(interaction)
        order, mine = await self.bot.service.orders.withdraw(view.id, interaction.user.id, unit)
        with names_on(view.settings.board):
            text = "\n\n".join([tr(lang, "orders.withdrawn", order=order),
                                *(power_status_text(lang, p) for p in mine)])
        await reply(interaction, text)

    @withdraw.autocomplete("unit")
    async def _ordered_units(self, interaction: discord.Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
        """The orders that count now, each named with its provinces in the reader's
        language; the value is the order itself."""
        try:
            view = await resolve_game(self.bot, interaction,
                                      getattr(interaction.namespace, "game", None))
            mine = await self.bot.service.orders.mine(view.id, interaction.user.id)
        except ServiceError:
            return []
        lang = await self.bot.language_of_interaction(interaction)
        with names_on(view.settings.board):         # Sparta, not Spain, on the ancmed map
            return withdraw_choices(lang, [o for p in mine for o in p.orders], current)

    @app_commands.command(name="preview", description="A private map of your current orders")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    async def preview(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await resolve_game(self.bot, interaction, game)
        lang = await self.bot.language_of_interaction(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        image = await self.bot.service.maps.preview(view.id, interaction.user.id)
        await reply(interaction, tr(lang, "map.preview", game=view.name,
                                    phase=phase_label(lang, image.phase)),
                    file=map_file(image.png, image.filename, lang))


class Votes(commands.Cog):
    """/ready and /draw: marks that concern the whole table, answered privately."""

    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot

    @app_commands.command(name="ready", description="Say your orders are final (the phase is "
                                                    "processed early when everyone is ready)")
    @app_commands.describe(game=GAME, ready="false takes the mark back")
    @app_commands.autocomplete(game=game_autocomplete())
    async def ready(self, interaction: discord.Interaction, game: int | None = None,
                    ready: bool = True) -> None:
        view, _ = await game_meant(self.bot, interaction, game, "game_ready", str(int(ready)))
        if view is None:
            return              # asked which game, with buttons
        lang = await self.bot.language_of_interaction(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await _ready_or_ask(self.bot, interaction, view, ready, lang)

    @app_commands.command(name="draw", description="Vote, in secret, for or against a draw")
    @app_commands.describe(game=GAME, vote="true: you accept a draw among the survivors")
    @app_commands.autocomplete(game=game_autocomplete())
    async def draw(self, interaction: discord.Interaction, vote: bool,
                   game: int | None = None) -> None:
        view, _ = await game_meant(self.bot, interaction, game, "game_draw", str(int(vote)))
        if view is None:
            return              # asked which game, with buttons
        lang = await self.bot.language_of_interaction(interaction)
        report = await self.bot.service.endgame.vote_draw(view.id, interaction.user.id, vote)
        await reply(interaction, vote_reply(lang, report, view.name))


class PickGame(discord.ui.DynamicItem[discord.ui.Select],
               template=r"arbitro:pick-game:(?P<message_id>[0-9]+)"):
    """The menu a player in several games gets when their orders name none. It carries only
    the id of their message, which it reads again when a game is picked: nothing is held in
    memory, so the menu still works after the bot restarts."""

    def __init__(self, message_id: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"arbitro:pick-game:{message_id}", placeholder=placeholder,
            options=options or [discord.SelectOption(label="-", value="0")]))
        self.message_id = message_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> PickGame:
        return cls(int(match["message_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ArbitroBot = interaction.client  # type: ignore[assignment]
        cog: Orders = bot.get_cog("Orders")  # type: ignore[assignment]
        lang = await bot.language_of_interaction(interaction)
        chosen = int((interaction.data or {}).get("values", ["0"])[0])
        games = {g.id: g for g in seated_games(
            await bot.service.games.of_user(interaction.user.id), interaction.user.id)}
        if chosen not in games:
            await interaction.response.edit_message(content=tr(lang, "dm.choice_gone"),
                                                    view=None)
            return
        await interaction.response.edit_message(
            content=tr(lang, "dm.chosen", game=games[chosen].name), view=None)
        original = await interaction.channel.fetch_message(self.message_id)  # type: ignore[union-attr]
        text = await cog.submit(games[chosen], interaction.user.id, original.content, lang)
        for piece in split_text(text):
            await interaction.followup.send(piece)


def pick_game_view(message_id: int, games: list[GameView], lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(PickGame(message_id, [
        discord.SelectOption(label=g.name[:100], value=str(g.id),
                             description=f"#{g.id} {phase_label(lang, g.phase)}"[:100])
        for g in games[:25]], placeholder=tr(lang, "dm.choose_placeholder")))
    return view


async def _shown(bot: ArbitroBot, user_id: int, game: GameView, lang: str, *,
                 named: str | None) -> str:
    """/orders show: the caller's orders in `game`, headed by the game's name when they play
    in several: `named` "meant" (chosen for them, and saying why) or "picked" (by a button)."""
    mine = await bot.service.orders.mine(game.id, user_id)
    head = {"meant": [tr(lang, "game.meant", game=game.name)],
            "picked": [f"🎲 **{game.name}**"]}.get(named or "", [])
    with names_on(game.settings.board):
        return "\n\n".join([*head, *(power_status_text(lang, p) for p in mine)])


async def _ready_or_ask(bot: ArbitroBot, interaction: discord.Interaction, game: GameView,
                        ready: bool, lang: str) -> None:
    """/ready in `game` (the interaction already answered or deferred): marked at once, or,
    with units still without orders, asked first."""
    user = interaction.user.id
    unordered = [p for p in await bot.service.orders.mine(game.id, user) if p.missing] \
        if ready else []
    if not unordered:
        await reply(interaction, await _mark_ready(bot, interaction, game.id,
                                                   str(int(ready)), lang))
        return
    # units still without orders would hold: say which, and ask first
    text = "\n".join([tr(lang, for_phase("ready.unordered", unordered[0].phase),
                          game=game.name), *(
        f"• **{power_name(lang, p.power)}**: " + ", ".join(still_owed(lang, u)
                                                          for u in p.missing)
        for p in unordered), tr(lang, "ready.confirm")])
    await ask(interaction, text, Confirm(user, lang, "ready", game.id, "1", "ready.anyway"))


# The buttons of "which game?" (bot/game_meant.py): the command, for the game pressed.

@confirmed("game_show")
async def _show_in(bot: ArbitroBot, interaction: discord.Interaction, game_id: int,
                   arg: str, lang: str) -> str:
    game = await still_seated(bot, interaction.user.id, game_id)
    return await _shown(bot, interaction.user.id, game, lang, named="picked")


@confirmed("game_ready")
async def _ready_in(bot: ArbitroBot, interaction: discord.Interaction, game_id: int,
                    arg: str, lang: str) -> str:
    game = await still_seated(bot, interaction.user.id, game_id)
    await _ready_or_ask(bot, interaction, game, arg == "1", lang)
    return ""


@confirmed("game_draw")
async def _draw_in(bot: ArbitroBot, interaction: discord.Interaction, game_id: int,
                   arg: str, lang: str) -> str:
    game = await still_seated(bot, interaction.user.id, game_id)
    report = await bot.service.endgame.vote_draw(game.id, interaction.user.id, arg == "1")
    return vote_reply(lang, report, game.name)


@confirmed("ready")
async def _mark_ready(bot: ArbitroBot, interaction: discord.Interaction, game_id: int,
                      ready: str, lang: str) -> str:
    """/ready, asked first when units are still without orders (after a restart too)."""
    report = await bot.service.orders.set_ready(game_id, interaction.user.id, ready == "1")
    key = "ready.set" if report.ready else "ready.unset"
    text = tr(lang, key, game=(await bot.service.games.status(game_id)).name,
              phase=phase_label(lang, report.phase))
    return text + ("\n" + tr(lang, "ready.all") if report.adjudicated else "")


async def setup(bot: ArbitroBot) -> None:
    bot.add_dynamic_items(PickGame, Answer)
    await bot.add_cog(Orders(bot))
    await bot.add_cog(Votes(bot))


def withdraw_choices(lang: str, orders: list[str], typed: str
                     ) -> list[app_commands.Choice[str]]:
    """The orders that may be withdrawn whose words (code or names) hold what was typed:
    "A PAR - BUR · Parigi → Borgogna"; 25 at most (Discord's limit)."""
    wanted = " ".join(typed.casefold().split())
    out = []
    for order in orders:
        gloss = order_gloss(lang, order, "")
        name = f"{order} · {gloss}" if gloss else order
        if wanted in name.casefold():
            out.append(app_commands.Choice(name=name[:100], value=order))
    return out[:25]


# How many of the messages not read a notice names one by one (the rest are counted).
NOT_READ_SHOWN = 10


def not_read_list(dropped: list[discord.Message]) -> str:
    """The messages not read, one a line: the first words of each (as code, so nothing in
    them pings or formats) and when it was sent; past NOT_READ_SHOWN, how many more."""
    lines = []
    for message in dropped[:NOT_READ_SHOWN]:
        first = clean(next((line for line in message.content.splitlines() if line.strip()),
                           "")).strip()
        first = first if len(first) <= 40 else first[:39] + "…"
        lines.append(f"• `{first or '…'}` (<t:{int(message.created_at.timestamp())}:T>)")
    if len(dropped) > NOT_READ_SHOWN:
        lines.append(f"• … +{len(dropped) - NOT_READ_SHOWN}")
    return "\n".join(lines)
