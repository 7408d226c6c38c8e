"""A game you can watch again: the animated replay (render level and `arbitro replay` on a real
database filled by the game service) and the supply-centre chart."""

from __future__ import annotations

import asyncio
import io
from datetime import timedelta

import pytest
from PIL import Image

from arbitro.cli import main
from engine import Power, adjudicate
from render.chart import render_chart, yearly_counts
from render.replay import Frame, ReplayTooLarge, render_replay
from service.game_service import GameService
from service.maps.images import stand_in_png
from service.models import GameSettings
from service.notices.notifier import MemoryNotifier
from service.timing.clock import ManualClock
from tests.render.cases import OPENING_ORDERS, cases

FALL = {Power.GERMANY: ["F DEN - SWE"], Power.RUSSIA: ["F BOT - SWE"]}


def three_phases() -> list[Frame]:
    opening = cases()["opening"]
    spring = adjudicate(opening["position"], OPENING_ORDERS, "2023")
    fall = adjudicate(spring.next_position, FALL, "2023")
    return [Frame(opening["position"], opening["results"], frozenset(spring.civil_disorder)),
            Frame(spring.next_position, fall.results),
            Frame(fall.next_position)]


@pytest.mark.parametrize("image_format", ["gif", "png", "webp"])
def test_the_replay_has_one_frame_per_phase_in_the_chosen_format(image_format):
    data = render_replay(three_phases(), image_format=image_format, game_name="Lepanto")
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == {"gif": "GIF", "png": "PNG", "webp": "WEBP"}[image_format]
        assert image.n_frames == 3 and image.width == 720
        frames = []
        for i in range(3):
            image.seek(i)
            frames.append(image.convert("RGB").tobytes())
    assert len(set(frames)) == 3          # every phase looks different


def test_a_replay_over_the_limit_is_drawn_smaller_and_refused_when_it_cannot_fit():
    frames = three_phases()
    full = render_replay(frames)
    smaller = render_replay(frames, max_bytes=len(full) - 1)
    with Image.open(io.BytesIO(smaller)) as image:
        assert image.width < 720
    with pytest.raises(ReplayTooLarge):
        render_replay(frames, max_bytes=1000)


def test_the_chart_counts_centres_per_year_including_the_end():
    frames = three_phases()
    points = yearly_counts([f.position for f in frames])
    assert [year for year, _ in points] == [1901, 1902]
    assert points[0][1][Power.GERMANY] == 3
    assert points[1][1] == frames[-1].position.center_counts()
    png = render_chart(points, game_name="Lepanto", language="nl")
    with Image.open(io.BytesIO(png)) as image:
        assert image.size == (720, 440)
        colours = {c for _n, c in image.convert("RGB").getcolors(1 << 20)}
    from render.palette import STANDARD
    for power in Power:   # each power's line is drawn in its colour
        rgb = tuple(int(STANDARD.colours[power][i:i + 2], 16) for i in (1, 3, 5))
        assert rgb in colours, power


def test_a_chart_or_replay_of_nothing_is_refused():
    with pytest.raises(ValueError):
        render_chart([])
    with pytest.raises(ValueError):
        render_replay([])


async def _played_game(path) -> int:
    """A real game in a real SQLite file: started, its opening adjudicated by the service."""
    clock = ManualClock()
    async with GameService.open(path, notifier=MemoryNotifier(), clock=clock,
                                renderer=stand_in_png, scheduler=False) as service:
        seats = {p: 100 + i for i, p in enumerate(Power)}
        game = await service.games.create(channel_id=5, moderator_id=1, name="Lepanto",
                                         settings=GameSettings(reminders=()))
        await service.games.start(game.id, 1, assignments=seats)
        for power, texts in OPENING_ORDERS.items():
            await service.orders.submit(game.id, seats[power], ", ".join(texts))
        clock.advance(timedelta(hours=25))
        await service.deadlines.run_due()
        return game.id


def test_arbitro_replay_draws_a_game_from_the_database(tmp_path, capsys):
    db = tmp_path / "arbitro.sqlite"
    game_id = asyncio.run(_played_game(db))
    out, chart = tmp_path / "replay.gif", tmp_path / "chart.png"
    assert main(["replay", str(game_id), "--out", str(out), "--db", str(db),
                 "--chart", str(chart)]) == 0
    with Image.open(out) as image:
        assert image.format == "GIF" and image.n_frames == 2   # spring played, fall open
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "2 phases" in capsys.readouterr().out


def test_arbitro_replay_says_what_is_wrong(tmp_path, capsys):
    db = tmp_path / "arbitro.sqlite"
    assert main(["replay", "1", "--out", str(tmp_path / "r.gif"), "--db", str(db)]) == 2
    assert "no database" in capsys.readouterr().err and not db.exists()
    game_id = asyncio.run(_played_game(db))
    assert main(["replay", str(game_id + 1), "--out", str(tmp_path / "r.gif"),
                 "--db", str(db)]) == 2
    assert f"no game {game_id + 1}" in capsys.readouterr().err
    assert main(["replay", str(game_id), "--out", str(tmp_path / "r.bmp"),
                 "--db", str(db)]) == 2
    assert ".gif, .png (animated) or .webp" in capsys.readouterr().err
