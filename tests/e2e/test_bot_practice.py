"""A solo practice game through Discord (`/practice`): a player starts one in a private
message, the computer plays the six other powers, the player's orders and `/orders ready` have
the phase processed at once, the results come to the player's private messages (nothing in any
server channel), and `/practice end` ends it."""

from __future__ import annotations

from tests.e2e.harness import arbitro_bot


async def test_a_practice_game_runs_in_the_players_private_messages(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        player = fake.add_user("Solo", locale="it")
        started = await table.run("practice", "start", user=player, dm=True,
                                  options={"power": "Germania"})
        print(f"\n--- /practice start ---\n{started.content}")
        assert "giochi **Germania**" in started.content
        [game] = await table.bot.service.games.of_user(player.id)
        assert game.name == "Allenamento"
        reply = await table.dm(player, "A BER - KIE\nA MUN - RUH\nF KIE - DEN")
        print(f"\n--- orders ---\n{reply.content[:300]}")
        ready = await table.run("ready", user=player, dm=True)
        print(f"\n--- ready ---\n{ready.content[:300]}")
        results = await fake.wait_for_dm(
            player, lambda m: "🤖 Giocate dal computer:" in m.content and not m.ephemeral,
            timeout=60)
        print(f"\n--- results ---\n{results.content[-400:]}")
        played = results.content.split("🤖 Giocate dal computer:")[1]
        for power in ("Austria", "Inghilterra", "Francia", "Italia", "Russia", "Turchia"):
            assert power in played
        assert "Germania" not in played
        germany = next(line for line in results.content.splitlines()
                       if line.startswith("**Germania**"))
        assert "sommossa" not in germany
        assert fake.messages_in(table.channel) == []       # nothing in the server's channel
        again = await table.run("practice", "start", user=player, dm=True)
        assert "Hai già una partita di allenamento" in again.content
        ended = await table.run("practice", "end", user=player, dm=True)
        assert "finita" in ended.content
