"""A draw vote at the table (docs/moderation.md "Draws"), on an en-US server with players in
Italian, Dutch and English: Turkey falls into civil disorder; England proposes a draw and the
other players still playing are told privately, each in their language and without the
proposer's name; two votes do not pass it; the votes of every active power do, and the
channel names who voted and who was not counted."""

from __future__ import annotations

from tests.e2e.harness import announced, arbitro_bot, process_now, seat_everyone

HOLD = {"England": "F LON H", "France": "A PAR H", "Germany": "A BER H", "Italy": "A ROM H",
        "Austria": "A VIE H", "Russia": "A MOS H"}


async def test_a_draw_proposed_told_refused_then_passed(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        for power, order in HOLD.items():                     # Turkey sends nothing
            await table.dm(users[power], order)
        await process_now(table, mod)
        await announced(table, "results of Spring 1901")

        emma = users["England"]
        before = {p: len(fake.dms_to(u)) for p, u in users.items()}
        proposed = await table.run("draw", user=emma, options={"vote": True})
        assert proposed.ephemeral
        assert "Your secret vote for a draw in **Lepanto** is recorded." in proposed.content
        assert ("every power still playing has voted for it: Austria, England, France, "
                "Germany, Italy, Russia.") in proposed.content
        assert "Not voting: Turkey (in civil disorder or without a player); if the draw " \
               "passes, they share it." in proposed.content
        assert "told privately" in proposed.content

        # each other active player is told once, in private, in their language
        told = {}
        for power in ("France", "Germany", "Italy", "Austria", "Russia"):
            told[power] = await fake.wait_for_dm(users[power], lambda m: "🤝" in m.content,
                                                 timeout=20)
        assert "In **Lepanto** è stata proposta una patta." in told["France"].content
        assert "Vota con `/draw`" in told["Italy"].content
        assert "In **Lepanto** is remise voorgesteld." in told["Germany"].content
        assert "Turkije (in wanorde of zonder speler)" in told["Russia"].content
        assert "A draw is proposed in **Lepanto**." in told["Austria"].content
        for message in told.values():             # the proposer is never named
            assert "Emma" not in message.content and str(emma.id) not in message.content
        assert "gestemd: Duitsland, Engeland, Frankrijk, Italië, Oostenrijk, Rusland." in \
            told["Germany"].content    # the rule: every active power, in the reader's order
        assert not [m for m in fake.dms_to(users["Turkey"])[before["Turkey"]:]
                    if "🤝" in m.content]           # in civil disorder: not told
        assert not [m for m in fake.dms_to(emma)[before["England"]:] if "🤝" in m.content]

        # a second vote: two of six, refused (nothing public); a vote against
        second = await table.run("draw", user=users["France"], options={"vote": True})
        assert "Il tuo voto segreto per la patta in **Lepanto** è registrato." in \
            second.content and "La patta è approvata solo se tutte le potenze" in \
            second.content
        against = await table.run("draw", user=users["Russia"], options={"vote": False})
        assert "Je geheime stem tegen remise in **Lepanto** is vastgelegd." in against.content
        assert not [m for m in fake.messages_in(table.channel)
                    if not m.ephemeral and "🤝" in m.content]
        status = await table.run("game", "status", user=users["Austria"])
        assert "**Lepanto** (#1): in play" in status.content      # the game goes on

        # every active power votes for it: the draw passes, with the tally
        for power in ("Germany", "Italy", "Austria", "Russia"):
            answer = await table.run("draw", user=users[power], options={"vote": True})
            assert answer.ephemeral
        assert "Met jouw stem komt de remise er" in answer.content       # Russia's, the last
        post = await announced(table, "🤝")
        assert "**Lepanto**" in post.content
        assert ("a draw between Austria, England, France, Germany, Italy, Russia, Turkey, "
                "voted by every power still playing (Austria, England, France, Germany, "
                "Italy, Russia).") in post.content
        assert "Not counted (in civil disorder or without a player): Turkey." in post.content
        assert "**Supply centres**\nRussia: 4\nAustria: 3" in post.content
        ended = await table.run("game", "status", user=users["Austria"])
        assert "in play" not in ended.content
        for power in ("France", "Germany", "Russia"):             # told once, no more
            assert len([m for m in fake.dms_to(users[power])[before[power]:]
                        if "🤝" in m.content and "Lepanto" in m.content]) == 1
