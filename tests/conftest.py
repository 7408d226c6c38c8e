"""Fixtures shared by every test folder: a real PostgreSQL server for the session (see
tests/postgres.py), started only when a test asks for it."""

from __future__ import annotations

import pytest

from tests.postgres import NoPostgres, empty, fresh_database, postgres_server, run, unavailable


@pytest.fixture(scope="session")
def postgres_maintenance_url():
    """The maintenance database of the session's server (started at first use)."""
    try:
        with postgres_server() as url:
            yield url
    except NoPostgres as exc:
        unavailable(str(exc))


@pytest.fixture(scope="session")
def postgres_database(postgres_maintenance_url) -> str:
    """The URL of the session's migrated database."""
    return run(fresh_database(postgres_maintenance_url))


@pytest.fixture
def postgres_url(postgres_database) -> str:
    """The session's database, emptied for this test."""
    run(empty(postgres_database))
    return postgres_database
