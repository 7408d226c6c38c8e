"""A finished game shows the position after its last phase: its status, its map and its
export's `final` (the layout of `../shared/games`), checked against `arbitro adjudicate` run on
the same phases. The game ends on a winter with a build and a removal in it."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from arbitro.cli import main
from engine.vocabulary import Power
from tests.service.conftest import MODERATOR, start_game

AUS, ITA = Power.AUSTRIA, Power.ITALY


async def _game_ending_on_a_winter(service) -> int:
    """1901: Austria's fleet leaves Trieste, Italy takes it; the end year is 1901, so the game
    ends with the winter: Italy builds in Venice, Austria removes its fleet."""
    game = await start_game(service, end_year=1901)
    await service.orders.submit(game.id, game.user[AUS], "F TRI - ALB")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, game.user[ITA], "A VEN - TRI")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, game.user[ITA], "BUILD A VEN")
    await service.orders.submit(game.id, game.user[AUS], "REMOVE F ALB")
    await service.moderation.process_now(game.id, MODERATOR)
    return game.id


def _adjudicated(phases: list[dict], tmp_path: Path, capsys) -> list[dict]:
    source = tmp_path / "phases.json"
    source.write_text(json.dumps(phases))
    capsys.readouterr()
    assert main(["adjudicate", str(source)]) == 0
    return json.loads(capsys.readouterr().out)


def _units(units: list[dict]) -> list[tuple[str, str, str]]:
    return sorted((u["power"], u["type"], u["location"]) for u in units)


async def test_a_game_ended_on_a_winter_shows_its_builds_and_removals(service, renderer,
                                                                      tmp_path, capsys):
    game_id = await _game_ending_on_a_winter(service)
    view = await service.games.status(game_id)
    assert view.status == "finished" and view.outcome["kind"] == "end_year"
    record = await service.exports.game(game_id)
    phases = record["phases"]
    assert [p["phase"] for p in phases] == ["S1901M", "F1901M", "W1901A"]
    cli = _adjudicated(phases, tmp_path, capsys)[-1]      # the winter, as the CLI plays it
    assert ("Italy", "A", "ven") in _units(cli["units_after"])
    assert ("Austria", "F", "alb") not in _units(cli["units_after"])

    # the export's final: the position after the last phase, named as the next phase
    final = record["final"]
    assert final["phase"] == "S1902M"
    assert _units(final["units"]) == _units(cli["units_after"])
    assert final["centers"] == cli["supply_centers_after"]

    # the status: units and centres of every power after the winter
    units = Counter(u["power"] for u in cli["units_after"])
    centres = {p: len(cs) for p, cs in cli["supply_centers_after"].items()}
    shown = {s.power.value: (s.units, s.centers) for s in view.seats}
    assert shown == {p: (units[p], centres.get(p, 0)) for p in shown}
    assert shown["Italy"] == (4, 4) and shown["Austria"] == (2, 2)

    # the map: the units after the winter
    renderer.calls.clear()
    image = await service.maps.current(game_id)
    drawn = renderer.calls[-1]
    position = drawn.get("after") or drawn["position"]
    assert image.phase == "W1901A"
    assert _units([u.to_json() for u in position.units]) == _units(cli["units_after"])


async def test_a_game_ended_mid_phase_shows_the_phase_it_stopped_in(service):
    game = await start_game(service)
    await service.orders.submit(game.id, game.user[AUS], "F TRI - ALB")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.moderation.end_game(game.id, MODERATOR, "the club closed")
    record = await service.exports.game(game.id)
    assert record["final"]["phase"] == "F1901M"
    assert {"power": "Austria", "type": "F", "location": "alb"} in record["final"]["units"]
    view = await service.games.status(game.id)
    assert next(s for s in view.seats if s.power is AUS).units == 3
