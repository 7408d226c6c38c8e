"""JSON text with indentation, built as one string: what `json.dumps(value, indent=n)` writes,
byte for byte, about two and a half times faster on `arbitro adjudicate`'s results.

The standard library's encoder writes indented JSON with its pure-Python generator (its C
encoder only knows the compact form), one small piece per `yield`; `json.dump` then makes one
`write` per piece. Here each container is joined from its members' texts at once, strings are
escaped by the standard library's own C function, and the text of a small object of strings
(a unit: power, type, location) is kept for the rest of the call and reused. Defaults as
`json.dumps`: `ensure_ascii`, no key sorting, separators `,` and `: `. A value of any other type
(a float, a non-string key, an object) sends the whole value to `json.dumps`, so the answer is
always the standard library's (`tests/engine/test_cli_adjudicate.py` holds the two together).
"""

from __future__ import annotations

import json
from itertools import repeat
from json.encoder import encode_basestring_ascii as _quoted  # the C escaper json.dumps uses
from typing import Any


class _Unsupported(Exception):
    """A value this writer leaves to `json.dumps`."""


def dumps_indented(value: Any, indent: int = 1) -> str:
    """`json.dumps(value, indent=indent)`."""
    try:
        return _Writer(indent).text(value, 0)
    except (_Unsupported, RecursionError):
        return json.dumps(value, indent=indent)


class _Writer:
    __slots__ = ("indent", "_breaks", "_flat")

    def __init__(self, indent: int) -> None:
        self.indent = indent
        self._breaks: list[str] = []  # "\n" plus the indentation of each depth
        # The text of each object of strings met so far, by depth and members (one call's
        # worth: it goes with the writer).
        self._flat: dict[tuple, str] = {}

    def _break(self, depth: int) -> str:
        breaks = self._breaks
        while len(breaks) <= depth:
            breaks.append("\n" + " " * (self.indent * len(breaks)))
        return breaks[depth]

    def text(self, value: Any, depth: int) -> str:
        kind = type(value)
        if kind is str:
            return _quoted(value)
        if kind is dict:
            return self._object(value, depth)
        if kind is list or kind is tuple:
            return self._array(value, depth)
        if value is None:
            return "null"
        if value is True:
            return "true"
        if value is False:
            return "false"
        if kind is int:
            return int.__repr__(value)
        raise _Unsupported

    def _object(self, value: dict, depth: int) -> str:
        if not value:
            return "{}"
        kinds = _KINDS(map(type, value.values()))
        # A small object of strings (a unit, a reason) comes again and again: its text is kept.
        # (Strings and nulls only: True == 1 would mix up the texts of true and 1.)
        flat = len(value) <= 4 and kinds <= _SCALARS
        if flat:
            known = (depth, *value.items())
            text = self._flat.get(known)
            if text is not None:
                return text
        if _KINDS(map(type, value)) != _STR:
            raise _Unsupported
        inner = self._break(depth + 1)
        keys = map(_quoted, value)
        if kinds == _STR:
            texts = map(_quoted, value.values())
        else:
            texts = map(self.text, value.values(), repeat(depth + 1))
        text = ("{" + inner + ("," + inner).join(map(_MEMBER, keys, texts)) + self._break(depth)
                + "}")
        if flat:
            self._flat[known] = text
        return text

    def _array(self, value: list | tuple, depth: int) -> str:
        if not value:
            return "[]"
        inner = self._break(depth + 1)
        kinds = _KINDS(map(type, value))
        if kinds == _STR:
            texts = map(_quoted, value)
        elif kinds == _DICT:  # units: each looked up here, saving two calls
            known = self._flat.get
            below = depth + 1
            texts = []
            for item in value:
                try:
                    text = known((below, *item.items()))
                except TypeError:  # a member that is a list or an object
                    text = None
                texts.append(text if text is not None else self._object(item, below))
        else:
            texts = map(self.text, value, repeat(depth + 1))
        return "[" + inner + ("," + inner).join(texts) + self._break(depth) + "]"


_KINDS = frozenset
_STR = frozenset((str,))
_DICT = frozenset((dict,))
_SCALARS = frozenset((str, type(None)))
_MEMBER = "{}: {}".format
