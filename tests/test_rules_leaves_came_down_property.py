# Acorn conservation, whatever the table does: random sequences of actions (legal or
# not, as a confused table might enter them) are played as the device plays them, the
# refused ones left out. The number of acorns never changes (14 on the board + one per
# player), no count goes below zero, a refused action changes nothing, the state the
# screen keeps (one step at a time) is the state a resume replays, and undo (replaying
# one action fewer) gives back the state before it.
import json

from hypothesis import given, settings
from hypothesis import strategies as st
from journal import play
from journal import replay as checked
from rules import leaves_came_down as g
from test_rules_leaves_came_down import check_ledger, total_acorns


def replay(setup, actions):
    return checked(g, setup, actions)  # as a resume does


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
    # LCD-1, LCD-8, LCD-9, LCD-10, LCD-11: 14 + one per player, always; KEEP-1, KEEP-2
    setup, actions = game
    n = len(setup["players"])
    before, _ = play(g, setup, [])
    assert total(before) == 14 + n
    for k in range(1, len(actions) + 1):
        after, taken = play(g, setup, actions[:k])
        led = after["ledger"]
        assert total(after) == 14 + n
        assert min([led["board"], led["under"]] + led["visible"] + led["hidden"]) >= 0
        if g.problem(before, actions[k - 1]) is not None:
            assert after == before  # refused: nothing changed
        assert replay(setup, taken) == after  # a resume shows what the screen showed
        assert play(g, setup, actions[: k - 1])[0] == before  # undo gives the state back
        before = after


@settings(max_examples=200, deadline=None)
@given(games())
def test_the_end_comes_exactly_when_board_and_hole_are_empty(game):
    # LCD-12, LCD-13: the end and its ranking
    setup, actions = game
    s, _ = play(g, setup, actions)
    led = s["ledger"]
    assert g.over(s) == (led["board"] == 0 and led["under"] == 0)
    if g.over(s):
        places = g.places(s)
        assert min(places) == 1  # someone is first, ties or not


# the ledger on its own: an acorn action refused exactly when the rules say why
_action = st.tuples(st.sampled_from(g.ACTIONS), st.integers(0, 5), st.integers(0, 5))


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 6), st.lists(_action, max_size=80))
def test_acorn_total_is_conserved(n, actions):
    # LCD-1, LCD-8, LCD-9, LCD-10, LCD-11: refused exactly when impossible
    s = g.new_ledger(n)
    for action, p, victim in actions:
        p %= n
        victim %= n
        problem = g.action_problem(s, action, p, victim)
        before = json.dumps(s)
        try:
            s2 = g.act(s, action, p, victim)
        except ValueError as e:
            assert str(e) == problem              # refused exactly when said impossible
            assert json.dumps(s) == before
            continue
        assert problem is None
        s = s2
        assert total_acorns(s) == 14 + n
        assert s["board"] >= 0 and s["under"] >= 0
        assert min(s["visible"]) >= 0 and min(s["hidden"]) >= 0
        assert check_ledger(s) is None


