# 61 Feuilles d'Automne rules against the rule text as docs/rules.md puts it (section
# F61, with its researched goalposts and zone values; each test names the rules it
# checks). Expected values are worked out by hand from the rule text and those values.
import json

import pytest
from journal import replay
from rules import feuilles61 as f

FULL_SHEET = {
    "pumpkins": 2, "pond": 5, "marshmallows": [True, True], "mugs": 6, "mug4": True,
    "den": [3, 2, 1], "mushrooms": 5, "leaf_points": 10, "bonuses": 6,
}


# ---- goalposts ----------------------------------------------------------------------------

def test_default_goalposts():
    # F61-4: the goalposts and their rewards
    assert f.DEFAULT_GOALPOSTS == ((11, "X"), (21, 2), (31, "X"), (41, 3), (51, "X"), (61, 5))


def test_step_over_a_goalpost_unlocks_it_by_default_only():
    # F61-5: reaching or passing by default; exact landing as the setting
    # 10 -> 12 passes 11 without landing on it
    assert f.goalposts_reached(10, 12) == [(11, "X")]
    assert f.goalposts_reached(10, 12, exact=True) == []


def test_exact_landing():
    # F61-5: landing on a goalpost unlocks it under both readings
    assert f.goalposts_reached(8, 11, exact=True) == [(11, "X")]
    assert f.goalposts_reached(8, 11) == [(11, "X")]
    assert f.goalposts_reached(58, 62, exact=True) == []


def test_each_goalpost_unlocks_once():
    # F61-5: each goalpost unlocks once
    # 11 was reached on the way to 11; going on from 11 gives it no second time
    assert f.goalposts_reached(11, 14) == []
    assert f.goalposts_reached(11, 14, exact=True) == []
    assert f.goalposts_reached(3, 8) == []


def test_passing_several_goalposts_at_once():
    # F61-5: one leaf can pass several goalposts
    assert f.goalposts_reached(20, 41) == [(21, 2), (31, "X"), (41, 3)]
    assert f.goalposts_reached(60, 66) == [(61, 5)]
    assert f.goalposts_reached(55, 61, exact=True) == [(61, 5)]


def test_goalposts_from_json_settings_in_any_order():
    # F61-4: edited goalposts, given in any order
    posts = json.loads(json.dumps([[21, 2], [11, "X"]]))
    assert f.goalposts_reached(5, 30, posts) == [(11, "X"), (21, 2)]


def test_leaf_rewards_and_goalpost_check():
    # F61-4: the X marks and points of the goalposts reached; edited values checked
    assert f.leaf_rewards([(11, "X"), (21, 2), (31, "X"), (41, 3)]) == (5, 2)
    assert f.check_goalposts(f.DEFAULT_GOALPOSTS) is None
    assert f.check_goalposts([(11, "X"), (11, 2)])
    assert f.check_goalposts([(0, 2)])
    assert f.check_goalposts([(5, "Y")])


# ---- end of game --------------------------------------------------------------------------

def test_game_over():
    # F61-14: after round 20, or when a leaf total reaches or passes 61
    assert f.game_over(20, [30, 40]) is True      # round 20 ends it
    assert f.game_over(19, [60, 12]) is False
    assert f.game_over(7, [61]) is True           # reaching 61
    assert f.game_over(7, [3, 70]) is True        # passing 61
    assert f.game_over(1, []) is False


# ---- zones ------------------------------------------------------------------------------------

def test_pumpkins():
    # F61-7: 3 a complete pumpkin
    assert [f.zone_points("pumpkins", n) for n in range(3)] == [0, 3, 6]


def test_frog_pond_cumulative():
    # F61-8: 1, 1, 2, 2, 3 by lily
    assert [f.zone_points("pond", n) for n in range(6)] == [0, 1, 2, 4, 6, 9]


def test_marshmallow_skewers():
    # F61-9: the left skewer 3, the right one 5
    assert f.zone_points("marshmallows", (False, False)) == 0
    assert f.zone_points("marshmallows", (True, False)) == 3    # left, 2 long
    assert f.zone_points("marshmallows", (False, True)) == 5    # right, 3 long
    assert f.zone_points("marshmallows", (True, True)) == 8


def test_mugs_with_mug_four_worth_two():
    # F61-10: 1 a mug, mug 4 worth 2 in all
    assert f.zone_points("mugs", (3, False)) == 3
    assert f.zone_points("mugs", (3, True)) == 4
    assert f.zone_points("mugs", (1, True)) == 2
    assert f.zone_points("mugs", (6, True)) == 7
    with pytest.raises(ValueError):
        f.zone_points("mugs", (6, False))      # all six filled includes mug 4
    with pytest.raises(ValueError):
        f.zone_points("mugs", (0, True))


def test_fox_den_floors():
    # F61-11: 1, 2 and 4 a square, floor by floor
    assert f.zone_points("den", (2, 0, 0)) == 2
    assert f.zone_points("den", (3, 1, 0)) == 5         # 3 x 1 + 1 x 2
    assert f.zone_points("den", (3, 2, 1)) == 11        # 3 + 4 + 4
    with pytest.raises(ValueError):
        f.zone_points("den", (4, 0, 0))


def test_mushrooms_in_order():
    # F61-12: 1, 2, 2, 2, 3 by mushroom
    assert [f.zone_points("mushrooms", n) for n in range(6)] == [0, 1, 3, 5, 7, 10]


def test_zone_by_index_and_bad_counts():
    # F61-7, F61-12: zones by number; no more boxes than a zone has
    assert f.zone_points(0, 2) == 6
    assert f.zone_points(5, 5) == 10
    with pytest.raises(ValueError):
        f.zone_points("pumpkins", 3)
    with pytest.raises(ValueError):
        f.zone_points("nope", 1)
    with pytest.raises(ValueError):
        f.zone_points(6, 1)


def test_zone_complete():
    # F61-13: when a zone is complete, for its bonus
    assert f.zone_complete("pond", 5) and not f.zone_complete("pond", 4)
    assert f.zone_complete("mugs", (6, True)) and not f.zone_complete("mugs", (5, True))
    assert f.zone_complete("den", (3, 2, 1)) and not f.zone_complete("den", (3, 2, 0))
    assert not f.zone_complete("marshmallows", (True, False))


# ---- tally ------------------------------------------------------------------------------------

def test_full_sheet_scores_the_maximum_79():
    # F61-15: the most a sheet can score, 79
    # By hand, from the zones' values and the goalposts:
    #   pumpkins 2 x 3 = 6; pond 1+1+2+2+3 = 9; marshmallows 3 + 5 = 8;
    #   mugs 5 x 1 + 2 = 7; den 3 x 1 + 2 x 2 + 1 x 4 = 11; mushrooms 1+2+2+2+3 = 10
    #   -> zones 6 + 9 + 8 + 7 + 11 + 10 = 51
    #   zone bonuses 6 x 3 = 18; goalpost points 2 + 3 + 5 = 10 (the X's only fill boxes)
    #   -> 51 + 18 + 10 = 79, the maximum F61-15 gives
    lines, total = f.tally(FULL_SHEET)
    assert total == 79
    assert lines == {"pumpkins": 6, "pond": 9, "marshmallows": 8, "mugs": 7, "den": 11,
                     "mushrooms": 10, "leaves": 10, "bonuses": 18}
    assert f.check_sheet(FULL_SHEET) is None


def test_partial_sheet():
    # F61-15: a partial sheet's tally; F61-6: X marks add nothing by themselves
    sheet = {"pumpkins": 1, "pond": 3, "marshmallows": [False, True], "mugs": 2,
             "mug4": True, "den": [3, 1, 0], "mushrooms": 2, "leaf_points": 2,
             "bonuses": ["marshmallows"], "x_marks": 1}
    # 3 + 4 + 5 + (1 + 2) + (3 + 2) + (1 + 2) + 2 + 3 = 28
    lines, total = f.tally(sheet)
    assert total == 28
    assert lines["mugs"] == 3 and lines["den"] == 5 and lines["bonuses"] == 3
    assert set(lines) == set(f.TALLY_ORDER)


def test_empty_sheet_and_x_marks_are_just_marks():
    # F61-6, F61-15: an empty sheet scores 0; X marks add nothing
    assert f.tally({}) == ({"pumpkins": 0, "pond": 0, "marshmallows": 0, "mugs": 0,
                            "den": 0, "mushrooms": 0, "leaves": 0, "bonuses": 0}, 0)
    assert f.tally({"x_marks": 3})[1] == 0


def test_unknown_sheet_entry_is_refused():
    # F61-15: a sheet reading names only what a sheet has
    with pytest.raises(ValueError):
        f.tally({"lillies": 5})
    assert f.check_sheet({"lillies": 5})


def test_check_sheet_messages():
    # F61-15: a sheet that can't be is refused: F61-7, F61-10, F61-11, F61-4, F61-13
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
    # F61-13: completers of the same round share the bonus, later ones get none
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
    # F61-13: several completers at once; each zone has its own race
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


# -- the game as the companion keeps it: the journal -------------------------------------
# 61 Feuilles d'Automne as the companion keeps it (rules/feuilles61.py): the journal of
# rolls, leaves, zones and sheets played again through the rules, worked by hand.

NAMES = ["Anna", "Bo", "Cy", "Di"]


def play(actions, n=4, first=0, **kw):
    return replay(f, f.new_setup(NAMES[:n], first, **kw), actions)


def round_of(dice, leaves, zones=()):
    # one round: the roll, each player's leaf die in seat order, zones, then "next"
    acts = [["roll", dice]]
    for p in range(len(leaves)):
        acts.append(["leaf", p, leaves[p]])
    for z in zones:
        acts.append(["zone", z[0], z[1]])
    return acts + [["next"]]


def test_the_roller_moves_on_one_seat_a_round_and_can_be_chosen():
    # F61-1: the roller moves on a seat a round; "Who rolls" moves the rotation
    acts = []
    rollers = []
    for _ in range(5):
        rollers.append(f.roller(play(acts, first=2)))
        acts += round_of([1, 2, 3], [1, 1, 1, 1])
    assert rollers == [2, 3, 0, 1, 2]
    # round 6 should be Di's roll; the table says Bo rolls: round 7 is then Cy's
    acts += [["first", 1]]
    assert f.roller(play(acts, first=2)) == 1
    assert f.roller(play(acts + round_of([1, 2, 3], [1, 1, 1, 1]), first=2)) == 2


def test_a_step_from_10_to_12_unlocks_11_by_default_but_not_on_exact_landing():
    # F61-5: 10 -> 12 passes 11: an X by default, nothing under exact landing
    acts = round_of([4, 5, 5], [4, 4, 4, 4]) + round_of([6, 2, 1], [6, 6, 6, 6])
    acts += [["roll", [2, 3, 3]], ["leaf", 0, 2]]  # Anna: 4 + 6 + 2 = 12
    st = play(acts)
    assert f.totals(st)[0] == 12
    assert f.unlocks(st, st["leaves"][0]) == [(12, (11, "X"))]
    assert f.rewards(st, 0) == (0, 1)
    st = play(acts, exact=True)
    assert f.unlocks(st, st["leaves"][0]) == []
    assert f.rewards(st, 0) == (0, 0)
    # landing on 11 exactly unlocks it under both readings
    st = play(round_of([5, 5, 5], [5, 5, 5, 5]) + [["roll", [6, 1, 1]], ["leaf", 0, 6]], exact=True)
    assert f.rewards(st, 0) == (0, 1)


def test_switching_the_reading_mid_game_recounts_every_track():
    # F61-5: switching the reading recounts every track
    acts = round_of([4, 4, 4], [4, 4, 4, 4]) + round_of([6, 6, 6], [6, 6, 6, 6])
    acts += [["roll", [2, 2, 2]], ["leaf", 0, 2]]  # 4, 10, 12
    assert f.rewards(play(acts), 0) == (0, 1)
    assert f.rewards(play(acts + [["exact", True]]), 0) == (0, 0)


def test_points_goalposts_add_up_and_edited_values_count():
    # F61-4: goalpost rewards add up, edited values count
    # Anna: 6, 12, 18, 24: 11 X (at 12) and 21 +2 (at 24)
    acts = []
    for _ in range(4):
        acts += round_of([6, 1, 1], [6, 1, 1, 1])
    st = play(acts)
    assert f.unlocks(st, st["leaves"][0]) == [(12, (11, "X")), (24, (21, 2))]
    assert f.rewards(st, 0) == (2, 1)
    # the group's sheet has 20 -> +4 instead of 21 -> +2
    posts = [[11, "X"], [20, 4], [31, "X"], [41, 3], [51, "X"], [61, 5]]
    assert f.rewards(play(acts + [["goalposts", posts]]), 0) == (4, 1)
    assert f.problem(play(acts), ["goalposts", [[11, "X"], [11, 2]]]) is not None


def test_a_leaf_must_be_one_of_the_dice_and_can_be_corrected_in_the_round():
    # F61-1, F61-3: the leaf is one of this round's dice, changeable in the round
    st = play([["roll", [2, 4, 6]]])
    assert f.problem(st, ["leaf", 0, 5]) == "The leaf takes one of the three dice."
    st = play([["roll", [2, 4, 6]], ["leaf", 0, 2], ["leaf", 0, 6]])
    assert st["leaves"][0] == [6]
    assert f.problem(play([]), ["leaf", 0, 2]) == "Roll the dice first."


def test_rolling_again_clears_the_leaves_taken_from_the_old_dice():
    # F61-1: rolling this round again clears the leaves of the old dice
    st = play([["roll", [2, 4, 6]], ["leaf", 0, 2], ["leaf", 1, 4], ["roll", [1, 1, 3]]])
    assert st["dice"] == [1, 1, 3]
    assert st["leaves"][0] == [] and st["leaves"][1] == []
    assert f.waiting(st) == 0


def test_the_round_ends_only_when_every_leaf_is_in():
    # F61-3: a round ends only when every player's leaf is in
    st = play([["roll", [2, 4, 6]], ["leaf", 0, 2], ["leaf", 1, 4], ["leaf", 3, 6]])
    assert f.problem(st, ["next"]) == "Player 3 has no leaf for this round yet."
    assert f.waiting(st, 1) == 2
    assert f.problem(play([]), ["next"]) == "Roll the dice first."


def test_the_game_ends_after_round_20():
    # F61-14: the game ends after round 20
    acts = []
    for _ in range(19):
        acts += round_of([1, 2, 3], [1, 2, 3, 1])
    st = play(acts)
    assert st["round"] == 20 and not st["ended"]
    st = play(acts + round_of([1, 2, 3], [1, 2, 3, 1]))
    assert st["ended"] == "rounds" and st["round"] == 20
    assert f.totals(st) == [20, 40, 60, 20]
    assert f.end_reason(st) == "Round 20 was the last round."
    assert f.problem(st, ["roll", [1, 2, 3]]) == "The game is over."


def test_the_game_ends_at_the_end_of_the_round_a_leaf_total_reaches_61():
    # F61-14: the round in which a total reaches 61 is finished, then the game ends
    # Bo adds 6 a round: 60 after ten rounds, 61 in round eleven with a 1
    acts = []
    for _ in range(10):
        acts += round_of([6, 1, 1], [1, 6, 1, 1])
    st = play(acts)
    assert f.totals(st)[1] == 60 and not st["ended"]
    acts += [["roll", [1, 2, 2]], ["leaf", 0, 1], ["leaf", 1, 1], ["leaf", 2, 2]]
    st = play(acts)
    assert not st["ended"]  # the round is still being played
    st = play(acts + [["leaf", 3, 2], ["next"]])
    assert st["ended"] == "61" and st["round"] == 11
    assert f.end_reason(st) == "Leaves reached 61 in round 11: Player 2 (61)."


def test_zone_completers_of_the_same_round_share_the_bonus_and_it_closes():
    # F61-13: the text's example: both completers of round 2 share, then it closes
    acts = round_of([1, 2, 3], [1, 1, 1, 1])
    acts += [["roll", [4, 5, 6]], ["zone", 0, [0]], ["zone", 0, [2]]]  # round 2: Anna, Cy
    st = play(acts)
    assert f.bonus_winners(st["race"], 0) == [0, 2]
    assert f.bonuses_won(st["race"], 2) == [0]
    acts += [["leaf", 0, 4], ["leaf", 1, 4], ["leaf", 2, 4], ["leaf", 3, 4], ["next"]]
    st = play(acts)
    assert f.problem(st, ["zone", 0, [1]]) == "Pumpkins was completed in round 2: its bonus is gone."
    # another zone is still open
    assert f.problem(st, ["zone", 3, [1]]) is None
    assert f.problem(st, ["zone", 3, []]) == "Say who completed it."


def test_a_zone_nobody_claimed_in_play_is_claimed_at_the_tally():
    # F61-13: a zone nobody ticked during play is claimed once the game is over (the
    # tally asks), in the last round: its completers of that round may join; a zone
    # closed in an earlier round stays closed
    acts = round_of([1, 2, 3], [1, 1, 1, 1], [[0, [1]]])  # round 1: Bo's pumpkins
    for _ in range(19):
        acts += round_of([1, 2, 3], [1, 1, 1, 1])
    st = play(acts)
    assert st["ended"] == "rounds"
    assert f.problem(st, ["zone", 1, [0]]) is None
    assert f.problem(st, ["zone", 0, [0]]) == "Pumpkins was completed in round 1: its bonus is gone."
    st = play(acts + [["sheet", 0, {"pond": 5}], ["zone", 1, [0]]])
    assert st["race"][1] == [20, [0]] and f.score(st, 0)[0]["bonuses"] == 3
    # another player of that round joins; a counted sheet without the zone can't
    assert f.problem(st, ["zone", 1, [2]]) is None
    st = play(acts + [["sheet", 3, {"pond": 4}]])
    assert f.problem(st, ["zone", 1, [3]]) == "Player 4's sheet shows Frog pond not complete."


FULL = {
    "pumpkins": 2, "pond": 5, "marshmallows": [True, True], "mugs": 6, "mug4": True,
    "den": [3, 2, 1], "mushrooms": 5,
}


def test_a_full_sheet_with_every_bonus_and_goalpost_scores_79():
    # F61-15: a full sheet with every bonus and goalpost point scores 79 (F61-4, F61-13)
    # Anna: 6 a round for eleven rounds = 66 (goalposts 21 +2, 41 +3, 61 +5 = 10
    # points); she completes one zone a round in rounds 1 to 6 before anyone else
    acts = []
    for r in range(11):
        zones = [[r, [0]]] if r < 6 else []
        acts += round_of([6, 1, 1], [6, 1, 1, 1], zones)
    st = play(acts)
    assert st["ended"] == "61"
    assert f.rewards(st, 0) == (10, 3)
    assert f.problem(st, ["sheet", 0, FULL]) is None
    st = play(acts + [["sheet", 0, FULL]])
    lines, total = f.score(st, 0)
    # 6 + 9 + 8 + 7 + 11 + 10 on the sheet, 10 leaf points, 6 bonuses x 3
    assert (lines["pumpkins"], lines["pond"], lines["marshmallows"]) == (6, 9, 8)
    assert (lines["mugs"], lines["den"], lines["mushrooms"]) == (7, 11, 10)
    assert (lines["leaves"], lines["bonuses"]) == (10, 18)
    assert total == 79  # the most a sheet can score (docs/rules.md F61-15)
    assert not f.over(st)  # three sheets still to count
    st = play(acts + [["sheet", 0, FULL]] + [["sheet", p, {}] for p in (1, 2, 3)])
    assert f.over(st)
    assert f.score(st, 1)[1] == 0


def test_a_sheet_that_cannot_be_is_refused():
    # F61-15: a sheet reading that can't be is refused (F61-11, F61-13)
    acts = []
    for _ in range(20):
        acts += round_of([1, 1, 1], [1, 1, 1, 1])
    st = play(acts)
    assert f.problem(st, ["sheet", 0, {"mugs": 2, "mug4": True}]) is None
    assert f.problem(st, ["sheet", 0, {"den": [1, 0, 1]}]) is not None
    assert f.problem(play([]), ["sheet", 0, {}]) == "The sheets are counted when the game is over."
    # a bonus holder's zone must be complete on the sheet
    st = play([["roll", [1, 1, 1]], ["zone", 1, [0]]] + [["leaf", p, 1] for p in range(4)]
              + [["next"]] + acts[: 6 * 19])
    assert st["ended"] == "rounds"
    assert f.problem(st, ["sheet", 0, {"pond": 4}]) == "Frog pond bonus needs the zone complete."
    assert f.problem(st, ["sheet", 0, {"pond": 5}]) is None


def test_dice_only_keeps_rounds_and_roller_and_ends_when_called():
    # F61-1, F61-14: dice only: rounds and roller kept; "A sheet reached 61" ends it
    st = play([["roll", [3, 3, 5]], ["next"], ["roll", [1, 2, 6]]], mode=f.DICE_ONLY)
    assert st["round"] == 2 and f.roller(st) == 1 and st["dice"] == [1, 2, 6]
    assert f.problem(st, ["leaf", 0, 1]) == "Dice only: the sheets are kept on paper."
    st = play([["roll", [3, 3, 5]], ["next"], ["roll", [1, 2, 6]], ["end"]], mode=f.DICE_ONLY)
    assert st["ended"] == "called" and f.over(st)
    assert f.end_reason(st) == "A sheet reached 61 in round 2."


def test_a_damaged_entry_is_refused_in_plain_words():
    # KEEP-3: an entry the device never writes is refused in plain words
    # a save holding one is damaged (apps/game keeps it aside); the device never writes one
    st = play([])
    assert f.problem(st, ["roll", [1, 2]]) == "A roll is three dice."
    assert f.problem(st, ["leaf", 9, 1]) == "There is no such player."
    assert f.problem(st, ["bogus"]) == "Unknown action."
    assert f.problem(st, []) == "Unknown action."
    assert f.problem(st, "roll") == "Unknown action."


def test_this_rounds_unlocks_are_what_the_device_announces():
    # F61-4, F61-5: this round's unlocks, as the device announces them
    # Anna 6, 6 -> 12 unlocks 11 (X) in round 2; Bo 6, 5, 6, 6 -> 23 unlocks 21 (+2) in round 4
    acts = round_of([6, 5, 1], [6, 6, 1, 1]) + [["roll", [6, 5, 1]], ["leaf", 0, 6], ["leaf", 1, 5]]
    st = play(acts)
    assert f.round_unlocks(st, 0) == [(12, (11, "X"))]
    assert f.round_unlocks(st, 1) == [(11, (11, "X"))]
    assert f.round_unlocks(st, 2) == []
    acts = acts + [["leaf", 2, 1], ["leaf", 3, 1], ["next"]]
    acts += round_of([6, 1, 1], [1, 6, 1, 1]) + [["roll", [6, 6, 6]], ["leaf", 1, 6]]
    st = play(acts)
    assert f.totals(st)[1] == 23 and f.round_unlocks(st, 1) == [(23, (21, 2))]


# -- the readings the text leaves open: each a setting, each checked both ways --------------
# (docs/rules.md F61-6, F61-10, F61-13). Boxes worth, from the zone table: the pond's
# lilies 1, 1, 2, 2, 3; the mushrooms 1, 2, 2, 2, 3; the den's floors 1, 2 and 4 a square.
X_NOTHING = {"x_scores": False}
ANYWHERE = {"x_anywhere": True}


def test_the_readings_default_to_what_the_device_did_before_them():
    # F61-6, F61-10, F61-13: the defaults: an X scores, in fill order; mug 4 worth 2; bonus 3
    assert f.READINGS == {"x_scores": True, "x_anywhere": False, "mug4": 2, "zone_bonus": 3}
    assert f.tally(FULL_SHEET, f.READINGS) == f.tally(FULL_SHEET)


def test_an_x_box_scores_as_a_number_by_default_and_nothing_under_the_other_reading():
    # F61-6: a box with an X scores as if it held a number; the setting: it scores nothing
    # 3 lilies, the second an X: 1 + 1 + 2 = 4, or 1 + 0 + 2 = 3
    assert f.zone_points("pond", 3, [[1, 1]]) == 4
    assert f.zone_points("pond", 3, [[1, 1]], X_NOTHING) == 3
    # 5 mushrooms, the fifth an X: 1 + 2 + 2 + 2 + 3 = 10, or 10 - 3 = 7
    assert f.zone_points("mushrooms", 5, [[5, 4]]) == 10
    assert f.zone_points("mushrooms", 5, [[5, 4]], X_NOTHING) == 7
    # two complete pumpkins, one with an X eye: 3 + 3 = 6, or that pumpkin scores 0: 3
    assert f.zone_points("pumpkins", 2, [[0, 1]]) == 6
    assert f.zone_points("pumpkins", 2, [[0, 1]], X_NOTHING) == 3
    # the right skewer complete with an X in it: 5, or 0
    assert f.zone_points("marshmallows", (False, True), [[2, 1]]) == 5
    assert f.zone_points("marshmallows", (False, True), [[2, 1]], X_NOTHING) == 0
    # 3 mugs, mug 4 an X: 1 + 1 + 2 = 4, or 1 + 1 = 2; mug 2 an X instead: 4, or 3
    assert f.zone_points("mugs", (3, True), [[3, 3]]) == 4
    assert f.zone_points("mugs", (3, True), [[3, 3]], X_NOTHING) == 2
    assert f.zone_points("mugs", (3, True), [[3, 1]], X_NOTHING) == 3
    # the den's two lower floors full, one middle square an X: 3 + 4 = 7, or 3 + 2 = 5
    assert f.zone_points("den", (3, 2, 0), [[4, 1]]) == 7
    assert f.zone_points("den", (3, 2, 0), [[4, 1]], X_NOTHING) == 5
    assert f.zone_parts("den", (3, 2, 0), [[4, 1]], X_NOTHING) == [3, 2, 0]


def test_an_x_that_scores_nothing_still_completes_its_zone():
    # F61-6, F61-13: under either reading the X's box is filled: the zone is complete
    sheet = {"pond": 5, "xs": [[1, 0]], "bonuses": ["pond"], "x_marks": 1}
    for readings in (None, X_NOTHING):
        assert f.check_sheet(sheet, readings=readings) is None
    # the pond 1+1+2+2+3 = 9 and its bonus 3: 12; the X's lily scores nothing: 8 + 3 = 11
    assert f.tally(sheet)[1] == 12
    assert f.tally(sheet, X_NOTHING)[1] == 11


def test_the_full_sheet_with_three_xs_under_either_x_reading():
    # F61-6, F61-15: the 79 sheet with the three X's of the leaf track on lily 5, mug 4
    # and the den's top square: 79 as it is; 79 - 3 - 2 - 4 = 70 if an X scores nothing
    sheet = dict(FULL_SHEET, xs=[[1, 4], [3, 3], [4, 2]], x_marks=3)
    assert f.check_sheet(sheet) is None and f.check_sheet(sheet, readings=X_NOTHING) is None
    assert f.tally(sheet)[1] == 79
    lines, total = f.tally(sheet, X_NOTHING)
    assert (lines["pond"], lines["mugs"], lines["den"], total) == (6, 5, 7, 70)


def test_an_x_is_the_next_box_in_order_by_default_or_anywhere_as_the_setting():
    # F61-6: in fill order an X is one of the first n boxes; the setting: on any box
    # 3 lilies filled, the X on lily 5. In order: the first 3 lilies, 1 + 1 + 2 = 4,
    # and an X on lily 5 can't be; anywhere: lilies 1, 2 and 5 = 1 + 1 + 3 = 5
    sheet = {"pond": 3, "xs": [[1, 4]]}
    assert f.tally(sheet)[1] == 4
    assert f.check_sheet(sheet) == "Frog pond: an X is the next box in order."
    assert f.tally(sheet, ANYWHERE)[1] == 5
    assert f.check_sheet(sheet, readings=ANYWHERE) is None
    # anywhere and scoring nothing: lilies 1 and 2 only, 2
    assert f.tally(sheet, {"x_anywhere": True, "x_scores": False})[1] == 2
    # 2 mushrooms, the X on the fifth: in order 1 + 2 = 3; anywhere 1 + 3 = 4
    assert f.zone_points("mushrooms", 2, [[5, 4]]) == 3
    assert f.zone_points("mushrooms", 2, [[5, 4]], ANYWHERE) == 4
    # the den: an X on the top square with a bottom square numbered: in order the top
    # floor waits for both floors below; anywhere 1 + 4 = 5
    den = {"den": [1, 0, 1], "xs": [[4, 2]]}
    assert "top floor" in f.check_sheet(den)
    assert f.check_sheet(den, readings=ANYWHERE) is None
    assert f.tally(den, ANYWHERE)[1] == 5
    # a number on the top floor still waits for the floors below under both readings
    assert "top floor" in f.check_sheet({"den": [3, 1, 1]}, readings=ANYWHERE)


def test_where_an_x_stands_is_checked():
    # F61-6: an X stands in a filled box of its zone, no more X's than the leaf track gave
    filled = "Frog pond: an X stands in a filled box."
    assert f.check_sheet({"pond": 1, "xs": [[1, 0], [1, 0]]}, readings=ANYWHERE) == filled
    assert f.check_sheet({"pond": 1, "xs": [[1, 0], [1, 1]]}, readings=ANYWHERE) == filled
    assert f.check_sheet({"pond": 2, "xs": [[1, 0], [1, 1]]}, readings=ANYWHERE) is None
    assert f.check_sheet({"pond": 2, "xs": [[1, 0]], "x_marks": 0}) == "More X's than the leaf track gave."
    # pumpkins: an X in each of two pumpkins needs both complete; both eyes of one: fine
    assert f.check_sheet({"pumpkins": 1, "xs": [[0, 0], [0, 1]]}) == "Pumpkins: an X stands in a filled box."
    assert f.check_sheet({"pumpkins": 1, "xs": [[0, 0], [0, 0]]}) is None
    # a skewer's X counts once the skewer is complete
    assert f.check_sheet({"marshmallows": [True, False], "xs": [[2, 1]]})
    assert f.check_sheet({"marshmallows": [False, True], "xs": [[2, 1]]}) is None
    # mug 4's X needs mug 4 ticked; the other X's need as many other mugs filled
    assert f.check_sheet({"mugs": 2, "mug4": False, "xs": [[3, 3]]}) == "Mugs: an X stands in a filled box."
    assert f.check_sheet({"mugs": 2, "mug4": True, "xs": [[3, 3], [3, 0]]}) is None
    assert f.check_sheet({"mugs": 2, "mug4": True, "xs": [[3, 0], [3, 1]]})
    assert f.check_sheet({"mugs": 3, "mug4": True, "xs": [[3, 0], [3, 1]]}) is None
    # the den: no more X's on a floor than its squares filled
    assert f.check_sheet({"den": [1, 0, 0], "xs": [[4, 0], [4, 0]]})
    assert f.check_sheet({"den": [2, 0, 0], "xs": [[4, 0], [4, 0]]}) is None
    assert f.check_sheet({"xs": [[6, 0]]}) == "An X stands in a box of the sheet."
    assert f.check_sheet({"xs": [[1, 5]]}) == "An X stands in a box of the sheet."


def test_mug_four_is_worth_two_by_default_or_one_plus_two_as_the_setting():
    # F61-10: mug 4 worth 2 in all; the setting: 1 as a mug + 2, so 3
    # 3 mugs with mug 4: 1 + 1 + 2 = 4, or 1 + 1 + 3 = 5; all six: 7, or 8
    assert f.zone_points("mugs", (3, True)) == 4
    assert f.zone_points("mugs", (3, True), readings={"mug4": 3}) == 5
    assert f.zone_points("mugs", (6, True), readings={"mug4": 3}) == 8
    assert f.zone_points("mugs", (3, False), readings={"mug4": 3}) == 3
    # the most a sheet scores: 79, or 80
    assert f.tally(FULL_SHEET, {"mug4": 3})[1] == 80


def test_the_zone_bonus_is_three_by_default_or_the_value_set():
    # F61-13: 3 acorns a completed zone; the setting: the sheet's value
    # the full sheet: zones 51, goalposts 10, six bonuses: 18 at 3, 30 at 5 -> 79, 91
    assert f.tally(FULL_SHEET)[1] == 79
    lines, total = f.tally(FULL_SHEET, {"zone_bonus": 5})
    assert lines["bonuses"] == 30 and total == 91
    assert f.check_reading("zone_bonus", 10) and f.check_reading("zone_bonus", True)
    assert f.check_reading("mug4", 4) and f.check_reading("x_scores", 1)
    assert f.check_reading("zone_bonus", 0) is None and f.check_reading("nope", 1)


def test_the_readings_are_kept_with_the_game_and_change_the_tally():
    # F61-6, F61-10, F61-13: set up, or changed in the game, the readings count the sheets
    acts = []
    for _ in range(20):
        acts += round_of([1, 1, 1], [1, 1, 1, 1])
    sheet = {"mugs": 3, "mug4": True, "pond": 5}
    st = play(acts + [["sheet", 0, sheet]], readings={"mug4": 3})
    # 3 mugs with mug 4 at 1 + 2: 5; the pond 9
    assert f.score(st, 0)[1] == 14
    st = play(acts + [["sheet", 0, sheet], ["reading", "mug4", 2]])
    assert f.score(st, 0)[1] == 13
    # a sheet counted under "anywhere" that can't be in fill order: the change is refused
    st = play(acts, readings=ANYWHERE)
    assert f.rewards(st, 0) == (0, 1)  # 20 leaves of 1: 11 gave the one X
    st = play(acts + [["sheet", 0, {"pond": 3, "xs": [[1, 4]]}]], readings=ANYWHERE)
    assert f.score(st, 0)[1] == 5
    assert f.problem(st, ["reading", "x_anywhere", False]) == (
        "Player 1's sheet can't be under this reading: correct it first.")
    assert f.problem(st, ["reading", "mug4", 5]) == "No such value for this reading."
    assert f.problem(st, ["reading", "colour", 1]) == "There is no such reading."
    # one X from the track: a second one on the sheet can't be
    assert f.problem(st, ["sheet", 1, {"pond": 2, "xs": [[1, 0], [1, 1]]}]) == "More X's than the leaf track gave."


def test_a_setup_from_before_the_readings_plays_with_the_defaults():
    # F61-6, F61-10, F61-13: a save without the readings: the defaults; a bad one is refused
    setup = f.new_setup(NAMES, 0)
    for k in f.READINGS:
        del setup[k]
    assert f.valid_setup(setup)
    assert f.start(setup)["readings"] == f.READINGS
    assert not f.valid_setup(dict(setup, mug4=7))
    assert not f.valid_setup(dict(setup, x_scores="yes"))
    assert f.valid_setup(dict(setup, zone_bonus=5, x_anywhere=True))


# -- a long game (issue 39.7): the journal folds into a checkpoint ------------------------


def _table_plays(seed, steps, n=3, mode=f.SHEETS):
    # -> (the journal as the device keeps it: each action committed, folded past the
    # rules' FOLD; the state of every action taken applied in turn, never folded; how
    # many): a table pressing at random, re-rolling and changing its readings far more
    # than a game needs, then ending the game
    from apps import game
    from core.rng import Rng

    rng = Rng(seed)
    setup = f.new_setup(NAMES[:n], 0, mode)
    j = game.Journal(setup)
    st = f.start(setup)
    whole = f.start(setup)
    taken = [0]

    def offer(a):
        nonlocal st
        if f.problem(st, a) is None:
            taken[0] += 1
            f.apply(whole, a)
            if j.commit(f, st, a):
                st = j.replay(f)

    for k in range(steps):
        pick = rng.randbelow(9)
        p = rng.randbelow(n)
        if pick < 3:
            offer(["roll", [1 + rng.randbelow(6) for _ in range(3)]])
        elif pick < 5 and st["dice"]:
            offer(["leaf", p, st["dice"][rng.randbelow(3)]])
        elif pick == 5:
            offer(["zone", rng.randbelow(len(f.ZONES)), [p]])
        elif pick == 6:
            offer(["next"] if k % 7 == 0 else ["first", p])
        elif pick == 7:
            offer(["exact", rng.randbelow(2) == 1])
        else:
            offer(["reading", "x_scores", rng.randbelow(2) == 1])
    full = {k: v for k, v in FULL_SHEET.items() if k not in ("leaf_points", "bonuses")}
    for _ in range(60):  # the table plays the game out: leaves, next, the sheets
        if f.over(st):
            break
        offer(["roll", [1 + rng.randbelow(6) for _ in range(3)]] if not st["dice"] else ["next"])
        for p in range(n):
            if st["dice"]:
                offer(["leaf", p, st["dice"][0]])
            offer(["sheet", p, full if seed % 2 else {}])  # every zone complete, or none
            offer(["sheet", p, full])
        if mode != f.SHEETS:
            offer(["end"])
    assert f.over(st)
    return j, whole, taken[0]


def test_a_long_game_folds_its_journal_and_reads_back_the_game_played():
    # KEEP-1: a long game folds and reads back as played
    # 400 random presses: the journal folds (FOLD), the save stays small and reads
    # back (checked, as the device reads it) to the state of the whole game replayed
    from apps import game

    for seed, n, mode in ((1, 3, f.SHEETS), (2, 6, f.SHEETS), (3, 2, f.DICE_ONLY)):
        j, whole, taken = _table_plays(seed, 400, n, mode)
        assert j.base is not None and j.moves() == taken and len(j.actions) < 64, seed
        doc = json.loads(json.dumps(j.doc()))
        assert len(json.dumps(doc)) < 16384
        st = game.load(f, doc)[1]
        assert st == whole and f.over(st), seed


def test_a_game_of_normal_length_folds_and_reads_back():
    # KEEP-1: a game of normal length folds and reads back
    # a game played out for six, nothing pressed twice, folds too and reads back
    from apps import game

    j, whole, taken = _table_plays(4, 0, 6)
    assert j.base is not None and j.moves() == taken
    assert game.load(f, json.loads(json.dumps(j.doc())))[1] == whole


def test_a_checkpoint_that_the_rules_refuse_is_damaged():
    # KEEP-3: a checkpoint the rules refuse is damage
    # restore() replays the checkpoint's actions checked: any one refused, ValueError
    setup = f.new_setup(NAMES[:2], 0)
    for cp in ({"actions": [["leaf", 0, 3]]}, {"actions": [["roll", [7, 1, 1]]]}, {"actions": "x"}, [],
               {"actions": [["next"]] * 600}):
        with pytest.raises(ValueError):
            f.restore(setup, cp)


def test_a_sheet_counted_as_its_total_paper_summed():
    # F61-15: a sheet's final score may be given as its paper total
    # issue 40.8: a sheet's total as one number, from what the device kept (leaf points
    # and bonuses: never less) to that plus every zone full; a checkpoint keeps it
    acts = []
    for _ in range(10):
        acts += round_of([6, 1, 1], [1, 6, 1, 1], [(0, [1])] if not acts else ())
    acts += [["roll", [1, 2, 2]], ["leaf", 0, 1], ["leaf", 1, 1], ["leaf", 2, 2], ["leaf", 3, 2], ["next"]]
    st = play(acts)
    assert st["ended"] == "61"
    # Bo: 61 on the leaf track (2 + 3 + 5 = 10 points) and the pumpkins' bonus (3)
    assert f.kept(st, 1) == 13 and f.kept(st, 0) == 0
    assert f.problem(st, ["total", 1, 12]) == "A total is 13 (leaf track and bonuses) to 65."
    assert f.problem(st, ["total", 1, 66]) is not None
    assert f.problem(st, ["total", 1, True]) is not None and f.problem(st, ["total", 1]) is not None
    assert f.problem(st, ["total", 4, 20]) == "There is no such player."
    assert f.problem(play(acts[:-1]), ["total", 1, 20]) == "The sheets are counted when the game is over."
    st = play(acts + [["total", 0, 30], ["total", 1, 65], ["total", 2, 7], ["sheet", 3, {"pumpkins": 1}]])
    assert f.over(st) and f.result(st)[0] == [30, 65, 7, f.score(st, 3)[1]]
    assert f.score(st, 1)[0]["leaves"] == 10 and f.score(st, 1)[0]["pumpkins"] == 0
    # a reading changed later leaves a total alone (it is what the paper says)
    st2 = play(acts + [["total", 1, 65], ["reading", "zone_bonus", 5]])
    assert f.score(st2, 1)[1] == 65
    cp = f.checkpoint(st, [])
    assert ["total", 1, 65] in cp["actions"]
    assert f.restore(f.new_setup(NAMES[:4], 0), cp) == st
