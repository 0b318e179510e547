# How the Leaves Came Down rules against the rule text as docs/rules.md puts it (section LCD;
# each test names the rules it checks); expected values by hand.
import json

import pytest
from core.rng import Rng
from journal import replay
from rules import leaves_came_down as lcd


def total_acorns(state):
    return state["board"] + state["under"] + sum(state["visible"]) + sum(state["hidden"])


def check_ledger(state):
    # -> why a ledger (e.g. read back from flash) can't be used, or None
    try:
        vis = state["visible"]
        hid = state["hidden"]
        counts = [state["board"], state["under"]] + list(vis) + list(hid)
    except (KeyError, TypeError):
        return "incomplete"
    if len(vis) != len(hid) or not lcd.MIN_PLAYERS <= len(vis) <= lcd.MAX_PLAYERS:
        return "players"
    for c in counts:
        if not isinstance(c, int) or isinstance(c, bool) or c < 0:
            return "counts"
    return None


class ScriptRng:
    # stands in for core.rng.Rng: randbelow(2) answers from a script (1 = hidden side up)
    def __init__(self, bits):
        self.bits = list(bits)

    def randbelow(self, n):
        assert n == 2
        return self.bits.pop(0)


# ---- dropper and turns ----------------------------------------------------------------------

def test_dropper_rotates_each_round():
    # LCD-5: the dropper moves on one seat each round
    assert lcd.dropper(1, 2, 4) == 2          # round 1: the first player drops
    assert lcd.dropper(2, 2, 4) == 3
    assert lcd.dropper(3, 2, 4) == 0          # round the table
    assert lcd.dropper(5, 2, 4) == 2
    assert [lcd.dropper(r, 1, 3) for r in range(1, 9)] == [1, 2, 0, 1, 2, 0, 1, 2]


def test_dropper_rejects_nonsense():
    # LCD-5: no round 0, no seat past the table, 2 to 6 players
    with pytest.raises(ValueError):
        lcd.dropper(0, 0, 3)
    with pytest.raises(ValueError):
        lcd.dropper(1, 3, 3)
    with pytest.raises(ValueError):
        lcd.dropper(1, 0, 1)                  # 2 to 6 players


def test_turn_order_starts_with_the_dropper():
    # LCD-5: the turns start with the dropper and go round the table
    assert lcd.turn_order(2, 4) == [2, 3, 0, 1]
    assert lcd.turn_order(0, 2) == [0, 1]


def test_first_player_pick_is_fair():
    # LCD-2, RND-4: the first dropper is drawn, every seat equally likely
    rng = Rng(7)
    counts = [0] * 4
    for _ in range(4000):
        counts[lcd.first_player(4, rng)] += 1
    assert all(850 < c < 1150 for c in counts)   # expected 1000 each, sd ~ 27


# ---- final ranking -----------------------------------------------------------------------

def test_final_ranking_most_acorns_then_most_hidden():
    # LCD-13: most acorns, then most hidden
    # player 1: 7 acorns -> 1st; players 0 and 2 both 5: player 2 has 3 hidden -> 2nd,
    # player 0 (1 hidden) -> 3rd; player 3: 2 acorns -> 4th
    assert lcd.final_ranking([5, 7, 5, 2], [1, 0, 3, 2]) == [3, 1, 2, 4]


def test_final_ranking_acorns_count_before_hidden():
    # LCD-13: all acorns count before hidden ones
    assert lcd.final_ranking([4, 5], [4, 0]) == [2, 1]


def test_final_ranking_still_tied_share_a_place():
    # LCD-13: still tied, they share the place; LCD-14: who is tied for first
    assert lcd.final_ranking([5, 5, 3], [2, 2, 0]) == [1, 1, 3]
    assert lcd.tied_for_first([5, 5, 3], [2, 2, 0]) == [0, 1]
    assert lcd.tied_for_first([5, 5, 3], [2, 3, 0]) == [1]


# ---- acorn ledger ---------------------------------------------------------------------------

def test_new_ledger_starting_acorns_are_extra():
    # LCD-1: 14 acorns on the board, plus one per player
    s = lcd.new_ledger(3)
    assert s == {"board": 14, "under": 0, "visible": [1, 1, 1], "hidden": [0, 0, 0]}
    assert total_acorns(s) == 17          # 14 on the board + 1 per player


def test_actions():
    # LCD-8 take, LCD-10 hide, LCD-9 dig, LCD-11 grab
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
    # LCD-8, LCD-9: a move gives a new ledger, the old one stays (KEEP-2)
    s = lcd.new_ledger(2)
    before = json.dumps(s)
    lcd.take_from_board(s, 1)
    lcd.dig(s, 0, 1)
    assert json.dumps(s) == before


def test_impossible_actions_say_why():
    # LCD-8, LCD-9, LCD-10, LCD-11: impossible acorn moves, refused with the reason
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
        lcd.act(s, "steal", 0)
    assert lcd.action_problem(s, "dig", 0, 1) is None
    assert lcd.action_problem(s, "hide", 1) is None


def test_game_ends_when_nothing_on_or_under_the_board():
    # LCD-12: the game ends when no acorn is on or under the board
    assert not lcd.game_ended(lcd.new_ledger(2))
    assert not lcd.game_ended({"board": 0, "under": 1, "visible": [1, 1], "hidden": [0, 0]})
    assert lcd.game_ended({"board": 0, "under": 0, "visible": [9, 5], "hidden": [1, 1]})


def test_ledger_survives_json_and_check():
    # KEEP-1: the ledger comes back from a save as it was
    s = lcd.dig(lcd.new_ledger(4), 2, 3)
    back = json.loads(json.dumps(s))
    assert back == s and check_ledger(back) is None
    assert check_ledger({"board": 1})
    assert check_ledger({"board": -1, "under": 0, "visible": [1, 1], "hidden": [0, 0]})


# ---- tile drop tie-break ------------------------------------------------------------------

def test_tile_drop_counts_hidden_sides():
    # LCD-14: a drop counts the tiles that land hidden side up
    assert lcd.tile_drop(4, ScriptRng([1, 0, 1, 1])) == 3
    assert lcd.tile_drop(0, ScriptRng([])) == 0


def test_tile_drop_is_half_and_half():
    # LCD-14: a tile lands hidden side up half the time
    rng = Rng(11)
    shown = sum(lcd.tile_drop(1, rng) for _ in range(10000))
    assert 4800 < shown < 5200        # expected 5000, sd 50


def test_break_tie_repeats_until_one_shows_more():
    # LCD-14: drop again until one shows the most
    # one tile each: round 1 both show 1 (tie), round 2 player 0 shows 0, player 2 shows 1
    winner, throws = lcd.break_tie([0, 2], [1, 5, 1], ScriptRng([1, 1, 0, 1]))
    assert winner == 2
    assert throws == [[[0, 1], [2, 1]], [[0, 0], [2, 1]]]


def test_break_tie_everyone_redrops_unless_knockout():
    # LCD-14: all the tied drop again; the setting lets only the leaders
    # round 1: 1, 1, 0 -> players 0 and 1 share the best, no winner
    winner, throws = lcd.break_tie([0, 1, 2], 1, ScriptRng([1, 1, 0, 0, 1, 0]))
    assert winner == 1 and len(throws[1]) == 3
    winner, throws = lcd.break_tie([0, 1, 2], 1, ScriptRng([1, 1, 0, 0, 1]), knockout=True)
    assert winner == 1 and throws[1] == [[0, 0], [1, 1]]


def test_break_tie_is_fair_and_consistent():
    # LCD-14: the drop is fair, and its winner showed the most
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
    # LCD-14: one player needs no drop; no tiles or no players are refused
    assert lcd.break_tie([3], 2, ScriptRng([])) == (3, [])
    with pytest.raises(ValueError):
        lcd.break_tie([0, 1], 0, Rng(1))
    with pytest.raises(ValueError):
        lcd.break_tie([], 1, Rng(1))


# -- the game as the companion keeps it: the journal -------------------------------------
# How the Leaves Came Down as the companion keeps it (rules/leaves_came_down.py): worked by
# hand from the rule text. Four players, Anna first: the dropper moves one seat a round;
# the game ends when the board and the hole under it are empty; most acorns, then most
# hidden; still tied, the tile drop decides and is kept in the journal.

NAMES = ["Anna", "Bo", "Cy", "Di"]


def state(actions, first=0, n=4):
    return replay(lcd, lcd.new_setup(NAMES[:n], first), actions)


def test_the_dropper_rotates_and_the_turn_order_starts_with_the_dropper():
    # LCD-5: the rule's example: Cy drops first, then Di, Anna, Bo
    # Cy (seat 2) drops first; rounds 1..6: Cy, Di, Anna, Bo, Cy, Di
    droppers = []
    actions = []
    for _ in range(6):
        st = state(actions, first=2)
        droppers.append(lcd.round_dropper(st))
        actions.append(["next"])
    assert droppers == [2, 3, 0, 1, 2, 3]
    st = state([["next"]], first=2)  # round 2: Di drops
    assert lcd.round_order(st) == [3, 0, 1, 2]


def test_choosing_who_drops_now_keeps_the_rotation_going_from_there():
    # LCD-2, LCD-5: "Who drops this round" moves the rotation
    # round 3, Anna would drop; the table says Bo drops: round 4 is then Cy's
    st = state([["next"], ["next"], ["drops", 1]])
    assert lcd.round_dropper(st) == 1
    assert (
        lcd.round_dropper(replay(lcd, lcd.new_setup(NAMES, 0), [["next"], ["next"], ["drops", 1], ["next"]]))
        == 2
    )


def test_a_game_ends_when_board_and_hole_are_empty():
    # LCD-12: play goes on while a dug acorn is under the board (LCD-9, LCD-11)
    # two players take 14 acorns between them, Bo digs one of Anna's: not over until
    # someone grabs it back from under the board
    acts = [["take", 0]] * 8 + [["take", 1]] * 6
    st = state(acts, n=2)
    assert lcd.over(st)
    acts = [["take", 0]] * 8 + [["take", 1]] * 5 + [["dig", 1, 0], ["take", 1]]
    st = state(acts, n=2)
    assert not lcd.over(st) and st["ledger"]["under"] == 1
    st = state(acts + [["grab", 1]], n=2)
    assert lcd.over(st)
    assert st["ledger"]["visible"] == [8, 8] and lcd.winner(st) is None  # 8 - 1 + 1 = 8 each


def test_ranking_most_acorns_then_most_hidden():
    # LCD-13: the rule's example: Anna 8 (1 hidden), Bo 8 (2 hidden), Cy 3
    # Anna 8 (1 hidden), Bo 8 (2 hidden), Cy 3: Bo first, Anna second
    acts = (
        [["take", 0]] * 7 + [["hide", 0], ["take", 1], ["hide", 1], ["hide", 1]] + [["take", 1]] * 6
    )
    st = state(acts, n=3)
    assert lcd.over(st)
    assert lcd.places(st) == [2, 1, 3]
    assert lcd.winner(st) == 1 and not lcd.needs_tile_drop(st)
    assert lcd.ranking_order(st) == [1, 0, 2]


def test_caches_in_plain_words():
    # LCD-13: "Anna 8 with 1 hidden" (issue 40: "8 (1 hid)" was a word a player did not
    # know). All of them, then the hidden ones (the ranking); the shown ones, then "+"
    # the hidden (the round, whose column says "+hidden")
    led = {"visible": [7, 3], "hidden": [1, 0]}
    assert lcd.cache_words(led, 0) == "8, 1 hidden" and lcd.cache_words(led, 1) == "3"
    assert lcd.shown_words(led, 0) == "7 +1" and lcd.shown_words(led, 1) == "3"


def test_a_tie_is_broken_by_the_tile_drop_and_kept_by_the_journal():
    # LCD-14: a tie for first goes to the tile drop, kept as an entry (KEEP-2)
    acts = [["take", 0]] * 7 + [["take", 1]] * 7  # 8 and 8, nothing hidden
    st = state(acts, n=2)
    assert lcd.needs_tile_drop(st) and lcd.winner(st) is None
    tie = lcd.drop_tiles(st, Rng(9))
    w, throws = tie[1], tie[2]
    # each throw: both drop their 8 tiles; the last one has a clear winner
    for row in throws:
        assert [p for p, _ in row] == [0, 1] and all(0 <= k <= 8 for _, k in row)
    last = {p: k for p, k in throws[-1]}
    assert last[w] > last[1 - w]
    for row in throws[:-1]:
        assert row[0][1] == row[1][1]  # earlier throws were ties
    st = state(acts + [tie], n=2)
    assert lcd.winner(st) == w and lcd.ranking_order(st)[0] == w
    # undo takes it back; a second tie entry is refused
    assert lcd.problem(st, tie) is not None
    assert lcd.winner(state(acts, n=2)) is None


def test_no_acorn_moves_after_the_end_and_no_tie_to_break_before():
    # LCD-12: nothing moves after the end; LCD-14: no drop without a tie
    acts = [["take", 0]] * 14
    st = state(acts, n=2)
    assert lcd.problem(st, ["take", 1]) is not None
    assert lcd.problem(st, ["next"]) is not None
    assert lcd.problem(state([], n=2), ["tie", 0, []]) == "There is no tie to break."


def test_grab_handicap_waits():
    # LCD-4: head starts: the rule's example 0, 2 and 5 s
    # head starts 0, 2, 5 s: the 5-s player looks at once, the others wait 5 and 3 s
    assert lcd.waits([0, 2, 5]) == [5000, 3000, 0]
    assert lcd.waits([0, 0]) == [0, 0]
    assert lcd.waits([4, 4, 1]) == [0, 0, 3000]


# -- a long game (issue 39.7): the journal folds into a checkpoint ------------------------


def _long(actions, n=2):
    # -> the journal of `actions` played on the device (apps/game: each one committed,
    # folded past FOLD) and the state replayed from its save as the device reads it
    from apps import game

    setup = lcd.new_setup(NAMES[:n], 0)
    j = game.Journal(setup)
    st = lcd.start(setup)
    for a in actions:
        assert lcd.problem(st, a) is None, a
        if j.commit(lcd, st, a):
            st = j.replay(lcd)
    return j, game.load(lcd, json.loads(json.dumps(j.doc())))[1]


def test_a_long_game_folds_its_journal_and_reads_back_the_same_state():
    # KEEP-1: a long game folds and reads back the same state
    # rounds passed and an acorn dug up and grabbed back to and fro grow a journal
    # without end: 2,000 actions fold into a base, the save stays small, and the game
    # read back is the game played (acorns, round, head start, who drops)
    cycle = [["dig", 0, 1], ["grab", 1], ["next"], ["head", 1, 7], ["knockout", True]]
    acts = [["take", 0]] + cycle * 400 + [["drops", 1]]
    j, st = _long(acts)
    assert j.base is not None and j.moves() == len(acts) and len(j.actions) <= 64
    assert len(json.dumps(j.doc())) < 4096
    want = state(acts, n=2)
    assert st == want
    assert st["round"] == 401 and st["ledger"]["visible"] == [2, 1] and st["heads"] == [0, 7]
    assert lcd.round_dropper(st) == 1


def test_a_long_game_that_ended_in_a_tile_drop_keeps_it_in_its_checkpoint():
    # LCD-14: the tile drop kept through a fold
    # the tie broken, then the table flips the tie rule for a long while: the winner and
    # the throws the ending shows are folded in with the rest
    acts = [["take", 0]] * 7 + [["take", 1]] * 7
    tie = lcd.drop_tiles(state(acts, n=2), Rng(9))
    acts = acts + [tie] + [["knockout", k % 2 == 0] for k in range(100)]
    j, st = _long(acts)
    assert j.base["state"]["winner"] == tie[1]
    assert st["winner"] == tie[1] and st["throws"] == tie[2] and lcd.over(st)


def test_a_checkpoint_no_game_could_reach_is_damaged():
    # KEEP-3: a checkpoint no game could reach is damage
    # a save's base is checked as its actions were: acorns made or lost, a round, a
    # head start or a seat out of range, a tile drop without a tie (the app then keeps
    # the file aside as damaged, it does not crash on it)
    setup = lcd.new_setup(NAMES[:2], 0)
    good = lcd.checkpoint(state([["take", 0], ["next"]], n=2), [])
    assert lcd.restore(setup, json.loads(json.dumps(good)))["round"] == 2
    bad = []
    for key, v in (
        ("round", 0),
        ("round", 10**300),
        ("first", 2),
        ("heads", [10**300, 0]),
        ("heads", [0]),
        ("knockout", 1),
        ("winner", 0),  # no tie: the game is not over
        ("throws", [[[0, 1], [1, 0]]]),  # throws without a winner
        ("ledger", {"board": 13, "under": 0, "visible": [3, 1], "hidden": [0, 0]}),  # one made up
        ("ledger", {"board": 13, "under": 10**300, "visible": [2, 1], "hidden": [0, 0]}),
    ):
        cp = json.loads(json.dumps(good))
        cp[key] = v
        bad.append(cp)
    for cp in bad:
        with pytest.raises(ValueError):
            lcd.restore(setup, cp)


def test_head_starts_and_rounds_are_bounded_as_the_screens_bound_them():
    # LCD-4: head starts bounded as the screen bounds them
    # a head start is 0 to 30 s (the menu's stepper): a bigger one in a save is damage,
    # not a countdown of 10**300 seconds; the rounds stop at the history's bound
    assert not lcd.valid_setup(lcd.new_setup(NAMES[:2], 0, [10**300, 0]))
    assert lcd.valid_setup(lcd.new_setup(NAMES[:2], 0, [30, 0]))
    st = state([], n=2)
    assert lcd.problem(st, ["head", 0, 31]) == "A head start is 0 to 30 seconds."
    assert lcd.problem(st, ["head", 0, 30]) is None
    st["round"] = lcd.MAX_ROUNDS
    assert lcd.problem(st, ["next"]) == "Round 99999 is the last one counted."


def test_a_damaged_tile_drop_in_a_save_is_refused():
    # KEEP-3: a damaged tile drop in a save is refused
    # the ending view draws the throws: a save's must be throws the tied players made
    acts = [["take", 0]] * 7 + [["take", 1]] * 7
    st = state(acts, n=2)
    assert lcd.problem(st, ["tie", 0, [[[0, 3], [1, 1]]]]) is None
    for throws in ([], "x", [[[0, 9], [1, 1]]], [[[5, 1]]], [[]], [[[0, "3"]]]):
        assert lcd.problem(st, ["tie", 0, throws]) == "The tile drop is damaged.", throws
