"""Configuration, read once from environment variables into a typed object.

| variable | field | default |
|---|---|---|
| `ARBITRO_DB` | `db_path` | `arbitro.sqlite` (a SQLite file, or a `postgresql://` URL) |
| `ARBITRO_LOG_LEVEL` | `log_level` | `INFO` |
| `DISCORD_TOKEN` | `discord_token` | none |
| `ARBITRO_TEST_GUILD` | `test_guild_id` | none (commands are synced to this guild only) |
| `DISCORD_API_BASE` | `discord_api_base` | none: Discord itself (a stand-in's URL in tests) |
| `ARBITRO_MEMBERS_INTENT` | `members_intent` | off (`1` asks for the privileged Server Members intent) |
| `ARBITRO_BACKUP_DIR` | `backup_dir` | none: no daily backups |
| `ARBITRO_BACKUP_KEEP` | `backup_keep` | `7` (daily backups kept) |
| `ARBITRO_MESSAGE_CONTENT` | `message_content` | off (`1` asks for the privileged Message Content intent: orders typed in a power's channel) |
| `ARBITRO_INSTANCE` | `instance` | the host's name (this process's name in announcement claims: unique per process) |
| `ARBITRO_RENDER_PROCESSES` | `render_processes` | one per core (worker processes drawing maps; `0` draws in a thread) |
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass


class SettingsError(ValueError):
    """An environment variable holds a value Arbitro cannot use."""


@dataclass(frozen=True)
class Settings:
    db_path: str = "arbitro.sqlite"
    log_level: str = "INFO"
    discord_token: str | None = None
    test_guild_id: int | None = None
    discord_api_base: str | None = None
    members_intent: bool = False
    backup_dir: str | None = None
    backup_keep: int = 7
    message_content: bool = False
    instance: str | None = None
    render_processes: int | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        guild = env.get("ARBITRO_TEST_GUILD", "").strip()
        if guild and not guild.isdigit():
            raise SettingsError(f"ARBITRO_TEST_GUILD must be a Discord server id (digits), "
                                f"not {guild!r}; unset it to sync commands globally")
        level = env.get("ARBITRO_LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise SettingsError(f"ARBITRO_LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or "
                                f"CRITICAL, not {level!r}")
        db = _database(env.get("ARBITRO_DB", ""))
        backup_dir = env.get("ARBITRO_BACKUP_DIR", "").strip() or None
        if backup_dir and db.startswith(("postgresql://", "postgres://")):
            raise SettingsError("ARBITRO_BACKUP_DIR makes daily copies of a SQLite file; with "
                                "PostgreSQL back up with pg_dump instead (docs/postgresql.md) "
                                "and unset ARBITRO_BACKUP_DIR")
        return cls(db_path=db,
                   log_level=level,
                   discord_token=env.get("DISCORD_TOKEN", "").strip() or None,
                   test_guild_id=int(guild) if guild else None,
                   discord_api_base=_api_base(env.get("DISCORD_API_BASE", "")),
                   members_intent=_switch(env, "ARBITRO_MEMBERS_INTENT"),
                   message_content=_switch(env, "ARBITRO_MESSAGE_CONTENT"),
                   backup_dir=backup_dir,
                   backup_keep=_backup_keep(env.get("ARBITRO_BACKUP_KEEP", "")),
                   instance=env.get("ARBITRO_INSTANCE", "").strip() or None,
                   render_processes=_render_processes(env.get("ARBITRO_RENDER_PROCESSES", "")))


def _switch(env: Mapping[str, str], name: str) -> bool:
    return env.get(name, "").strip().lower() in ("1", "true", "yes", "on")


def _api_base(value: str) -> str | None:
    value = value.strip().rstrip("/")
    if value and not value.startswith(("http://", "https://")):
        raise SettingsError(f"DISCORD_API_BASE must be an http(s) URL such as "
                            f"http://127.0.0.1:8080/api/v10, not {value!r}; unset it for Discord")
    return value or None


def _backup_keep(value: str) -> int:
    value = value.strip()
    if not value:
        return 7
    if not value.isdigit() or int(value) < 1:
        raise SettingsError(f"ARBITRO_BACKUP_KEEP must be how many daily backups to keep (1 or "
                            f"more), not {value!r}")
    return int(value)


def _database(value: str) -> str:
    value = value.strip() or "arbitro.sqlite"
    scheme, sep, _rest = value.partition("://")
    if sep and scheme not in ("postgresql", "postgres"):
        raise SettingsError(f"ARBITRO_DB must be a SQLite file's path or a postgresql:// URL, "
                            f"not a {scheme}:// address")
    return value


def _render_processes(value: str) -> int | None:
    value = value.strip()
    if not value:
        return None
    if not value.isdigit():
        raise SettingsError(f"ARBITRO_RENDER_PROCESSES must be how many processes draw maps "
                            f"(0 or more), not {value!r}")
    return int(value)
