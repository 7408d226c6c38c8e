"""The resolver's shortcut gives what weighing every reading gives: the usual line read
without listing its readings (`_single_reading`). Checked on every order of the shared games
in the bench's six ways of writing them, and on random lines in all three kinds of phase."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Position, Power, rules_named, standard_board
from grammar import api, readings
from grammar.readings import Resolution, Resolver
from grammar.syntax import SyntaxProblem
from grammar.verdicts import view_of
from testbed.corpus import corpus
from testbed.shared_games import shared_games
from tests.grammar.positions import ADJUSTMENT, CONVOY, OPENING, RETREAT


class _Weighing(Resolver):
    """The resolver with the shortcut off: every reading listed, judged and weighed."""

    __slots__ = ()

    def _single_reading(self, kind, shape):
        return None


def _both(text: str, position: Position, power: Power | None) -> tuple | None:
    shape, language = api._read(text, "auto")
    if isinstance(shape, SyntaxProblem):
        return None
    made = []
    for kind in (Resolver, _Weighing):
        resolver = kind(position, power, standard_board(), rules_named("2023"), language,
                        language or "en", view_of(position))
        made.append(resolver.resolve(shape))
    return tuple(made)


def test_shortcuts_agree_with_weighing_on_every_order_of_the_shared_games():
    compared = taken = 0
    single = readings.Resolver._single_reading
    hits = []

    def counted(self, kind, shape):
        found = single(self, kind, shape)
        if type(self) is Resolver:
            hits.append(found is not None)
        return found

    readings.Resolver._single_reading = counted
    try:
        for position, power, text, _expected in corpus(shared_games(), None):
            both = _both(text, position, power)
            assert both is not None, text
            fast, weighed = both
            assert isinstance(fast, Resolution)
            assert fast == weighed, (text, position.phase.name, power)
            compared += 1
    finally:
        readings.Resolver._single_reading = single
    taken = sum(hits)
    assert compared == 12_336
    assert taken > compared * 0.8  # the shortcut is the usual way, not a rare one


WORDS = st.sampled_from(["A", "F", "a", "S", "C", "-", "Ven", "Tri", "Rom", "Apu", "Nap",
                         "Tyr", "Ion", "via", "H", "XXX", "APP", "naar", "nc", "Bur", "Par",
                         "Mar", "Spa", "sc", "build", "Kiel", "R", "Gas", "Mao", "Lon", "Nth",
                         "Nor", "Yor", "Bel", "Eng", "Stands", "Gal", "Sev", "Rum", "Bul",
                         "StP", "Mun", "Por", "Lyo", "Wes", "Tun", "Ber", "Sil", "Smy"])


@settings(max_examples=400, deadline=None)
@given(st.lists(WORDS, min_size=2, max_size=7).map(" ".join),
       st.sampled_from([OPENING, CONVOY, RETREAT, ADJUSTMENT]),
       st.sampled_from([None, Power.ITALY, Power.FRANCE, Power.ENGLAND, Power.GERMANY]))
def test_shortcuts_agree_with_weighing_on_random_lines(text, position, power):
    both = _both(text, position, power)
    if both is not None:
        assert both[0] == both[1]
