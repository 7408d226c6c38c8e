"""`/mod log` says every action the service writes to the audit log in words, in en/it/nl.

The action names are read from the service's source: each `audit.log(conn, game, actor,
ACTION, {...}, at)` call, with ACTION a string, `"prefix_" + ("a" if … else "b")`, or a
parameter whose values are found in the calls of its function (keyword, position or default).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.i18n import LANGUAGES, has, tr
from bot.mod_texts import audit_action

SERVICE = Path(__file__).resolve().parents[2] / "service"


def _strings(node: ast.AST) -> set[str]:
    """The strings an expression can be: a constant, an if-else of them, a sum of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _strings(node.body) | _strings(node.orelse)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return {a + b for a in _strings(node.left) for b in _strings(node.right)}
    return set()


def _is_audit_log(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "log" and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "audit")


def _called(node: ast.Call) -> str | None:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)


def written_actions() -> dict[str, set[str]]:
    """{action: keys of its parameters} for every action the service can log."""
    trees = [ast.parse(p.read_text()) for p in SERVICE.rglob("*.py")]
    calls = [(n, f) for t in trees for f in ast.walk(t)
             if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
             for n in ast.walk(f) if isinstance(n, ast.Call)]
    found: dict[str, set[str]] = {}
    for tree in trees:
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for call in filter(_is_audit_log, ast.walk(func)):
                action, params = call.args[3], call.args[4]
                keys = {k.value for k in getattr(params, "keys", ()) if
                        isinstance(k, ast.Constant)}
                names = _strings(action)
                if isinstance(action, ast.Name):
                    names = _values_of(func, action.id, calls)
                assert names, f"cannot tell the action of line {call.lineno}"
                for name in names:
                    found.setdefault(name, set()).update(keys)
    return found


def _values_of(func: ast.FunctionDef | ast.AsyncFunctionDef, param: str,
               calls: list[tuple[ast.Call, ast.AST]], depth: int = 0) -> set[str]:
    """The strings `param` of `func` takes: its default, and what its callers pass (a caller
    passing on a parameter of its own: what its callers pass)."""
    args = [a.arg for a in func.args.args]
    index = args.index(param) if param in args else -1
    values: set[str] = set()
    defaults = func.args.defaults
    if index >= 0 and index >= len(args) - len(defaults):
        values |= _strings(defaults[index - (len(args) - len(defaults))])
    for kw_param, default in zip(func.args.kwonlyargs, func.args.kw_defaults, strict=True):
        if kw_param.arg == param and default is not None:
            values |= _strings(default)
    offset = 1 if args and args[0] == "self" else 0
    for call, caller in calls:
        if _called(call) != func.name:
            continue
        passed = [kw.value for kw in call.keywords if kw.arg == param]
        if index >= 0 and len(call.args) > index - offset >= 0:
            passed.append(call.args[index - offset])
        for value in passed:
            values |= _strings(value)
            if isinstance(value, ast.Name) and depth < 3 and value.id in \
                    [a.arg for a in caller.args.args + caller.args.kwonlyargs]:
                values |= _values_of(caller, value.id, calls, depth + 1)
    return values


SAMPLE = {"phase": "S1901M", "powers": ["England", "France"], "power": "Italy", "user": 42,
          "users": [42, 43], "until": 1_800_000_000.0, "from": "2026-12-01T20:00:00+00:00",
          "to": "2026-12-03T20:00:00+00:00", "seconds": 7200.0, "hours": 12.0,
          "deadline": "2026-12-01T21:00:00+00:00", "remaining": 3600.0, "by": 3600.0,
          "missed": 2, "reason": "", "name": "Lepanto", "id": 1, "old": None, "new": 43,
          "setting": "movement_hours", "delete_after_days": 7, "moved": True, "seed": 5,
          "side": "Turkey", "assigned": True}


def test_the_scanner_finds_the_actions_of_every_kind():
    actions = written_actions()
    # literal, "extension_" + (…), a parameter passed by keyword, by position, as default
    assert {"pause", "grace", "extension_granted", "extension_refused", "process_now",
            "declare_draw", "concede", "set_deadline", "extend"} <= set(actions)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_action_the_service_writes_reads_as_a_sentence(lang):
    other = tr(lang, "audit.other", action="\0").split("\0")[0]
    for action, keys in sorted(written_actions().items()):
        assert has(lang, f"audit.{action}"), f"no audit.{action} in {lang}"
        text = audit_action(lang, action, {k: SAMPLE[k] for k in keys if k in SAMPLE})
        assert "{" not in text and not text.startswith(other), (action, text)
        assert "_" not in text, (action, text)      # no raw name such as extension_granted


def test_a_grace_an_absence_and_an_extension_in_words():
    assert audit_action("it", "grace", {"phase": "S1901M", "powers": ["France"],
                                        "until": 1_800_000_000.0}) == (
        "ha tenuto aperta Primavera 1901, movimenti fino a <t:1800000000:F> "
        "(<t:1800000000:R>), in attesa degli ordini (potenze: Francia)")
    assert audit_action("nl", "absence", {"id": 3, "from": "2026-12-01T20:00:00+00:00",
                                          "to": "2026-12-03T20:00:00+00:00"}) == (
        "is afwezig van <t:1796155200:F> (<t:1796155200:R>) tot <t:1796328000:F> "
        "(<t:1796328000:R>)")
    assert audit_action("nl", "extension_granted", {"id": 1, "user": 42,
                                                    "seconds": 7200.0}) == (
        "heeft <@42> een verlenging van 2 u gegeven")
    assert audit_action("it", "offer_seat", {"power": "Turkey"}) == (
        "ha offerto nel canale un posto libero (potenza: Turchia)")
