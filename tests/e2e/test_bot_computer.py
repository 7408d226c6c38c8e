"""The computer player through Discord: a moderator seats it at a power with `/mod computer`,
`/game status` marks the seat, and when the deadline passes the results name the power it
played, with no moderator action in between."""

from __future__ import annotations

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
        await table.pass_deadline(25)
        results = await table.channel_message(
            lambda m: not m.ephemeral and "🤖 Played by the computer: France" in m.content,
            timeout=60)
        print(f"\n--- results ---\n{results.content[-300:]}")
        heading = next(line for line in results.content.splitlines()
                       if line.startswith("**France**"))
        assert "civil disorder" not in heading          # its orders came and counted
