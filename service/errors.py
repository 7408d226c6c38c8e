"""Domain errors. Each carries a message key and its parameters, which the bot translates into
the player's language, and an English text for logs, the CLI and tests."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """Base of every error the service raises on purpose. `key` names the message."""

    key = "error"

    def __init__(self, key: str | None = None, text: str = "", **params: Any) -> None:
        self.key = key or type(self).key
        self.params = params
        self.text = text or self.key
        super().__init__(self.text)


class NotFound(ServiceError):
    """No such game, seat or phase."""

    key = "error.not_found"


class NotAllowed(ServiceError):
    """The caller may not do this (not the moderator, not seated, ...)."""

    key = "error.not_allowed"


class InvalidRequest(ServiceError):
    """The request cannot apply to the game as it stands (bad settings, wrong state, ...)."""

    key = "error.invalid"


class NeedsConfirmation(InvalidRequest):
    """A value that is allowed but almost surely a typo (a deadline of months): nothing was
    changed; the caller asks the user and repeats the request with `confirmed=True`."""

    key = "settings.implausible"


class PhaseClosed(ServiceError):
    """Orders for a phase that is no longer open: they were not recorded."""

    key = "orders.phase_closed"


class OrdersRejected(ServiceError):
    """None of the submitted lines could be read as an order; nothing was recorded."""

    key = "orders.rejected"
