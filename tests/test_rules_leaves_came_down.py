# How the Leaves Came Down rules against the seed text (seeds/003) and RULES.md; expected
# values by hand.
import json
import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in ("firmware", os.path.join("host_tools", "sim", "fakes", "cpython")):
    if os.path.join(_ROOT, _p) not in sys.path:
        sys.path.insert(0, os.path.join(_ROOT, _p))

import pytest
from core.rng import Rng
from hypothesis import given, settings
from hypothesis import strategies as st
from rules import leaves_came_down as lcd


class ScriptRng:
    # stands in for core.rng.Rng: randbelow(2) answers from a script (1 = hidden side up)
    def __init__(self, bits):
        self.bits = list(bits)

    def randbelow(self, n):
        assert n == 2
        return self.bits.pop(0)


# ---- dropper and turns ----------------------------------------------------------------------

def test_dropper_rotates_each_round():
    assert lcd.dropper(1, 2, 4) == 2          # round 1: the first player drops
    assert lcd.dropper(2, 2, 4) == 3
    assert lcd.dropper(3, 2, 4) == 0          # round the table
    assert lcd.dropper(5, 2, 4) == 2
    assert [lcd.dropper(r, 1, 3) for r in range(1, 9)] == [1, 2, 0, 1, 2, 0, 1, 2]


def test_dropper_rejects_nonsense():
    with pytest.raises(ValueError):
        lcd.dropper(0, 0, 3)
    with pytest.raises(ValueError):
        lcd.dropper(1, 3, 3)
    with pytest.raises(ValueError):
        lcd.dropper(1, 0, 1)                  # 2 to 6 players


def test_turn_order_starts_with_the_dropper():
    assert lcd.turn_order(2, 4) == [2, 3, 0, 1]
    assert lcd.turn_order(0, 2) == [0, 1]


def test_first_player_pick_is_fair():
    rng = Rng(7)
    counts = [0] * 4
    for _ in range(4000):
        counts[lcd.first_player(4, rng)] += 1
    assert all(850 < c < 1150 for c in counts)   # expected 1000 each, sd ~ 27


# ---- final ranking -----------------------------------------------------------------------

def test_final_ranking_most_acorns_then_most_hidden():
    # player 1: 7 acorns -> 1st; players 0 and 2 both 5: player 2 has 3 hidden -> 2nd,
    # player 0 (1 hidden) -> 3rd; player 3: 2 acorns -> 4th
    assert lcd.final_ranking([5, 7, 5, 2], [1, 0, 3, 2]) == [3, 1, 2, 4]


def test_final_ranking_acorns_count_before_hidden():
    assert lcd.final_ranking([4, 5], [4, 0]) == [2, 1]


def test_final_ranking_still_tied_share_a_place():
    assert lcd.final_ranking([5, 5, 3], [2, 2, 0]) == [1, 1, 3]
    assert lcd.tied_for_first([5, 5, 3], [2, 2, 0]) == [0, 1]
    assert lcd.tied_for_first([5, 5, 3], [2, 3, 0]) == [1]


# ---- acorn ledger ---------------------------------------------------------------------------

def test_new_ledger_starting_acorns_are_extra():
    s = lcd.new_ledger(3)
    assert s == {"board": 14, "under": 0, "visible": [1, 1, 1], "hidden": [0, 0, 0]}
    assert lcd.total_acorns(s) == 17          # 14 on the board + 1 per player


def test_actions():
    s = lcd.new_ledger(2)
    s = lcd.take_from_board(s, 0)
    assert s == {"board": 13, "under": 0, "visible": [2, 1], "hidden": [0, 0]}
    s = lcd.hide(s, 0)
    assert s == {"board": 13, "under": 0, "visible": [1, 1], "hidden": [1, 0]}
    s = lcd.dig(s, 0, 1)                      # player 1's visible acorn goes under
    assert s == {"board": 13, "under": 1, "visible": [1, 0], "hidden": [1, 0]}
    s = lcd.grab(s, 1)
    assert s == {"board": 13, "under": 0, "visible": [1, 1], "hidden": [1, 0]}
    assert lcd.caches(s) == [2, 1]


def test_actions_leave_the_old_ledger_alone():
    s = lcd.new_ledger(2)
    before = json.dumps(s)
    lcd.take_from_board(s, 1)
    lcd.dig(s, 0, 1)
    assert json.dumps(s) == before


def test_impossible_actions_say_why():
    s = {"board": 0, "under": 0, "visible": [0, 2], "hidden": [3, 0]}
    with pytest.raises(ValueError, match="board"):
        lcd.take_from_board(s, 0)
    with pytest.raises(ValueError, match="under the board"):
        lcd.grab(s, 1)
    with pytest.raises(ValueError, match="hidden"):
        lcd.dig(s, 1, 0)                      # player 0's acorns are all hidden
    with pytest.raises(ValueError, match="not your own"):
        lcd.dig(s, 1, 1)
    with pytest.raises(ValueError, match="no acorn left to hide"):
        lcd.hide(s, 0)
    with pytest.raises(ValueError):
        lcd.apply(s, "steal", 0)
    assert lcd.action_problem(s, "dig", 0, 1) is None
    assert lcd.action_problem(s, "hide", 1) is None


def test_game_ends_when_nothing_on_or_under_the_board():
    assert not lcd.game_ended(lcd.new_ledger(2))
    assert not lcd.game_ended({"board": 0, "under": 1, "visible": [1, 1], "hidden": [0, 0]})
    assert lcd.game_ended({"board": 0, "under": 0, "visible": [9, 5], "hidden": [1, 1]})


def test_ledger_survives_json_and_check():
    s = lcd.dig(lcd.new_ledger(4), 2, 3)
    back = json.loads(json.dumps(s))
    assert back == s and lcd.check_ledger(back) is None
    assert lcd.check_ledger({"board": 1})
    assert lcd.check_ledger({"board": -1, "under": 0, "visible": [1, 1], "hidden": [0, 0]})


_action = st.tuples(st.sampled_from(lcd.ACTIONS), st.integers(0, 5), st.integers(0, 5))


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 6), st.lists(_action, max_size=80))
def test_acorn_total_is_conserved(n, actions):
    s = lcd.new_ledger(n)
    for action, p, victim in actions:
        p %= n
        victim %= n
        problem = lcd.action_problem(s, action, p, victim)
        before = json.dumps(s)
        try:
            s2 = lcd.apply(s, action, p, victim)
        except ValueError as e:
            assert str(e) == problem              # refused exactly when said impossible
            assert json.dumps(s) == before
            continue
        assert problem is None
        s = s2
        assert lcd.total_acorns(s) == 14 + n
        assert s["board"] >= 0 and s["under"] >= 0
        assert min(s["visible"]) >= 0 and min(s["hidden"]) >= 0
        assert lcd.check_ledger(s) is None


# ---- tile drop tie-break ------------------------------------------------------------------

def test_tile_drop_counts_hidden_sides():
    assert lcd.tile_drop(4, ScriptRng([1, 0, 1, 1])) == 3
    assert lcd.tile_drop(0, ScriptRng([])) == 0


def test_tile_drop_is_half_and_half():
    rng = Rng(11)
    shown = sum(lcd.tile_drop(1, rng) for _ in range(10000))
    assert 4800 < shown < 5200        # expected 5000, sd 50


def test_break_tie_repeats_until_one_shows_more():
    # one tile each: round 1 both show 1 (tie), round 2 player 0 shows 0, player 2 shows 1
    winner, throws = lcd.break_tie([0, 2], [1, 5, 1], ScriptRng([1, 1, 0, 1]))
    assert winner == 2
    assert throws == [[[0, 1], [2, 1]], [[0, 0], [2, 1]]]


def test_break_tie_everyone_redrops_unless_knockout():
    # round 1: 1, 1, 0 -> players 0 and 1 share the best, no winner
    winner, throws = lcd.break_tie([0, 1, 2], 1, ScriptRng([1, 1, 0, 0, 1, 0]))
    assert winner == 1 and len(throws[1]) == 3
    winner, throws = lcd.break_tie([0, 1, 2], 1, ScriptRng([1, 1, 0, 0, 1]), knockout=True)
    assert winner == 1 and throws[1] == [[0, 0], [1, 1]]


def test_break_tie_is_fair_and_consistent():
    rng = Rng(5)
    wins = [0, 0]
    for _ in range(2000):
        winner, throws = lcd.break_tie([0, 1], 3, rng)
        wins[winner] += 1
        last = throws[-1]
        assert max(shown for _, shown in last) == dict(last)[winner]
        assert [shown for _, shown in last].count(dict(last)[winner]) == 1
        for row in throws[:-1]:
            assert row[0][1] == row[1][1]           # earlier rounds were ties
        assert all(0 <= shown <= 3 for row in throws for _, shown in row)
    assert 880 < wins[0] < 1120                     # expected 1000, sd ~ 22


def test_break_tie_edge_cases():
    assert lcd.break_tie([3], 2, ScriptRng([])) == (3, [])
    with pytest.raises(ValueError):
        lcd.break_tie([0, 1], 0, Rng(1))
    with pytest.raises(ValueError):
        lcd.break_tie([], 1, Rng(1))
