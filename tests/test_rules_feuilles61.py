# 61 Feuilles d'Automne rules against the seed text (seeds/001) and RULES.md. Expected
# values are worked out by hand from the rule text and RULES.md's researched table.
import json
import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in ("firmware", os.path.join("host_tools", "sim", "fakes", "cpython")):
    if os.path.join(_ROOT, _p) not in sys.path:
        sys.path.insert(0, os.path.join(_ROOT, _p))

import pytest
from rules import feuilles61 as f

FULL_SHEET = {
    "pumpkins": 2, "pond": 5, "marshmallows": [True, True], "mugs": 6, "mug4": True,
    "den": [3, 2, 1], "mushrooms": 5, "leaf_points": 10, "bonuses": 6,
}


# ---- goalposts ----------------------------------------------------------------------------

def test_default_goalposts():
    assert f.DEFAULT_GOALPOSTS == ((11, "X"), (21, 2), (31, "X"), (41, 3), (51, "X"), (61, 5))


def test_step_over_a_goalpost_unlocks_it_by_default_only():
    # 10 -> 12 passes 11 without landing on it
    assert f.goalposts_reached(10, 12) == [(11, "X")]
    assert f.goalposts_reached(10, 12, exact=True) == []


def test_exact_landing():
    assert f.goalposts_reached(8, 11, exact=True) == [(11, "X")]
    assert f.goalposts_reached(8, 11) == [(11, "X")]
    assert f.goalposts_reached(58, 62, exact=True) == []


def test_each_goalpost_unlocks_once():
    # 11 was reached on the way to 11; going on from 11 gives it no second time
    assert f.goalposts_reached(11, 14) == []
    assert f.goalposts_reached(11, 14, exact=True) == []
    assert f.goalposts_reached(3, 8) == []


def test_passing_several_goalposts_at_once():
    assert f.goalposts_reached(20, 41) == [(21, 2), (31, "X"), (41, 3)]
    assert f.goalposts_reached(60, 66) == [(61, 5)]
    assert f.goalposts_reached(55, 61, exact=True) == [(61, 5)]


def test_goalposts_from_json_settings_in_any_order():
    posts = json.loads(json.dumps([[21, 2], [11, "X"]]))
    assert f.goalposts_reached(5, 30, posts) == [(11, "X"), (21, 2)]


def test_leaf_rewards_and_goalpost_check():
    assert f.leaf_rewards([(11, "X"), (21, 2), (31, "X"), (41, 3)]) == (5, 2)
    assert f.check_goalposts(f.DEFAULT_GOALPOSTS) is None
    assert f.check_goalposts([(11, "X"), (11, 2)])
    assert f.check_goalposts([(0, 2)])
    assert f.check_goalposts([(5, "Y")])


# ---- end of game --------------------------------------------------------------------------

def test_game_over():
    assert f.game_over(20, [30, 40]) is True      # round 20 ends it
    assert f.game_over(19, [60, 12]) is False
    assert f.game_over(7, [61]) is True           # reaching 61
    assert f.game_over(7, [3, 70]) is True        # passing 61
    assert f.game_over(1, []) is False


# ---- zones ------------------------------------------------------------------------------------

def test_pumpkins():
    assert [f.zone_points("pumpkins", n) for n in range(3)] == [0, 3, 6]


def test_frog_pond_cumulative():
    assert [f.zone_points("pond", n) for n in range(6)] == [0, 1, 2, 4, 6, 9]


def test_marshmallow_skewers():
    assert f.zone_points("marshmallows", (False, False)) == 0
    assert f.zone_points("marshmallows", (True, False)) == 3    # left, 2 long
    assert f.zone_points("marshmallows", (False, True)) == 5    # right, 3 long
    assert f.zone_points("marshmallows", (True, True)) == 8


def test_mugs_with_mug_four_worth_two():
    assert f.zone_points("mugs", (3, False)) == 3
    assert f.zone_points("mugs", (3, True)) == 4
    assert f.zone_points("mugs", (1, True)) == 2
    assert f.zone_points("mugs", (6, True)) == 7
    with pytest.raises(ValueError):
        f.zone_points("mugs", (6, False))      # all six filled includes mug 4
    with pytest.raises(ValueError):
        f.zone_points("mugs", (0, True))


def test_fox_den_floors():
    assert f.zone_points("den", (2, 0, 0)) == 2
    assert f.zone_points("den", (3, 1, 0)) == 5         # 3 x 1 + 1 x 2
    assert f.zone_points("den", (3, 2, 1)) == 11        # 3 + 4 + 4
    with pytest.raises(ValueError):
        f.zone_points("den", (4, 0, 0))


def test_mushrooms_in_order():
    assert [f.zone_points("mushrooms", n) for n in range(6)] == [0, 1, 3, 5, 7, 10]


def test_zone_by_index_and_bad_counts():
    assert f.zone_points(0, 2) == 6
    assert f.zone_points(5, 5) == 10
    with pytest.raises(ValueError):
        f.zone_points("pumpkins", 3)
    with pytest.raises(ValueError):
        f.zone_points("nope", 1)
    with pytest.raises(ValueError):
        f.zone_points(6, 1)


def test_zone_complete():
    assert f.zone_complete("pond", 5) and not f.zone_complete("pond", 4)
    assert f.zone_complete("mugs", (6, True)) and not f.zone_complete("mugs", (5, True))
    assert f.zone_complete("den", (3, 2, 1)) and not f.zone_complete("den", (3, 2, 0))
    assert not f.zone_complete("marshmallows", (True, False))


# ---- tally ------------------------------------------------------------------------------------

def test_full_sheet_scores_the_maximum_79():
    # By hand from RULES.md:
    #   pumpkins 2 x 3 = 6; pond 1+1+2+2+3 = 9; marshmallows 3 + 5 = 8;
    #   mugs 5 x 1 + 2 = 7; den 3 x 1 + 2 x 2 + 1 x 4 = 11; mushrooms 1+2+2+2+3 = 10
    #   -> zones 6 + 9 + 8 + 7 + 11 + 10 = 51
    #   zone bonuses 6 x 3 = 18; goalpost points 2 + 3 + 5 = 10 (the X's only fill boxes)
    #   -> 51 + 18 + 10 = 79, RULES.md's "Maximum ~ 79"
    lines, total = f.tally(FULL_SHEET)
    assert total == 79
    assert lines == {"pumpkins": 6, "pond": 9, "marshmallows": 8, "mugs": 7, "den": 11,
                     "mushrooms": 10, "leaves": 10, "bonuses": 18}
    assert f.max_score() == 79
    assert f.check_sheet(FULL_SHEET) is None


def test_partial_sheet():
    sheet = {"pumpkins": 1, "pond": 3, "marshmallows": [False, True], "mugs": 2,
             "mug4": True, "den": [3, 1, 0], "mushrooms": 2, "leaf_points": 2,
             "bonuses": ["marshmallows"], "x_marks": 1}
    # 3 + 4 + 5 + (1 + 2) + (3 + 2) + (1 + 2) + 2 + 3 = 28
    lines, total = f.tally(sheet)
    assert total == 28
    assert lines["mugs"] == 3 and lines["den"] == 5 and lines["bonuses"] == 3
    assert set(lines) == set(f.TALLY_ORDER)


def test_empty_sheet_and_x_marks_are_just_marks():
    assert f.tally({}) == ({"pumpkins": 0, "pond": 0, "marshmallows": 0, "mugs": 0,
                            "den": 0, "mushrooms": 0, "leaves": 0, "bonuses": 0}, 0)
    assert f.tally({"x_marks": 3})[1] == 0


def test_unknown_sheet_entry_is_refused():
    with pytest.raises(ValueError):
        f.tally({"lillies": 5})
    assert f.check_sheet({"lillies": 5})


def test_check_sheet_messages():
    assert "Pumpkins" in f.check_sheet({"pumpkins": 3})
    assert "Mugs" in f.check_sheet({"mugs": 6, "mug4": False})
    # top floor with the middle unfinished
    assert "top floor" in f.check_sheet({"den": [3, 1, 1]})
    assert f.check_sheet({"den": [0, 1, 0]})
    assert f.check_sheet({"den": [3, 1, 0]}) is None
    # 4 can't be made from the goalposts' 2, 3 and 5; 7 = 2 + 5 can
    assert f.check_sheet({"leaf_points": 4})
    assert f.check_sheet({"leaf_points": 7}) is None
    # a bonus needs its zone complete
    assert f.check_sheet({"bonuses": 1})
    assert f.check_sheet({"pond": 5, "bonuses": 1}) is None
    assert f.check_sheet({"pond": 5, "bonuses": ["pumpkins"]})
    assert f.check_sheet({"pond": 5, "bonuses": ["pond", "pond"]})


# ---- zone bonus race ----------------------------------------------------------------------

def test_zone_race_first_round_completers_share_the_bonus():
    race = f.new_race()
    assert race == [None] * 6
    r1 = f.award_zone(race, "pond", [2], 5)
    assert race == [None] * 6                      # the old race is kept as it was
    assert f.bonus_winners(r1, "pond") == [2]
    # player 0 also completed the pond in round 5: shares it
    r2 = f.award_zone(r1, "pond", [0], 5)
    assert f.bonus_winners(r2, "pond") == [0, 2]
    # player 1 completes it in round 6: too late, nothing
    r3 = f.award_zone(r2, "pond", [1], 6)
    assert f.bonus_winners(r3, "pond") == [0, 2]
    assert r3[1] == [5, [0, 2]]


def test_zone_race_several_at_once_and_zones_independent():
    race = f.award_zone(f.new_race(), 3, [3, 1], 2)
    race = f.award_zone(race, "pumpkins", [1], 4)
    assert f.bonus_winners(race, "mugs") == [1, 3]
    assert f.bonuses_won(race, 1) == [0, 3]
    assert f.bonuses_won(race, 3) == [3]
    assert f.bonuses_won(race, 0) == []
    assert f.bonus_winners(race, "den") == []
    assert json.loads(json.dumps(race)) == race
    # nobody completing leaves the zone open
    assert f.award_zone(f.new_race(), "den", [], 1) == [None] * 6
