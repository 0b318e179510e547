# Autumn Leaves rules against the rule text as docs/rules.md puts it (section AL; each test
# names the rules it checks). Every expected value below is worked out by hand from
# the rule text.


import json

import pytest
from core.rng import Rng
from rules import autumn_leaves as al


class ReverseRng:
    # stands in for core.rng.Rng: "shuffles" by reversing, and records what it was given
    def __init__(self):
        self.shuffled = []

    def shuffle(self, items):
        self.shuffled.append(list(items))
        items.reverse()


class NoRng:
    def shuffle(self, items):
        raise AssertionError("no tie should need a random order here")


# ---- deck facts -----------------------------------------------------------------------

def test_deck_facts():
    # AL-1: the Pairs deck (55 cards, n copies of rank n) and seven-card hands; AL-11: six hands
    assert al.HANDS == 6
    assert (al.RANK_MIN, al.RANK_MAX) == (1, 10)
    assert al.HAND_SIZE == 7
    # 1 + 2 + ... + 10 = 55 cards
    assert al.DECK_SIZE == 55
    assert [al.copies(r) for r in range(1, 11)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert al.copies(0) == 0 and al.copies(11) == 0


# ---- hand scores ------------------------------------------------------------------------

def test_seed_examples_and_winner():
    # AL-10: the rule text's own examples, and the winner
    # the text: highest 9 with a pile of 6 scores 3; highest 4 with a pile of 6 scores 0;
    # the winner (player 2, pile 3) subtracts one per card in her pile: -3
    assert al.hand_scores([6, 6, 3], [9, 4, 0], 2) == [3, 0, -3]


def test_deck_ran_out_nobody_wins():
    # AL-9, AL-10: the deck ran out, so nobody went out
    # winner None: player 0 has an empty hand -> 0; player 1: 5 - 5 = 0; player 2: 10 - 4 = 6
    assert al.hand_scores([2, 5, 4], [0, 5, 10], None) == [0, 0, 6]


def test_non_winner_with_no_cards_scores_zero():
    # AL-10: a non-winner never scores below 0, even with no card left
    # a small pile would make 0 - 1 = -1 without the floor; non-winners never go below 0
    assert al.hand_scores([1, 7, 2], [0, 3, 8], 1) == [0, -7, 6]


def test_winner_score_is_minus_pile_whatever_else():
    # AL-10: the player who went out scores minus their leaf pile
    assert al.hand_scores([4, 1, 1, 9], [0, 10, 2, 10], 0) == [-4, 9, 1, 1]
    assert al.hand_scores([12, 1, 1], [0, 1, 1], 0) == [-12, 0, 0]


def test_hand_scores_rejects_mismatched_input():
    # AL-10: a hand is scored from one pile and one highest card per player
    with pytest.raises(ValueError):
        al.hand_scores([1, 2, 3], [1, 2], None)
    with pytest.raises(ValueError):
        al.hand_scores([1, 2, 3], [1, 2, 3], 3)


def test_ranking_lowest_wins_with_shared_places():
    # AL-11: lowest total first; equal totals share a place
    assert al.ranking([12, 7, 12, 30]) == [2, 1, 2, 4]
    assert al.ranking([3, 3, 1, 8]) == [2, 2, 1, 4]
    assert al.ranking([5, 5, 5]) == [1, 1, 1]
    assert al.ranking([-4, 0, -4, 0, 9]) == [1, 3, 1, 3, 5]


def test_ranking_highest_wins():
    # AL-11: the same places, highest first (as F61-15 ranks the sheets)
    assert al.ranking([3, 3, 1, 8], lowest_wins=False) == [2, 2, 4, 1]


def test_ranking_is_standard_competition_ranking():
    # AL-11: a shared place skips the next one
    # 1, 1, 3 -- never 1, 1, 2
    assert sorted(al.ranking([10, 10, 20])) == [1, 1, 3]


# ---- acting order -----------------------------------------------------------------------

def test_lowest_card_acts_first():
    # AL-3: the lowest card acts first
    assert al.acting_order([7, 2, 9, 4], [[1], [1], [1], [1]], NoRng()) == [1, 3, 0, 2]


def test_tie_broken_by_piles_from_the_top_down():
    # AL-4: equal cards: the leaf piles decide, from the top card down
    # Hand-made case from the rule text: four players reveal 5, 5, 5, 2.
    # Player 3's 2 is lowest: first. The three 5s compare leaf piles top card down:
    #   player 2 top 6 < 7 of players 0 and 1 -> player 2 next;
    #   players 0 and 1: 7 = 7, then 3 = 3, then player 1 has an 8 and player 0 "no card";
    #   "a card" acts before "no card" -> player 1, then player 0.
    cards = [5, 5, 5, 2]
    piles = [[7, 3], [7, 3, 8], [6, 9], [4]]
    assert al.acting_order(cards, piles, NoRng()) == [3, 2, 1, 0]


def test_lower_card_deeper_in_the_pile_acts_first():
    # AL-4: the first difference down the piles decides
    # equal tops 4; second cards 9 vs 2 -> player 1 (2) first
    assert al.acting_order([3, 3], [[4, 9], [4, 2]], NoRng()) == [1, 0]


def test_a_card_before_no_card_even_if_high():
    # AL-4: a pile that still has a card acts before one that has run out
    # an empty pile loses to a pile topped by a 10
    assert al.acting_order([5, 5], [[], [10]], NoRng()) == [1, 0]


def test_players_not_playing_are_left_out():
    # AL-3: only the cards revealed this round are in the order
    assert al.acting_order([None, 3, None, 1], [[], [2], [], [2]], NoRng()) == [3, 1]
    assert al.acting_order([None, None], [[], []], NoRng()) == []


def test_identical_piles_use_rng_shuffle_on_that_group_only():
    # AL-4: identical piles: a random order among those players only
    # players 0, 1 and 3 all reveal 2: player 3's pile [1] beats [3]; players 0 and 1
    # have identical piles [3] -> only they go to rng.shuffle
    rng = ReverseRng()
    order = al.acting_order([2, 2, 1, 2], [[3], [3], [9], [1]], rng)
    assert rng.shuffled == [[0, 1]]
    assert order == [2, 3, 1, 0]


def test_identical_piles_random_order_is_fair():
    # AL-4, RND-3: that random order, every order equally likely
    # three players the rules cannot separate: each of the 3! = 6 orders ~ 1/6
    counts = {}
    rng = Rng(2024)
    trials = 6000
    for _ in range(trials):
        order = tuple(al.acting_order([4, 4, 4], [[2, 5], [2, 5], [2, 5]], rng))
        counts[order] = counts.get(order, 0) + 1
    assert len(counts) == 6
    for c in counts.values():
        assert 850 < c < 1150   # expected 1000, sd ~ 29


# ---- validation ---------------------------------------------------------------------------

def test_check_hand_accepts_real_entries():
    # AL-12: hands that can happen are taken
    assert al.check_hand([6, 6, 3], [9, 4, 0], 2) is None
    assert al.check_hand([2, 5, 4], [1, 5, 10], None) is None


def test_check_hand_only_the_winner_has_an_empty_hand():
    # AL-9, AL-12: only the last card placed empties a hand, and it ends the hand: a
    # player who didn't go out (or anyone, when the deck ran out) still holds a card
    msg = al.check_hand([6, 6, 3], [9, 0, 0], 2)
    assert msg == "Player 2 didn't go out, so they still hold a card: enter their highest."
    assert "Player 1" in al.check_hand([2, 5, 4], [0, 5, 10], None)
    # on the sheet, through problem(): refused as a new hand and as a correction
    st = al.start(al.new_setup(["A", "B", "C"]))
    assert "Player 3" in al.problem(st, ["add", al.hand(0, [3, 3, 3], [0, 5, 0])])
    al.apply(st, ["add", al.hand(0, [3, 3, 3], [0, 5, 4])])
    assert "Player 3" in al.problem(st, ["edit", 0, al.hand(0, [3, 3, 3], [0, 5, 0])])
    # a save from before the rule still loads (it scored 0, AL-10): saved_problem
    # is what apps/game replays a save with, and a checkpoint's lines are checked so too
    assert al.saved_problem(st, ["edit", 0, al.hand(0, [3, 3, 3], [0, 5, 0])]) is None
    assert al.entry_problem(al.hand(None, [5, 4, 3], [0, 7, 0]), 3) is None


def test_check_hand_pile_larger_than_deck():
    # AL-12: a leaf pile of more than 55 cards is refused
    msg = al.check_hand([60, 2, 3], [5, 5, 5], None)
    assert msg and "Player 1" in msg and "55" in msg


def test_check_hand_highest_outside_range():
    # AL-12: a highest card outside 1 to 10 (0: an empty hand) is refused
    msg = al.check_hand([3, 2, 3], [5, 11, 5], None)
    assert msg and "Player 2" in msg and "1 to 10" in msg
    assert al.check_hand([3, 2, 3], [5, -1, 5], None)


def test_check_hand_winner_still_holding_cards():
    # AL-9, AL-12: the player who went out holds no card
    msg = al.check_hand([3, 2, 3], [5, 4, 5], 1)
    assert msg and "Player 2" in msg and "empty" in msg


def test_check_hand_more_cards_than_the_deck():
    # AL-12: piles plus a card per non-empty hand fit in the 55
    # 20 + 20 + 15 = 55 cards in piles, plus at least 2 still in hands = 57 > 55
    msg = al.check_hand([20, 20, 15], [3, 0, 5], 1)
    assert msg and "55" in msg
    # two cards fewer in the piles fit exactly
    assert al.check_hand([20, 20, 13], [3, 0, 5], 1) is None


def test_check_hand_more_holders_of_a_rank_than_copies():
    # AL-1, AL-12: no more highest cards of a rank than the deck has
    # only one 1 exists, so two players can't both hold a 1 as their highest card
    msg = al.check_hand([3, 3, 3], [1, 1, 5], None)
    assert msg and "rank 1" in msg
    # three 2s can't be highest in three hands: only two exist
    assert al.check_hand([3, 3, 3], [2, 2, 2], None)
    assert al.check_hand([3, 3, 3], [2, 2, 3], None) is None


def test_check_hand_empty_pile_and_player_count():
    # AL-1: 3 to 6 players; AL-2, AL-12: no leaf pile is empty
    assert "Player 3" in al.check_hand([3, 3, 0], [5, 5, 5], None)
    assert al.check_hand([3, 3], [5, 5], None)            # 2 players: too few
    assert al.check_hand([1] * 7, [5] * 7, None)          # 7 players: too many
    assert al.check_hand([3, 3, 3], [5, 5, 5], 3)          # no player 4


# ---- a hand entered as points (issue 28) ----------------------------------------------------

def test_a_hand_as_points_totals_beside_a_hand_with_piles():
    # AL-10: a table works out each player's max(0, highest - pile) and enters it, the
    # winner their pile (minus it). Hand 1 as firmware before issue 28 saved it: Anna
    # out with 4 leaves, Ben pile 6 highest 9 (3), Cara 4 and 2 (0); hand 2 as points:
    # Ben out with 6 leaves, Anna 2, Cara 9 -> Anna -4 + 2, Ben 3 - 6, Cara 0 + 9
    st = al.start(al.new_setup(["Anna", "Ben", "Cara"]))
    al.apply(st, ["add", al.hand(0, [4, 6, 4], [0, 9, 2])])
    line = al.points(1, [2, -6, 9])
    assert line == [1, [2, -6, 9]] and al.winner_of(line) == 1
    assert al.problem(st, ["add", line]) is None
    al.apply(st, ["add", line])
    assert st["totals"] == [-2, -3, 9]
    assert al.points(None, [0, 1, 0]) == [al.OUT, [0, 1, 0]]
    # a long game's checkpoint keeps both forms, checked and scored again
    cp = al.checkpoint(st, [["edit", 0, al.hand(0, [4, 6, 4], [0, 9, 2])]])
    assert cp["entries"] == [[0, [4, 6, 4], [0, 9, 2]], [1, [2, -6, 9]]]
    assert al.restore(al.new_setup(["Anna", "Ben", "Cara"]), cp)["totals"] == [-2, -3, 9]


def test_points_out_of_reach_are_refused_in_plain_words():
    # AL-12: a highest card is at most 10 and a leaf pile at least 1, so nobody but the
    # winner scores below 0 or above 9
    assert "Player 1 scores 0 to 9" in al.check_points([10, -3, 0], 1)
    assert "Player 3 scores 0 to 9" in al.check_points([0, -3, -1], 1)
    assert al.check_points([9, -3, 9], 1) is None
    assert "Player 2 scores 0 to 9" in al.check_points([0, 10, 0], None)
    # the winner's pile: at least 1, and at most the deck less a leaf pile and a card in
    # hand for each other player: 55 - 2 * 2 = 51 with three, 55 - 2 * 5 = 45 with six
    assert "Player 2's leaf pile must be 1 to 51 cards" in al.check_points([0, 0, 0], 1)
    assert "1 to 51" in al.check_points([0, -52, 0], 1)
    assert al.check_points([0, -51, 0], 1) is None
    assert "1 to 45" in al.check_points([0, 0, 0, 0, 0, -46], 5)
    assert al.check_points([0, 0, 0, 0, 0, -45], 5) is None
    # and as a line on the sheet, a saved one too (the same words)
    st = al.start(al.new_setup(["Anna", "Ben", "Cara"]))
    assert "Player 2 scores 0 to 9" in al.problem(st, ["add", al.points(0, [-5, 10, 0])])
    assert "Player 2 scores 0 to 9" in al.saved_problem(st, ["add", al.points(0, [-5, 10, 0])])


def test_a_damaged_points_line_is_refused():
    # AL-12: a save's line that is neither form: a name or true where a number goes, one
    # number too few, a third part that is no list of highest cards, a winner at no seat
    for line in ([0, [-3, "x", 0]], [0, [-3, 0]], [0, [-3, 0, 0], 7], [0, [True, -3, 0]], [3, [0, 0, 0]]):
        assert al.entry_problem(line, 3) == "That entry is damaged.", line


def test_a_folded_journal_keeps_every_hand_open_to_correct():
    # KEEP-2: a folded game still corrects every hand it holds
    # issue 39.8: six hands, then hand 6 corrected 58 times: the journal folds (apps/game
    # FOLD), and its checkpoint keeps all six hands (a sheet of six lines is small), so
    # each can still be viewed and corrected; the totals are the hands'
    from apps import game

    setup = al.new_setup(["Anna", "Ben", "Cara"])
    hand = al.points(0, [-7, 0, 0])
    acts = [["add", hand]] * 6 + [["edit", 5, hand]] * 58
    j = game.Journal(setup)
    st = al.start(setup)
    for a in acts:
        assert al.problem(st, a) is None
        if j.commit(al, st, a):
            st = j.replay(al)
    assert j.base is not None and j.moves() == 64
    st = game.load(al, json.loads(json.dumps(j.doc())))[1]
    assert st["folded"] == 0 and len(st["entries"]) == 6 and st["totals"] == [-42, 0, 0]
    assert al.problem(st, ["edit", 0, al.points(1, [0, -9, 0])]) is None
