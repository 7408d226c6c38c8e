"""A season with phases missed, through the real discord.py client and the stand-in, on an
English server in an English game with players in Italian, Dutch and English: civil disorder
only for a movement phase missed; Germany's lines, all for another power's unit, are "orders
received, none valid"; France's winter builds not given are waived, and nobody is told its
units held (docs/moderation.md, "Missed phases")."""

from __future__ import annotations

from tests.e2e.harness import arbitro_bot, process_now, seat_everyone


async def results_of(table, mod, title):
    """`/mod process`, then the channel's results (every post of them) of the phase."""
    before = table.last_in_channel()
    await process_now(table, mod)
    first = await table.channel_message(lambda m: not m.ephemeral and title in m.content,
                                        after=before)
    await table.channel_message(lambda m: not m.ephemeral and "Next:" in m.content,
                                after=before)
    return "\n".join(m.content for m in table.fake.messages_in(table.channel)
                     if m.id >= first.id and not m.ephemeral)


async def test_a_season_with_builds_waived_and_orders_all_refused(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        francesca, gert, emma = users["France"], users["Germany"], users["England"]

        # Spring: France moves; Germany's only line names England's fleet (refused)
        await table.dm(francesca, "A Par - Bur\nA Mar - Spa\nF Bre - Mao")
        echo = await table.dm(gert, "F Lon - Nth")
        assert "❌" in echo.content
        spring = await results_of(table, mod, "results of Spring 1901")
        assert "**Germany** — orders received, none valid" in spring
        assert "**Germany** — civil disorder" not in spring
        assert "**England** — civil disorder (no orders received)" in spring
        # privately, each in their language: Gert's orders came, none valid (Dutch) ...
        refused = await fake.wait_for_dm(gert, lambda m: "geen enkele was geldig" in m.content)
        assert "je orders voor Duitsland zijn aangekomen" in refused.content
        assert "wanorde" in refused.content and "bleven staan" not in refused.content
        # ... and Emma, who sent nothing, is in civil disorder (English)
        missed = await fake.wait_for_dm(emma, lambda m: "civil disorder" in m.content)
        assert "no orders came from you, so the units of England held" in missed.content

        # Fall: France takes Portugal and Belgium; Germany holds
        await table.dm(francesca, "A Spa - Por\nF Mao H\nA Bur - Bel")
        await table.dm(gert, "A Ber H\nA Mun H\nF Kie H")
        fall = await results_of(table, mod, "results of Fall 1901")
        assert "**Germany** — " not in fall          # ordered: neither refused nor missed
        builds = await fake.wait_for_dm(francesca, lambda m: "costruire" in m.content)
        assert "puoi costruire 2 unità" in builds.content

        # Winter: France sends no builds: waived, said so; no civil disorder, no "held"
        winter = await results_of(table, mod, "results of Winter 1901")
        assert "no builds ordered: 2 builds waived" in winter
        assert "civil disorder" not in winter
        waived = await fake.wait_for_dm(
            francesca, lambda m: "si è rinunciato alle 2 costruzioni" in m.content)
        assert "Inverno 1901" in waived.content and "Non è una *sommossa*" in waived.content
        assert "rimaste ferme" not in waived.content and "sommossa." not in waived.content
        # her /profile counts what happened: two phases on time, one missed, no civil
        # disorder
        profile = await table.run("profile", user=francesca)
        assert "Fasi con ordini in tempo: 2 su 3" in profile.content
        assert "Fasi saltate: 1 (in sommossa 0 volte)" in profile.content
        # Emma missed both movement phases in a row: one spell, in English
        profile = await table.run("profile", user=emma)
        assert "Phases missed: 2 (in civil disorder once)" in profile.content
