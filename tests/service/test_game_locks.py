"""Every write transaction of the service that concerns a game locks it.

On PostgreSQL a write that does not lock its game can land in a phase another process is
adjudicating (an order recorded, then missing from the results): `db.transaction(game_id)`
takes the game's row lock, `db.transaction()` none. This reads the service's code and names
every write transaction opened without a game, so a new one must either lock its game or be
added here with the reason it concerns no game's phase."""

from __future__ import annotations

import ast
from pathlib import Path

import service

# (module, function): why its transaction locks no game
NO_GAME = {
    ("notices/announcing.py", "_claim"): "a conditional UPDATE of one phase row: the claim itself",
    ("notices/announcing.py", "_let_go"): "releases its own claim on one phase row",
    ("notices/announcing.py", "_announce"): "marks one adjudicated phase announced",
    ("timing/boundary.py", "game_failed"): "a failing game's own row in game_faults (an upsert), "
                                    "written after the game's transaction rolled back",
    ("timing/boundary.py", "game_works"): "deletes a game's own row in game_faults",
    ("games/lifecycle.py", "create"): "the game does not exist yet",
    ("notices/outbox.py", "_deliver"): "marks one owed message's row sent, retried or given up",
    ("notices/outbox.py", "_claim_owed"): "a conditional UPDATE of owed messages' rows: the claim",
    ("notices/outbox.py", "_release_owed"): "releases its own claim on one owed message",
    ("notices/outbox.py", "prune_owed"): "forgets messages sent long ago, of any game",
    ("players/preferences.py", "set_user_language"): "a user's preference",
    ("players/preferences.py", "remember_seen_language"): "a user's preference",
    ("players/preferences.py", "set_notices"): "a user's preference (where notices go)",
    ("players/preferences.py", "set_moderator_role"): "a server's preference",
    ("players/preferences.py", "remember_guild"): "a server's locale and upload limit",
    ("players/records.py", "set_scoring"): "a server's preference (its standings' scoring)",
    ("players/seating.py", "note_unreachable"): "a user's reachability",
    ("players/seating.py", "note_reachable"): "a user's reachability",
}


def transactions_without_a_game() -> set[tuple[str, str]]:
    found = set()
    root = Path(service.__file__).parent
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.AsyncFunctionDef | ast.FunctionDef):
                continue
            for node in ast.walk(function):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "transaction" and _is_db(node.func.value)
                        and not node.args
                        and not node.keywords):
                    found.add((path.relative_to(root).as_posix(), function.name))
    return found


def _is_db(node: ast.expr) -> bool:
    """`db`, `self.db`, `service.db`, `self.outbox.db`: the service's database."""
    return (isinstance(node, ast.Name) and node.id == "db") or \
        (isinstance(node, ast.Attribute) and node.attr == "db")


def test_every_write_transaction_on_a_game_locks_it():
    assert transactions_without_a_game() == set(NO_GAME)
