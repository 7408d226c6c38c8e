"""The settings of several processes, read once from the environment."""

from __future__ import annotations

import pytest

from ops.settings import Settings, SettingsError
from service.storage.db import is_postgres, shown


def test_the_database_is_a_file_or_a_postgresql_url():
    assert Settings.from_env({}).db_path == "arbitro.sqlite"
    assert Settings.from_env({"ARBITRO_DB": " games.sqlite "}).db_path == "games.sqlite"
    url = "postgresql://arbitro:secret@db.example:5432/arbitro"
    assert Settings.from_env({"ARBITRO_DB": url}).db_path == url
    assert is_postgres(url) and is_postgres("postgres://h/db") and not is_postgres("pg.sqlite")
    with pytest.raises(SettingsError, match="SQLite file's path or a postgresql:// URL, not a "
                                            "mysql:// address"):
        Settings.from_env({"ARBITRO_DB": "mysql://h/db"})


def test_a_url_is_shown_without_its_password():
    assert shown("postgresql://arbitro:secret@db:5432/arbitro") == \
        "postgresql://arbitro@db:5432/arbitro"
    assert shown("postgresql:///arbitro?host=/run/pg") == "postgresql:///arbitro?host=/run/pg"
    assert shown("postgresql:///arbitro?host=/run/pg&password=secret&x=1") == \
        "postgresql:///arbitro?host=/run/pg&password=***&x=1"
    assert shown("postgresql://a:b@h/db?sslpassword=k&passfile=/p&sslmode=require&"
                 "ssl%70assword=k2&x") == \
        "postgresql://a@h/db?sslpassword=***&passfile=***&sslmode=require&ssl%70assword=***&x"
    assert shown("postgresql://h/db?options=-c%20a@b") == "postgresql://h/db?options=-c%20a@b"
    assert shown("games.sqlite") == "games.sqlite"


def test_daily_file_backups_are_refused_with_postgresql_saying_what_to_use():
    with pytest.raises(SettingsError, match="pg_dump"):
        Settings.from_env({"ARBITRO_DB": "postgresql://h/db", "ARBITRO_BACKUP_DIR": "b"})


def test_instance_and_render_processes():
    assert (Settings.from_env({}).instance, Settings.from_env({}).render_processes) == \
        (None, None)
    settings = Settings.from_env({"ARBITRO_INSTANCE": " bot-a ",
                                  "ARBITRO_RENDER_PROCESSES": "2"})
    assert (settings.instance, settings.render_processes) == ("bot-a", 2)
    assert Settings.from_env({"ARBITRO_RENDER_PROCESSES": "0"}).render_processes == 0
    for bad in ("-1", "two", "1.5"):
        with pytest.raises(SettingsError, match="ARBITRO_RENDER_PROCESSES"):
            Settings.from_env({"ARBITRO_RENDER_PROCESSES": bad})


def test_the_benchmarks_and_tests_settings_are_read_with_the_others():
    assert Settings.from_env({}).shared_dir is None
    assert Settings.from_env({}).test_postgres_url is None
    read = Settings.from_env({"ARBITRO_SHARED": " /srv/shared ",
                              "ARBITRO_TEST_POSTGRES_URL": " postgresql://h/postgres "})
    assert (read.shared_dir, read.test_postgres_url) == ("/srv/shared", "postgresql://h/postgres")
