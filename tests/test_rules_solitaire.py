# Autumn Leaves solitaire (rules/solitaire.py) against Toby Ord's own walkthrough, rule
# by rule as docs/rules.md puts it (section SOL; each test names the rules it
# checks). The text's pictures are missing, so the starting position below is rebuilt from
# what the text says about it, move by move:
#   tops: K♣, 4♣, 9♣, 7♦, 10♦, J♠ -> "four legal moves": 4♣ onto K♣ or 9♣, 9♣ onto K♣,
#     7♦ onto 10♦
#   under 9♣: 10♠ ("we revealed the 10 of Spades"), under it 8♣, then "an empty pile"
#   under 4♣: 2♥ ("our first Heart", "only two cards under it"), 6♠, 3♦
#   under 7♦: 9♦, under it Q♣ ("another Club"), then an empty pile ("the blank pile")
#   under J♠: Q♦ ("a high Diamond"), 5♣, 9♠
#   the K♣ and 10♦ piles never move: their face-down cards are any of the rest.
# Pile sizes 4, 4, 3, 3, 4, 4: the two 3-card piles are the 9♣ and the 7♦ piles.
# The first deal is chosen so that the moves the text proposes after it are legal:
# "move the 10 of Hearts onto the Jack, then the 9, 8 and 4 of Spades onto the Queen,
# the Ace of Diamonds onto the Queen of Diamonds".
import sys

import pytest
from core.rng import Rng
from rules import solitaire as sol
from rules import solitaire_hint

C = sol.card
PILES = [
    ["QH", "KH", "AC", "KC"],   # 0: K♣ (three cards nobody sees in the text)
    ["3D", "6S", "2H", "4C"],   # 1: 4♣
    ["8C", "TS", "9C"],         # 2: 9♣
    ["QC", "9D", "7D"],         # 3: 7♦
    ["2C", "3C", "6C", "TD"],   # 4: 10♦
    ["9S", "5C", "QD", "JS"],   # 5: J♠
]
FIRST_DEAL = ["QS", "4S", "AD", "TH", "JH", "8S"]


def start():
    used = [C(x) for p in PILES for x in p] + [C(x) for x in FIRST_DEAL]
    rest = [c for c in range(52) if c not in used]
    deck = used[:22] + used[22:] + rest
    return sol.from_deck(deck)


def names(g, p):
    return [sol.name(c) for c in g.piles[p]]


def tops(g):
    return [sol.name(p[-1]) if p else "" for p in g.piles]


def mv(g, src, dst, count=1):
    return sol.move(g, src, dst, count)


def test_the_deal_is_six_piles_of_4_4_3_3_4_4_with_only_the_tops_face_up():
    # SOL-1: 4, 4, 3, 3, 4, 4, tops face up, 30 in the stock
    g = start()
    assert [len(p) for p in g.piles] == [4, 4, 3, 3, 4, 4]
    assert g.down == [3, 3, 2, 2, 3, 3]
    assert g.left() == 30 and len(g.stock) == 30
    assert tops(g) == ["KC", "4C", "9C", "7D", "TD", "JS"]


def test_the_four_legal_moves_of_the_starting_position():
    # SOL-2: the text's four legal moves
    g = start()
    legal = {(sol.name(g.piles[s][-1]), sol.name(g.piles[d][-1])) for s, d, k in sol.moves(g)}
    assert legal == {("4C", "KC"), ("4C", "9C"), ("9C", "KC"), ("7D", "TD")}
    assert all(k == 1 for _, _, k in sol.moves(g))


def test_nine_of_clubs_onto_the_king_turns_up_the_ten_of_spades_then_an_empty_pile():
    # SOL-2, SOL-3: a card turns up by itself; an emptied pile stays empty
    g = start()
    assert mv(g, 2, 0) == C("TS")  # Rule 2
    assert names(g, 0)[-2:] == ["KC", "9C"] and g.down[2] == 1
    assert mv(g, 2, 5) == C("8C")  # 10♠ onto J♠ reveals the 8♣
    assert names(g, 5)[-2:] == ["JS", "TS"]
    assert mv(g, 2, 0) == -1  # 8♣ onto 9♣: the pile is empty, nothing to turn
    assert g.piles[2] == [] and g.down[2] == 0
    assert names(g, 0)[-3:] == ["KC", "9C", "8C"]


def test_the_four_on_the_nine_would_have_stopped_the_eight():
    # SOL-2: only lower cards, as the text warns
    g = start()
    mv(g, 2, 0)
    mv(g, 2, 5)
    mv(g, 1, 0)  # now 4♣ on 9♣: the 8♣ can't follow
    assert sol.problem(g, 2, 0, 1) == "8C can't go on 4C: lower cards only"
    with pytest.raises(ValueError, match="lower cards only"):
        mv(g, 2, 0)


def walkthrough_to(step):
    # the text's moves, one by one; returns the game after `step` of them
    line = [
        (2, 0, 1), (2, 5, 1), (2, 0, 1),          # 9♣ onto K♣, 10♠ onto J♠, 8♣ onto 9♣
        (1, 0, 1),                                 # 4♣ onto 8♣: "our first Heart"
        (3, 4, 1),                                 # 7♦ onto 10♦: reveals 9♦
        (4, 2, 1), (3, 4, 1), (2, 4, 1),           # 7♦ to the blank, 9♦ on 10♦, 7♦ back
        (0, 3, 1),                                 # 4♣ onto Q♣
        (0, 2, 2),                                 # Rule 4: 9-8♣ to the blank pile
        (3, 2, 1), (3, 0, 1),                      # 4♣ onto 8♣, Q♣ onto K♣
        (2, 3, 1), (2, 0, 2), (3, 0, 1),           # the clubs come home in three moves
        (1, 2, 1), (1, 5, 1), (1, 4, 1),           # 2♥ to a blank, 6♠ to the spades, 3♦
        (5, 1, 1), (5, 3, 2), (1, 3, 1),           # the spades gathered in an empty pile
        (5, 1, 1),                                 # the Queen (of Diamonds) moves
        (0, 5, 1), (5, 0, 2),                      # 4♣ onto 5♣, 5-4♣ home as a run
    ]
    g = start()
    for src, dst, k in line[:step]:
        mv(g, src, dst, k)
    return g


def test_nine_of_diamonds_cannot_go_on_the_seven_and_the_blank_pile_gets_round_it():
    # SOL-2, SOL-4: the blank pile as working space
    g = walkthrough_to(5)
    assert tops(g) == ["4C", "2H", "", "9D", "7D", "TS"]
    assert sol.problem(g, 3, 4, 1) == "9D can't go on 7D: lower cards only"
    g = walkthrough_to(8)
    assert names(g, 4)[-3:] == ["TD", "9D", "7D"]
    assert names(g, 3) == ["QC"] and g.down[3] == 0  # "we revealed another Club"
    assert sol.problem(g, 3, 0, 1) == "QC can't go on 4C: lower cards only"


def test_the_run_nine_eight_of_clubs_moves_as_a_block():
    # SOL-5: a run moves as a block; K-9 is not a run
    g = walkthrough_to(9)  # K♣ 9♣ 8♣ under nothing, 4♣ on the Q♣
    assert names(g, 0)[-3:] == ["KC", "9C", "8C"]
    assert sol.run_len(g, 0) == 2  # K♣ and 9♣ are not consecutive
    assert sol.problem(g, 0, 2, 3) == "Not a run: KC then 9C"
    mv(g, 0, 2, 2)
    assert names(g, 2) == ["9C", "8C"] and names(g, 0)[-1] == "KC"


def test_the_clubs_come_home_but_not_all_at_once():
    # SOL-5: 9-8-4 is not one run
    g = walkthrough_to(12)
    assert names(g, 2) == ["9C", "8C", "4C"] and names(g, 0)[-2:] == ["KC", "QC"]
    assert sol.problem(g, 2, 0, 3) == "Not a run: 8C then 4C"  # "can't do this all at once"
    g = walkthrough_to(15)
    assert names(g, 0)[-5:] == ["KC", "QC", "9C", "8C", "4C"]
    assert [i for i in range(6) if not g.piles[i]] == [2, 3]  # "two empty piles"


def test_an_empty_pile_takes_any_card():
    # SOL-4: any card onto an empty pile
    g = walkthrough_to(15)
    for src in (0, 1, 4, 5):
        for dst in (2, 3):
            assert sol.problem(g, src, dst, 1) is None
    mv(g, 1, 2)  # "move the 2 onto a blank pile"
    assert names(g, 2) == ["2H"] and names(g, 1)[-1] == "6S"


def test_runs_are_counted_as_the_text_counts_them():
    # SOL-5: the text's runs (J-10, 6 and 10-9, 7, 3); SOL-3
    g = walkthrough_to(18)
    # "the Spades are in two runs (J-10, 6) while the Diamonds are in three (10-9, 7, 3)"
    assert names(g, 5)[-3:] == ["JS", "TS", "6S"] and sol.run_len(g, 5) == 1
    assert names(g, 4)[-4:] == ["TD", "9D", "7D", "3D"] and sol.run_len(g, 4) == 1
    assert sol.problem(g, 4, 1, 2) == "Not a run: 7D then 3D"
    g = walkthrough_to(19)
    assert sol.run_len(g, 5) == 2
    assert mv(g, 5, 3, 2) == C("QD")  # "This revealed a high Diamond"


def test_the_five_of_clubs_is_picked_up_and_then_only_two_moves_are_left():
    # SOL-2, SOL-5: the text's 5-4 picked up, then two moves left
    g = walkthrough_to(22)
    assert names(g, 5) == ["9S", "5C"]
    assert sol.problem(g, 5, 0, 1) == "5C can't go on 4C: lower cards only"
    g = walkthrough_to(24)
    assert names(g, 0)[-2:] == ["5C", "4C"] and names(g, 5) == ["9S"]  # "reveals the 9"
    legal = {(tops(g)[s], tops(g)[d]) for s, d, _ in sol.moves(g)}
    # "the only things we can do ... move the 6 of Spades onto the 9, or the 3 of
    # Diamonds onto the Queen"
    assert legal == {("6S", "9S"), ("3D", "QD")}


def test_rule_5_deals_one_card_onto_each_pile():
    # SOL-6: a deal puts one card on each pile
    g = walkthrough_to(24)
    before = [len(p) for p in g.piles]
    sol.deal(g)
    assert [len(p) for p in g.piles] == [n + 1 for n in before]
    assert tops(g) == FIRST_DEAL and g.left() == 24
    # what the text proposes next: 10♥ onto the Jack, 9-8♠ and the 4 onto the Queen,
    # the Ace of Diamonds onto the Queen of Diamonds
    mv(g, 3, 4)
    mv(g, 5, 0, 2)
    mv(g, 1, 0)
    assert names(g, 1) == ["QD"]
    mv(g, 2, 1)
    assert names(g, 0)[-4:] == ["QS", "9S", "8S", "4S"] and names(g, 1) == ["QD", "AD"]


def test_rule_5_deals_onto_an_empty_pile_too():
    # SOL-6: an empty pile gets its card too
    g = walkthrough_to(3)
    assert g.piles[2] == []
    sol.deal(g)
    assert names(g, 2) == ["AD"] and g.down[2] == 0
    assert sol.run_len(g, 2) == 1  # face up: it may move
    assert sol.problem(g, 3, 4, 1) is None  # dealt cards play: 10♥ onto the dealt J♥


def test_five_deals_in_all():
    # SOL-6: the 30 stock cards make five deals
    g = start()
    for _ in range(5):
        sol.deal(g)
    assert g.left() == 0 and sum(len(p) for p in g.piles) == 52
    with pytest.raises(ValueError, match="No cards left to deal"):
        sol.deal(g)


def suit(letter):
    # a whole suit, King at the bottom
    return [C(r + letter) for r in "KQJT98765432A"]


def dealt_out(piles):
    # a finished-looking table: all five deals made, every card face up
    return sol.Game([list(p) for p in piles], [0] * 6, list(range(30)), 5)


def test_a_win_keeps_the_completed_suits_on_the_table():
    # SOL-7, SOL-8: completed suits stay; SOL-10: no hint once won
    g = dealt_out([suit("S"), suit("H")[:-1], [C("AH")], suit("D"), suit("C"), []])
    assert not sol.won(g)
    mv(g, 2, 1)  # the Ace of Hearts home
    assert sol.won(g)
    assert [len(p) for p in g.piles] == [13, 13, 0, 13, 13, 0]  # nothing was removed
    assert solitaire_hint.hint(g) is None


def test_suits_may_share_a_pile_and_a_completed_suit_still_takes_a_deal():
    # SOL-7, SOL-8: suits may share a pile; a deal lands on a completed suit
    # spades complete long before the end: they stay, and a deal lands on the Ace
    g = sol.Game([suit("S"), [C("5H")], [], [], [], []], [0] * 6, [C("KC")] + [0] * 29, 0)
    sol.deal(g)
    assert len(g.piles[0]) == 14 and g.piles[0][-1] == C("KC")
    # a won table where the Clubs lie on the Spades' Ace: each suit is still one run
    g = dealt_out([suit("S") + suit("C"), suit("H"), suit("D"), [], [], []])
    assert sol.won(g)
    g = dealt_out([suit("S") + suit("C")[:-1], suit("H") + [C("AC")], suit("D"), [], [], []])
    assert not sol.won(g)
    # every card in order but cards still in the stock: not won
    g = dealt_out([suit("S"), suit("H"), suit("D"), suit("C"), [], []])
    g.dealt = 4
    assert not sol.won(g)


def test_the_result_for_the_history_counts_whole_suits_home():
    # SOL-7, SOL-8: the history's summary of an ended deal: cards in whole King-to-Ace suits, place 1
    # when won and 2 when not, the deals made (counted by hand from each table)
    g = dealt_out([suit("S") + suit("C"), suit("H"), suit("D"), [], [], []])
    assert sol.result(g) == ([52], [1], 5)
    # Spades whole on a pile under a stray 5H; Hearts a card short; Clubs split in two
    g = sol.Game([suit("S") + [C("5H")], suit("H")[:-1], suit("C")[:6], suit("C")[6:], [], []], [0] * 6, list(range(30)), 3)
    assert sol.result(g) == ([13], [2], 3)
    # a whole suit lying on part of another still counts (the run is found where it starts)
    g = dealt_out([[C("9D"), C("8D")] + suit("S"), [], [], [], [], []])
    assert sol.result(g) == ([13], [2], 5)
    assert sol.result(sol.new_game(617)) == ([0], [2], 0)


def test_refusals_are_short_and_use_only_characters_the_font_has():
    # SOL-10: short refusals (SOL-2)
    g = start()
    cases = {
        (2, 4, 1): "9C can't go on 10D: suits differ",
        (0, 2, 1): "KC can't go on 9C: lower cards only",
        (0, 0, 1): "Pick another pile",
        (0, 7, 1): "No such pile",
        (0, 1, 2): "Only face-up cards move",
        (0, 1, 0): "Move at least one card",
    }
    for (s, d, k), why in cases.items():
        assert sol.problem(g, s, d, k) == why
        with pytest.raises(ValueError):
            sol.move(g, s, d, k)
    g = walkthrough_to(3)
    assert sol.problem(g, 2, 0, 1) == "Pile 3 is empty"
    for why in list(cases.values()) + ["Pile 3 is empty"]:
        assert len(why) <= 42 and all(32 <= ord(ch) < 127 for ch in why)


def test_a_refused_move_changes_nothing():
    # SOL-10: a refused move changes nothing
    g = start()
    before = ([p[:] for p in g.piles], g.down[:], g.dealt)
    for s in range(6):
        for d in range(6):
            for k in range(4):
                if sol.problem(g, s, d, k) is not None:
                    with pytest.raises(ValueError):
                        sol.move(g, s, d, k)
    assert ([p[:] for p in g.piles], g.down[:], g.dealt) == before


def test_card_names():
    # SOL-9: the deck's order AS..KS, AH.., AD.., AC..KC; SOL-10: the names refusals use
    assert [sol.name(c) for c in (0, 9, 12, 13, 35, 51)] == ["AS", "TS", "KS", "AH", "TD", "KC"]
    assert sol.label(C("TD")) == "10D" and sol.label(C("9C")) == "9C"
    assert C("10h") == C("TH") == 13 + 9
    for bad in ("1S", "TX", "", "10", "KSS"):
        with pytest.raises(ValueError):
            C(bad)


def test_a_numbered_deal_is_the_documented_shuffle():
    # SOL-9: deal N is the deck shuffled by the generator seeded with N
    # deal 617 by hand from the module's recipe: the deck AS..KC shuffled by Rng(617)
    deck = list(range(52))
    Rng(617).shuffle(deck)
    g = sol.new_game(617)
    assert g.piles[0] == deck[0:4] and g.piles[2] == deck[8:11] and g.piles[5] == deck[18:22]
    assert g.stock == deck[22:]
    assert sol.new_game(617).piles == g.piles and sol.new_game(618).piles != g.piles
    for bad in (0, 1000001, -3):
        with pytest.raises(ValueError):
            sol.new_game(bad)


@pytest.mark.parametrize("number", [1, 2, 617, 999999, 1000000])
def test_every_deal_is_the_52_cards(number):
    # SOL-9
    g = sol.new_game(number)
    cards = [c for p in g.piles for c in p] + g.stock
    assert sorted(cards) == list(range(52))


def test_many_deals_are_permutations_and_differ():
    # SOL-9
    # 2,000 deals here; 300 under MicroPython (tests/mp_run_tests.py), whose heap is small
    many = 2000 if sys.implementation.name != "micropython" else 300
    if sys.implementation.name == "micropython":
        # the earlier test files' garbage first: without it the set's 3 KB table was
        # refused (MemoryError) with most of the 512 KB heap free after a collect
        import gc

        gc.collect()
    seen = set()
    for n in range(1, many + 1):
        g = sol.new_game(n)
        cards = [c for p in g.piles for c in p] + g.stock
        assert sorted(cards) == list(range(52))
        seen.add(bytes(cards))  # 52 bytes a deal: small enough for MicroPython's heap too
    assert len(seen) == many
