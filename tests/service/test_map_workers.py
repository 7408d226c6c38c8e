"""A map worker process that dies (SIGKILL, as the out-of-memory killer would) in the middle
of a burst of announcements: the pool is replaced, the drawings it took down are drawn again,
and every game's results are posted with their map; a map that cannot be drawn at all leaves
its results to go without it, saying so (service/maps/drawing.py `Drawing.draw`,
service/notices/announcing.py). A worker that hangs is stopped after the drawing's time limit,
and the drawing made again in a new pool, or given up on."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from service.game_service import GameService
from tests.service.conftest import DAY, start_game
from tests.service.dying_renderer import DyingRenderer

GAMES = 6


@pytest.fixture
def dying(tmp_path):
    folder = tmp_path / "worker"
    folder.mkdir()
    return DyingRenderer(folder)


async def test_a_worker_killed_mid_burst_is_replaced_and_every_result_is_posted(
        db_path, notifier, clock, dying):
    async with GameService.open(db_path, notifier=notifier, clock=clock, renderer=dying,
                                scheduler=False, render_processes=2) as service:
        games = [await start_game(service, name=f"Game {n}", channel=700 + n)
                 for n in range(GAMES)]
        await service.maps.current(games[0].id)            # the pool is up and drawing
        first_pool = service.drawing._pool
        assert first_pool is not None
        dying.arm(1)                                      # one worker dies in the burst
        clock.advance(DAY)
        assert await service.deadlines.run_due() == GAMES
        for n, game in enumerate(games):
            posted = notifier.posted("phase.results", 700 + n)
            assert [m.params["phase"] for m in posted] == ["S1901M"], game.id
            assert posted[0].image and posted[0].image.startswith(b"\x89PNG")
            assert "map_missing" not in posted[0].params
        assert list(Path(dying.folder).glob("taken-die-0-*")), "no worker was killed"
        assert service.drawing._pool is not None and service.drawing._pool is not first_pool
        # the new pool keeps drawing
        assert (await service.maps.current(games[1].id)).png.startswith(b"\x89PNG")


@pytest.mark.parametrize("hang", [False, True], ids=["dies", "hangs"])
async def test_results_whose_map_cannot_be_drawn_go_without_it(db_path, notifier, clock,
                                                              tmp_path, hang):
    """Every try's worker dies, or hangs past the drawing's time limit."""
    failing = DyingRenderer(tmp_path, always=True, hang=hang)
    async with GameService.open(db_path, notifier=notifier, clock=clock, renderer=failing,
                                scheduler=False, render_processes=1) as service:
        service.drawing.time_limit = 2.0
        game = await start_game(service, channel=801)
        clock.advance(DAY)
        assert await service.deadlines.run_due() == 1
        posted = notifier.posted("phase.results", 801)
        assert len(posted) == 1 and posted[0].image is None
        assert posted[0].params["map_missing"] is True
        assert "could not be drawn" in posted[0].text
        assert (await service.games.status(game.id)).phase == "F1901M"


async def test_a_hung_worker_is_stopped_and_the_map_drawn_again(db_path, notifier, clock,
                                                                tmp_path):
    hanging = DyingRenderer(tmp_path, hang=True)
    async with GameService.open(db_path, notifier=notifier, clock=clock, renderer=hanging,
                                scheduler=False, render_processes=1) as service:
        service.drawing.time_limit = 5.0
        game = await start_game(service, channel=802)
        await service.maps.current(game.id)               # the pool is up and drawing
        first_pool = service.drawing._pool
        workers = list(first_pool._processes.values())
        hanging.arm(1)                                    # the next drawing hangs
        clock.advance(DAY)
        started = time.monotonic()
        assert await service.deadlines.run_due() == 1
        assert time.monotonic() - started < 60            # not the ten minutes it sleeps
        posted = notifier.posted("phase.results", 802)
        assert len(posted) == 1 and posted[0].image.startswith(b"\x89PNG")
        assert "map_missing" not in posted[0].params
        assert list(Path(hanging.folder).glob("taken-die-0-*")), "no drawing hung"
        assert service.drawing._pool is not first_pool
        for worker in workers:                            # the hung worker was ended
            worker.join(timeout=10)
            assert not worker.is_alive()

