# Autumn Ash rules against the rule text as docs/rules.md puts it (section ASH; each
# test names the rules it checks); expected values by hand.


import pytest
from rules import autumn_ash as ash


def test_seed_example_five_cyan_pieces_worth_16():
    # ASH-7, ASH-8: the rule text's Xeno example, two rows in one bag, worth 16
    # The text: the Xeno player moves a drone from A3 to B3 and bags two lines at once
    # (B3-D3 and B3-B4, B3 counted once) and "could gain up to sixteen points": five
    # cyan pieces (ASH-8). The moved piece turns cyan (the next colour after orange).
    # 16 - 6 (one cyan bonus for the whole bag) = 10 pips on 5 pieces. Two Xeno stashes
    # (ASH-2) hold 2 cyan pawns, 2 drones, 2 queens: 1+1+2+2+3+3 = 12 pips, so 5 of them
    # make 10 only by leaving out a drone: 3 + 3 + 2 + 1 + 1.
    assert ash.bag_points("cyan", [3, 3, 2, 1, 1]) == 16
    assert ash.check_bag("cyan", [3, 3, 2, 1, 1]) is None


def test_seed_example_rainbow_nets_eight():
    # ASH-8: the rule text's Rainbow reply: 8
    # The Rainbow drone stacks at D3 and becomes a red pawn (1 pip) to score vertically:
    # 8 = 3 (red bonus) + 5 pips, e.g. the pawn with a pawn and a queen below it
    assert ash.bag_points("red", [1, 1, 3]) == 8


def test_one_colour_bonus_per_bag():
    # ASH-8: one colour bonus per bag, however many pieces
    # six cyan pieces in two rows: 1+1+2+2+3+3 = 12 pips + 6 once = 18, not + 12
    assert ash.bag_points("cyan", [1, 1, 2, 2, 3, 3]) == 18


def test_bonus_by_colour():
    # ASH-8: the bonus of each colour
    assert ash.bag_points("green", [1, 1, 1]) == 3
    assert ash.bag_points("yellow", [3, 3, 2]) == 8
    assert ash.bag_points("clear", [1, 2, 3]) == 6
    assert ash.bag_points("white", [2, 2, 1]) == 5
    assert ash.bag_points("orange", [1, 2, 3]) == 9
    assert ash.bag_points("blue", [1, 1, 1]) == 9
    assert ash.bag_points("black", [1, 1, 2]) == 16
    assert ash.bag_points("purple", [3, 3, 2]) == 20


def test_colour_names_are_forgiving_about_case():
    # ASH-1: the colours, named in any case
    assert ash.bag_points("Cyan", [1, 1, 1]) == 9


def test_impossible_bags_raise():
    # ASH-7: at least 3 pieces of a known colour; ASH-8: 1 to 3 pips a piece
    with pytest.raises(ValueError):
        ash.bag_points("cyan", [1, 2])            # fewer than 3 pieces
    with pytest.raises(ValueError):
        ash.bag_points("pink", [1, 1, 1])
    with pytest.raises(ValueError):
        ash.bag_points("red", [1, 4, 1])
    with pytest.raises(ValueError):
        ash.bag_points("red", [0, 1, 1])


def test_check_bag_messages():
    # ASH-7: too few pieces, an unknown colour; ASH-2: 2 of a size per colour
    assert "3" in ash.check_bag("cyan", [1, 2])
    assert "pink" in ash.check_bag("pink", [1, 1, 1])
    assert ash.check_bag("red", [1, 4, 1])
    # only 2 cyan drones exist with two stashes
    msg = ash.check_bag("cyan", [2, 2, 2])
    assert msg and "2 cyan drones" in msg
    assert ash.check_bag("cyan", [2, 2, 2], stashes=None) is None
    assert ash.check_bag("red", [1, 2, 3]) is None


def test_progressions():
    # ASH-1: the two colour progressions, burnt ash last
    assert ash.RAINBOW == ("green", "yellow", "red", "blue", "black")
    assert ash.XENO == ("clear", "white", "orange", "cyan", "purple")
    assert ash.stage("cyan") == ("xeno", 3)
    assert ash.stage("green") == ("rainbow", 0) and ash.stage("black") == ("rainbow", 4)
    assert ash.stage("pink") is None


def test_pips_by_size():
    # ASH-8: pawn 1, drone 2, queen 3 pips
    assert ash.PIPS == (("pawn", 1), ("drone", 2), ("queen", 3))
    assert ash.pips([2, 1, 2]) == [1, 1, 2, 3, 3]  # the sheet stores counts per size


def test_winner():
    # ASH-9: the first to 21 or more wins
    assert ash.winner([20, 21]) == 1
    assert ash.winner([22, 25]) == 0        # the first player at 21+
    assert ash.winner([20, 20]) is None
    assert ash.winner([9, 10], target=10) == 1
    assert ash.winner([]) is None


def test_a_correction_that_moves_the_win_earlier_leaves_the_later_turns_out():
    # ASH-9 (issue 15): the race is won on the turn that first reaches 21; turns entered
    # after it (before the correction showed the earlier win) stay on the sheet, uncounted
    st = ash.start(ash.new_setup(["Rosa", "Xavi"], 0, 0))
    trio = [1, 1, 1]  # a pawn, a drone, a queen: 6 pips
    for seat, colour in ((0, "red"), (1, "orange"), (0, "red"), (1, "orange"), (0, "red")):
        ash.apply(st, ["add", [seat, colour, trio]])  # 6 + 3 each
    assert st["winner"] == 0 and st["totals"] == [27, 18]
    # Xavi's first bag was purple, not orange: 6 + 12 = 18, so his second makes 27 on
    # turn 4, before Rosa's third bag
    ash.apply(st, ["edit", 1, [1, "purple", trio]])
    assert st["winner"] == 1 and st["won_at"] == 3
    assert st["totals"] == [18, 27]  # Rosa's turn 5 does not count
    # and undoing the correction (the journal replays without it) counts it again
    ash.apply(st, ["edit", 1, [1, "orange", trio]])
    assert st["winner"] == 0 and st["totals"] == [27, 18]
