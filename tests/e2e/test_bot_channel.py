"""What the game channel receives: in the server's language, within Discord's limits."""

from __future__ import annotations

from service.notices.notifier import Message
from tests.e2e.harness import PNG, arbitro_bot, process_now, seat_everyone


async def test_a_game_created_in_italian_reads_its_results_in_italian(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        # an English-speaking moderator on an English server chooses Italian for the game
        mod, users = await seat_everyone(fake_discord, table, options={"language": "it"})
        await table.dm(users["France"], "A Parigi - Borgogna")
        await process_now(table, mod)
        results = await table.channel_message(lambda m: "risultati di Primavera 1901" in m.content)
        text = "\n".join(m.content for m in fake_discord.messages_in(table.channel)
                         if m.id >= results.id)
        assert "**Francia**" in text and "`A PAR - BUR` — riuscito" in text
        assert "**Russia** — *sommossa* (nessun ordine ricevuto)" in text
        assert "Prossima fase: Autunno 1901, movimenti" in text


async def test_long_results_are_split_never_cut_and_the_map_comes_last(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        rows = [{"power": power, "order": f"A X{i:02d} H", "status": "succeeds", "reason": None,
                 "province": None}
                for power in ("Austria", "England", "France", "Germany", "Italy", "Russia",
                              "Turkey") for i in range(40)]
        png = PNG + b"\0" * 100
        await table.bot.service.notifier.post(table.channel.id, Message(
            "phase.results", "(English text)", {
                "game": "Big", "phase": "F1910M", "results": rows, "civil_disorder": [],
                "dislodged": [], "supply_centers": None, "next_phase": "W1910A",
                "next_deadline": None, "outcome": None}, png, "big.png"))
        posted = [m for m in fake_discord.messages_in(table.channel) if not m.ephemeral]
        assert len(posted) >= 3
        assert all(len(m.content) <= 2000 for m in posted)
        text = "\n".join(m.content for m in posted)
        assert all(f"`A X{i:02d} H`" in text for i in range(40))
        assert text.count("— succeeds") == len(rows)
        assert [m.files for m in posted[:-1]] == [[]] * (len(posted) - 1)
        assert posted[-1].files == [("big.png", png)]


async def test_victory_is_announced_and_the_game_ends(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod = fake.add_user("Mara")
        fake.add_member(table.guild, mod, manage_guild=True)
        await table.run("mod", "create", user=mod, options={"name": "Sprint",
                                                            "victory_centres": 5})
        players = [fake.add_user(f"player{i}") for i in range(7)]
        for user in players:
            fake.add_member(table.guild, user)
            await table.run("game", "join", user=user)
        powers = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
        await table.run("mod", "start", user=mod, options={"assignments": ", ".join(
            f"{p} <@{u.id}>" for p, u in zip(powers, players, strict=True))})
        turkey = players[-1]
        await table.dm(turkey, "A CON - BUL\nF ANK - BLA")
        await process_now(table, mod)
        await table.channel_message(lambda m: "results of Spring 1901" in m.content)
        await table.dm(turkey, "A BUL H\nF BLA - RUM")     # five centres: the target
        await process_now(table, mod)
        won = await table.channel_message(lambda m: "victory for Turkey" in m.content)
        assert won.content.startswith("🏆") or "🏆" in won.content
        status = await table.run("game", "status", user=turkey)
        assert "finished" in status.content
        late = await table.dm(turkey, "A BUL - SER")
        assert "not playing in any game" in late.content
