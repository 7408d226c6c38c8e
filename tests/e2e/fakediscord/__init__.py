r"""A local stand-in for Discord (REST API v10 and the gateway), for end-to-end tests of the
bot with the real, unpatched discord.py client. Everything runs on 127.0.0.1 at a free port.

Pointing a client at it: discord.py builds REST URLs from `discord.http.Route.BASE`, so set
`Route.BASE = fake.api_base` (the bot's `DISCORD_API_BASE` setting) and log in with
`fake.token`. discord.py 2.x's `Client.connect` does not ask `GET /gateway/bot` for the
websocket (only `AutoShardedClient` does): it opens `DiscordWebSocket.DEFAULT_GATEWAY`, so set
that too, to `fake.gateway_url` or to the `url` of `await client.http.get_bot_gateway()`.
The client's on_ready comes `guild_ready_timeout` (2 s by default) after the last GUILD_CREATE.

    async with FakeDiscord() as fake:            # or the `fake_discord` fixture
        guild = fake.add_guild("Diplomacy club")  # owned by its own user; the bot is a member
        channel = fake.add_channel(guild, "game-1")
        mod = fake.add_user("Mara", locale="it")
        fake.add_member(guild, mod, manage_guild=True)
        ... start the bot with DISCORD_API_BASE=fake.api_base and token fake.token ...
        await fake.wait_until_ready()             # the bot identified, got READY + GUILD_CREATE
        await fake.wait_for_commands(guild, names=("game",))

        dm = await fake.send_dm(mod, "A PAR - BUR")               # MESSAGE_CREATE to the bot
        reply = await fake.wait_for_dm(mod, after=dm)             # the bot's answer
        i = await fake.invoke(mod, guild, channel, "game", "join", options={"power": "France"})
        first = await fake.wait_for_response(i)                   # Response: kind, type, content,
        assert first.ephemeral                                     #   embeds, files, components
        choices = await fake.autocomplete(mod, guild, channel, "game", "join",
                                          focused="power", options={"power": "Fr"})
        click = await fake.click(mod, reply, "pick-game", values=["2"])
        posted = await fake.wait_for_message(lambda m: m.files, channel=channel)
        name, png = posted.files[0]

What it checks like Discord: slash commands exist only as the bot synced them (unknown
commands, subcommands, options, choices or wrongly typed values raise `FakeDiscordError`, and
so do commands hidden by `default_member_permissions` unless `ignore_default_permissions`);
message limits (2000 characters, 10 embeds of 6000 characters, 25 fields, 10 files of 10 MiB
together, no empty messages) answered 400/413 as Discord does; an interaction answered twice
(40060) or later than `response_deadline` (3 s; 10062); followups before the first answer;
intents (no DMs without DIRECT_MESSAGES, guild message content emptied without
MESSAGE_CONTENT). Every REST call is in `fake.requests`; calls to routes not served here are
answered 404 and listed by `fake.unexpected_requests()`. Every gateway dispatch is in
`fake.events`. The bot's own messages come back to it as MESSAGE_CREATE, as on Discord.

Failures on purpose: `fake.close_dms(user)` (the bot's DMs to them get 403, code 50007, as
for a player who blocks DMs from server members); `fake.fail_next("POST",
r"/channels/\d+/messages", status=429, retry_after=0.1)` or any status/code/message for the
next matching call(s). `fake.submit_modal(user, interaction, {"custom_id": "text"})` fills in a
modal the bot opened.

`Message` has `content`, `embeds`, `components`, `files` [(filename, bytes)], `ephemeral`,
`text` (content and embed text together), `custom_ids()`; `Response.kind` is "callback"
(with the callback `type`: 4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete,
9 modal), "followup", "edit" or "delete". After a deferral the first followup fills the
deferred message, keeping its visibility. `fake.force_reconnect()` makes the client resume.
"""

from .fake import FakeDiscord
from .models import (
    Channel,
    FakeDiscordError,
    Guild,
    Interaction,
    Message,
    RecordedRequest,
    Response,
    Role,
    User,
)

__all__ = ["Channel", "FakeDiscord", "FakeDiscordError", "Guild", "Interaction", "Message",
           "RecordedRequest", "Response", "Role", "User"]
