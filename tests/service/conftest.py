"""Fixtures for the game service: a real database per test with the real migrations (every
test that uses the service runs twice: on a SQLite file, and on the session's PostgreSQL
server), a clock that moves only when told, and a notifier that remembers everything.

A module whose tests are about SQLite's files (backups, restores, pragmas) says
`pytestmark = pytest.mark.sqlite_only`."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest

from engine.vocabulary import Power
from service.game_service import GameService
from service.maps.images import stand_in_png
from service.models import GameSettings, GameView
from service.notices.notifier import MemoryNotifier
from service.timing.clock import ManualClock

MODERATOR = 900
CHANNEL = 500


class RecordingRenderer:
    """A real PNG (the stand-in) and a record of what each call asked to draw."""

    def __init__(self) -> None:
        self.calls: list[dict] = []

    def __call__(self, position, **kwargs) -> bytes:
        self.calls.append({"position": position, **kwargs})
        return stand_in_png(position, **kwargs)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def notifier() -> MemoryNotifier:
    return MemoryNotifier()


@pytest.fixture
def renderer() -> RecordingRenderer:
    return RecordingRenderer()


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "sqlite_only: the test is about SQLite files; it runs "
                            "on SQLite only")


def pytest_generate_tests(metafunc) -> None:
    if "db_kind" in metafunc.fixturenames:
        kinds = ["sqlite"] if metafunc.definition.get_closest_marker("sqlite_only") \
            else ["sqlite", "postgresql"]
        metafunc.parametrize("db_kind", kinds)


@pytest.fixture
def db_path(db_kind: str, tmp_path: Path, request) -> Path | str:
    """Where the test's service keeps its games: a new SQLite file, or the session's
    PostgreSQL database, emptied."""
    if db_kind == "postgresql":
        return request.getfixturevalue("postgres_url")
    return tmp_path / "arbitro.sqlite"


@pytest.fixture
def open_service(db_path, notifier, clock, renderer):
    """`open_service()` opens a service on the test's database, clock and renderer, without
    the scheduler; as a process would, so a test may open several, in turn or at once.
    `notifier=` replaces the test's notifier (one that fails, refuses or holds posts)."""
    def opened(notifier=notifier):
        return GameService.open(db_path, notifier=notifier, clock=clock, renderer=renderer,
                                scheduler=False)
    return opened


@pytest.fixture
async def service(open_service) -> AsyncIterator[GameService]:
    async with open_service() as svc:
        yield svc


@dataclass
class Started:
    view: GameView
    user: dict[Power, int]      # who plays each power

    @property
    def id(self) -> int:
        return self.view.id


async def start_game(service: GameService, *, players: int = 7, seed: int = 1,
                     name: str = "Test game", channel: int = CHANNEL,
                     **settings) -> Started:
    """A started game whose users are 1..players (plus an offset per game, so two games
    never share users)."""
    game = await service.games.create(channel_id=channel, moderator_id=MODERATOR, name=name,
                                     settings=GameSettings(players=players, **settings))
    base = game.id * 100
    for user in range(base + 1, base + 1 + players):
        await service.games.join(game.id, user)
    view = await service.games.start(game.id, MODERATOR, seed=seed)
    return Started(view, {s.power: s.user_id for s in view.seats})


DAY = timedelta(hours=24)
