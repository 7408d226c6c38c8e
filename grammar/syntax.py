"""The Lark LALR parser over lexemes, and the shape of the order it finds.

Lark's own lexer is not used: each lexeme may be read several ways (`a` is an army, or the
Italian "to"; `in` is an Italian move or a Dutch filler), so the lexemes are fed one by one to
Lark's interactive parser, which says which terminals it can take next (`choices()`): a word is
read the way the grammar accepts at that point, trying the next reading only when one fails.
Nothing from Lark leaves this module: the result is a `Shape` or a `SyntaxProblem`.
"""

from __future__ import annotations

import contextlib
import copy
from dataclasses import dataclass
from functools import cache
from importlib import resources
from operator import itemgetter
from typing import NamedTuple

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError

from grammar.lexer import Lexeme, Option, Place
from grammar.lexicon import lexicon

MAX_FEEDS = 400  # work cap per line: tokens fed, over all the readings tried


class PlaceRef(NamedTuple):
    lexeme: Lexeme
    places: tuple[Place, ...]
    coast: str | None = None
    coast_lexeme: Lexeme | None = None


class UnitRef(NamedTuple):
    unit: str | None            # "A", "F" or None when not written
    place: PlaceRef | None      # None: "F Stands"
    lexeme: Lexeme              # the first word, for messages
    nation: str | None = None


class Shape(NamedTuple):
    """What the order says, before the position picks among the readings of its words."""

    kind: str  # hold move support_hold support_move convoy retreat disband build waive bare
    subject: UnitRef | None = None
    other: UnitRef | None = None
    target: PlaceRef | None = None
    steps: tuple[PlaceRef, ...] = ()
    via: bool = False
    implicit: bool = False      # a move or support written without the move sign
    owner: str | None = None    # the power named as giving the order ("Russia: A Mos - Lvn")
    owner_word: str | None = None  # how, when not by its plain name ("e:", "Ottoman"): a note


@dataclass(frozen=True)
class SyntaxProblem:
    kind: str                   # unknown_word, unexpected_word, incomplete, empty
    lexeme: Lexeme | None
    expected: tuple[str, ...]   # terminal names


@cache
def _parser() -> Lark:
    grammar = resources.files("grammar").joinpath("orders.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", lexer="basic")


_TERMINAL_ORDER = ("UNIT", "LOC", "COAST", "HOLD", "MOVE", "SUPPORT", "CONVOY", "VIA",
                   "RETREAT", "DISBAND", "BUILD", "WAIVE", "NATION", "FROM", "$END")


def parse_shape(lexemes: list[Lexeme]) -> Shape | SyntaxProblem:
    if not lexemes:
        start = _parser().parse_interactive("")
        return SyntaxProblem("empty", None, _expected(start.choices()))
    # The parse depends only on which terminals each lexeme may be, not on its words, and
    # the tree's tokens are lexeme indexes: so one parse (kept as a template of indexes, and
    # the option each index is read as) serves every line of that pattern.
    pattern = tuple(map(_SIGNATURE, lexemes))
    found = _PATTERNS.get(pattern)
    if found is None:
        search = _Search(lexemes)
        template = search.run()
        if template is not None:
            found = (_plan(template, lexemes), None)
        else:
            problem = search.problem()
            found = (None, (problem.kind, lexemes.index(problem.lexeme), problem.expected))
        if len(_PATTERNS) > _PATTERN_LIMIT:
            _PATTERNS.clear()
        _PATTERNS[pattern] = found
    plan, problem = found
    if plan is not None:
        return _fill(plan, lexemes)
    kind, index, expected = problem
    return SyntaxProblem(kind, lexemes[index], expected)


_SIGNATURE = itemgetter(Lexeme._fields.index("signature"))  # lx.signature, mapped in C
_PATTERNS: dict[tuple, tuple] = {}
_PATTERN_LIMIT = 20_000


class _Search:
    """Depth-first over the readings of each lexeme, in the order the lexer ranked them,
    collecting a few complete parses: a word that may be dropped (a Dutch filler that is also
    an Italian move sign) can make two, and the plainer one is kept (`best`)."""

    KEEP = 6

    def __init__(self, lexemes: list[Lexeme]) -> None:
        self.lexemes = lexemes
        self.feeds = 0
        self.furthest = -1
        # the parser's choices there: its table's own mapping, never changed, so it is kept
        # as it is and read only if the line fails (`problem`)
        self.furthest_choices: dict = {}
        self.found: list[Shape] = []

    def run(self) -> Shape | None:
        with contextlib.suppress(_OutOfWork):
            self._go(0, _parser().parse_interactive(""))
        if not self.found:
            return None
        return min(self.found, key=_oddity)

    def _go(self, i: int, ip) -> None:
        choices = ip.choices()
        if i > self.furthest:
            self.furthest, self.furthest_choices = i, choices
        if i == len(self.lexemes):
            if "$END" in choices:
                with contextlib.suppress(LarkError):
                    self.found.append(_ToTemplate(visit_tokens=False).transform(ip.feed_eof()))
            return
        lexeme = self.lexemes[i]
        moves: list[Option | None] = [o for o in lexeme.options if o.terminal in choices]
        if lexeme.filler:
            moves.append(None)  # drop the word
        for n, option in enumerate(moves):
            if len(self.found) >= self.KEEP:
                return
            self.feeds += 1
            if self.feeds > MAX_FEEDS:
                raise _OutOfWork
            branch = _fork(ip) if n < len(moves) - 1 else ip
            if option is not None:
                try:
                    branch.feed_token(Token(option.terminal, str(i)))
                except LarkError:
                    continue
            self._go(i + 1, branch)

    def problem(self) -> SyntaxProblem:
        if self.furthest >= len(self.lexemes):
            return SyntaxProblem("incomplete", self.lexemes[-1],
                                 _expected(self.furthest_choices))
        lexeme = self.lexemes[max(self.furthest, 0)]
        if all(o.terminal == "UNKNOWN" for o in lexeme.options):
            return SyntaxProblem("unknown_word", lexeme, _expected(self.furthest_choices))
        return SyntaxProblem("unexpected_word", lexeme, _expected(self.furthest_choices))


def _fork(ip):
    """A copy of the parser state to try one more reading on. The values on its stack are
    never changed, so they need no deep copy (older lark versions always make one)."""
    try:
        return ip.copy(deepcopy_values=False)
    except TypeError:
        return copy.copy(ip)


class _OutOfWork(Exception):
    pass


def _expected(choices) -> tuple[str, ...]:
    return tuple(t for t in _TERMINAL_ORDER if t in choices)


@dataclass(frozen=True)
class _PlaceAt:
    """A place in a shape template: lexeme indexes, bound to the words of each line later."""

    loc: int
    coast: int | None = None


@dataclass(frozen=True)
class _UnitAt:
    unit: int | None
    place: _PlaceAt | None
    first: int
    nation: int | None = None


class _ToTemplate(Transformer):
    """Lark tree -> a Shape whose pieces are lexeme indexes (`_UnitAt`, `_PlaceAt`)."""

    # -- pieces ----------------------------------------------------------------------------
    def place(self, items) -> _PlaceAt:
        return _PlaceAt(int(items[0]), int(items[1]) if len(items) > 1 else None)

    def unit_at(self, items) -> _UnitAt:
        nation = int(items[2]) if len(items) > 2 else None
        return _UnitAt(int(items[0]), items[1], int(items[0]), nation)

    def unit_only(self, items) -> _UnitAt:
        return _UnitAt(int(items[0]), None, int(items[0]))

    def place_only(self, items) -> _UnitAt:
        nation = int(items[1]) if len(items) > 1 else None
        return _UnitAt(None, items[0], items[0].loc, nation)

    def owner(self, items) -> int:
        return int(items[0])

    def other(self, items) -> _UnitAt:
        unit = nation = None
        for item in items[:-1]:
            if item.type == "UNIT":
                unit = int(item)
            else:
                nation = int(item)
        first = int(items[0]) if len(items) > 1 else items[-1].loc
        return _UnitAt(unit, items[-1], first, nation)

    def steps(self, items) -> tuple[_PlaceAt, ...]:
        return tuple(i for i in items if isinstance(i, _PlaceAt))

    def route(self, items) -> _Route:
        return _Route(tuple(i for i in items if isinstance(i, _PlaceAt)))

    # -- orders ----------------------------------------------------------------------------
    def start(self, items) -> Shape:
        return items[-1] if len(items) == 1 else items[-1]._replace(owner=items[0])

    def bare(self, items) -> Shape:
        return Shape("bare", items[0])

    def hold(self, items) -> Shape:
        return Shape("hold", items[0])

    def hold_first(self, items) -> Shape:
        return Shape("hold", items[1])

    def hold_at(self, items) -> Shape:
        return Shape("hold", _placed(items[0], items[-1]))

    def move_first(self, items) -> Shape:
        return _routed(Shape("move", items[1], target=items[3], steps=items[4]), items)

    def move_from(self, items) -> Shape:
        return Shape("move", _placed(items[0], items[4]), target=items[2])

    def move(self, items) -> Shape:
        return _routed(Shape("move", items[0], target=items[2], steps=items[3]), items)

    def implicit_move(self, items) -> Shape:
        return _routed(Shape("move", items[0], target=items[1], implicit=True), items)

    def support_hold(self, items) -> Shape:
        return Shape("support_hold", items[0], other=items[2])

    def support_move(self, items) -> Shape:
        return Shape("support_move", items[0], other=items[2], target=items[4])

    def implicit_support_move(self, items) -> Shape:
        return Shape("support_move", items[0], other=items[2], target=items[3], implicit=True)

    def convoy(self, items) -> Shape:
        return Shape("convoy", items[0], other=items[2], target=items[-1])

    def retreat(self, items) -> Shape:
        return Shape("retreat", items[0], target=items[-1])

    def disband(self, items) -> Shape:
        return Shape("disband", items[0])

    def disband_first(self, items) -> Shape:
        return Shape("disband", items[1])

    def build(self, items) -> Shape:
        return Shape("build", items[0])

    def build_first(self, items) -> Shape:
        return Shape("build", items[1])

    def build_at(self, items) -> Shape:
        return Shape("build", _UnitAt(int(items[1]), items[3], int(items[1])))

    def waive(self, items) -> Shape:
        return Shape("waive")


def _placed(subject: _UnitAt, place: _PlaceAt) -> _UnitAt:
    """A unit word alone given the place written later in the order ("Armata ferma a
    Venezia"); a unit that already has its place cannot take another (the parse is dropped)."""
    if subject.place is not None or subject.unit is None:
        raise ValueError("the unit has its place already")
    return _UnitAt(subject.unit, place, subject.first)


def _oddity(template: Shape) -> int:
    """How far a parse strays from the plain form: extra steps, a missing move sign."""
    return 2 * len(template.steps) + int(template.implicit)


class _Route(NamedTuple):
    """`via`, with the seas written after it, if any (lexeme indexes)."""

    seas: tuple[_PlaceAt, ...]


def _routed(shape: Shape, items) -> Shape:
    """The move with its `via`: a route written after it (`A Bur - Lon via Eng - Nth`) is
    the route written before the target (`A Bur - Eng - Nth - Lon`), left for the resolver to
    read as a convoy (`Resolver._convoy_route`). A route on both sides is no order (the parse
    is dropped)."""
    route = next((i for i in items if isinstance(i, _Route)), None)
    if route is None:
        return shape
    if not route.seas:
        return shape._replace(via=True)
    if shape.steps:
        raise ValueError("a route before the target and another after it")
    first, *rest = route.seas
    return shape._replace(target=first, steps=(*rest, shape.target), via=True)


# A template compiled for filling: each slot is (lexeme index, index of the option it is read
# as). Lines of one pattern have lexemes of the same signatures, so the option's index is the
# same for all of them and is found once, when the pattern is parsed.
_PlacePlan = tuple[int, int, int | None, int | None]        # loc, its option; coast, its option
_UnitPlan = tuple[int | None, int | None, "_PlacePlan | None", int, int | None, int | None]


def _plan(template: Shape, lexemes: list[Lexeme]) -> tuple:
    """The template as plain tuples of (index, option index): see `_fill`."""
    def option(index: int | None, terminal: str) -> int | None:
        if index is None:
            return None
        for k, candidate in enumerate(lexemes[index].options):
            if candidate.terminal == terminal:
                return k
        raise AssertionError(terminal)

    def place(p: _PlaceAt | None) -> _PlacePlan | None:
        if p is None:
            return None
        return (p.loc, option(p.loc, "LOC"), p.coast, option(p.coast, "COAST"))

    def unit(u: _UnitAt | None) -> _UnitPlan | None:
        if u is None:
            return None
        return (u.unit, option(u.unit, "UNIT"), place(u.place), u.first, u.nation,
                option(u.nation, "NATION"))

    owner = template.owner
    return (template.kind, unit(template.subject), unit(template.other),
            place(template.target), tuple(place(p) for p in template.steps), template.via,
            template.implicit, None if owner is None else (owner, option(owner, "NATION")))


# Named tuples made from a tuple at C speed (their own constructors are Python calls).
_new = tuple.__new__
_PLACE_REFS: dict[int, dict[int, PlaceRef]] = {}  # option index -> lexeme id -> reference
_PLACE_REFS_KEPT = 50_000
_UNIT_REFS: dict[tuple, UnitRef] = {}


def _fill(plan: tuple, lexemes: list[Lexeme]) -> Shape:
    """The shape of this line: the pattern's plan filled with its words."""
    kind, subject, other, target, steps, via, implicit, owner = plan
    owner_value = owner_word = None
    if owner:
        lexeme = lexemes[owner[0]]
        owner_value = lexeme.options[owner[1]].value
        owner_word = _owner_word(lexeme)
    # (the parts most lines lack are not filled by a call that returns None)
    return _new(Shape, (kind, _fill_unit(subject, lexemes) if subject else None,
                        _fill_unit(other, lexemes) if other else None,
                        _fill_place(target, lexemes) if target else None,
                        tuple([_fill_place(p, lexemes) for p in steps]) if steps else (),
                        via, implicit, owner_value, owner_word))


def _owner_word(lexeme: Lexeme) -> str | None:
    """The power's word as written when the reader says how it took it: all but a power's
    name or nationality word (`Russia:`, `German`), so `e:`, `Ita:`, `Britain`, `Ingland:`."""
    plain = any(e.terminal == "NATION" and e.how == "word"
                for e in lexicon("auto").lookup(lexeme.key))
    return None if plain else lexeme.text


def _fill_place(plan: _PlacePlan | None, lexemes: list[Lexeme]) -> PlaceRef | None:
    if plan is None:
        return None
    loc, k, coast, coast_k = plan
    lexeme = lexemes[loc]
    if coast is None:
        # One PlaceRef per remembered lexeme and reading (the lexer makes one lexeme per word
        # and column), in a table per reading (no tuple to make for a key); the identity
        # check keeps a freed lexeme's id from being taken for it.
        refs = _PLACE_REFS.get(k)
        if refs is None:
            refs = _PLACE_REFS[k] = {}
        ref = refs.get(id(lexeme))
        if ref is None or ref.lexeme is not lexeme:
            if len(refs) > _PLACE_REFS_KEPT:
                refs.clear()
            ref = refs[id(lexeme)] = _new(PlaceRef, (lexeme, lexeme.options[k].value, None,
                                                     None))
        return ref
    coast_lexeme = lexemes[coast]
    return _new(PlaceRef, (lexeme, lexeme.options[k].value,
                           coast_lexeme.options[coast_k].value, coast_lexeme))


def _fill_unit(plan: _UnitPlan | None, lexemes: list[Lexeme]) -> UnitRef | None:
    if plan is None:
        return None
    unit, unit_k, place, first, nation, nation_k = plan
    utype = lexemes[unit].options[unit_k].value if unit is not None else None
    first_lexeme = lexemes[first]
    nation_name = lexemes[nation].options[nation_k].value if nation is not None else None
    if place is None:
        loc_lexeme = k = None
    elif place[2] is not None:  # with a coast: made anew each time
        return _new(UnitRef, (utype, _fill_place(place, lexemes), first_lexeme, nation_name))
    else:
        loc_lexeme, k = lexemes[place[0]], place[1]
    # One UnitRef per remembered parts, as for places, found by the words it is read from
    # before its place is looked up (identity checked the same way).
    key = (utype, id(loc_lexeme), k, id(first_lexeme), nation_name)
    ref = _UNIT_REFS.get(key)
    if ref is None or ref.lexeme is not first_lexeme or (
            loc_lexeme is not None and ref.place.lexeme is not loc_lexeme):
        if len(_UNIT_REFS) > _PLACE_REFS_KEPT:
            _UNIT_REFS.clear()
        ref = _UNIT_REFS[key] = _new(UnitRef, (utype, _fill_place(place, lexemes),
                                               first_lexeme, nation_name))
    return ref
