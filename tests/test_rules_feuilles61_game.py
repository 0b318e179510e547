# 61 Feuilles d'Automne as the companion keeps it (rules/feuilles61_game.py), worked by
# hand from the rule text and RULES.md: four sheets, Anna rolls first; one die a round
# on each leaf track; goalposts 11 X, 21 +2, 31 X, 41 +3, 51 X, 61 +5; the game ends
# after round 20 or the round a leaf total reaches 61; a zone bonus (3 acorns) goes to
# everyone completing the zone in the first round anybody does; a full sheet scores 79.
from rules import feuilles61 as f
from rules import feuilles61_game as g

NAMES = ["Anna", "Bo", "Cy", "Di"]


def play(actions, n=4, first=0, **kw):
    return g.replay(g.new_setup(NAMES[:n], first, **kw), actions)


def round_of(dice, leaves, zones=()):
    # one round: the roll, each player's leaf die in seat order, zones, then "next"
    acts = [["roll", dice]]
    for p in range(len(leaves)):
        acts.append(["leaf", p, leaves[p]])
    for z in zones:
        acts.append(["zone", z[0], z[1]])
    return acts + [["next"]]


def test_the_roller_moves_on_one_seat_a_round_and_can_be_chosen():
    acts = []
    rollers = []
    for _ in range(5):
        rollers.append(g.roller(play(acts, first=2)))
        acts += round_of([1, 2, 3], [1, 1, 1, 1])
    assert rollers == [2, 3, 0, 1, 2]
    # round 6 should be Di's roll; the table says Bo rolls: round 7 is then Cy's
    acts += [["first", 1]]
    assert g.roller(play(acts, first=2)) == 1
    assert g.roller(play(acts + round_of([1, 2, 3], [1, 1, 1, 1]), first=2)) == 2


def test_a_step_from_10_to_12_unlocks_11_by_default_but_not_on_exact_landing():
    acts = round_of([4, 5, 5], [4, 4, 4, 4]) + round_of([6, 2, 1], [6, 6, 6, 6])
    acts += [["roll", [2, 3, 3]], ["leaf", 0, 2]]  # Anna: 4 + 6 + 2 = 12
    st = play(acts)
    assert g.totals(st)[0] == 12
    assert g.unlocks(st, st["leaves"][0]) == [(12, (11, "X"))]
    assert g.rewards(st, 0) == (0, 1)
    st = play(acts, exact=True)
    assert g.unlocks(st, st["leaves"][0]) == []
    assert g.rewards(st, 0) == (0, 0)
    # landing on 11 exactly unlocks it under both readings
    st = play(round_of([5, 5, 5], [5, 5, 5, 5]) + [["roll", [6, 1, 1]], ["leaf", 0, 6]], exact=True)
    assert g.rewards(st, 0) == (0, 1)


def test_switching_the_reading_mid_game_recounts_every_track():
    acts = round_of([4, 4, 4], [4, 4, 4, 4]) + round_of([6, 6, 6], [6, 6, 6, 6])
    acts += [["roll", [2, 2, 2]], ["leaf", 0, 2]]  # 4, 10, 12
    assert g.rewards(play(acts), 0) == (0, 1)
    assert g.rewards(play(acts + [["exact", True]]), 0) == (0, 0)


def test_points_goalposts_add_up_and_edited_values_count():
    # Anna: 6, 12, 18, 24: 11 X (at 12) and 21 +2 (at 24)
    acts = []
    for _ in range(4):
        acts += round_of([6, 1, 1], [6, 1, 1, 1])
    st = play(acts)
    assert g.unlocks(st, st["leaves"][0]) == [(12, (11, "X")), (24, (21, 2))]
    assert g.rewards(st, 0) == (2, 1)
    # the group's sheet has 20 -> +4 instead of 21 -> +2
    posts = [[11, "X"], [20, 4], [31, "X"], [41, 3], [51, "X"], [61, 5]]
    assert g.rewards(play(acts + [["goalposts", posts]]), 0) == (4, 1)
    assert g.problem(play(acts), ["goalposts", [[11, "X"], [11, 2]]]) is not None


def test_a_leaf_must_be_one_of_the_dice_and_can_be_corrected_in_the_round():
    st = play([["roll", [2, 4, 6]]])
    assert g.problem(st, ["leaf", 0, 5]) == "The leaf takes one of the three dice."
    st = play([["roll", [2, 4, 6]], ["leaf", 0, 2], ["leaf", 0, 6]])
    assert st["leaves"][0] == [6]
    assert g.problem(play([]), ["leaf", 0, 2]) == "Roll the dice first."


def test_rolling_again_clears_the_leaves_taken_from_the_old_dice():
    st = play([["roll", [2, 4, 6]], ["leaf", 0, 2], ["leaf", 1, 4], ["roll", [1, 1, 3]]])
    assert st["dice"] == [1, 1, 3]
    assert st["leaves"][0] == [] and st["leaves"][1] == []
    assert g.waiting(st) == 0


def test_the_round_ends_only_when_every_leaf_is_in():
    st = play([["roll", [2, 4, 6]], ["leaf", 0, 2], ["leaf", 1, 4], ["leaf", 3, 6]])
    assert g.problem(st, ["next"]) == "Player 3 has no leaf for this round yet."
    assert g.waiting(st, 1) == 2
    assert g.problem(play([]), ["next"]) == "Roll the dice first."


def test_the_game_ends_after_round_20():
    acts = []
    for _ in range(19):
        acts += round_of([1, 2, 3], [1, 2, 3, 1])
    st = play(acts)
    assert st["round"] == 20 and not st["ended"]
    st = play(acts + round_of([1, 2, 3], [1, 2, 3, 1]))
    assert st["ended"] == "rounds" and st["round"] == 20
    assert g.totals(st) == [20, 40, 60, 20]
    assert g.end_reason(st) == "Round 20 was the last round."
    assert g.problem(st, ["roll", [1, 2, 3]]) == "The game is over."


def test_the_game_ends_at_the_end_of_the_round_a_leaf_total_reaches_61():
    # Bo adds 6 a round: 60 after ten rounds, 61 in round eleven with a 1
    acts = []
    for _ in range(10):
        acts += round_of([6, 1, 1], [1, 6, 1, 1])
    st = play(acts)
    assert g.totals(st)[1] == 60 and not st["ended"]
    acts += [["roll", [1, 2, 2]], ["leaf", 0, 1], ["leaf", 1, 1], ["leaf", 2, 2]]
    st = play(acts)
    assert not st["ended"]  # the round is still being played
    st = play(acts + [["leaf", 3, 2], ["next"]])
    assert st["ended"] == "61" and st["round"] == 11
    assert g.end_reason(st) == "Leaves reached 61 in round 11: Player 2 (61)."


def test_zone_completers_of_the_same_round_share_the_bonus_and_it_closes():
    acts = round_of([1, 2, 3], [1, 1, 1, 1])
    acts += [["roll", [4, 5, 6]], ["zone", 0, [0]], ["zone", 0, [2]]]  # round 2: Anna, Cy
    st = play(acts)
    assert f.bonus_winners(st["race"], 0) == [0, 2]
    assert f.bonuses_won(st["race"], 2) == [0]
    acts += [["leaf", 0, 4], ["leaf", 1, 4], ["leaf", 2, 4], ["leaf", 3, 4], ["next"]]
    st = play(acts)
    assert g.problem(st, ["zone", 0, [1]]) == "Pumpkins was completed in round 2: its bonus is gone."
    # another zone is still open
    assert g.problem(st, ["zone", 3, [1]]) is None
    assert g.problem(st, ["zone", 3, []]) == "Say who completed it."


FULL = {
    "pumpkins": 2, "pond": 5, "marshmallows": [True, True], "mugs": 6, "mug4": True,
    "den": [3, 2, 1], "mushrooms": 5,
}


def test_a_full_sheet_with_every_bonus_and_goalpost_scores_79():
    # Anna: 6 a round for eleven rounds = 66 (goalposts 21 +2, 41 +3, 61 +5 = 10
    # points); she completes one zone a round in rounds 1 to 6 before anyone else
    acts = []
    for r in range(11):
        zones = [[r, [0]]] if r < 6 else []
        acts += round_of([6, 1, 1], [6, 1, 1, 1], zones)
    st = play(acts)
    assert st["ended"] == "61"
    assert g.rewards(st, 0) == (10, 3)
    assert g.problem(st, ["sheet", 0, FULL]) is None
    st = play(acts + [["sheet", 0, FULL]])
    lines, total = g.score(st, 0)
    # 6 + 9 + 8 + 7 + 11 + 10 on the sheet, 10 leaf points, 6 bonuses x 3
    assert (lines["pumpkins"], lines["pond"], lines["marshmallows"]) == (6, 9, 8)
    assert (lines["mugs"], lines["den"], lines["mushrooms"]) == (7, 11, 10)
    assert (lines["leaves"], lines["bonuses"]) == (10, 18)
    assert total == 79 == f.max_score()
    assert not g.over(st)  # three sheets still to count
    st = play(acts + [["sheet", 0, FULL]] + [["sheet", p, {}] for p in (1, 2, 3)])
    assert g.over(st)
    assert g.score(st, 1)[1] == 0


def test_a_sheet_that_cannot_be_is_refused():
    acts = []
    for _ in range(20):
        acts += round_of([1, 1, 1], [1, 1, 1, 1])
    st = play(acts)
    assert g.problem(st, ["sheet", 0, {"mugs": 2, "mug4": True}]) is None
    assert g.problem(st, ["sheet", 0, {"den": [1, 0, 1]}]) is not None
    assert g.problem(play([]), ["sheet", 0, {}]) == "The sheets are counted when the game is over."
    # a bonus holder's zone must be complete on the sheet
    st = play([["roll", [1, 1, 1]], ["zone", 1, [0]]] + [["leaf", p, 1] for p in range(4)]
              + [["next"]] + acts[: 6 * 19])
    assert st["ended"] == "rounds"
    assert g.problem(st, ["sheet", 0, {"pond": 4}]) == "Frog pond bonus needs the zone complete."
    assert g.problem(st, ["sheet", 0, {"pond": 5}]) is None


def test_dice_only_keeps_rounds_and_roller_and_ends_when_called():
    st = play([["roll", [3, 3, 5]], ["next"], ["roll", [1, 2, 6]]], mode=g.DICE_ONLY)
    assert st["round"] == 2 and g.roller(st) == 1 and st["dice"] == [1, 2, 6]
    assert g.problem(st, ["leaf", 0, 1]) == "Dice only: the sheets are kept on paper."
    st = play([["roll", [3, 3, 5]], ["next"], ["roll", [1, 2, 6]], ["end"]], mode=g.DICE_ONLY)
    assert st["ended"] == "called" and g.over(st)
    assert g.end_reason(st) == "A sheet reached 61 in round 2."


def test_a_damaged_entry_is_skipped_on_replay():
    st = play([["roll", [1, 2]], ["leaf", 9, 1], ["bogus"], ["roll", [1, 2, 3]], ["leaf", 0, 3]])
    assert st["dice"] == [1, 2, 3] and st["leaves"][0] == [3]


def test_this_rounds_unlocks_are_what_the_device_announces():
    # Anna 6, 6 -> 12 unlocks 11 (X) in round 2; Bo 6, 5, 6, 6 -> 23 unlocks 21 (+2) in round 4
    acts = round_of([6, 5, 1], [6, 6, 1, 1]) + [["roll", [6, 5, 1]], ["leaf", 0, 6], ["leaf", 1, 5]]
    st = play(acts)
    assert g.round_unlocks(st, 0) == [(12, (11, "X"))]
    assert g.round_unlocks(st, 1) == [(11, (11, "X"))]
    assert g.round_unlocks(st, 2) == []
    acts = acts + [["leaf", 2, 1], ["leaf", 3, 1], ["next"]]
    acts += round_of([6, 1, 1], [1, 6, 1, 1]) + [["roll", [6, 6, 6]], ["leaf", 1, 6]]
    st = play(acts)
    assert g.totals(st)[1] == 23 and g.round_unlocks(st, 1) == [(23, (21, 2))]
