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


async def test_commands_are_described_in_italian_and_dutch(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path):
        game = next(c for c in fake_discord.commands["global"] if c["name"] == "game")
        join = next(o for o in game["options"] if o["name"] == "join")
        assert join["description_localizations"]["it"] == (
            "Iscriviti a una partita non ancora iniziata")
        assert join["description_localizations"]["nl"] == (
            "Doe mee aan een spel dat nog niet begonnen is")
        # names too (docs/bot.md): Discord shows them, the interaction carries the English
        assert join["name_localizations"] == {"it": "iscriviti", "nl": "meedoen"}
