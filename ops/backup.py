"""Backups of the SQLite database and restoring one, as plain functions over `sqlite3`.

A backup is taken with SQLite's online backup API (`Connection.backup`, all pages in one step):
it reads one consistent snapshot while the bot keeps writing (the database runs in WAL mode, so
the reader blocks nobody), and every game in it is as it was at one moment, never half a phase.
The copy is written to a temporary file next to the target, checked, and renamed into place.

Restoring checks the file first (it is a SQLite database, `PRAGMA integrity_check` passes, it is
an Arbitro database, its schema is not newer than this Arbitro's), then copies it into a
temporary file in the database's folder and renames that over the database, so the database is
always either the old one or the whole new one. The old one is kept as `<db>.before-restore`.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

from service.storage.db import shown
from service.storage.repos import files
from service.storage.schema import known_version, stored_version, too_new
from service.storage.sqlite import create_private

BACKUP_NAME = re.compile(r"^arbitro-(\d{4}-\d{2}-\d{2}T\d{4}Z)\.sqlite$")
_STAMP = "%Y-%m-%dT%H%MZ"


class BackupError(RuntimeError):
    """A backup or restore that was refused; the message says what was wrong and what to do."""


@dataclass(frozen=True)
class Checked:
    """What `check` found in a backup file."""
    path: Path
    version: int          # its schema version (older ones are migrated when the bot starts)
    games: int

    @property
    def summary(self) -> str:
        return (f"{self.games} game{'' if self.games == 1 else 's'}, "
                f"schema version {self.version}")


def backup_name(when: datetime) -> str:
    """`arbitro-2026-11-24T0215Z.sqlite` for a backup taken at `when` (UTC)."""
    return f"arbitro-{when.astimezone(UTC).strftime(_STAMP)}.sqlite"


def taken_at(path: Path) -> datetime | None:
    """When a backup named by `backup_name` was taken; None for any other file name."""
    match = BACKUP_NAME.match(path.name)
    return datetime.strptime(match.group(1), _STAMP).replace(tzinfo=UTC) if match else None


def default_target(db_path: Path, when: datetime) -> Path:
    """Where `arbitro backup` writes when no file is named: next to the database."""
    return db_path.parent / backup_name(when)


def backup(db_path: Path, target: Path) -> Checked:
    """Copy the database at `db_path` (which may be in use) to `target`, a new file."""
    if not db_path.is_file():
        raise BackupError(f"there is no database at {db_path}: check ARBITRO_DB or --db")
    if target.exists():
        raise BackupError(f"{target} already exists: name another file, or move that one away")
    if not target.parent.is_dir():
        raise BackupError(f"the folder {target.parent} does not exist: create it first")
    _check_arbitro(db_path)
    partial = target.with_name(f".{target.name}.partial")
    try:
        partial.unlink(missing_ok=True)         # left by a crash: made afresh, private
        _copy(db_path, partial)
        checked = check(partial)
        _sync(partial)
        os.replace(partial, target)
        _sync(target.parent)
    finally:
        partial.unlink(missing_ok=True)
    return Checked(target, checked.version, checked.games)


def check(path: Path) -> Checked:
    """Refuse (BackupError) a file that is not a sound Arbitro database this code can run."""
    if not path.is_file():
        raise BackupError(f"there is no file at {path}")
    try:
        with contextlib.closing(read_only(path)) as conn:
            problems = files.integrity_problems(conn)
            if problems:
                raise BackupError(f"{path} is damaged (SQLite's integrity check: "
                                  f"{'; '.join(problems[:3])}): restore an older backup")
            return _arbitro_contents(conn, path)
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is not a SQLite database ({exc}): "
                          f"name a file written by `arbitro backup`") from exc


class OlderBackup(BackupError):
    """The backup is behind the database: phases already announced would be adjudicated
    again (with whatever orders are sent again, perhaps to a different result)."""

    def __init__(self, behind: list[str]) -> None:
        self.behind = behind
        super().__init__("the backup is older than phases already announced: "
                         + "; ".join(behind))


def behind(source: Path, db_path: Path) -> list[str]:
    """Games whose last announced phase in the database at `db_path` is later than in the
    backup `source` (or missing from it), one line each; empty when the backup is not behind
    or there is no database to compare with."""
    if not db_path.exists():
        return []
    try:
        with contextlib.closing(read_only(db_path)) as conn:
            now = files.announced_phases(conn) if files.has_table(conn, "phases") else {}
    except sqlite3.DatabaseError:
        return []                      # a damaged database: nothing to compare with
    with contextlib.closing(read_only(source)) as conn:
        then = files.announced_phases(conn)
    lines = []
    for game_id, (name, seq, phase) in sorted(now.items()):
        old = then.get(game_id)
        if old is None or old[1] < seq:
            shown = f"only {old[2]}" if old else "none of its phases"
            lines.append(f"game {game_id} ({name}): {phase} was announced, the backup has "
                         f"{shown} announced")
    return lines


def restore(source: Path, db_path: Path, *, force: bool = False,
            older_ok: bool = False) -> Checked:
    """Put the backup `source` in place of the database at `db_path`.

    Refuses when `source` fails `check`, when a database is already there and `force` is not
    given, when the backup is behind phases the database has already announced (`OlderBackup`,
    unless `older_ok`: those phases would be played and adjudicated again), and when
    something (a running bot) has that database open."""
    checked = check(source)
    if force and not older_ok:
        late = behind(source, db_path)
        if late:
            raise OlderBackup(late)
    folder = db_path.parent
    if not folder.is_dir():
        raise BackupError(f"the folder {folder} does not exist: create it first")
    existing = db_path.exists()
    orphan = db_path.with_name(db_path.name + "-wal")
    if not existing and orphan.exists():
        raise BackupError(f"{orphan} is there without its database (SQLite would replay it "
                          f"into the restored one): move it away, then restore again")
    if existing and not force:
        raise BackupError(f"{db_path} already exists: add --force to replace it (it is kept "
                          f"as {kept_name(db_path).name})")
    if existing:
        _quiesce(db_path)
    partial = db_path.with_name(f".{db_path.name}.restoring")
    try:
        partial.unlink(missing_ok=True)
        _copy(source, partial)
        check(partial)
        _sync(partial)
        if existing:
            _keep(db_path)
        os.replace(partial, db_path)
        _sync(folder)
    finally:
        partial.unlink(missing_ok=True)
    return Checked(db_path, checked.version, checked.games)


def kept_name(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + ".before-restore")


def read_only(path: Path, mode: str = "ro") -> sqlite3.Connection:
    """Open without the power to write (nor to create the file). `mode="rw"` may write (the
    last connection to close folds the WAL into the file and removes it) but still not create.
    """
    return sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode={mode}", uri=True)


def _copy(source: Path, target: Path) -> None:
    """SQLite's online backup: one read transaction over `source`, so one consistent state;
    `target` is left one self-contained file (no -wal beside it)."""
    create_private(target)          # a copy of every order and private message: 0600
    with contextlib.closing(read_only(source, "rw")) as src, \
            contextlib.closing(sqlite3.connect(target)) as dst:
        src.backup(dst)
        files.leave_wal(dst)


def _check_arbitro(path: Path) -> None:
    try:
        with contextlib.closing(read_only(path)) as conn:
            _arbitro_contents(conn, path)
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is not a SQLite database ({exc})") from exc


def _arbitro_contents(conn: sqlite3.Connection, path: Path) -> Checked:
    version = stored_version(conn)
    if version is None or not files.has_table(conn, "games"):
        raise BackupError(f"{path} is a SQLite database but not an Arbitro one (it has no "
                          f"games and no schema version): name a file written by "
                          f"`arbitro backup`")
    known = known_version()
    if version > known:
        raise BackupError(str(too_new(str(path), version, known)))
    return Checked(path, version, sum(files.games_by_status(conn).values()))


def _quiesce(db_path: Path) -> None:
    """Fold the database's WAL into it, and make sure nothing else has it open: leaving WAL
    mode needs the only connection, so a running bot makes this fail."""
    try:
        with contextlib.closing(sqlite3.connect(db_path, timeout=1.0)) as conn:
            mode = files.leave_wal(conn)
    except sqlite3.OperationalError as exc:
        raise BackupError(f"{db_path} is in use ({exc}): stop the bot (and anything else "
                          f"using the database), then restore again") from exc
    except sqlite3.DatabaseError:
        return                  # not a database at all: kept aside as it is, and replaced
    if mode == "wal":
        raise BackupError(f"{db_path} is in use: stop the bot (and anything else using the "
                          f"database), then restore again")


def _keep(db_path: Path) -> None:
    """The old database stays as `<db>.before-restore` (replacing an older one), without a
    moment where `db_path` is missing: a hard link where the file system has them."""
    kept = kept_name(db_path)
    kept.unlink(missing_ok=True)
    try:
        os.link(db_path, kept)
    except OSError:
        shutil.copy2(db_path, kept)


def _sync(path: Path) -> None:
    """Flush a file (or a folder's entries) to the disk, where the system allows it."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def postgres_recipe(url: str) -> str:
    """What to do instead of `arbitro backup` / `arbitro restore` when ARBITRO_DB is a
    PostgreSQL database (docs/postgresql.md has the whole recipe)."""
    where = shown(url)
    return (f"the database is PostgreSQL ({where}): arbitro backup and arbitro restore "
            f"copy SQLite files only. Use PostgreSQL's own tools, with the password in "
            f"PGPASSWORD or ~/.pgpass (docs/postgresql.md):\n"
            f"  back up (safe while the bots run):\n"
            f"    pg_dump --format=custom --file=arbitro-$(date -u +%Y-%m-%dT%H%MZ).dump "
            f"'{where}'\n"
            f"  restore into a new, empty database made with the C collation, then point "
            f"ARBITRO_DB at it:\n"
            f"    createdb --template=template0 --encoding=UTF8 --locale=C arbitro_restored\n"
            f"    pg_restore --no-owner --single-transaction --dbname=<URL of arbitro_restored> "
            f"FILE.dump")
