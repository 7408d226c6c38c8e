"""The bot starts against the stand-in, publishes its commands, and answers."""

from tests.e2e.harness import arbitro_bot


async def test_bot_connects_and_syncs_its_commands(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path):
        names = {c["name"] for c in fake_discord.commands["global"]}
        assert {"game", "orders", "mod", "ready", "draw", "language"} <= names
        mod = next(c for c in fake_discord.commands["global"] if c["name"] == "mod")
        assert {o["name"] for o in mod["options"]} >= {
            "create", "start", "process", "extend", "deadline", "pause", "resume", "replace",
            "remove", "rollback", "end", "role"}
        assert not fake_discord.unexpected_requests()
