"""The log keeps no token and no library payloads (bot/logs.py)."""

from __future__ import annotations

import logging

from bot.logs import LIBRARIES, keep_private


def test_libraries_stay_at_info_and_addresses_lose_their_token(caplog):
    caplog.set_level(logging.DEBUG)
    keep_private()
    keep_private()                                   # twice changes nothing
    for name in LIBRARIES:
        assert not logging.getLogger(f"{name}.anything").isEnabledFor(logging.DEBUG)
    assert logging.getLogger("service.timing.deadlines").isEnabledFor(logging.DEBUG)   # ours: as asked
    http = logging.getLogger("discord.http")
    assert len(http.filters) == 1
    http.warning("POST %s is rate limited", "https://x/api/v10/interactions/123/"
                 "aW50ZXJhY3Rpb246c2VjcmV0/callback")
    logging.getLogger("discord.webhook.async_").warning(
        "Webhook %s", "https://x/api/v10/webhooks/99/tok.en-_secret?wait=1")
    text = caplog.text
    assert "aW50ZXJhY3Rpb246c2VjcmV0" not in text and "tok.en-_secret" not in text
    assert "interactions/123/[token]/callback" in text and "webhooks/99/[token]" in text
