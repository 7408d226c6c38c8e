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
                                        # (files=[(name, bytes)] attaches)
        reply = await fake.wait_for_dm(mod, after=dm)             # the bot's answer
        i = await fake.invoke(mod, guild, channel, "game", "join", options={"power": "France"})
        first = await fake.wait_for_response(i)                   # Response: kind, type, content,
        assert first.ephemeral                                     #   embeds, files, components
        choices = await fake.autocomplete(mod, guild, channel, "game", "join",
                                          focused="power", options={"power": "Fr"})
        click = await fake.click(mod, reply, "pick-game", values=["2"])
        posted = await fake.wait_for_message(lambda m: m.files, channel=channel)
        name, png = posted.files[0]

The world: `add_guild(name, locale=, bot_permissions=)`, `add_channel`, `add_role(guild, name,
permissions=)`, `add_user(name, locale=)`, `add_member(guild, user, roles=, manage_guild=)`,
`remove_member`, `delete_channel`, `set_overwrite(channel, role_or_user, allow=, deny=)`,
`close_dms(user)`; changes made while the bot is connected reach it as gateway events. Users
act with `send_dm`, `post_in_channel`, `invoke`, `autocomplete`, `click`, `submit_modal`.

The bot may also lay out the guild (tests/e2e/fakediscord/guild_routes.py): categories and
text channels with permission overwrites, roles, members' roles; `guild.channels`,
`guild.roles`, `guild.members[user.id].role_ids` and `guild.permissions_in(user, channel)`
show the result. Manage Channels, Manage Roles and the role hierarchy are checked (403/50013).

What it checks as Discord would:
- commands: registrations (names, 1-100 character descriptions and their localizations,
  required options first, at most 25 options and choices) are refused 400/50035 naming the
  field; a test can only invoke what the bot synced: an unknown command, subcommand, option or
  choice, a wrongly typed or out-of-range value, a command hidden by
  `default_member_permissions` (unless `ignore_default_permissions=True`, as when a server
  admin grants it), or a global command without the DM context used in a DM, raises
  `FakeDiscordError`;
- messages: 2000 characters, 10 embeds of 6000 characters in all, 25 fields, 10 files of 10 MiB
  together, nothing empty (400/50035, 50006, 413/40005); channel permissions of the bot, which
  is not an administrator (`set_overwrite`; 403/50001, 50013); DMs to a user who closed them
  (`close_dms`; 403/50007); to a deleted channel (`delete_channel`; 404/10003);
- interactions: the first answer within `response_deadline` (3 s; else 10062), only once
  (40060), of a type allowed for the interaction; followups only after it (10015);
- gateway: intents (no DMs without DIRECT_MESSAGES; guild message content emptied without
  MESSAGE_CONTENT unless the bot is mentioned); the bot's own messages and interaction answers
  come back as MESSAGE_CREATE (with `webhook_id`, `interaction_metadata`); a session outlives
  a dropped connection and RESUME replays what was missed (`fake.force_reconnect()`); changes
  the test makes (`add_channel`, `add_member`, `set_overwrite`...) reach a connected bot before
  any later event.

Sharding and the global rate limit: `FakeDiscord(shard_count=2)` serves one gateway
connection per shard, each identified with `shard: [id, count]`, as Discord does: a guild's
events go to shard `(guild_id >> 22) % count` only, direct messages to shard 0 only; a wrong
shard count, a shard already connected (4010) or no shard at all when sharding is required
(4011) close the connection. `fake.add_guild(name, shard=1)` makes a guild whose id lands on
shard 1, `fake.shard_of(guild)` tells any guild's, `await fake.wait_until_ready(shards=(0, 1))`
waits for both connections. `FakeDiscord(global_rate_limit=50)` refuses past 50 REST requests
in any second, across every client using the token (429 with `global: true` and
`X-RateLimit-Global`), interaction answers excepted. The `fake_discord` fixture takes these
through indirect parametrisation: `@pytest.mark.parametrize("fake_discord",
[{"shard_count": 2}], indirect=True)`.

What it records: `fake.requests` (every REST call: method, path, query, json, files as
(filename, size), status, and the JSON `answer`); `fake.unexpected_requests()` (routes not served here, answered 404
in Discord's shape, and calls the stand-in failed on, answered 400 with `error` set: never a
5xx, which discord.py would retry for half a minute); `fake.events` (every dispatch sent);
`fake.commands`; `fake.messages_in(channel)`, `fake.dms_to(user)`, `fake.visible_to(user,
channel)` (public messages plus the ephemeral answers to that user's own interactions);
`fake.responses_to(interaction)`.

Every answer has the shape Discord's OpenAPI description of its v10 API gives it, and the
`fake_discord` fixture checks every call of a test against that description
(tests/e2e/discord_spec.py; docs/bot.md says what it allows).

Failures on purpose: `fake.fail_next("POST", r"/channels/\d+/messages", status=429,
retry_after=0.1)` (or any status, code and message, for the next `times` matching calls).
`fake.submit_modal(user, interaction, {"custom_id": "text"})` fills in a modal the bot opened.

`Message` has `content`, `embeds`, `components`, `files` [(filename, bytes)], `ephemeral`,
`text` (content and embed text together), `custom_ids()`, `author`, `channel`; attachments are
also served over HTTP, so `Attachment.read()` works. `Response.kind` is "callback" (with the
callback `type`: 4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete, 9 modal),
"followup", "edit" or "delete"; `Response.choices` and `.modal` for types 8 and 9;
`Response.message` is the live message, so later edits show in every response naming it. After a
deferral the first followup fills the deferred message, keeping its visibility; for component
interactions the "original response" is the message the component is on. Every `wait_*`
fails with `FakeDiscordError` after `timeout` (15 s by default: on a loaded machine running
the tests in four workers a briefing took over 5 s; a passing wait is not slowed), listing the
bot's last REST calls. `await fake.settle(quiet=0.3)` waits until nothing has happened for `quiet` seconds,
for asserting that something did not happen.
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
