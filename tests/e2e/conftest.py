"""Fixtures for the end-to-end tests: a fresh local Discord stand-in per test."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.e2e.fakediscord import FakeDiscord


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake
