"""Fixtures for the end-to-end tests: a fresh local Discord stand-in per test, with every REST
call of the test (the bot's request and the stand-in's answer) checked against Discord's OpenAPI
description (`../shared/discord/openapi.json`, see tests/e2e/discord_spec.py).

A call the spec does not allow fails the test that made it: after the test's body (the test
fails, naming each call and what is wrong), and for calls made while fixtures close (the bot
shutting down) at teardown. Every test that uses `fake_discord`, directly or through another
fixture, is checked; nothing to add on the test's side.
"""

from __future__ import annotations

import warnings
from collections.abc import AsyncIterator

import pytest

from tests.e2e.discord_spec import Call, DiscordSpec
from tests.e2e.fakediscord import FakeDiscord
from tests.shared_data import shared_dir


class SpecWatch:
    """The calls of one stand-in not yet checked against the spec."""

    def __init__(self, fake: FakeDiscord, spec: DiscordSpec) -> None:
        self.fake = fake
        self.spec = spec
        self.checked = 0

    def new_problems(self) -> list[str]:
        requests = self.fake.requests[self.checked:]
        self.checked += len(requests)
        problems = []
        for r in requests:
            problems += self.spec.problems(Call(r.method, r.path, r.query, r.json, r.multipart,
                                                r.status, r.answer, r.injected, r.matched))
        return problems


_WATCH = pytest.StashKey[SpecWatch]()


def _spec() -> DiscordSpec | None:
    base = shared_dir()
    path = base / "discord" / "openapi.json" if base else None
    if path is None or not path.exists():
        warnings.warn("../shared/discord/openapi.json not found: the stand-in's REST calls "
                      "are not checked against Discord's OpenAPI description", stacklevel=2)
        return None
    return DiscordSpec.load(path)


def _fail(problems: list[str], when: str) -> None:
    shown = "\n  ".join(problems[:20])
    more = f"\n  ... and {len(problems) - 20} more" if len(problems) > 20 else ""
    pytest.fail(f"{len(problems)} REST call(s) {when} do not conform to Discord's OpenAPI "
                f"description:\n  {shown}{more}", pytrace=False)


@pytest.fixture
async def fake_discord(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    """The stand-in; a test may configure it through indirect parametrisation, e.g.
    `@pytest.mark.parametrize("fake_discord", [{"shard_count": 2}], indirect=True)`."""
    spec = _spec()
    async with FakeDiscord(**getattr(request, "param", {})) as fake:
        watch = SpecWatch(fake, spec) if spec else None
        if watch:
            request.node.stash[_WATCH] = watch
        yield fake
    if watch and (problems := watch.new_problems()):
        _fail(problems, "made while the test's fixtures closed")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    result = yield   # a test that failed on its own stays failed as it is
    watch = item.stash.get(_WATCH, None)
    if watch is not None and (problems := watch.new_problems()):
        _fail(problems, "of this test")
    return result
