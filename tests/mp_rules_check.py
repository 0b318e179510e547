# The rules modules under real MicroPython: a plain script (no pytest), run by
# tests/test_rules_micropython.py as `micropython -X heapsize=128k tests/mp_rules_check.py`.
# Prints "mp rules ok" and exits 0 when every check holds; an assert stops it otherwise.
import sys


def _root():
    # the repo root, from this file's path (MicroPython has no os.path)
    here = globals().get("__file__", "tests/mp_rules_check.py")
    cut = here.rfind("/")
    tests_dir = here[:cut] if cut >= 0 else "."
    cut = tests_dir.rfind("/")
    if cut >= 0:
        return tests_dir[:cut]
    return "." if tests_dir == "tests" else tests_dir + "/.."


_R = _root()
for _p in ("host_tools/sim/fakes", "firmware"):
    sys.path.insert(0, _R + "/" + _p)

import json

from core.rng import Rng
from rules import autumn_ash as ash
from rules import autumn_leaves as al
from rules import feuilles61 as f
from rules import leaves_came_down as lcd


class ReverseRng:
    def shuffle(self, items):
        items.reverse()


def check_autumn_leaves():
    assert al.HANDS == 6 and al.DECK_SIZE == 55 and al.HAND_SIZE == 7
    assert al.hand_scores([6, 6, 3], [9, 4, 0], 2) == [3, 0, -3]
    assert al.hand_scores([2, 5, 4], [0, 5, 10], None) == [0, 0, 6]
    assert al.ranking([12, 7, 12, 30]) == [2, 1, 2, 4]
    assert al.ranking([3, 3, 1, 8], False) == [2, 2, 4, 1]
    assert al.acting_order([5, 5, 5, 2], [[7, 3], [7, 3, 8], [6, 9], [4]], Rng(0)) == [3, 2, 1, 0]
    assert al.acting_order([2, 2, 1, 2], [[3], [3], [9], [1]], ReverseRng()) == [2, 3, 1, 0]
    assert al.acting_order([None, 3, None, 1], [[], [2], [], [2]], Rng(0)) == [3, 1]
    seen = {}
    rng = Rng(3)
    for _ in range(300):
        seen[tuple(al.acting_order([4, 4, 4], [[2], [2], [2]], rng))] = 1
    assert len(seen) == 6
    assert al.check_hand([6, 6, 3], [9, 4, 0], 2) is None
    assert "55" in al.check_hand([60, 2, 3], [5, 5, 5], None)
    assert al.check_hand([3, 2, 3], [5, 4, 5], 1)
    assert al.check_hand([3, 3, 3], [1, 1, 5], None)


def check_feuilles61():
    assert f.goalposts_reached(10, 12) == [(11, "X")]
    assert f.goalposts_reached(10, 12, exact=True) == []
    assert f.goalposts_reached(20, 41) == [(21, 2), (31, "X"), (41, 3)]
    assert f.goalposts_reached(5, 30, json.loads('[[21, 2], [11, "X"]]')) == [(11, "X"), (21, 2)]
    assert f.game_over(20, [1]) and f.game_over(3, [61]) and not f.game_over(19, [60])
    full = {"pumpkins": 2, "pond": 5, "marshmallows": [True, True], "mugs": 6, "mug4": True,
            "den": [3, 2, 1], "mushrooms": 5, "leaf_points": 10, "bonuses": 6}
    lines, total = f.tally(full)
    assert total == 79 and f.max_score() == 79
    assert lines["den"] == 11 and lines["bonuses"] == 18
    assert f.check_sheet(full) is None
    assert f.check_sheet({"den": [3, 1, 1]})
    assert f.zone_points("mugs", (3, True)) == 4
    race = f.award_zone(f.new_race(), "pond", [2], 5)
    race = f.award_zone(race, "pond", [0], 5)
    race = f.award_zone(race, "pond", [1], 6)
    assert f.bonus_winners(race, "pond") == [0, 2]
    assert json.loads(json.dumps(race)) == race


def check_autumn_ash():
    assert ash.bag_points("cyan", [3, 3, 2, 1, 1]) == 16
    assert ash.bag_points("red", [1, 1, 3]) == 8
    assert ash.bag_points("Purple", [3, 3, 2]) == 20
    assert ash.check_bag("cyan", [1, 2]) is not None
    assert ash.check_bag("cyan", [2, 2, 2]) is not None
    assert ash.next_color("orange") == "cyan" and ash.next_color("black") is None
    assert ash.winner([20, 21]) == 1 and ash.winner([20, 20]) is None
    try:
        ash.bag_points("pink", [1, 1, 1])
        raise AssertionError("pink bag accepted")
    except ValueError:
        pass


def check_leaves_came_down():
    assert [lcd.dropper(r, 1, 3) for r in range(1, 7)] == [1, 2, 0, 1, 2, 0]
    assert lcd.turn_order(2, 4) == [2, 3, 0, 1]
    assert lcd.final_ranking([5, 7, 5, 2], [1, 0, 3, 2]) == [3, 1, 2, 4]
    assert lcd.final_ranking([5, 5, 3], [2, 2, 0]) == [1, 1, 3]
    s = lcd.new_ledger(3)
    assert lcd.total_acorns(s) == 17
    rng = Rng(9)
    for _ in range(400):
        action = lcd.ACTIONS[rng.randbelow(4)]
        p = rng.randbelow(3)
        v = rng.randbelow(3)
        if lcd.action_problem(s, action, p, v) is None:
            s = lcd.apply(s, action, p, v)
        else:
            try:
                lcd.apply(s, action, p, v)
                raise AssertionError("impossible action accepted")
            except ValueError:
                pass
        assert lcd.total_acorns(s) == 17
    assert json.loads(json.dumps(s)) == s
    winner, throws = lcd.break_tie([0, 1], 2, Rng(4))
    assert winner in (0, 1) and throws
    last = throws[-1]
    assert last[winner][1] > last[1 - winner][1]


check_autumn_leaves()
check_feuilles61()
check_autumn_ash()
check_leaves_came_down()
print("mp rules ok")
