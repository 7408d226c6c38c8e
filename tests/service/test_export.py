"""`arbitro export`: a whole game as JSON that replays through `arbitro adjudicate` with the
game's rules to its recorded positions; the demo game (retreats and builds) and a game played
through the service."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.cli import main
from engine.vocabulary import Power
from tests.service.conftest import MODERATOR, start_game


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("demo-export")
    assert main(["demo", "--out", str(out)]) == 0
    return out


def replay(phases: list[dict], tmp_path: Path, capsys) -> list[dict]:
    """Each exported phase through `arbitro adjudicate` (the list form, one process)."""
    source = tmp_path / "phases.json"
    source.write_text(json.dumps(phases))
    capsys.readouterr()
    assert main(["adjudicate", str(source)]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_demo_game_replays_exactly(demo, tmp_path, capsys):
    out = tmp_path / "game.json"
    assert main(["export", "1", "--db", str(demo / "demo.sqlite"), "--out", str(out)]) == 0
    game = json.loads(out.read_text())
    phases = game["phases"]
    assert [p["phase"] for p in phases] == ["S1901M", "F1901M", "W1901A", "S1902M", "F1902M",
                                            "F1902R", "W1902A"]
    assert game["settings"]["rules"] == "1971" and game["rules"] == "1971"
    retreat = next(p for p in phases if p["type"] == "retreat")
    assert retreat["dislodged_before"] and retreat["retreat_options"]
    builds = phases[2]["orders"]
    assert any(" B" in o or o.startswith("BUILD") for orders in builds.values() for o in orders)
    # orders as sent (the rulebook's Italian-English mix) next to the orders as read
    sent = {line.strip() for s in phases[0]["orders_sent"] for line in s["text"].splitlines()
            if line.strip()}
    read = {o for orders in phases[0]["orders"].values() for o in orders}
    # (only the orders of each message, as written: never a header or the rest of a DM)
    assert {"A Par-Bur", "A Mar-Spa", "F Bre-Pic."} <= sent and "A PAR - BUR" in read
    assert not any(line.upper().startswith("FRANCIA") for line in sent)
    assert all(p["results"] for p in phases if p["type"] == "movement")
    for recorded, result in zip(phases, replay(phases, tmp_path, capsys), strict=True):
        assert result["units_after"] == recorded["units_after"], recorded["phase"]
        assert result.get("supply_centers_after", recorded["centers_before"]) == \
            recorded["centers_after"], recorded["phase"]
        moved = [{k: d[k] for k in ("power", "type", "location", "attacker_from")}
                 for d in result["dislodged_after"]]
        assert moved == [{k: d[k] for k in ("power", "type", "location", "attacker_from")}
                         for d in recorded["dislodged_after"]], recorded["phase"]
    # the last recorded position is the demo's own record of the game
    demo_record = json.loads((demo / "game.json").read_text())
    assert phases[-1]["units_after"] == demo_record[-1]["units_after"]


def test_export_to_standard_output_and_errors(demo, capsys):
    capsys.readouterr()
    assert main(["export", "1", "--db", str(demo / "demo.sqlite")]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == "arbitro-1"
    assert main(["export", "7", "--db", str(demo / "demo.sqlite")]) == 2
    assert "no game 7" in capsys.readouterr().err
    assert main(["export", "1", "--db", str(demo / "missing.sqlite")]) == 2
    assert not (demo / "missing.sqlite").exists()


async def test_a_game_with_a_dislodgement_replays_with_its_rules(service, tmp_path, capsys):
    game = await start_game(service, rules="2023")
    G, F = Power.GERMANY, Power.FRANCE
    await service.orders.submit(game.id, game.user[G], "A MUN - BUR")
    await service.orders.submit(game.id, game.user[F], "A PAR - PIC")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, game.user[F], "A MAR - BUR\nA PIC S A MAR - BUR")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, game.user[G], "A BUR R RUH")
    await service.moderation.process_now(game.id, MODERATOR)
    record = await service.exports.game(game.id)
    phases = record["phases"]
    assert [p["phase"] for p in phases] == ["S1901M", "F1901M", "F1901R"]
    assert all(p["rules"] == "2023" for p in phases)
    assert phases[0]["orders_sent"][0]["text"] in ("A MUN - BUR", "A PAR - PIC")
    assert phases[2]["orders"] == {"Germany": ["A BUR R RUH"]}
    for recorded, result in zip(phases, replay(phases, tmp_path, capsys), strict=True):
        assert result["units_after"] == recorded["units_after"], recorded["phase"]
    assert {"power": "Germany", "type": "A", "location": "ruh"} in phases[2]["units_after"]


@pytest.mark.parametrize("command", ["export", "replay"])
def test_without_db_the_database_is_the_settings_one(command, demo, tmp_path, monkeypatch,
                                                     capsys):
    """`arbitro export` and `arbitro replay` take ARBITRO_DB as the settings read it: the
    file it names (not ./arbitro.sqlite), or a clear refusal of an address that is no
    database of Arbitro's."""
    monkeypatch.chdir(tmp_path)      # no arbitro.sqlite here
    out = ["--out", str(tmp_path / "game.gif")] if command == "replay" else []
    monkeypatch.setenv("ARBITRO_DB", str(demo / "demo.sqlite"))
    capsys.readouterr()
    assert main([command, "1", *out]) == 0
    if command == "export":
        assert json.loads(capsys.readouterr().out)["id"] == "arbitro-1"
    else:
        assert (tmp_path / "game.gif").read_bytes()[:6] == b"GIF89a"
    assert main([command, "7", *out]) == 2
    assert "there is no game 7" in capsys.readouterr().err
    monkeypatch.setenv("ARBITRO_DB", "mysql://h/db")
    assert main([command, "1", *out]) == 2
    assert f"arbitro {command}: ARBITRO_DB must be a SQLite file's path or a postgresql:// " \
           f"URL, not a mysql:// address" in capsys.readouterr().err
