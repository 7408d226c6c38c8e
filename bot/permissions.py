"""What the bot asks for when invited, and who counts as a moderator."""

from __future__ import annotations

import discord

# View Channels, Send Messages, Embed Links, Attach Files, Read Message History.
INVITE_PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True, embed_links=True,
                                         attach_files=True, read_message_history=True).value


def intents(*, members: bool = False, message_content: bool = False) -> discord.Intents:
    """Guilds (channels, roles) and direct messages; nothing privileged: the text of a DM to the
    bot is delivered without the message-content intent. `members` (the privileged Server
    Members intent, to be enabled in the developer portal too) adds the news that a player left
    a server at once; without it that is found out when a DM to them fails.
    `message_content` (privileged too) adds server messages and their text: orders typed as
    plain messages in a power's channel (docs/channels.md); the Orders button needs nothing.
    Server messages themselves (not privileged) come without their text otherwise: a player
    typing orders in their power's channel is told to use the Orders button or a DM."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.dm_messages = True
    wanted.members = members
    wanted.guild_messages = True
    wanted.message_content = message_content
    return wanted


def is_moderator(member: discord.abc.User, moderator_role_id: int | None) -> bool:
    """Manage Server permission, or the role the server configured for moderators."""
    if not isinstance(member, discord.Member):
        return False
    if member.guild_permissions.manage_guild:
        return True
    return moderator_role_id is not None and any(r.id == moderator_role_id for r in member.roles)
