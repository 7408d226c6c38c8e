"""`arbitro backup`, `arbitro restore` and `arbitro doctor` as a person runs them: the database
named as `arbitro bot` names it (ARBITRO_DB, from .env or the environment; `--db` wins), what
they print, and their exit status."""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from arbitro.cli import main
from ops.backup import backup_name, kept_name
from service.storage.schema import known_version
from tests.service.conftest import start_game

pytestmark = pytest.mark.sqlite_only   # about SQLite files


@pytest.fixture(autouse=True)
def clean_env(monkeypatch, tmp_path):
    """A working folder of its own and an environment without the bot's variables (reading
    .env changes os.environ: here it changes a copy)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(os, "environ", {k: v for k, v in os.environ.items()
                                        if not k.startswith(("ARBITRO_", "DISCORD_"))})


@pytest.fixture
async def database(open_service, db_path):
    async with open_service() as service:
        await start_game(service)
        await start_game(service, name="Second", channel=501)
    return db_path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


async def test_backup_next_to_the_database_named_by_env_file(database, tmp_path, capsys):
    (tmp_path / ".env").write_text(f"ARBITRO_DB={database}\n")
    status, out, _ = run(capsys, "backup")
    assert status == 0
    [made] = database.parent.glob("arbitro-*.sqlite")
    assert made.name == backup_name(datetime.now(UTC)) or made.name == backup_name(
        datetime.now(UTC) - timedelta(minutes=1))
    assert f"backed up {database} (2 games, schema version {known_version()}) to {made}" in out
    status, _, err = run(capsys, "backup", str(made))
    assert status == 2 and "already exists" in err


async def test_db_wins_over_the_environment(database, tmp_path, capsys):
    os.environ["ARBITRO_DB"] = str(tmp_path / "elsewhere.sqlite")
    status, _, err = run(capsys, "backup", "copy.sqlite")
    assert status == 2 and "no database at" in err and "elsewhere.sqlite" in err
    status, _, _ = run(capsys, "backup", "copy.sqlite", "--db", str(database))
    assert status == 0 and (tmp_path / "copy.sqlite").is_file()


async def test_restore_refuses_then_replaces_with_force(database, tmp_path, capsys):
    assert run(capsys, "backup", "saved.sqlite", "--db", str(database))[0] == 0
    status, _, err = run(capsys, "restore", "saved.sqlite", "--db", str(database))
    assert status == 2
    assert "already exists: add --force" in err and "nothing was changed" in err
    status, out, _ = run(capsys, "restore", "saved.sqlite", "--db", str(database), "--force")
    assert status == 0 and "restored saved.sqlite (2 games" in out
    assert f"kept as {kept_name(database)}" in out and kept_name(database).is_file()
    (tmp_path / "notes.sqlite").write_text("shopping list " * 100)
    status, _, err = run(capsys, "restore", "notes.sqlite", "--db", "new.sqlite")
    assert status == 2 and "not a SQLite database" in err and not (tmp_path / "new.sqlite").exists()


def test_doctor_on_a_first_start(capsys):
    status, out, err = run(capsys, "doctor")
    assert status == 1
    assert "arbitro.sqlite does not exist yet: the bot creates it" in out
    assert "PROBLEM: DISCORD_TOKEN is not set" in out
    assert "daily backups are off" in out
    assert "1 problem to fix" in err
    assert not os.path.exists("arbitro.sqlite")


async def test_doctor_says_what_it_found_without_printing_the_token(database, tmp_path,
                                                                    capsys):
    token = "MTIzNDU2.secret-token-value"
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={token}\nARBITRO_DB={database}\n"
                                   f"ARBITRO_BACKUP_DIR=backups\nARBITRO_BACKUP_KEEP=5\n")
    status, out, _ = run(capsys, "doctor")
    assert status == 0, out
    assert f"{database} is reachable" in out
    assert f"version {known_version()}, migrations current" in out
    assert "games:     2 active" in out
    assert "DISCORD_TOKEN is set" in out and token not in out
    assert "daily, to backups, the newest 5 kept; none yet" in out
    (tmp_path / "backups").mkdir()
    three_hours_ago = datetime.now(UTC) - timedelta(hours=3, minutes=1)
    assert run(capsys, "backup", str(tmp_path / "backups" / backup_name(three_hours_ago)))[0] == 0
    status, out, _ = run(capsys, "doctor")
    assert status == 0 and "1 there, the newest" in out and "taken 3 hours ago" in out


async def test_doctor_counts_pending_migrations_and_refuses_newer_ones(database, capsys):
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE schema_version SET version = ?", (known_version() - 2,))
    status, out, _ = run(capsys, "doctor", "--db", str(database))
    assert "2 migrations pending, applied at the bot's next start" in out
    assert status == 1            # only the token is missing
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE schema_version SET version = 999")
    os.environ["DISCORD_TOKEN"] = "x"
    status, out, _ = run(capsys, "doctor", "--db", str(database))
    assert status == 1 and "PROBLEM: version 999, newer than this Arbitro's" in out


def test_doctor_on_a_file_that_is_not_a_database(tmp_path, capsys):
    (tmp_path / "junk.sqlite").write_text("not a database " * 100)
    os.environ["DISCORD_TOKEN"] = "x"
    status, out, _ = run(capsys, "doctor", "--db", "junk.sqlite")
    assert status == 1 and "PROBLEM: junk.sqlite cannot be read" in out
    os.environ["ARBITRO_BACKUP_KEEP"] = "none"
    status, out, _ = run(capsys, "doctor")
    assert status == 1 and "PROBLEM: ARBITRO_BACKUP_KEEP must be" in out


async def test_restoring_a_backup_older_than_an_announced_phase_says_so_and_asks(
        open_service, db_path, clock, tmp_path, capsys, monkeypatch):
    async with open_service() as service:
        game = await start_game(service, name="Lega")
    status, _, _ = run(capsys, "backup", "before.sqlite", "--db", str(db_path))
    assert status == 0
    async with open_service() as service:
        clock.advance(timedelta(hours=24))
        assert await service.deadlines.run_due() == 1                 # S1901M adjudicated, announced
    # without a terminal: refused, naming the game and the phase, nothing changed
    status, _, err = run(capsys, "restore", "before.sqlite", "--db", str(db_path), "--force")
    assert status == 2
    assert f"game {game.id} (Lega): S1901M was announced" in err
    assert "adjudicated again" in err and "--older" in err and "nothing was changed" in err
    assert not kept_name(db_path).exists()
    # in a terminal: asked; "no" changes nothing, "yes" restores
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda _prompt: "n")
    status, _, _ = run(capsys, "restore", "before.sqlite", "--db", str(db_path), "--force")
    assert status == 2 and not kept_name(db_path).exists()
    monkeypatch.setattr("builtins.input", lambda _prompt: "y")
    status, out, _ = run(capsys, "restore", "before.sqlite", "--db", str(db_path), "--force")
    assert status == 0 and "restored before.sqlite" in out
    # a backup as recent as the database restores without a question
    run(capsys, "backup", "now.sqlite", "--db", str(db_path))
    monkeypatch.setattr("builtins.input", lambda _prompt: pytest.fail("asked"))
    status, _, _ = run(capsys, "restore", "now.sqlite", "--db", str(db_path), "--force")
    assert status == 0
