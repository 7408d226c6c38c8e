"""The computer player through Discord: a moderator seats it at a power with `/mod computer`,
`/game status` marks the seat, and when the deadline passes the results name the power it
played, with no moderator action in between."""

from __future__ import annotations

import asyncio

from tests.e2e.harness import arbitro_bot, seat_everyone


async def test_a_seat_given_to_the_computer_is_played_and_marked(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        answer = await table.run("mod", "computer", user=mod, options={"power": "France"})
        print(f"\n--- /mod computer ---\n{answer.content}")
        assert "The computer plays **France** in **Lepanto**" in answer.content
        status = await table.run("game", "status", user=users["England"])
        france = next(line for line in status.content.splitlines() if "France" in line)
        assert "🤖 played by the computer" in france
        assert users["France"].mention not in status.content
        none_yet = await table.run("mod", "computer_orders", user=mod)
        assert "the computer has given no orders in this phase" in none_yet.content
        await table.pass_deadline(23.9)          # 6 minutes before the deadline: it orders
        for _ in range(200):
            if await table.bot.service.computer.given(1):
                break
            await asyncio.sleep(0.1)
        shown = await table.run("mod", "computer_orders", user=mod)
        print(f"\n--- /mod computer_orders ---\n{shown.content}")
        assert "**France**" in shown.content and "`A PAR" in shown.content and shown.ephemeral
        refused = await table.run("mod", "computer_orders", user=users["England"], granted=True)
        assert "`A PAR" not in refused.content             # a player never sees them
        await table.pass_deadline(1)
        results = await table.channel_message(
            lambda m: not m.ephemeral and "🤖 Played by the computer: France" in m.content,
            timeout=60)
        print(f"\n--- results ---\n{results.content[-300:]}")
        heading = next(line for line in results.content.splitlines()
                       if line.startswith("**France**"))
        assert "civil disorder" not in heading          # its orders came and counted


async def _phase_after(table, game_id: int, phase: str, timeout: float = 60) -> str:
    """The game's phase once it is no longer `phase` (the bot's tick processes it)."""
    for _ in range(int(timeout / 0.1)):
        now = (await table.bot.service.games.status(game_id)).phase
        if now != phase:
            return now
        await asyncio.sleep(0.1)
    raise AssertionError(f"still {phase} after {timeout} s")


async def test_three_players_and_four_computers_play_a_year_with_no_moderator(fake_discord,
                                                                              tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod = fake.add_user("Mara")
        fake.add_member(table.guild, mod, manage_guild=True)
        created = await table.run("mod", "create", user=mod, options={
            "name": "Trio", "movement_hours": 24.0, "computer": True})
        print(f"\n--- /mod create computer: ---\n{created.content}")
        assert "the computer takes the seats nobody joined for" in created.content
        humans = [fake.add_user(name) for name in ("Ann", "Ben", "Cid")]
        for user in humans:
            fake.add_member(table.guild, user)
            await table.run("game", "join", user=user)
        started = await table.run("mod", "start", user=mod)
        assert "Trio" in started.content
        [game] = await table.bot.service.games.in_channel(table.channel.id)
        view = await table.bot.service.games.status(game.id)
        assert sum(s.computer for s in view.seats) == 4
        assert {s.user_id for s in view.seats if not s.computer} == {u.id for u in humans}
        # from here on no moderator: the humans hold, the clock passes, the bot does the rest
        phase = view.phase
        while phase != "S1902M":
            view = await table.bot.service.games.status(game.id)
            for seat in view.seats:
                if seat.user_id is not None and seat.needs_orders and phase.endswith("M"):
                    await table.dm(fake.world.users[seat.user_id], "hold all")
            await table.pass_deadline(25)
            phase = await _phase_after(table, game.id, phase)
        for report in await table.bot.service.history.phases(game.id):
            assert not {s.power for s in view.seats if s.computer} & set(report.civil_disorder)
        results = [m for m in fake.messages_in(table.channel)
                   if "🤖 Played by the computer:" in m.content]
        assert len(results) >= 2                          # Spring and Fall at least


async def test_an_abandoned_seat_is_played_by_the_computer_then_claimed(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table, options={"abandon_after": 1})
        answer = await table.run("mod", "settings", user=mod, options={
            "setting": "computer_abandoned", "value": "yes"})
        print(f"\n--- computer_abandoned ---\n{answer.content}")
        holds = (("England", "F LON H"), ("France", "A PAR H"), ("Germany", "A BER H"),
                 ("Austria", "A VIE H"), ("Russia", "A MOS H"), ("Turkey", "A CON H"))
        for power, order in holds:
            await table.dm(users[power], order)
        await table.pass_deadline(25)          # Italy sends nothing: its seat is abandoned
        post = await table.channel_message(lambda m: any(
            c.startswith("arbitro:claim:") for c in m.custom_ids()), timeout=30)
        [game] = await table.bot.service.games.in_channel(table.channel.id)
        assert (await table.bot.service.games.status(game.id)).phase == "F1901M"
        for power, order in holds:
            await table.dm(users[power], order)
        await table.pass_deadline(25)          # the computer gives Italy's orders of the Fall
        fall = await table.channel_message(
            lambda m: not m.ephemeral and "🤖 Played by the computer: Italy" in m.content,
            timeout=60)
        italy = next(line for line in fall.content.splitlines() if line.startswith("**Italy**"))
        assert "civil disorder" not in italy
        # a newcomer claims the seat with the button, the moderator approves
        nico = fake.add_user("Nico")
        fake.add_member(table.guild, nico)
        click = await fake.click(nico, post, post.custom_ids()[0])
        await fake.wait_for_response(click, lambda r: r.kind == "followup", timeout=20)
        asked = await fake.wait_for_dm(mod, lambda m: "🙋" in m.content, timeout=20)
        approve = next(c for c in asked.custom_ids() if ":approve:" in c)
        click = await fake.click(mod, asked, approve)
        await fake.wait_for_response(click, lambda r: r.kind == "edit", timeout=20)
        view = await table.bot.service.games.status(game.id)
        seat = next(s for s in view.seats if s.power.value == "Italy")
        assert seat.user_id == nico.id and not seat.computer
        assert await table.bot.service.computer.powers(game.id) == []
        status = await table.run("game", "status", user=users["England"])
        line = next(x for x in status.content.splitlines() if "Italy" in x)
        assert nico.mention in line and "🤖" not in line
