"""What the log may hold: ids, keys, counts and lengths, never what people wrote nor a token
(docs/bot.md, "Logging").

Arbitro's own loggers write no message or order text at any level. The libraries under it do
at DEBUG: discord.py logs every gateway payload (direct messages with their text, interactions
with their tokens, each of which lets its holder answer as the bot for 15 minutes) and every
HTTP body it sends; aiosqlite logs every statement with its values (the orders and messages
being stored); the engine traces every order it adjudicates. Those loggers are kept at INFO
whatever the level asked for, and the addresses discord.py logs at INFO and above (a
rate-limited interaction answer) lose their token."""

from __future__ import annotations

import logging
import re

# The libraries whose DEBUG lines carry payloads, statements' values or tokens; and the rules
# engine's, which traces each order it adjudicates (also the orders checked as they come in,
# long before the deadline makes them public).
LIBRARIES = ("discord", "aiosqlite", "asyncpg", "websockets", "engine", "grammar")
# An interaction's or a webhook's token in an address: interactions/<id>/<token>/...,
# webhooks/<application id>/<token>.
_TOKEN_IN_URL = re.compile(r"((?:interactions|webhooks)/\d+/)[^/\s?'\"]+")


class TokenFilter(logging.Filter):
    """Takes the token out of every interaction or webhook address a record mentions."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        hidden = _TOKEN_IN_URL.sub(r"\1[token]", text)
        if hidden != text:
            record.msg, record.args = hidden, ()
        return True


_FILTER = TokenFilter()


def keep_private() -> None:
    """Cap the libraries' loggers at INFO and hide tokens in discord.py's addresses. Called
    whenever a bot starts (bot/runner.py); calling it again changes nothing."""
    for name in LIBRARIES:
        logger = logging.getLogger(name)
        if logger.level < logging.INFO:          # NOTSET (0) inherits the root's DEBUG
            logger.setLevel(logging.INFO)
    for name in ("discord.http", "discord.gateway", "discord.client", "discord.state",
                 "discord.webhook.async_", "discord.interactions", "discord.app_commands.tree",
                 "discord.ui.view"):
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
