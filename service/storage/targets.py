"""What a database target (`ARBITRO_DB`, a command's --db) is: a SQLite file or a PostgreSQL
URL, and how it is named for people (never with its password)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote_plus

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(target: str | Path) -> bool:
    """Whether `ARBITRO_DB` (or a command's --db) names a PostgreSQL server, not a file."""
    return str(target).startswith(POSTGRES_SCHEMES)


# A URL parameter that holds a secret, or says where one is: password, sslpassword, passfile,
# and any other name with "pass", "secret" or "token" in it (however its letters are encoded).
_SECRET_PARAMETER = re.compile(r"pass|secret|token", re.IGNORECASE)


def shown(target: str | Path) -> str:
    """The database named for people: a PostgreSQL URL without its password (in the address)
    nor the value of any password-like parameter (`password=`, `sslpassword=`, ...)."""
    text = str(target)
    if not is_postgres(text):
        return text
    address, question, query = text.partition("?")
    scheme, _, rest = address.partition("://")
    credentials, at, host = rest.rpartition("@")
    if at:
        address = f"{scheme}://{credentials.split(':', 1)[0]}@{host}"
    if not question:
        return address
    parts = []
    for part in query.split("&"):
        name, equals, _value = part.partition("=")
        secret = equals and _SECRET_PARAMETER.search(unquote_plus(name))
        parts.append(f"{name}=***" if secret else part)
    return f"{address}?{'&'.join(parts)}"
