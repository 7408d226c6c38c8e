"""A Chaos game through Discord: 34 players, one power per centre of the classic board (named
after it, "St Petersburg" among them), Winter 1900 builds by DM in English, Italian and Dutch,
Spring 1901's orders, and the results posted with the map."""

from __future__ import annotations

from engine.variants import board_of
from tests.e2e.harness import arbitro_bot, confirm, delivered

LOCALES = ("en-US", "it", "nl")
# (power, its build as shown, the build in English, Italian, Dutch): three players followed
BUILDS = {"Paris": ("A PAR B", "build A Paris", "costruisci A Parigi", "bouw A Parijs"),
          "St Petersburg": ("F STP/SC B", "build F St Petersburg south coast",
                            "costruisci F San Pietroburgo costa sud",
                            "bouw F Sint-Petersburg zuidkust"),
          "Vienna": ("A VIE B", "build A Vienna", "costruisci A Vienna", "bouw A Wenen")}


async def _chaos_game(fake, table):
    """A Chaos game with its 34 players joined: (moderator, {power: the player meant for it})."""
    powers = [p.value for p in board_of("chaos").powers]
    assert len(powers) == 34 and "St Petersburg" in powers
    mod = fake.add_user("Mara", locale="en-US")
    fake.add_member(table.guild, mod, manage_guild=True)
    users = {}
    for i, power in enumerate(powers):
        users[power] = fake.add_user(f"P{i}", locale=LOCALES[i % 3])
        fake.add_member(table.guild, users[power])
    created = await table.run("mod", "create", user=mod, options={
        "name": "Babel", "variant": "chaos"})
    assert "Babel" in created.content
    for user in users.values():
        assert "Babel" in (await table.run("game", "join", user=user)).content
    return mod, users


async def test_a_chaos_game_started_by_lot(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        mod, users = await _chaos_game(fake_discord, table)
        started = await table.run("mod", "start", user=mod)
        assert "Babel" in started.content
        view = await table.bot.service.games.status(1)
        assert view.phase == "W1900A"
        assert sorted(s.power.value for s in view.seats) == sorted(users)
        assert {s.user_id for s in view.seats} == {u.id for u in users.values()}
        # each player is told their power, in their language
        seat = next(s for s in view.seats if s.power.value == "St Petersburg")
        told = await fake_discord.wait_for_dm(
            next(u for u in users.values() if u.id == seat.user_id),
            lambda m: "Babel" in m.content)
        assert any(n in told.content for n in ("St Petersburg", "San Pietroburgo",
                                                 "Sint-Petersburg"))


async def test_a_chaos_game_with_34_players(fake_discord, tmp_path):
    fake = fake_discord
    powers = [p.value for p in board_of("chaos").powers]
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await _chaos_game(fake, table)
        # the game's powers are offered where a list of powers is typed
        offered = await fake.autocomplete(mod, table.guild, table.channel, "mod", "draw",
                                          focused="powers", options={"powers": "Paris, St P"})
        assert [o["value"] for o in offered] == ["Paris, St Petersburg"]
        assignments = ", ".join(f"{p} <@{u.id}>" for p, u in users.items())
        started = await table.run("mod", "start", user=mod,
                                  options={"assignments": assignments})
        assert "Babel" in started.content
        await delivered(table)

        # builds by DM in three languages, each player in theirs
        languages = set()
        for power, (shown, *by_language) in BUILDS.items():
            lang = powers.index(power) % 3
            languages.add(lang)
            reply = await table.dm(users[power], by_language[lang])
            assert f"✅ `{shown}`" in reply.content, reply.content
        assert languages == {0, 1, 2}
        before = table.last_in_channel()
        await _process(table, mod)
        await table.channel_message(
            lambda m: not m.ephemeral and "Babel" in m.content and "1900" in m.content,
            after=before)

        # Spring 1901: the units built move
        reply = await table.dm(users["Paris"], ["A Paris - Burgundy", "A Parigi - Borgogna",
                                                "A Parijs - Bourgondië"][
                                                    powers.index("Paris") % 3])
        assert "`A PAR - BUR`" in reply.content
        reply = await table.dm(users["Vienna"], ["A Vienna - Tyrolia", "A Vienna - Tirolo",
                                                 "A Wenen - Tirol"][powers.index("Vienna") % 3])
        assert "`A VIE - TYR`" in reply.content
        before = table.last_in_channel()
        await _process(table, mod)
        results = await table.channel_message(
            lambda m: not m.ephemeral and "Babel" in m.content and "`A PAR - BUR`" in m.content,
            after=before)
        assert "`A VIE - TYR`" in results.content
        with_map = results if results.files else await table.channel_message(
            lambda m: bool(m.files), after=before)
        name, png = with_map.files[0]
        assert png[:8] == b"\x89PNG\r\n\x1a\n"

        # the moderator ends it in a draw between two powers, one named with a space
        asked = await table.run("mod", "draw", user=mod,
                                options={"powers": "Paris, St Petersburg"})
        assert "between Paris, St Petersburg?" in asked.content
        done = await confirm(table, mod, asked)
        assert "ended in a draw" in done.content
        assert (await table.bot.service.games.status(1)).status == "finished"


async def _process(table, mod) -> None:
    """/mod process, going ahead: the question naming 31 powers without builds is long
    enough to be sent in two messages, the buttons under the last."""
    before = table.last_in_channel()
    await table.run("mod", "process", user=mod)
    asked = await table.channel_message(lambda m: m.ephemeral and bool(m.custom_ids()),
                                        after=before)
    click = await table.fake.click(mod, asked, asked.custom_ids()[0])
    await table.fake.wait_for_response(click, lambda r: r.kind == "followup", timeout=20)
    await delivered(table)      # the next phase's notices, before a player's next DM
