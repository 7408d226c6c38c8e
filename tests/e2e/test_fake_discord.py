"""The Discord stand-in, driven by a minimal real discord.py bot written here (not the project's
bot): log-in, READY and GUILD_CREATE, DMs, slash commands with groups, typed options and
autocomplete, ephemeral answers, followups with files, components, and Discord's refusals."""

from __future__ import annotations

import asyncio
import contextlib
import io
import struct
import zlib
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
import yarl
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket

from tests.e2e.fakediscord import Channel, FakeDiscord, FakeDiscordError, Guild, User

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def tiny_png() -> bytes:
    """A valid 1x1 PNG, built by hand so the test needs no imaging library."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b""))


class SeatView(discord.ui.View):
    @discord.ui.select(custom_id="seat", options=[discord.SelectOption(label=p, value=p)
                                                  for p in POWERS])
    async def seat(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"Seated at {select.values[0]}", view=None)


def build_tree(bot: commands.Bot) -> None:
    game = app_commands.Group(name="game", description="Play a game")
    mod = app_commands.Group(name="mod", description="Moderate",
                             default_permissions=discord.Permissions(manage_guild=True))
    seat = app_commands.Group(name="seat", description="Seats", parent=mod)

    @game.command(name="join", description="Join the game at a power")
    @app_commands.describe(power="The power you want", rank="Your preference, 1 is first")
    async def join(interaction: discord.Interaction, power: str,
                   rank: app_commands.Range[int, 1, 7] = 1) -> None:
        await interaction.response.send_message(
            f"{interaction.user.name} asked for {power} (rank {rank}, locale "
            f"{interaction.locale.value})", ephemeral=True)
        await interaction.followup.send("The board", file=discord.File(io.BytesIO(tiny_png()),
                                                                       "board.png"))

    @join.autocomplete("power")
    async def powers(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=p, value=p) for p in POWERS
                if p.lower().startswith(current.lower())]

    @seat.command(name="assign", description="Seat a player")
    async def assign(interaction: discord.Interaction, player: discord.Member,
                     channel: discord.TextChannel) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(
            f"{player.name} seated in #{channel.name}; manage_guild="
            f"{interaction.permissions.manage_guild}", view=SeatView())

    @game.command(name="upload", description="Send a file to the bot")
    async def upload(interaction: discord.Interaction, file: discord.Attachment) -> None:
        data = await file.read()
        is_png = data.startswith(b"\x89PNG")
        await interaction.response.send_message(f"{file.filename}: {len(data)} bytes, "
                                                f"png={is_png}")

    @game.command(name="settings", description="Change the settings")
    @app_commands.choices(press=[app_commands.Choice(name="Full press", value="full"),
                                 app_commands.Choice(name="Gunboat", value="none")])
    async def settings(interaction: discord.Interaction, hours: float, public: bool,
                       moderators: discord.Role, press: str = "full") -> None:
        await interaction.response.send_message(
            f"hours={hours!r} public={public!r} moderators={moderators.name} press={press}")

    @game.command(name="long", description="Try an answer that is too long")
    async def long(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as exc:
            await interaction.response.send_message(f"refused {exc.code}, shortened")

    @app_commands.command(name="note", description="Leave a note")
    async def note(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NoteModal())

    bot.tree.add_command(game)
    bot.tree.add_command(mod)
    bot.tree.add_command(note)


class NoteModal(discord.ui.Modal, title="A note"):
    text = discord.ui.TextInput(label="Note", custom_id="note-text", max_length=20)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Noted: {self.text.value}", ephemeral=True)


class MiniBot(commands.Bot):
    def __init__(self, *, message_content: bool = True) -> None:
        intents = discord.Intents.default()
        intents.message_content = message_content
        intents.members = True
        super().__init__(command_prefix="!", intents=intents, guild_ready_timeout=0.1)
        self.seen: list[discord.Message] = []
        build_tree(self)

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append(message)
        if message.author == self.user:
            return
        if message.guild is None:
            await message.author.send(f"Got it: {message.content}")


@pytest.fixture
def world(fake_discord: FakeDiscord) -> tuple[FakeDiscord, Guild]:
    guild = fake_discord.add_guild("Diplomacy club")
    fake_discord.add_channel(guild, "game-1")
    return fake_discord, guild


@contextlib.asynccontextmanager
async def running(fake: FakeDiscord, bot: MiniBot) -> AsyncIterator[MiniBot]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(discord.http.Route, "BASE", fake.api_base)
        # Client.connect goes to DEFAULT_GATEWAY (only AutoShardedClient asks /gateway/bot).
        patch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url))
        await bot.login(fake.token)
        task = asyncio.create_task(bot.connect(reconnect=True))
        try:
            await asyncio.wait_for(bot.wait_until_ready(), 5)
            yield bot
        finally:
            await bot.close()
            await asyncio.wait_for(task, 5)


@pytest.fixture
async def bot(world: tuple[FakeDiscord, Guild]) -> AsyncIterator[MiniBot]:
    async with running(world[0], MiniBot()) as started:
        yield started


async def sync_to(bot: MiniBot, guild: Guild) -> list[app_commands.AppCommand]:
    bot.tree.copy_global_to(guild=discord.Object(guild.id))
    return await bot.tree.sync(guild=discord.Object(guild.id))


def member(fake: FakeDiscord, guild: Guild, name: str, **options) -> User:
    user = fake.add_user(name, locale=options.pop("locale", "en-US"))
    fake.add_member(guild, user, **options)
    return user


@pytest.fixture
async def synced(world, bot: MiniBot) -> tuple[FakeDiscord, Guild, Channel]:
    """The bot running with its commands synced to the guild; its channel."""
    fake, guild = world
    await sync_to(bot, guild)
    await fake.wait_for_commands(guild, names=("game", "mod"))
    return fake, guild, channel_named(guild, "game-1")


def channel_named(guild: Guild, name: str):
    return next(c for c in guild.channels.values() if c.name == name)


async def test_client_logs_in_and_sees_the_guild(world, bot: MiniBot) -> None:
    fake, guild = world
    mara = member(fake, guild, "Mara")
    await fake.wait_until_ready()
    seen = bot.get_guild(guild.id)
    assert bot.user.id == fake.bot.id
    assert [c.name for c in seen.text_channels] == ["game-1"]
    assert bot.application_id == fake.application_id
    assert bot.latency < 1                      # the first heartbeat was acknowledged
    await fake.world.wait_until(lambda: seen.get_member(mara.id), timeout=2,
                                what="GUILD_MEMBER_ADD")
    names = [e for e, _ in fake.events]
    assert names[:2] == ["READY", "GUILD_CREATE"]
    calls = {(r.method, r.path) for r in fake.requests}
    assert {("GET", "/users/@me"), ("GET", "/oauth2/applications/@me")} <= calls
    assert fake.unexpected_requests() == []


async def test_things_the_test_adds_later_reach_the_bot_before_what_happens_in_them(
        world, bot: MiniBot) -> None:
    fake, guild = world
    late = fake.add_channel(guild, "added-later")
    newcomer = member(fake, guild, "Newcomer")
    await fake.post_in_channel(newcomer, late, "first words")
    await fake.world.wait_until(lambda: bot.seen, timeout=2, what="the message")
    seen = bot.seen[0]
    assert (seen.channel.name, seen.author.name, seen.content) == ("added-later", "Newcomer",
                                                                   "first words")
    assert isinstance(seen.author, discord.Member)

    fake.remove_member(guild, newcomer)
    fake.delete_channel(late)
    await fake.world.wait_until(lambda: bot.get_channel(late.id) is None, timeout=2,
                                what="CHANNEL_DELETE")
    assert bot.get_guild(guild.id).get_member(newcomer.id) is None
    with pytest.raises(discord.NotFound) as gone:
        await bot.http.send_message(late.id, params=discord.http.handle_message_parameters("hi"))
    assert gone.value.code == 10003


async def test_a_dm_gets_a_reply_and_the_bot_sees_its_own_message(world, bot: MiniBot) -> None:
    fake, _ = world
    player = fake.add_user("Piet", locale="nl")
    sent = await fake.send_dm(player, "A PAR - BUR")
    reply = await fake.wait_for_dm(player, after=sent)
    assert reply.content == "Got it: A PAR - BUR"
    assert reply.author is fake.bot and not reply.ephemeral
    await fake.world.wait_until(lambda: len(bot.seen) == 2, timeout=2, what="own message back")
    assert bot.seen[1].author == bot.user       # echoed back as on Discord, and ignored
    assert fake.dms_to(player) == [reply]
    assert any(r.method == "POST" and r.path == "/users/@me/channels" for r in fake.requests)


async def test_slash_command_answers_ephemerally_then_follows_up_with_a_png(synced, bot) -> None:
    fake, guild, channel = synced
    player = member(fake, guild, "Ilaria", locale="it")
    assert {c["name"] for c in fake.commands[guild.id]} == {"game", "mod", "note"}

    interaction = await fake.invoke(player, guild, channel, "game", "join",
                                    options={"power": "Italy", "rank": 2})
    await fake.wait_for_response(interaction, lambda r: r.kind == "followup")
    first, followup = fake.responses_to(interaction)
    assert (first.kind, first.type, first.ephemeral) == ("callback", 4, True)
    assert first.content == "Ilaria asked for Italy (rank 2, locale it)"
    assert followup.content == "The board" and not followup.ephemeral
    (name, data), = followup.files
    assert name == "board.png" and data == tiny_png()
    assert fake.messages_in(channel)[-1] is followup.message
    other = member(fake, guild, "Other")
    assert fake.visible_to(other, channel) == [followup.message]
    assert fake.visible_to(player, channel) == [first.message, followup.message]
    upload = next(r for r in fake.requests if r.path.startswith("/webhooks/"))
    assert upload.files == [("board.png", len(tiny_png()))]
    fetched = await bot.get_channel(channel.id).fetch_message(followup.message.id)
    assert await fetched.attachments[0].read() == tiny_png()     # served by the stand-in
    echoed = await fake.world.wait_until(
        lambda: next((m for m in bot.seen if m.id == followup.message.id), None), timeout=2,
        what="the followup back over the gateway")
    assert echoed.interaction_metadata.user.id == player.id
    assert echoed.webhook_id == fake.application_id


async def test_autocomplete_is_answered_with_choices(synced, bot) -> None:
    fake, guild, channel = synced
    player = member(fake, guild, "Eve")
    choices = await fake.autocomplete(player, guild, channel, "game", "join",
                                      focused="power", options={"power": "Ge"})
    assert choices == [{"name": "Germany", "value": "Germany"}]


async def test_subcommand_group_with_member_and_channel_options_then_a_select(synced, bot) -> None:
    fake, guild, channel = synced
    mod = member(fake, guild, "Mod", manage_guild=True)
    player = member(fake, guild, "Player")

    with pytest.raises(FakeDiscordError, match="lacks the permissions"):
        await fake.invoke(player, guild, channel, "mod", "seat", "assign",
                          options={"player": mod, "channel": channel})
    interaction = await fake.invoke(mod, guild, channel, "mod", "seat", "assign",
                                    options={"player": player, "channel": channel})
    answer = await fake.wait_for_response(interaction, lambda r: r.kind == "followup")
    assert fake.responses_to(interaction)[0].type == 5            # deferred first
    assert answer.content == "Player seated in #game-1; manage_guild=True"
    assert answer.ephemeral                                       # kept from the deferral
    assert answer.message.custom_ids() == ["seat"]

    with pytest.raises(FakeDiscordError, match="ephemeral message meant for someone else"):
        await fake.click(player, answer.message, "seat", values=["Turkey"])
    with pytest.raises(FakeDiscordError, match=r"offers \['Austria'"):
        await fake.click(mod, answer.message, "seat", values=["Atlantis"])
    click = await fake.click(mod, answer.message, "seat", values=["Turkey"])
    update = await fake.wait_for_response(click)
    assert update.type == 7 and update.content == "Seated at Turkey"
    assert update.message is answer.message and update.components == []


async def test_invocations_the_bot_did_not_register_fail_loudly(synced, bot) -> None:
    fake, guild, channel = synced
    player = member(fake, guild, "Tom")
    cases = [
        (("nope",), {}, "no slash command /nope"),
        (("game", "leave"), {}, "no subcommand 'leave'"),
        (("game",), {}, "needs a subcommand"),
        (("game", "join"), {"power": "France", "colour": "blue"}, "no option 'colour'"),
        (("game", "join"), {"power": 3}, "is a string option"),
        (("game", "join"), {"power": "France", "rank": 9}, "outside 1..7"),
        (("game", "join"), {}, r"needs \['power'\]"),
    ]
    for path, options, message in cases:
        with pytest.raises(FakeDiscordError, match=message):
            await fake.invoke(player, guild, channel, *path, options=options)
    with pytest.raises(FakeDiscordError, match="not available in DMs|no slash command"):
        await fake.invoke(player, None, None, "game", "join", options={"power": "France"})
    with pytest.raises(FakeDiscordError, match="'it-IT' is not a Discord locale"):
        await fake.invoke(player, guild, channel, "game", "join", options={"power": "France"},
                          locale="it-IT")


async def test_discord_limits_and_unknown_routes_are_refused_like_discord(world, bot) -> None:
    fake, guild = world
    channel = bot.get_channel(channel_named(guild, "game-1").id)
    with pytest.raises(discord.HTTPException) as too_long:
        await channel.send("x" * 2001)
    assert too_long.value.status == 400 and too_long.value.code == 50035
    with pytest.raises(discord.HTTPException) as too_many_fields:
        embed = discord.Embed(title="Results")
        for i in range(26):
            embed.add_field(name=f"n{i}", value="v")
        await channel.send(embed=embed)
    assert too_many_fields.value.code == 50035
    with pytest.raises(discord.NotFound):
        await bot.http.request(discord.http.Route("GET", "/guilds/{guild_id}/bans",
                                                  guild_id=guild.id))
    with pytest.raises(discord.NotFound):
        await bot.http.request(discord.http.Route("GET", "/channels/{channel_id}",
                                                  channel_id="not-an-id"))
    assert [r.path for r in fake.unexpected_requests()] == [f"/guilds/{guild.id}/bans",
                                                            "/channels/not-an-id"]
    assert fake.messages_in(channel_named(guild, "game-1")) == []


async def test_an_interaction_is_answered_once_and_within_the_deadline(synced, bot) -> None:
    fake, guild, channel = synced
    player = member(fake, guild, "Ann")
    interaction = await fake.invoke(player, guild, channel, "game", "join",
                                    options={"power": "France"})
    await fake.wait_for_response(interaction, lambda r: r.kind == "followup")
    url = f"{fake.api_base}/interactions/{interaction.id}/{interaction.token}/callback"
    async with aiohttp.ClientSession() as http:
        async with http.post(url, json={"type": 4, "data": {"content": "again"}}) as again:
            assert again.status == 400 and (await again.json())["code"] == 40060
        async with http.post(f"{fake.api_base}/webhooks/{fake.application_id}/bad-token",
                             json={"content": "hi"}) as unknown:
            assert unknown.status == 404 and (await unknown.json())["code"] == 10015

    corrected = await fake.invoke(player, guild, channel, "game", "long")
    answer = await fake.wait_for_response(corrected)
    assert answer.content == "refused 50035, shortened"     # a refused answer is no answer
    assert len(fake.responses_to(corrected)) == 1

    fake.response_deadline = 0.0               # every answer now comes too late
    late = await fake.invoke(player, guild, channel, "game", "join", options={"power": "Italy"})
    refused = await fake.world.wait_until(
        lambda: next((r for r in fake.requests if r.path.startswith(f"/interactions/{late.id}/")),
                     None), timeout=2, what="the late callback")
    assert refused.status == 404 and fake.responses_to(late) == []


async def test_guild_message_content_needs_the_intent(world) -> None:
    fake, guild = world
    channel = channel_named(guild, "game-1")
    player = member(fake, guild, "Zoe")
    async with running(fake, MiniBot(message_content=False)) as blind:
        await fake.post_in_channel(player, channel, "hello all")
        await fake.post_in_channel(player, channel, f"hello {fake.bot.mention}")
        await fake.world.wait_until(lambda: len(blind.seen) == 2, timeout=2, what="messages")
        assert [m.content for m in blind.seen] == ["", f"hello {fake.bot.mention}"]
        await fake.settle(0.2)
        assert fake.messages_in(channel) == []  # the bot answers no guild chatter


async def test_the_client_resumes_after_a_reconnect_request(world, bot) -> None:
    fake, _ = world
    player = fake.add_user("Rita")
    await fake.force_reconnect()
    sent = await fake.send_dm(player, "still there?")    # while the client reconnects
    reply = await fake.wait_for_dm(player, after=sent)
    assert reply.content == "Got it: still there?"
    assert [m.content for m in bot.seen if m.author.id == player.id] == ["still there?"]
    assert any(e == "RESUMED" for e, _ in fake.events)
    assert sum(1 for p in fake.world.gateway.received if p["op"] == 2) == 1   # one IDENTIFY
    assert sum(1 for p in fake.world.gateway.received if p["op"] == 6) == 1   # one RESUME


async def test_global_commands_work_in_dms_and_modals_are_submitted(world, bot) -> None:
    fake, _ = world
    player = fake.add_user("Lia", locale="it")
    await bot.tree.sync()
    await fake.wait_for_commands(None, names=("note",))
    opened = await fake.invoke(player, None, None, "note")
    modal = (await fake.wait_for_response(opened)).modal
    assert modal["title"] == "A note"
    with pytest.raises(FakeDiscordError, match="length 25 outside 0..20"):
        await fake.submit_modal(player, opened, {"note-text": "x" * 25})
    submitted = await fake.submit_modal(player, opened, {"note-text": "F BRE - MAO"})
    answer = await fake.wait_for_response(submitted)
    assert answer.content == "Noted: F BRE - MAO" and answer.ephemeral
    assert answer.message.channel is fake.world.dm_channel(player)


async def test_number_boolean_role_and_choice_options_arrive_typed(synced, bot) -> None:
    fake, guild, channel = synced
    mods = fake.add_role(guild, "Moderators")
    mara = member(fake, guild, "Mara", roles=[mods])
    interaction = await fake.invoke(mara, guild, channel, "game", "settings", options={
        "hours": 36.5, "public": False, "moderators": mods, "press": "none"})
    answer = await fake.wait_for_response(interaction)
    assert answer.content == "hours=36.5 public=False moderators=Moderators press=none"
    assert bot.get_guild(guild.id).get_member(mara.id).roles[-1].name == "Moderators"
    with pytest.raises(FakeDiscordError, match=r"must be one of \['full', 'none'\]"):
        await fake.invoke(mara, guild, channel, "game", "settings", options={
            "hours": 1.0, "public": True, "moderators": mods, "press": "partial"})
    with pytest.raises(FakeDiscordError, match="is a role option"):
        await fake.invoke(mara, guild, channel, "game", "settings", options={
            "hours": 1.0, "public": True, "moderators": "Moderators"})


async def test_attachment_options_reach_the_bot_with_their_bytes(synced, bot) -> None:
    fake, guild, channel = synced
    player = member(fake, guild, "Ugo")
    interaction = await fake.invoke(player, guild, channel, "game", "upload",
                                    options={"file": ("orders.png", tiny_png())})
    answer = await fake.wait_for_response(interaction)
    assert answer.content == f"orders.png: {len(tiny_png())} bytes, png=True"


async def test_users_send_what_a_discord_client_can_send(world, bot: MiniBot) -> None:
    fake, _ = world
    player = fake.add_user("Gus")
    with pytest.raises(FakeDiscordError, match="empty"):
        await fake.send_dm(player, "")
    sent = await fake.send_dm(player, "orders attached", files=[("orders.txt", b"A PAR - BUR")])
    await fake.wait_for_dm(player, after=sent)
    received = next(m for m in bot.seen if m.id == sent.id)
    assert received.attachments[0].filename == "orders.txt"
    assert await received.attachments[0].read() == b"A PAR - BUR"


async def test_a_wait_that_times_out_says_what_the_bot_did_last(world, bot: MiniBot) -> None:
    fake, guild = world
    with pytest.raises(FakeDiscordError, match=r"(?s)timed out after 0.2s waiting for a bot "
                                               r"message.*GET /oauth2/applications/@me -> 200"):
        await fake.wait_for_message(lambda m: "never" in m.content,
                                    channel=channel_named(guild, "game-1"), timeout=0.2)


async def test_acting_before_the_bot_connects_fails_at_once(fake_discord: FakeDiscord) -> None:
    user = fake_discord.add_user("Early")
    with pytest.raises(FakeDiscordError, match="no bot is connected"):
        await fake_discord.send_dm(user, "hello?")


async def test_closed_dms_and_injected_failures_reach_the_bot_as_discord_errors(world, bot) -> None:
    fake, guild = world
    shy = fake.add_user("Shy")
    fake.close_dms(shy)
    with pytest.raises(discord.Forbidden) as refused:
        await (await bot.fetch_user(shy.id)).send("hello")
    assert refused.value.code == 50007

    channel = bot.get_channel(channel_named(guild, "game-1").id)
    fake.fail_next("POST", r"/channels/\d+/messages", status=429, retry_after=0.05)
    posted = await channel.send("after a rate limit")        # discord.py waits and retries
    attempts = [r for r in fake.requests if r.method == "POST" and r.path.endswith("/messages")
                and r.json.get("content") == "after a rate limit"]
    assert [r.status for r in attempts[-2:]] == [429, 200]
    assert fake.messages_in(channel_named(guild, "game-1"))[-1].id == posted.id

    fake.fail_next("GET", r"/channels/\d+", status=403, code=50001, message="Missing Access")
    with pytest.raises(discord.Forbidden):
        await bot.fetch_channel(channel.id)
    assert (await bot.fetch_channel(channel.id)).name == "game-1"   # only the next call failed


async def test_a_restarted_bot_identifies_again_and_reads_history(world) -> None:
    fake, guild = world
    channel = channel_named(guild, "game-1")
    async with running(fake, MiniBot()) as first:
        await first.get_channel(channel.id).send("one")
        await first.get_channel(channel.id).send("two")
    async with running(fake, MiniBot()) as second:
        await fake.wait_until_ready()
        history = [m.content async for m in second.get_channel(channel.id).history(limit=5)]
        assert history == ["two", "one"]
    assert sum(1 for p in fake.world.gateway.received if p["op"] == 2) == 2
    assert {q["compress"] for q in fake.world.gateway.connect_queries} == {"zlib-stream"}


async def test_command_registrations_discord_would_refuse_are_refused(synced, bot) -> None:
    fake, guild, _ = synced
    good = {"name": "status", "description": "Show the game", "type": 1}
    cases = {
        "0.name": {**good, "name": "Status Now"},
        "0.description_localizations.it": {**good, "description_localizations": {"it": "x" * 101}},
        "0.options.1.required": {**good, "options": [
            {"name": "game", "description": "Which", "type": 3},
            {"name": "power", "description": "Which", "type": 3, "required": True}]},
    }
    for field, command in cases.items():
        with pytest.raises(discord.HTTPException) as refused:
            await bot.http.bulk_upsert_guild_commands(fake.application_id, guild.id, [command])
        assert (refused.value.status, refused.value.code) == (400, 50035)
        assert f"In {field}: " in refused.value.text
    assert {c["name"] for c in fake.commands[guild.id]} == {"game", "mod", "note"}   # unchanged


async def test_a_body_the_stand_in_cannot_read_is_a_400_that_names_the_problem(synced, bot) -> None:
    fake, _, _ = synced
    with pytest.raises(discord.HTTPException) as refused:
        await bot.http.request(discord.http.Route("POST", "/users/@me/channels"), json={})
    assert refused.value.status == 400
    assert fake.requests[-1].error == "KeyError: 'recipient_id'"


async def test_channel_overwrites_bind_the_bot_and_the_players(synced, bot) -> None:
    fake, guild, channel = synced
    player = member(fake, guild, "Nico")
    fake.set_overwrite(channel, fake.bot, deny=discord.Permissions(attach_files=True).value)
    fake.set_overwrite(channel, guild.everyone,
                       deny=discord.Permissions(send_messages=True).value)
    seen = bot.get_channel(channel.id)
    await fake.world.wait_until(
        lambda: not seen.permissions_for(seen.guild.me).attach_files, timeout=2,
        what="CHANNEL_UPDATE")
    with pytest.raises(discord.Forbidden) as refused:       # @everyone's deny binds the bot
        await seen.send("text")
    assert refused.value.code == 50013
    bot_role = guild.role_named(fake.bot.name)
    fake.set_overwrite(channel, bot_role, allow=discord.Permissions(send_messages=True).value)
    await fake.world.wait_until(lambda: seen.permissions_for(seen.guild.me).send_messages,
                                timeout=2, what="CHANNEL_UPDATE")
    await seen.send("text goes now")
    with pytest.raises(discord.Forbidden):                   # the member deny still holds
        await seen.send("map", file=discord.File(io.BytesIO(tiny_png()), "map.png"))
    with pytest.raises(FakeDiscordError, match="may not write"):
        await fake.post_in_channel(player, channel, "hello")
    interaction = await fake.invoke(player, guild, channel, "game", "join",
                                    options={"power": "Russia"})
    await fake.wait_for_response(interaction, lambda r: r.kind == "followup")
    answers = fake.responses_to(interaction)   # interaction answers need no channel rights
    assert answers[0].ephemeral and answers[1].files[0][0] == "board.png"
