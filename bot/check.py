"""`arbitro bot --check`: what the bot would find at Discord, asked without connecting to the
gateway (REST only): whether the token is accepted, how many shards Discord recommends against
the slice this process is set to run, and whether the bot may post in each running game's
channel. Added to what `arbitro doctor` finds locally (database, migrations, backups)."""

from __future__ import annotations

import discord

from bot.app import apply_api_base
from bot.permissions import INVITE_PERMISSIONS
from ops.doctor import running_games
from ops.findings import Finding
from ops.settings import Settings
from service.models import Game

_NEEDED = [name for name, granted in discord.Permissions(INVITE_PERMISSIONS) if granted]


async def online_findings(settings: Settings) -> list[Finding]:
    """Ask Discord (or the stand-in at DISCORD_API_BASE) what the bot will find there."""
    if not settings.discord_token:
        return []
    apply_api_base(settings.discord_api_base)
    client = discord.Client(intents=discord.Intents.none())
    async with client:
        try:
            await client.login(settings.discord_token)
        except discord.LoginFailure:
            return [Finding("discord", "Discord refused DISCORD_TOKEN: reset the bot's token "
                                       "in the developer portal and put the new one in .env",
                            problem=True)]
        except (discord.HTTPException, OSError) as exc:
            return [Finding("discord", f"Discord could not be reached ({exc})", problem=True)]
        assert client.user is not None
        found = [Finding("discord", f"the token is accepted: the bot is {client.user} "
                                    f"({client.user.id})")]
        found.append(await _shards(client, settings))
        for game in await running_games(settings.db_path):
            found.append(await _channel(client, game))
    return found


async def _shards(client: discord.Client, settings: Settings) -> Finding:
    recommended, _url, _limits = await client.http.get_bot_gateway()
    if settings.shards is None:
        if recommended > 1:
            return Finding("shards", f"Discord recommends {recommended} shards; this process "
                                     f"runs them all (set ARBITRO_SHARDS to split them over "
                                     f"several processes: docs/scaling.md)")
        return Finding("shards", "Discord recommends 1 shard; this process runs it")
    shard_ids, count = settings.shards.ids, settings.shards.count
    mine = ", ".join(str(i) for i in shard_ids)
    text = f"this process runs shard{'s' if len(shard_ids) > 1 else ''} {mine} of {count}"
    if count < recommended:
        return Finding("shards", f"{text}, but Discord recommends {recommended} shards: raise "
                                 f"the count in ARBITRO_SHARDS", problem=True)
    dms = "; it receives the direct messages (shard 0)" if 0 in shard_ids else \
        "; direct messages go to the process with shard 0"
    return Finding("shards", f"{text} (Discord recommends {recommended}){dms}")


async def _channel(client: discord.Client, game: Game) -> Finding:
    topic = f"game {game.id}"
    if game.guild_id is None:
        return Finding(topic, f"{game.name}: no server recorded, nothing to check")
    try:
        guild = await client.fetch_guild(game.guild_id)
        member = await guild.fetch_member(client.user.id)
        channel = await guild.fetch_channel(game.channel_id)
    except discord.NotFound:
        return Finding(topic, f"{game.name}: its channel {game.channel_id} is gone, or the bot "
                              f"left the server: results cannot be posted", problem=True)
    except discord.Forbidden:
        return Finding(topic, f"{game.name}: the bot may not see its channel "
                              f"{game.channel_id}", problem=True)
    allowed = channel.permissions_for(member)
    missing = [name for name in _NEEDED if not getattr(allowed, name)]
    if missing:
        return Finding(topic, f"{game.name} in #{channel.name}: the bot lacks "
                              f"{', '.join(missing)} there", problem=True)
    return Finding(topic, f"{game.name} in #{channel.name}: the bot may post results there")
