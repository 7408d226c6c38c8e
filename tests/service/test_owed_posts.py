"""Every post and private message goes through the outbox (issue 27): a moderator's post that
Discord answers with a 503 is kept and posted at the next try, in its place among the
channel's posts; fault reports reach every moderator of the game (its creator and the
server's moderator role); a game named like another running game of its channel is asked to
confirm."""

from __future__ import annotations

import pytest

from service.errors import NeedsConfirmation
from service.games.lookalike import fold, looks_like
from service.notices.notifier import MemoryNotifier
from service.notices.outbox import MAX_BACKOFF
from tests.service.conftest import CHANNEL, MODERATOR, start_game


class Unavailable(MemoryNotifier):
    """Answers the next `fails` channel posts with a 503 (transient)."""

    def __init__(self) -> None:
        super().__init__()
        self.fails = 0
        self.tries: list[str] = []

    async def post(self, channel_id, message) -> None:
        self.tries.append(message.key)
        if self.fails > 0:
            self.fails -= 1
            raise RuntimeError("503 Service Unavailable")
        await super().post(channel_id, message)


async def test_a_moderators_post_refused_with_a_503_is_kept_and_posted_later(
        open_service, clock):
    flaky = Unavailable()
    async with open_service(notifier=flaky) as service:
        game = await start_game(service)
        flaky.fails = 1
        view = await service.moderation.pause(game.id, MODERATOR)      # the action itself is done
        assert view.status == "paused"
        assert flaky.posted("moderation.pause") == []
        assert await service.outbox.owed_waiting() == 1
        # a later post to the same channel waits behind it (owed order)
        await service.moderation.resume(game.id, MODERATOR)
        assert flaky.posted("moderation.resume") == []
        clock.advance(MAX_BACKOFF)
        await service.deadlines.run_due()
        keys = [m.key for m in flaky.posted() if m.key.startswith("moderation.")]
        assert keys == ["moderation.pause", "moderation.resume"]
        [paused] = flaky.posted("moderation.pause")
        assert paused.params["actor_id"] == MODERATOR
        assert await service.outbox.owed_waiting() == 0


async def test_a_moderators_post_is_posted_once_when_discord_takes_it(service, notifier):
    game = await start_game(service)
    await service.moderation.pause(game.id, MODERATOR)
    await service.deadlines.run_due()
    assert len(notifier.posted("moderation.pause")) == 1
    assert await service.outbox.owed_waiting() == 0


# -- fault reports reach every moderator -----------------------------------------------------
GUILD, ROLE = 77, 880


async def test_fault_reports_go_to_the_creator_and_the_moderator_role(
        open_service, notifier):
    notifier.roles[(GUILD, ROLE)] = [MODERATOR, 901, 902]    # the creator holds it too
    async with open_service() as service:
        await service.preferences.set_moderator_role(GUILD, ROLE)
        game = await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR,
                                         name="Faulty", guild_id=GUILD)
        await service.faults._tell_fault(game.id, None, "adjudicate", 60.0)
        told = {u for u, m in notifier.private if m.key == "game.fault.adjudicate"}
        assert told == {MODERATOR, 901, 902}
        assert len(notifier.sent_to(MODERATOR, "game.fault.adjudicate")) == 1


async def test_without_a_moderator_role_only_the_creator_hears_of_a_fault(
        open_service, notifier):
    notifier.roles[(GUILD, ROLE)] = [901]
    async with open_service() as service:
        game = await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR,
                                         name="Faulty", guild_id=GUILD)   # no /mod role set
        await service.faults._tell_fault(game.id, None, "announce", 60.0)
        told = [u for u, m in notifier.private if m.key == "game.fault.announce"]
        assert told == [MODERATOR]


# -- look-alike names --------------------------------------------------------------------------
@pytest.mark.parametrize("other", [
    "spring league", "SPRING  LEAGUE", "Sprïng Léague", "Spring-League!",
    "Sprіng Lеague",                       # a Cyrillic і and е
    "ＳＰＲＩＮＧ ＬＥＡＧＵＥ",               # full-width
    "Spring Leag\u200bue",                 # a zero-width space inside
])
def test_names_that_look_alike_fold_alike(other):
    assert fold(other) == fold("Spring League")


@pytest.mark.parametrize("other", ["Spring League 2", "Autumn League", "Spring Cup"])
def test_names_that_differ_are_told_apart(other):
    assert looks_like(other, ["Spring League"]) is None


async def test_a_name_like_a_running_game_of_the_channel_is_asked_to_confirm(service):
    first = await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR,
                                      name="Spring League")
    with pytest.raises(NeedsConfirmation) as asked:
        await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR,
                                  name="Sprіng league")
    assert asked.value.key == "game.name_lookalike"
    assert asked.value.params == {"name": "Sprіng league", "game": "Spring League"}
    assert [g.id for g in await service.games.in_channel(CHANNEL)] == [first.id]
    second = await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR,
                                       name="Sprіng league", confirmed=True)
    assert second.name == "Sprіng league"
    # another channel, or a name that differs: no question
    await service.games.create(channel_id=CHANNEL + 1, moderator_id=MODERATOR,
                              name="Spring League")
    await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR, name="Autumn")


async def test_a_finished_games_name_may_be_used_again(service):
    game = await start_game(service)
    await service.moderation.end_game(game.id, MODERATOR, "over")
    again = await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR,
                                      name=" test  GAME ")
    assert again.name == "test GAME"


# -- nothing sends past the outbox ---------------------------------------------------------------
def test_only_the_outbox_and_the_results_call_the_notifier():
    """Every post and private message is owed (`post`, `tell`, `owe_*`): the notifier is
    called only where the outbox delivers, where a deleted game says its last word, and for
    a phase's results (which keep their own claim and retry, service/notices/announcing.py)."""
    import ast
    from pathlib import Path

    import service
    calls = set()
    for path in Path(service.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.AsyncFunctionDef | ast.FunctionDef):
                continue
            for node in ast.walk(function):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr in ("post", "send_private")
                        and isinstance(node.func.value, ast.Attribute)
                        and node.func.value.attr == "notifier"):
                    calls.add((path.name, function.name, node.func.attr))
    assert calls == {("outbox.py", "_deliver", "post"),
                     ("outbox.py", "_deliver", "send_private"),
                     ("outbox.py", "post_deleted", "post"),
                     ("announcing.py", "_announce", "post")}
