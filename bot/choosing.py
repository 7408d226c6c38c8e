"""Which game a command is about, and the autocomplete that offers games and powers.

Games are always looked up within the caller's server (or, in direct messages, among the
caller's own games): a game of another server is "not found", never shown.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.formatting import phase_label, power_name
from bot.i18n import LANGUAGE_NAMES, language_of, tr
from engine.variants import VARIANT_IDS, board_of, variant_choices
from engine.vocabulary import Power
from service.errors import NotFound, ServiceError

if TYPE_CHECKING:
    from bot.app import ArbitroBot
    from service.models import GameView

MAX_CHOICES = 25  # Discord shows at most 25 autocomplete choices
# The languages, each by its own name (/language, /mod create language:).
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code)
                    for code, name in LANGUAGE_NAMES.items()]


def seated_games(games: list[GameView], user_id: int) -> list[GameView]:
    """The games in play (or paused) where the user holds a seat."""
    return [g for g in games if g.status in ("active", "paused")
            and any(s.user_id == user_id for s in g.seats)]


def waiting_games(games: list[GameView], user_id: int) -> list[GameView]:
    """The games the user joined that have not started."""
    return [g for g in games if g.status == "forming" and user_id in g.players]


async def visible_games(bot: ArbitroBot, interaction: discord.Interaction,
                        *, include_finished: bool = False) -> list[GameView]:
    """Games the caller may pick here: this channel's; in direct messages, the caller's own.
    (A game of another channel of the same server can still be named by its number.)"""
    if interaction.guild_id is None:
        games = await bot.service.games.of_user(interaction.user.id)
    else:
        games = await games_here(bot, interaction.channel_id, include_finished=include_finished)
    return [g for g in games if include_finished or g.status != "finished"]


async def games_here(bot: ArbitroBot, channel_id: int | None, *,
                     include_finished: bool) -> list[GameView]:
    """The games of a channel: those it is the channel of, or the game of a power's own
    channel (docs/channels.md), where every game command works for that game."""
    if channel_id is None:
        return []
    games = await bot.service.games.in_channel(channel_id, include_finished=include_finished)
    if not games:
        room = await bot.service.game_channels.room_of_channel(channel_id)
        if room is not None:
            games = [await bot.service.games.status(room[0])]
    return games


async def resolve_game(bot: ArbitroBot, interaction: discord.Interaction, game_id: int | None,
                       *, include_finished: bool = False) -> GameView:
    """The game named by `game_id`, or the only one of this channel (of the caller's, in DMs).

    Without `include_finished` the command would change the game: a finished one (named, or
    the last one of a channel with no other) is refused with how and when it ended and where
    to see it (`ended_error`)."""
    if game_id is not None:
        game = await bot.service.games.status(game_id)
        if interaction.guild_id is not None and game.guild_id != interaction.guild_id:
            raise NotFound("game.not_found", f"no game {game_id} on this server", id=game_id)
        if interaction.guild_id is None and not _takes_part(game, interaction.user.id):
            raise NotFound("game.not_found", f"no game {game_id} of yours", id=game_id)
        if game.status == "finished" and not include_finished:
            raise ended_error(game)
        return game
    games = await visible_games(bot, interaction, include_finished=include_finished)
    if len(games) == 1:
        return games[0]
    if not games:
        ended = await last_ended_here(bot, interaction)
        if ended is not None:
            raise ended_error(ended)
        raise ServiceError("game.none_here", "there is no game in this channel: name one "
                           "with the game option, or ask a moderator to create one")
    names = ", ".join(f"{g.name} (#{g.id})" for g in games)
    raise ServiceError("game.choose", f"several games here ({names}): name one with the game "
                       "option", games=names)


async def last_ended_here(bot: ArbitroBot,
                           interaction: discord.Interaction) -> GameView | None:
    """The game of this channel that ended last, if the channel has only ended games."""
    if interaction.guild_id is None:
        return None
    games = await games_here(bot, interaction.channel_id, include_finished=True)
    if any(g.status != "finished" for g in games):
        return None
    return max(games, key=lambda g: (g.finished_at or datetime.min.replace(tzinfo=UTC), g.id),
               default=None)


def ended_error(game: GameView) -> ServiceError:
    """The answer to a command that would change a finished game: how and when it ended, and
    the commands that still show it."""
    return ServiceError("game.ended_here", f"{game.name} is over and can no longer change: "
                        "see it with /game history, /game replay and /game export",
                        game=game.name, outcome=game.outcome or {}, when=game.finished_at)


async def public_language(bot: ArbitroBot, interaction: discord.Interaction,
                          game: GameView) -> str:
    """The language of a public answer about `game`: in a server, the game's (else the
    server's, as the bot's own posts in the channel); in a DM, the caller's. (The caller's
    locale is noted all the same, for what the bot tells them in private.)"""
    caller = await bot.language_of_interaction(interaction)
    if interaction.guild_id is None:
        return caller
    return language_of(game.settings.language or interaction.guild_locale)


def _takes_part(game: GameView, user_id: int) -> bool:
    return user_id in game.players or any(s.user_id == user_id for s in game.seats)


def game_autocomplete(*, include_finished: bool = False):
    """An autocomplete callback offering the games the caller can see, by name or number."""

    async def complete(interaction: discord.Interaction,
                       current: str) -> list[app_commands.Choice[int]]:
        bot: ArbitroBot = interaction.client  # type: ignore[assignment]
        typed = current.strip().lower().lstrip("#")
        lang = await bot.language_of_interaction(interaction)
        choices = []
        for game in await visible_games(bot, interaction, include_finished=include_finished):
            when = phase_label(lang, game.phase) if game.phase else tr(
                lang, f"state.{game.status}", fallback=game.status)
            label = f"#{game.id} {game.name} ({when})"
            if typed and typed not in label.lower():
                continue
            choices.append(app_commands.Choice(name=label[:100], value=game.id))
        return choices[:MAX_CHOICES]

    return complete


async def power_autocomplete(interaction: discord.Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
    """The powers of the game meant (the one named, else this channel's only one; the seven
    when none is known), named in the caller's language (their value stays English)."""
    bot: ArbitroBot = interaction.client  # type: ignore[assignment]
    lang = await bot.language_of_interaction(interaction)
    typed = current.strip().lower()
    powers, _ = await powers_of_game(bot, interaction)
    return [app_commands.Choice(name=power_name(lang, p), value=p.value) for p in powers
            if not typed or typed in power_name(lang, p).lower()
            or typed in p.value.lower()][:MAX_CHOICES]


async def powers_of_game(bot: ArbitroBot, interaction: discord.Interaction
                         ) -> tuple[tuple[Power, ...], str | None]:
    """The powers of the variant of the game the command is about, and that variant; or the
    standard seven (and None)."""
    try:
        game = await resolve_game(bot, interaction, getattr(interaction.namespace, "game", None),
                                  include_finished=True)
    except (ServiceError, ValueError, TypeError):
        return tuple(Power), None
    return board_of(game.settings.board).powers, game.settings.board


async def variant_autocomplete(interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
    """The variants, each named with its one line in the caller's language (docs/variants.md);
    the value is the variant's id."""
    bot: ArbitroBot = interaction.client  # type: ignore[assignment]
    lang = await bot.language_of_interaction(interaction)
    return [app_commands.Choice(name=label, value=vid)
            for label, vid in variant_choices(lang, current)][:MAX_CHOICES]


def players_of(variant: str | None) -> int:
    """How many play a variant when the moderator says nothing: 7 on the standard board, the
    number of the variant's powers on another (an unknown id: 7, refused with the id later)."""
    vid = (variant or "standard").strip().lower()
    return len(board_of(vid).powers) if vid in VARIANT_IDS else 7


def parse_power(value: str, variant: str | None = None) -> Power:
    """A power named by the user (any language), of the game's variant when it is given."""
    try:
        return Power.parse(value, variant)
    except ValueError:
        raise ServiceError("power.unknown", f"{value!r} is not a power: use Austria, England, "
                           "France, Germany, Italy, Russia or Turkey", power=value) from None
