"""The check of every REST call against Discord's OpenAPI description (tests/e2e/discord_spec.py,
run on every end-to-end test by the `fake_discord` fixture): what it refuses, the allowances it
makes and no more, and the stand-in's answers of each kind, which it holds to the spec."""

from __future__ import annotations

import aiohttp
import pytest

from tests.e2e.conftest import _WATCH, SpecWatch, _fail
from tests.e2e.discord_spec import Call, DiscordSpec
from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.fakediscord.models import Channel, Guild, Interaction, Member, Message, User
from tests.shared_data import shared_file


@pytest.fixture(scope="module")
def spec() -> DiscordSpec:
    return DiscordSpec.load(shared_file("discord", "openapi.json"))


def call(method: str, path: str, *, query=None, body=None, status: int = 200, answer=None,
         multipart: bool = False, injected: bool = False, served: bool = True) -> Call:
    return Call(method, path, query or {}, body, multipart, status, answer, injected, served)


MARA = User(1234567890123, "Mara", "it")
BOT = User(1234567890124, "Arbitro", bot=True)
GUILD = Guild(1234567890125, "Club", MARA)
GUILD.members[BOT.id] = Member(BOT, GUILD.id)
CHANNEL = Channel(1234567890126, "lepanto", guild_id=GUILD.id)
SELECT = [{"type": 1, "components": [{"type": 3, "custom_id": "pick", "options": [
    {"label": "Lepanto", "value": "1", "emoji": {"id": None, "name": "🎲"}}]}]},
          {"type": 1, "components": [{"type": 2, "style": 1, "custom_id": "seat",
                                      "emoji": {"id": None, "name": "🪑"}}]}]


def message(**fields) -> dict:
    sent = Message(1234567890127, CHANNEL, BOT, "hello", **fields)
    return sent.payload("http://127.0.0.1:1", GUILD)


def get_message(answer: dict) -> Call:
    return call("GET", f"/channels/{CHANNEL.id}/messages/1234567890127", answer=answer)


# -- what it refuses ---------------------------------------------------------------------------

def test_a_user_without_primary_guild_is_refused(spec: DiscordSpec) -> None:
    user = MARA.payload()
    assert spec.problems(call("GET", f"/users/{MARA.id}", answer=user)) == []
    del user["primary_guild"]
    problems = spec.problems(call("GET", f"/users/{MARA.id}", answer=user))
    assert len(problems) == 1 and "'primary_guild' is a required property" in problems[0]
    assert problems[0].startswith(f"GET /users/{MARA.id} -> 200: answer")


def test_routes_parameters_and_bodies_outside_the_spec_are_refused(spec: DiscordSpec) -> None:
    assert "no operation" in spec.problems(call("GET", "/nothing/here"))[0]
    listed = call("GET", f"/channels/{CHANNEL.id}/messages", query={"limit": "5"}, answer=[])
    assert spec.problems(listed) == []
    coloured = call("GET", f"/channels/{CHANNEL.id}/messages",
                    query={"limit": "5", "colour": "red"}, answer=[])
    assert ["query parameter colour is not in the spec" in p
            for p in spec.problems(coloured)] == [True]
    too_many = call("GET", f"/channels/{CHANNEL.id}/messages", query={"limit": "500"}, answer=[])
    assert "query parameter limit: 500 is greater than the maximum of 100" in \
        spec.problems(too_many)[0]
    typed = call("POST", f"/channels/{CHANNEL.id}/messages", body={"content": 5},
                 answer=message())
    assert "request body.content: 5 is not of type 'string'" in spec.problems(typed)[0]
    assert "describes no 500 answer" in spec.problems(
        call("GET", f"/users/{MARA.id}", status=500, answer={"message": "x", "code": 0}))[0]


# -- the allowances, and no more ---------------------------------------------------------------

def test_digit_strings_stand_for_integers(spec: DiscordSpec) -> None:
    body = {"content": "x", "flags": "64"}
    assert spec.problems(call("POST", f"/channels/{CHANNEL.id}/messages", body=body,
                              answer=message())) == []
    body["flags"] = "sixty-four"
    assert "request body.flags" in spec.problems(
        call("POST", f"/channels/{CHANNEL.id}/messages", body=body, answer=message()))[0]


def test_a_digit_nonce_is_the_string_member_of_its_union(spec: DiscordSpec) -> None:
    body = {"content": "x", "nonce": "1442951538372034560",
            "attachments": [{"id": 0, "filename": "map.png"}]}
    assert spec.problems(call("POST", f"/channels/{CHANNEL.id}/messages", body=body,
                              multipart=True, answer=message())) == []


def test_numbers_for_snowflakes_are_allowed_in_requests_only(spec: DiscordSpec) -> None:
    dm = Channel(1234567890128, "", type=1, recipient=MARA).payload()
    assert spec.problems(call("POST", "/users/@me/channels", body={"recipient_id": MARA.id},
                              answer=dm)) == []
    dm["id"] = int(dm["id"])
    problems = spec.problems(call("POST", "/users/@me/channels",
                                  body={"recipient_id": str(MARA.id)}, answer=dm))
    assert len(problems) == 1 and "answer" in problems[0]


@pytest.mark.parametrize(("written", "allowed"), [("true", True), ("1", True), ("false", True),
                                                  ("0", True), ("yes", False), ("2", False)])
def test_booleans_in_query_strings(spec: DiscordSpec, written: str, allowed: bool) -> None:
    callback = call("POST", "/interactions/1234567890129/token/callback",
                    query={"with_response": written}, body={"type": 6}, status=204)
    problems = spec.problems(callback)
    assert (problems == []) is allowed
    assert allowed or "query parameter with_response" in problems[0]


def test_a_request_refused_as_discord_refuses_it_is_no_breach_but_its_answer_is_checked(
        spec: DiscordSpec) -> None:
    refused = {"code": 50035, "message": "Invalid Form Body",
               "errors": {"content": {"_errors": [{"code": 50035, "message": "Too long."}]}}}
    too_long = call("POST", f"/channels/{CHANNEL.id}/messages", body={"content": "x" * 4001},
                    status=400, answer=refused)
    assert spec.problems(too_long) == []
    refused["errors"]["content"]["_errors"][0]["code"] = "BASE_TYPE_MAX_LENGTH"
    problems = spec.problems(too_long)
    assert problems and "answer.errors" in problems[0]
    accepted = call("POST", f"/channels/{CHANNEL.id}/messages", body={"content": "x" * 4001},
                    answer=message())
    assert "request body.content" in spec.problems(accepted)[0]


# -- the stand-in's answers of each kind --------------------------------------------------------

def test_messages_answering_interactions_of_each_kind_conform(spec: DiscordSpec) -> None:
    command = Interaction(1234567890130, "t", 2, MARA, GUILD, CHANNEL, {}, "it",
                          application_id=42)
    clicked_on = Message(1234567890131, CHANNEL, BOT, "menu", components=SELECT)
    click = Interaction(1234567890132, "t", 3, MARA, GUILD, CHANNEL, {}, "it",
                        application_id=42, message=clicked_on)
    modal = Interaction(1234567890133, "t", 5, MARA, None, CHANNEL, {}, "it",
                        application_id=42, trigger=click)
    for interaction in (command, click, modal):
        answer = message(interaction=interaction, components=SELECT, reference_id=5)
        assert spec.problems(get_message(answer)) == [], interaction.type
    metadata = modal.metadata()
    assert metadata["authorizing_integration_owners"] == {"0": "0"}
    assert metadata["triggering_interaction_metadata"]["interacted_message_id"] == \
        str(clicked_on.id)
    answer = message(components=SELECT)
    assert answer["components"][0]["id"] == 1 and answer["components"][0]["components"][0][
        "id"] == 2
    assert answer["components"][1]["components"][0]["emoji"] == {"name": "🪑"}
    del answer["components"][0]["id"]
    assert "answer.components[0]" in spec.problems(get_message(answer))[0]


async def test_the_fixture_finds_a_call_the_spec_does_not_allow(
        fake_discord: FakeDiscord, request: pytest.FixtureRequest) -> None:
    guild = fake_discord.add_guild("Club")
    channel = fake_discord.add_channel(guild, "lepanto")
    watch: SpecWatch = request.node.stash[_WATCH]
    async with aiohttp.ClientSession(
            headers={"Authorization": f"Bot {fake_discord.token}"}) as session:
        async with session.get(f"{fake_discord.api_base}/channels/{channel.id}/messages",
                               params={"limit": "5"}) as listed:
            assert listed.status == 200
        assert watch.new_problems() == []
        async with session.get(f"{fake_discord.api_base}/channels/{channel.id}/messages",
                               params={"colour": "red"}) as coloured:
            assert coloured.status == 200
    problems = watch.new_problems()   # (taken here: this test itself stays green)
    assert len(problems) == 1 and "colour" in problems[0]
    with pytest.raises(pytest.fail.Exception, match=r"1 REST call\(s\) of this test do not "
                                                    r"conform(?s:.*)colour"):
        _fail(problems, "of this test")


async def test_every_route_the_stand_in_serves_answers_as_the_spec_says(
        fake_discord: FakeDiscord, request: pytest.FixtureRequest) -> None:
    """Each REST route of the stand-in called once with a request the spec allows, including
    those the bot does not use yet: every answer conforms (checked by the fixture; taken
    here to name them all at once)."""
    fake = fake_discord
    guild = fake.add_guild("Club")
    channel = fake.add_channel(guild, "lepanto")
    mara = fake.add_user("Mara", locale="it")
    fake.add_member(guild, mara, manage_guild=True)
    fake.set_overwrite(channel, mara, allow=1 << 10)
    app = fake.application_id
    base = fake.api_base
    commands = [{"name": "game", "description": "Play", "type": 1,
                 "default_member_permissions": "32", "contexts": [0, 1],
                 "options": [{"type": 3, "name": "power", "description": "Which power",
                              "required": True, "autocomplete": True}]}]
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {fake.token}"}) as s:
        async def go(method: str, path: str, **kwargs) -> object:
            async with s.request(method, base + path, **kwargs) as answer:
                assert answer.status < 300, (method, path, answer.status, await answer.text())
                return await answer.json() if answer.status != 204 else None
        for path in ("/gateway", "/gateway/bot", "/users/@me", f"/users/{mara.id}",
                     "/users/@me/guilds", "/oauth2/applications/@me", "/applications/@me",
                     f"/channels/{channel.id}", f"/guilds/{guild.id}",
                     f"/guilds/{guild.id}/channels", f"/guilds/{guild.id}/roles",
                     f"/guilds/{guild.id}/members/{mara.id}"):
            await go("GET", path)
        await go("GET", f"/guilds/{guild.id}/members", params={"limit": "10"})
        await go("PUT", f"/applications/{app}/commands", json=commands)
        await go("PUT", f"/applications/{app}/guilds/{guild.id}/commands", json=commands)
        listed = await go("GET", f"/applications/{app}/commands")
        await go("GET", f"/applications/{app}/commands/{listed[0]['id']}")
        await go("POST", f"/applications/{app}/commands", json=commands[0])
        await go("GET", f"/applications/{app}/guilds/{guild.id}/commands/permissions")
        await go("DELETE", f"/applications/{app}/commands/{listed[0]['id']}")
        dm = await go("POST", "/users/@me/channels", json={"recipient_id": str(mara.id)})
        posted = await go("POST", f"/channels/{channel.id}/messages", json={
            "content": "hello", "components": SELECT,
            "embeds": [{"title": "Lepanto", "fields": [{"name": "a", "value": "b"}]}]})
        await go("POST", f"/channels/{dm['id']}/messages", json={
            "content": "again", "message_reference": {"message_id": posted["id"]}})
        await go("GET", f"/channels/{channel.id}/messages", params={"limit": "5"})
        await go("GET", f"/channels/{channel.id}/messages/{posted['id']}")
        await go("PATCH", f"/channels/{channel.id}/messages/{posted['id']}",
                 json={"content": "edited"})
        await go("POST", f"/channels/{channel.id}/typing")
        await go("PUT", f"/channels/{channel.id}/messages/{posted['id']}/reactions/%E2%9C%85/@me")
        await go("DELETE",
                 f"/channels/{channel.id}/messages/{posted['id']}/reactions/%E2%9C%85/@me")
        await go("DELETE", f"/channels/{channel.id}/messages/{posted['id']}")
    watch: SpecWatch = request.node.stash[_WATCH]
    problems = watch.new_problems()
    assert problems == [], "\n".join(problems)
