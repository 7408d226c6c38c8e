"""A game of each variant through the service, on SQLite and PostgreSQL: it opens on the
variant's board and calendar, takes orders named in the variant's words, adjudicates on its
board, and its export replays through `arbitro adjudicate` to its recorded positions."""

from __future__ import annotations

import json
import random

import pytest

from arbitro.cli import main
from computer.player import adjustments, retreats
from engine import VARIANT_IDS, board_of
from engine.vocabulary import PhaseKind, Power
from service.errors import InvalidRequest
from service.models import GameSettings
from service.storage.repos import phases
from tests.service.conftest import CHANNEL, MODERATOR, start_game
from tools.random_phases import random_orders


def _replay(phases: list[dict], tmp_path, capsys) -> list[dict]:
    source = tmp_path / "phases.json"
    source.write_text(json.dumps(phases))
    capsys.readouterr()
    assert main(["adjudicate", str(source)]) == 0
    return json.loads(capsys.readouterr().out)


async def test_an_ancient_mediterranean_game_is_played_exported_and_replayed(
        service, tmp_path, capsys):
    game = await start_game(service, players=5, board="ancmed")
    assert game.view.phase == "S1M" and len(game.user) == 5
    rome, carthage = Power("Rome"), Power("Carthage")
    await service.orders.submit(game.id, game.user[rome], "F Napoli - Mar Tirreno\nA Rom - Etr")
    await service.orders.submit(game.id, game.user[carthage], "A Cartagine - Mauretania")
    await service.moderation.process_now(game.id, MODERATOR)
    record = await service.exports.game(game.id)
    assert record["variant"] == "ancmed" and record["map"] == "ancmed"
    [first] = record["phases"]
    assert first["season"] == "Spring 1" and first["variant"] == "ancmed"
    assert {"power": "Rome", "type": "F", "location": "tyn"} in first["units_after"]
    [replayed] = _replay(record["phases"], tmp_path, capsys)
    assert replayed["units_after"] == first["units_after"]


def orders_for(position, board, rng) -> dict[Power, list[str]]:
    """Every power's orders for the phase: random movement orders (`tools.random_phases`),
    the computer player's retreats and adjustments, in canonical text."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return {Power.parse(p, board.variant): texts
                for p, texts in random_orders(position, board, rng).items()}
    choose = retreats if kind is PhaseKind.RETREAT else adjustments
    out = {}
    for power in board.powers:
        orders = [o.canonical() for o in choose(position, power, board)]
        if orders:
            out[power] = orders
    return out


@pytest.mark.parametrize("vid", [v for v in VARIANT_IDS if v != "standard"])
async def test_each_variant_is_played_a_year_exported_and_replayed(service, vid, tmp_path,
                                                                    capsys):
    board = board_of(vid)
    game = await start_game(service, players=len(board.powers), board=vid,
                            name=f"A {vid} year", channel=CHANNEL + VARIANT_IDS.index(vid))
    rng = random.Random(vid)
    kinds = set()
    for _ in range(6):
        async with service.db.read() as conn:
            phase = await phases.latest(conn, game.id)
        kinds.add(phase.position.phase.kind)
        for power, texts in orders_for(phase.position, board, rng).items():
            report = await service.orders.submit(game.id, game.user[power], "\n".join(texts))
            assert [(line.input, line.error) for line in report.lines if not line.ok] == [], texts
            assert len(report.recorded) == len(texts)
        await service.moderation.process_now(game.id, MODERATOR)
    assert {PhaseKind.MOVEMENT, PhaseKind.ADJUSTMENT} <= kinds
    record = await service.exports.game(game.id)
    assert record["variant"] == vid and len(record["phases"]) == 6
    assert all(p["variant"] == vid for p in record["phases"] if vid != "standard")
    replayed = _replay(record["phases"], tmp_path, capsys)
    assert [r["units_after"] for r in replayed] == [p["units_after"] for p in record["phases"]]
    moved = [p for p in record["phases"] if p["units_after"] != p.get("units")]
    assert moved                                        # the board changed, not only holds


@pytest.mark.parametrize("vid", [v for v in VARIANT_IDS if v not in ("standard", "ancmed")])
async def test_each_variant_opens_on_its_own_board(service, vid):
    board = board_of(vid)
    game = await start_game(service, players=len(board.powers), board=vid,
                            name=f"A {vid} game", channel=CHANNEL + VARIANT_IDS.index(vid))
    assert set(game.user) == set(board.powers)
    assert game.view.phase == board.start


async def test_a_variant_wants_its_number_of_players_and_an_unknown_one_is_refused(service):
    with pytest.raises(InvalidRequest) as wrong:
        await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR, name="x",
                                  settings=GameSettings(players=7, board="france_austria"))
    assert wrong.value.key == "settings.variant_players"
    with pytest.raises(InvalidRequest) as unknown:
        await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR, name="y",
                                  settings=GameSettings(board="atlantis"))
    assert unknown.value.key == "settings.bad_variant"


async def test_a_chaos_phase_is_reported_with_its_map(service):
    # the position a Chaos phase left is rebuilt on the Chaos board (its 34 powers own the
    # centres), so the results are posted with the map and history shows the phase
    game = await start_game(service, players=34, board="chaos", name="Babel")
    paris = Power.parse("Paris", "chaos")
    await service.orders.submit(game.id, game.user[paris], "build A Paris")
    await service.moderation.process_now(game.id, MODERATOR)
    report = await service.history.phase(game.id, "W1900A")
    assert report.image is not None
    assert {"power": "Paris", "type": "A", "location": "par"} in report.after["units_after"]
