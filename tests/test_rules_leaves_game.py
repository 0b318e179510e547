# How the Leaves Came Down as the companion keeps it (rules/leaves_game.py): worked by
# hand from the rule text. Four players, Anna first: the dropper moves one seat a round;
# the game ends when the board and the hole under it are empty; most acorns, then most
# hidden; still tied, the tile drop decides and is kept in the journal.
from core.rng import Rng
from rules import leaves_game as g

NAMES = ["Anna", "Bo", "Cy", "Di"]


def state(actions, first=0, n=4):
    return g.replay(g.new_setup(NAMES[:n], first), actions)


def test_the_dropper_rotates_and_the_turn_order_starts_with_the_dropper():
    # Cy (seat 2) drops first; rounds 1..6: Cy, Di, Anna, Bo, Cy, Di
    droppers = []
    actions = []
    for _ in range(6):
        st = state(actions, first=2)
        droppers.append(g.dropper(st))
        actions.append(["next"])
    assert droppers == [2, 3, 0, 1, 2, 3]
    st = state([["next"]], first=2)  # round 2: Di drops
    assert g.turn_order(st) == [3, 0, 1, 2]


def test_choosing_who_drops_now_keeps_the_rotation_going_from_there():
    # round 3, Anna would drop; the table says Bo drops: round 4 is then Cy's
    st = state([["next"], ["next"], ["drops", 1]])
    assert g.dropper(st) == 1
    assert (
        g.dropper(g.replay(g.new_setup(NAMES, 0), [["next"], ["next"], ["drops", 1], ["next"]]))
        == 2
    )


def test_a_game_ends_when_board_and_hole_are_empty():
    # two players take 14 acorns between them, Bo digs one of Anna's: not over until
    # someone grabs it back from under the board
    acts = [["take", 0]] * 8 + [["take", 1]] * 6
    st = state(acts, n=2)
    assert g.over(st)
    acts = [["take", 0]] * 8 + [["take", 1]] * 5 + [["dig", 1, 0], ["take", 1]]
    st = state(acts, n=2)
    assert not g.over(st) and st["ledger"]["under"] == 1
    st = state(acts + [["grab", 1]], n=2)
    assert g.over(st)
    assert st["ledger"]["visible"] == [8, 8] and g.winner(st) is None  # 8 - 1 + 1 = 8 each


def test_ranking_most_acorns_then_most_hidden():
    # Anna 8 (1 hidden), Bo 8 (2 hidden), Cy 3: Bo first, Anna second
    acts = (
        [["take", 0]] * 7 + [["hide", 0], ["take", 1], ["hide", 1], ["hide", 1]] + [["take", 1]] * 6
    )
    st = state(acts, n=3)
    assert g.over(st)
    assert g.places(st) == [2, 1, 3]
    assert g.winner(st) == 1 and not g.needs_tile_drop(st)
    assert g.ranking_order(st) == [1, 0, 2]


def test_a_tie_is_broken_by_the_tile_drop_and_kept_by_the_journal():
    acts = [["take", 0]] * 7 + [["take", 1]] * 7  # 8 and 8, nothing hidden
    st = state(acts, n=2)
    assert g.needs_tile_drop(st) and g.winner(st) is None
    tie = g.tile_drop(st, Rng(9))
    w, throws = tie[1], tie[2]
    # each throw: both drop their 8 tiles; the last one has a clear winner
    for row in throws:
        assert [p for p, _ in row] == [0, 1] and all(0 <= k <= 8 for _, k in row)
    last = {p: k for p, k in throws[-1]}
    assert last[w] > last[1 - w]
    for row in throws[:-1]:
        assert row[0][1] == row[1][1]  # earlier throws were ties
    st = state(acts + [tie], n=2)
    assert g.winner(st) == w and g.ranking_order(st)[0] == w
    # undo takes it back; a second tie entry is refused
    assert g.problem(st, tie) is not None
    assert g.winner(state(acts, n=2)) is None


def test_no_acorn_moves_after_the_end_and_no_tie_to_break_before():
    acts = [["take", 0]] * 14
    st = state(acts, n=2)
    assert g.problem(st, ["take", 1]) is not None
    assert g.problem(st, ["next"]) is not None
    assert g.problem(state([], n=2), ["tie", 0, []]) == "There is no tie to break."


def test_grab_handicap_waits():
    # head starts 0, 2, 5 s: the 5-s player looks at once, the others wait 5 and 3 s
    assert g.waits([0, 2, 5]) == [5000, 3000, 0]
    assert g.waits([0, 0]) == [0, 0]
    assert g.waits([4, 4, 1]) == [0, 0, 3000]
