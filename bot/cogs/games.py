"""Players' game commands: /game join, leave, status, map, history; /language."""

from __future__ import annotations

import io
import json
import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import languages
from bot.app import error_text, reply
from bot.choosing import LANGUAGE_CHOICES, game_autocomplete, public_language, resolve_game
from bot.formatting import names_on, phase_label, results_blocks, status_text
from bot.i18n import LANGUAGES, tr
from bot.limits import split_blocks
from bot.map_files import map_file
from bot.rights import is_server_moderator
from engine import Phase
from grammar.phases import phase_choices, read_phase
from service.errors import ServiceError
from service.models import GameView

if TYPE_CHECKING:
    from bot.app import ArbitroBot

GAME = "the game (default: the only game of this channel)"


class Games(commands.GroupCog, group_name="game", group_description="Play a game of Diplomacy"):
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="join", description="Join a game that has not started yet")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await resolve_game(self.bot, interaction, game)
        lang = await self.bot.language_of_interaction(interaction)
        after = await self.bot.service.games.join(view.id, interaction.user.id)
        await reply(interaction, tr(lang, "game.you_joined", game=after.name,
                                    count=len(after.players), needed=after.settings.players))

    @app_commands.command(name="leave", description="Leave a game before it starts")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete())
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await resolve_game(self.bot, interaction, game)
        lang = await self.bot.language_of_interaction(interaction)
        await self.bot.service.games.leave(view.id, interaction.user.id)
        await reply(interaction, tr(lang, "game.you_left", game=view.name))

    @app_commands.command(name="status",
                          description="Phase, deadline and who has sent orders (not which)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete(include_finished=True))
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await resolve_game(self.bot, interaction, game, include_finished=True)
        lang = await public_language(self.bot, interaction, view)   # said in public
        if view.settings.fog and view.status != "finished":
            # fog of war: a player's own view, in private; sealed to anyone else
            mine = await self.bot.service.games.seen_status(view.id, interaction.user.id)
            lang = await self.bot.language_of_interaction(interaction)
            await reply(interaction, status_text(lang, mine) + "\n" + tr(lang, "status.fog_own"))
            return
        chart = None
        if view.phase is not None:           # started: the centres year by year beside it
            await interaction.response.defer(thinking=True)
            image = await self.bot.service.replays.chart(view.id)
            chart = discord.File(io.BytesIO(image.png), filename=image.filename)
        await reply(interaction, status_text(lang, view), ephemeral=False, file=chart)

    @app_commands.command(name="replay", description="The whole game as an animated map, "
                                                     "phase by phase")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete(include_finished=True))
    async def replay(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await resolve_game(self.bot, interaction, game, include_finished=True)
        lang = await public_language(self.bot, interaction, view)   # said in public
        await interaction.response.defer(thinking=True)
        image = await self.bot.service.replays.replay(view.id)
        await reply(interaction, tr(lang, "game.replay", game=view.name), ephemeral=False,
                    file=discord.File(io.BytesIO(image.png), filename=image.filename))

    @app_commands.command(name="map", description="The map of the game as it stands")
    @app_commands.describe(game=GAME, large="The larger image, 1440 px wide, to zoom into")
    @app_commands.autocomplete(game=game_autocomplete(include_finished=True))
    async def map(self, interaction: discord.Interaction, game: int | None = None,
                  large: bool = False) -> None:
        view = await resolve_game(self.bot, interaction, game, include_finished=True)
        if view.settings.fog and view.status != "finished":
            await self._own_map(interaction, view, large)    # fog of war: what they see
            return
        lang = await public_language(self.bot, interaction, view)   # said in public
        await interaction.response.defer(thinking=True)
        image = await self.bot.service.maps.current(view.id, "large" if large else "normal")
        await reply(interaction, tr(lang, "map.current", game=view.name,
                                    phase=phase_label(lang, image.phase)), ephemeral=False,
                    file=map_file(image.png, image.filename, lang))

    async def _own_map(self, interaction: discord.Interaction, view: GameView,
                       large: bool) -> None:
        """A running fog game's map as the asking player sees it, in private ("fog.sealed"
        to one who plays no power in it)."""
        lang = await self.bot.language_of_interaction(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        image = await self.bot.service.maps.current(view.id, "large" if large else "normal",
                                                    viewer=interaction.user.id)
        await reply(interaction, tr(lang, "map.fog_own", game=view.name,
                                    phase=phase_label(lang, image.phase)),
                    file=map_file(image.png, image.filename, lang))

    @app_commands.command(name="export", description="The whole game as a JSON file (every "
                                                     "phase, order and result)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=game_autocomplete(include_finished=True))
    async def export(self, interaction: discord.Interaction, game: int | None = None) -> None:
        view = await resolve_game(self.bot, interaction, game, include_finished=True)
        lang = await self.bot.language_of_interaction(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        # an anonymous game's players only for its moderators until it ends (docs/press.md)
        players = not view.settings.anonymous or view.status == "finished" or (
            view.guild_id is not None
            and await is_server_moderator(self.bot, view.guild_id, interaction.user.id))
        record = await self.bot.service.exports.game(view.id, players=players)
        data = json.dumps(record, indent=1, ensure_ascii=False).encode()
        await reply(interaction, tr(lang, "export.ready", game=view.name,
                                    count=len(record["phases"])),
                    file=discord.File(io.BytesIO(data), filename=f"arbitro-game-{view.id}.json"))

    @app_commands.command(name="history", description="The results and map of an earlier phase")
    @app_commands.describe(game=GAME, phase="the phase, e.g. Fall 1901, Fall 1901 retreats, S1901M "
                           "(default: the last one)")
    @app_commands.autocomplete(game=game_autocomplete(include_finished=True))
    async def history(self, interaction: discord.Interaction, game: int | None = None,
                      phase: str | None = None) -> None:
        view = await resolve_game(self.bot, interaction, game, include_finished=True)
        lang = await public_language(self.bot, interaction, view)   # said in public
        name = None
        if phase:
            reading = read_phase(phase, reply_lang=await self.bot.language_of_interaction(
                interaction))
            if not reading.ok:
                await reply(interaction, reading.error)
                return
            name = reading.phase.name
        await interaction.response.defer(thinking=True)
        await send_phase(self.bot, interaction, view, lang, name)

    @history.autocomplete("phase")
    async def _phase_choices(self, interaction: discord.Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
        game_id = getattr(interaction.namespace, "game", None)
        try:
            view = await resolve_game(self.bot, interaction, game_id, include_finished=True)
            played = [Phase.parse(r.phase) for r in
                      await self.bot.service.history.phases(view.id)]
        except Exception:  # noqa: BLE001 - autocomplete offers nothing rather than failing
            return []
        lang = await self.bot.language_of_interaction(interaction)
        return [app_commands.Choice(name=label, value=code)
                for label, code in phase_choices(played, current, lang)]


async def send_phase(bot: ArbitroBot, interaction: discord.Interaction, view: GameView,
                     lang: str, name: str | None) -> None:
    """One adjudicated phase (the last when `name` is None) in public: its results, its map,
    and ◀ ▶ to the phases before and after it (buttons that outlive a restart)."""
    played = [r.phase for r in await bot.service.history.phases(view.id)]
    if not played:
        raise ServiceError("history.none", "no phase has been played yet")
    name = name or played[-1]
    report = await bot.service.history.phase(view.id, name)
    with names_on(view.settings.board):
        blocks = results_blocks(lang, game_name=view.name, phase=report.phase,
                                results=report.results, civil_disorder=report.civil_disorder,
                                after=report.after, unordered=report.unordered,
                                refused=report.refused)
    pieces = split_blocks(blocks)
    file = None
    if report.image is not None:
        file = map_file(report.image.png, report.image.filename, lang)
    at = played.index(report.phase)
    paging = discord.ui.View(timeout=None)
    paging.add_item(HistoryPage(view.id, played[at - 1] if at > 0 else None, "◀"))
    paging.add_item(HistoryPage(view.id, played[at + 1] if at + 1 < len(played) else None, "▶"))
    for index, piece in enumerate(pieces):
        last = index == len(pieces) - 1
        extra = {"file": file, "view": paging} if last and file is not None else (
            {"view": paging} if last else {})
        await interaction.followup.send(piece, ephemeral=False, **extra)


class HistoryPage(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"arbitro:history:(?P<game>[0-9]+):(?P<phase>[SFW][0-9]{4}[MRA]|-)"
                           r":(?P<arrow>[<>])"):
    """◀ or ▶ under a phase of /game history: the phase before or after it, as a new post.
    The game and the phase are in the custom id, so the buttons work after a restart."""

    def __init__(self, game_id: int, phase: str | None, arrow: str) -> None:
        key = "<" if arrow == "◀" else ">"
        super().__init__(discord.ui.Button(
            style=discord.ButtonStyle.secondary, emoji=arrow, disabled=phase is None,
            custom_id=f"arbitro:history:{game_id}:{phase or '-'}:{key}"))
        self.game_id, self.phase = game_id, phase

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> HistoryPage:
        phase = None if match["phase"] == "-" else match["phase"]
        return cls(int(match["game"]), phase, "◀" if match["arrow"] == "<" else "▶")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: ArbitroBot = interaction.client  # type: ignore[assignment]
        try:
            view = await bot.service.games.status(self.game_id)
            lang = await public_language(bot, interaction, view)
            await interaction.response.defer(thinking=True)
            await send_phase(bot, interaction, view, lang, self.phase)
        except ServiceError as error:
            await reply(interaction, error_text(await bot.language_of_interaction(interaction),
                                                error))


# /notices: where a game with its own channels tells a player their turn (docs/channels.md)
NOTICE_CHOICES = [app_commands.Choice(name="Your power's channel", value="channel"),
                  app_commands.Choice(name="A private message", value="dm")]


class Language(commands.Cog):
    def __init__(self, bot: ArbitroBot) -> None:
        self.bot = bot

    @app_commands.command(name="language", description="The language Arbitro answers you in")
    @app_commands.describe(language=languages.either(tuple(languages.NAMES.values())))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction,
                       language: app_commands.Choice[str]) -> None:
        assert language.value in LANGUAGES
        await self.bot.set_language(interaction.user.id, language.value)
        await reply(interaction, tr(language.value, "language.set"))

    @app_commands.command(name="notices",
                          description="Where your notices of games with their own channels come")
    @app_commands.describe(where="Your power's channel or a private message")
    @app_commands.choices(where=NOTICE_CHOICES)
    async def notices(self, interaction: discord.Interaction,
                      where: app_commands.Choice[str]) -> None:
        """Your turn, retreats, builds and briefings of a game with its own channels: in the
        power's channel (the default) or by DM (docs/channels.md)."""
        lang = await self.bot.language_of_interaction(interaction)
        try:
            await self.bot.service.preferences.set_notices(interaction.user.id, where.value)
        except ServiceError as exc:
            await reply(interaction, error_text(lang, exc))
            return
        await reply(interaction, tr(lang, "notices.dm" if where.value == "dm" else
                                    "notices.channel"))



async def setup(bot: ArbitroBot) -> None:
    bot.add_dynamic_items(HistoryPage)
    await bot.add_cog(Games(bot))
    await bot.add_cog(Language(bot))
