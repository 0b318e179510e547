# Acorn conservation, whatever the table does: random sequences of actions (legal or
# not, as a confused table might enter them) go through the app's own replay, exactly
# as a resume after a power cut does. The number of acorns never changes (14 on the
# board + one per player), no count goes below zero, a refused action changes nothing,
# and undo (replaying one action fewer) gives back the state before it.
from apps.leaves import LeavesApp
from hypothesis import given, settings
from hypothesis import strategies as st
from rules import leaves_game as g


def replay(setup, actions):
    return LeavesApp.replay(None, setup, actions)  # the method the game screen uses


def action(n):
    seat = st.integers(0, n - 1)
    return st.one_of(
        st.tuples(st.just("take"), seat),
        st.tuples(st.just("grab"), seat),
        st.tuples(st.just("hide"), seat),
        st.tuples(st.just("dig"), seat, seat),
        st.tuples(st.just("next")),
        st.tuples(st.just("head"), seat, st.integers(0, 30)),
    ).map(list)


@st.composite
def games(draw):
    n = draw(st.integers(2, 6))
    first = draw(st.integers(0, n - 1))
    actions = draw(st.lists(action(n), max_size=80))
    return g.new_setup(["P" + str(i + 1) for i in range(n)], first), actions


def total(s):
    led = s["ledger"]
    return led["board"] + led["under"] + sum(led["visible"]) + sum(led["hidden"])


@settings(max_examples=300, deadline=None)
@given(games())
def test_acorns_are_never_created_or_lost(game):
    setup, actions = game
    n = len(setup["players"])
    before = replay(setup, [])
    assert total(before) == 14 + n
    for k in range(1, len(actions) + 1):
        after = replay(setup, actions[:k])
        led = after["ledger"]
        assert total(after) == 14 + n
        assert min([led["board"], led["under"]] + led["visible"] + led["hidden"]) >= 0
        if g.problem(before, actions[k - 1]) is not None:
            assert after == before  # refused: nothing changed
        assert replay(setup, actions[: k - 1]) == before  # undo gives the state back
        before = after


@settings(max_examples=200, deadline=None)
@given(games())
def test_the_end_comes_exactly_when_board_and_hole_are_empty(game):
    setup, actions = game
    s = replay(setup, actions)
    led = s["ledger"]
    assert g.over(s) == (led["board"] == 0 and led["under"] == 0)
    if g.over(s):
        places = g.places(s)
        assert min(places) == 1  # someone is first, ties or not
