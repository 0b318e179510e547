# The shared score sheet and the two Autumn sheets built on it, checked by hand from the
# rules as docs/rules.md gives them (each test names those it checks): Autumn Leaves
# (winner -pile, others max(0, highest - pile)) and Autumn Ash (pips + one colour bonus;
# the first to 21 in the order of play wins).
from rules import autumn_ash as ash
from rules import autumn_leaves as leaves
from rules import scoresheet

FOUR = {"players": ["Anna", "Ben", "Cara", "Dan"]}


def replay(rules, setup, actions):
    # the journal played as the device does, every action checked first
    st = rules.start(setup)
    for a in actions:
        assert rules.problem(st, a) is None, (a, rules.problem(st, a))
        rules.apply(st, a)
    return st


def _count(entry):
    return [len(entry), 0]  # a made-up game: a line scores its length for player 1


def sheet(actions):
    st = scoresheet.start(2)
    for a in actions:
        scoresheet.apply(st, a, _count)
    return st


def test_add_and_edit_lines_and_the_totals_follow():
    # KEEP-2: a line corrected, and the totals follow
    st = sheet([scoresheet.add("a"), scoresheet.add("bb"), scoresheet.edit(0, "AAAA")])
    assert st["entries"] == ["AAAA", "bb"]
    assert st["rows"] == [[4, 0], [2, 0]] and st["totals"] == [6, 0]


def test_an_action_that_is_not_a_line_is_refused():
    # KEEP-3: an entry that is not a line is refused
    st = sheet([scoresheet.add("a")])
    for bad in (["edit", 5, "x"], ["edit", "0", "x"], ["edit", True, "x"], [], ["bogus"], ["add"], "add", None):
        assert scoresheet.problem(st, bad, lambda e: None), bad
    assert scoresheet.problem(st, ["edit", 0, "x"], lambda e: None) is None
    assert scoresheet.problem(st, ["add", "x"], lambda e: "no x here") == "no x here"


def test_undo_is_dropping_the_last_action():
    # KEEP-2: undo is the entries played again, less the last
    acts = [scoresheet.add("a"), scoresheet.edit(0, "AAA")]
    assert sheet(acts[:-1])["entries"] == ["a"] and sheet(acts[:-1])["totals"] == [1, 0]


def test_places_share_equal_totals_and_skip_the_next():
    # AL-11, F61-15: equal totals share a place, the next is skipped
    assert scoresheet.places([10, 3, 3, 7]) == [4, 1, 1, 3]
    assert scoresheet.places([10, 3, 3, 7], lowest_wins=False) == [1, 3, 3, 2]


def test_describe_names_the_line():
    # KEEP-2: undo says what it takes back
    def what(k, e):
        return "hand " + str(k + 1)

    assert scoresheet.describe(scoresheet.add("x"), 2, what) == "hand 3"
    assert scoresheet.describe(scoresheet.edit(0, "x"), 2, what) == "correction of hand 1"


def test_leaves_hand_from_the_rule_text():
    # AL-10: the rule text's examples, on the score sheet
    # Anna went out with 6 leaves; Ben 9 high, 6 pile -> 3; Cara 4 high, 6 pile -> 0;
    # Dan 2 high, 3 pile -> 0 (only the winner's hand is empty: AL-12)
    hand = leaves.hand(0, [6, 6, 6, 3], [0, 9, 4, 2])
    st = replay(leaves, FOUR, [scoresheet.add(hand)])
    assert st["rows"] == [[-6, 3, 0, 0]]
    assert st["totals"] == [-6, 3, 0, 0]
    assert st["hand"] == 1 and not st["over"]


def test_leaves_deck_ran_out_is_stored_without_none():
    # AL-9, AL-10: a hand where the deck ran out
    hand = leaves.hand(None, [2, 2, 2, 2], [5, 5, 5, 5])
    assert hand[0] == leaves.OUT
    assert leaves.score(hand) == [3, 3, 3, 3]


def test_leaves_correction_moves_the_totals_and_six_hands_end_it():
    # AL-11: six hands end the game; KEEP-2: a correction moves the totals
    h1 = leaves.hand(0, [5, 5, 5, 5], [0, 10, 10, 10])  # -5 5 5 5
    h2 = leaves.hand(None, [5, 5, 5, 5], [10, 10, 10, 10])  # 5 5 5 5
    acts = [scoresheet.add(h1)] + [scoresheet.add(h2)] * 5
    st = replay(leaves, FOUR, acts)
    assert st["over"] and st["totals"] == [20, 30, 30, 30]
    assert st["places"] == [1, 2, 2, 2]
    fixed = leaves.hand(1, [5, 7, 5, 5], [10, 0, 10, 10])  # Ben went out with 7: -7
    st = replay(leaves, FOUR, acts + [scoresheet.edit(0, fixed)])
    assert st["totals"] == [30, 18, 30, 30]
    assert st["places"] == [2, 1, 2, 2]


def test_leaves_problem_uses_the_rules_check():
    # AL-12: the sheet refuses what the rules refuse
    # only one 1 in a Pairs deck
    st = leaves.start(FOUR)
    bad = leaves.hand(None, [3, 3, 3, 3], [1, 1, 5, 5])
    assert "rank 1" in leaves.problem(st, scoresheet.add(bad))
    assert leaves.problem(st, scoresheet.add(leaves.hand(None, [3, 3, 3, 3], [1, 2, 5, 5]))) is None


def test_leaves_a_seventh_hand_is_refused():
    # AL-11: six hands and no seventh; KEEP-2: a past hand can still be corrected
    h = leaves.hand(None, [5, 5, 5, 5], [10, 10, 10, 10])
    st = replay(leaves, FOUR, [scoresheet.add(h)] * 6)
    assert leaves.problem(st, scoresheet.add(h)) == "All six hands are in."
    assert leaves.problem(st, scoresheet.edit(5, h)) is None  # a correction still goes


SIDES = {"players": ["Rosa", "Xavier"], "rainbow": 0, "first": 0}


def test_ash_seed_example_sixteen():
    # ASH-8: the rule text's five cyan pieces worth 16, on the score sheet
    # five cyan pieces bagged at once: 2 pawns, 1 drone, 2 queens = 10 pips + 6 = 16
    bag = [1, "cyan", [2, 1, 2]]
    assert ash.pips([2, 1, 2]) == [1, 1, 2, 3, 3]
    assert ash.points(bag) == 16
    assert ash.score(bag) == [0, 16]


def test_ash_turns_alternate_and_no_bag_passes():
    # ASH-3: who starts, turns alternate, a turn may bag nothing
    st = replay(ash, SIDES, [scoresheet.add([0]), scoresheet.add([1, "orange", [1, 1, 1]])])
    assert st["totals"] == [0, 9] and st["turn"] == 0
    assert ash.start(dict(SIDES, first=1))["turn"] == 1
    assert ash.problem(st, scoresheet.add([1])) == "It is the other player's turn."


def test_ash_two_pieces_are_refused_and_sides_have_their_colours():
    # ASH-7: a bag needs 3 pieces; ASH-1: each side has its own colours
    st = ash.start(SIDES)
    assert "3 pieces" in ash.problem(st, scoresheet.add([0, "red", [1, 1, 0]]))
    assert ash.problem(st, scoresheet.add([0])) is None
    assert ash.colours(SIDES, 0)[4] == "black"
    assert ash.colours(SIDES, 1)[3] == "cyan"
    assert ash.colours(dict(SIDES, rainbow=1), 0)[0] == "clear"


def test_ash_first_to_21_in_the_order_of_play_wins():
    # ASH-9: the first to 21 in the order of play; a correction can move the win
    acts = [
        scoresheet.add([0, "black", [2, 1, 0]]),  # Rosa 16
        scoresheet.add([1, "purple", [1, 1, 1]]),  # Xavier 18
        scoresheet.add([0, "yellow", [2, 0, 1]]),  # Rosa 21: wins
    ]
    st = replay(ash, SIDES, acts)
    assert st["winner"] == 0 and st["over"] and st["won_at"] == 2
    assert ash.problem(st, scoresheet.add([1])) == "The game is won. Undo or correct a bag to play on."
    # 20 is not yet a win
    st = replay(ash, SIDES, acts[:2] + [scoresheet.add([0, "yellow", [2, 1, 0]])])
    assert st["totals"][0] == 20 and st["winner"] is None and st["turn"] == 1
    # a correction that puts Xavier at 21 earlier makes him the winner
    st = replay(ash, SIDES, acts + [scoresheet.edit(1, [1, "purple", [1, 2, 0]])])
    assert st["totals"][1] == 17
    st = replay(ash, SIDES, acts + [scoresheet.edit(1, [1, "purple", [1, 1, 2]])])
    assert st["totals"][1] == 21 and st["winner"] == 1 and st["won_at"] == 1


def test_damaged_saves_are_recognised():
    # KEEP-3: what a damaged save can hold is refused (AL-1, AL-12, ASH-1)
    # what a damaged or foreign file can hold; the app keeps such a file as .bad
    st = leaves.start(FOUR)
    good = leaves.hand(0, [5, 5, 5, 5], [0, 10, 10, 10])
    assert leaves.problem(st, scoresheet.add(good)) is None
    for bad in (
        [0, [5, 5, 5], [0, 10, 10]],  # three players' worth in a four-player game
        [7, [5, 5, 5, 5], [0, 10, 10, 10]],  # no seat 8
        [0, [5, 5, 5, 5], [3, 10, 10, 10]],  # the winner still holds a card
        [0, [5, 5, "5", 5], [0, 10, 10, 10]],
        None,
    ):
        assert leaves.problem(st, scoresheet.add(bad)), bad
    assert leaves.problem(st, ["edit", 0, good])  # no line 1 yet
    assert not leaves.valid_setup({"players": ["A", "B"]})  # Autumn Leaves needs 3
    st = ash.start(SIDES)
    assert ash.problem(st, scoresheet.add([0])) is None
    assert ash.problem(replay(ash, SIDES, [scoresheet.add([0])]), scoresheet.add([1, "cyan", [2, 1, 2]])) is None
    assert ash.problem(st, scoresheet.add([0, "cyan", [2, 1, 2]]))  # Rosa plays Rainbow
    assert ash.problem(st, scoresheet.add([0, "red", [1, 1]]))
    assert not ash.valid_setup({"players": ["A", "B"], "rainbow": 2, "first": 0})


def test_a_sheet_takes_lines_up_to_what_a_checkpoint_reads_back():
    # KEEP-2: a sheet takes lines up to what its checkpoint reads back
    # issue 39.7: a checkpoint's folded lines are at most MAX_LINES (restore); a sheet
    # that long refuses another line in plain words (a correction still goes), rather
    # than save what the next boot would set aside as damaged
    ss = scoresheet
    st = ss.start(2)
    st["folded"] = ss.MAX_LINES - 1
    assert ss.problem(st, ["add", [0]], lambda e: None) is None
    ss.apply(st, ["add", [0]], lambda e: [1, 0])
    assert ss.problem(st, ["add", [0]], lambda e: None) == "The sheet is full: 1048576 lines. Correct one instead."
    assert ss.problem(st, ["edit", ss.MAX_LINES - 1, [1]], lambda e: None) is None
    cp = ss.checkpoint(st, [])
    assert cp["folded"] == ss.MAX_LINES
    ss.restore(ss.start(2), cp, lambda e: None, lambda e: [1, 0])
