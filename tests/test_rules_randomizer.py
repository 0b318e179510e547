# The randomizer's picks are fair (docs/rules.md, section RND; each test names the rules it
# checks): every outcome as likely as every other (chi-square against the 0.1% critical
# value, on a seeded rng so a run is repeatable), and the edge cases a table meets: one
# player, pick all of them, a range of one number.

import pytest
from core.rng import Rng
from orders import combinations, permutations
from rules import randomizer as pick

# chi-square 0.1% critical values (upper tail) by degrees of freedom, from the table
CHI2_999 = {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 9: 27.877, 23: 49.728}


def chi2(counts):
    n = sum(counts)
    e = n / len(counts)
    return sum((c - e) ** 2 / e for c in counts)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_first_player_is_any_seat_equally_often(players):
    # RND-4, RND-8: every seat equally often
    rng = Rng(players)
    counts = [0] * players
    for _ in range(3000 * players):
        counts[pick.first_player(rng, players)] += 1
    assert chi2(counts) < CHI2_999[players - 1]


def test_first_player_of_one_is_that_player_and_of_none_is_refused():
    # RND-4: one player is picked; none is refused
    rng = Rng(1)
    assert [pick.first_player(rng, 1) for _ in range(20)] == [0] * 20
    with pytest.raises(ValueError):
        pick.first_player(rng, 0)


def test_every_play_order_of_four_is_equally_likely():
    # RND-3, RND-8: each of the 24 orders of 4
    rng = Rng(4)
    orders = permutations(list(range(4)))  # 24 orders
    counts = dict.fromkeys(orders, 0)
    for _ in range(24 * 500):
        counts[tuple(pick.play_order(rng, 4))] += 1
    assert chi2(list(counts.values())) < CHI2_999[23]


def test_play_order_of_one_and_of_six():
    # RND-3: everyone once
    rng = Rng(2)
    assert pick.play_order(rng, 1) == [0]
    for _ in range(50):
        assert sorted(pick.play_order(rng, 6)) == [0, 1, 2, 3, 4, 5]


def test_every_pair_out_of_five_is_equally_likely():
    # RND-5, RND-8: each set of K equally likely
    rng = Rng(5)
    pairs = combinations(list(range(5)), 2)  # 10 pairs
    counts = dict.fromkeys(pairs, 0)
    for _ in range(10 * 800):
        counts[tuple(pick.pick_k(rng, 5, 2))] += 1  # smallest first
    assert chi2(list(counts.values())) < CHI2_999[9]


def test_pick_three_of_ten_gives_each_number_the_same_chance():
    # RND-5, RND-8: K different numbers, smallest first
    rng = Rng(10)
    counts = [0] * 10
    for _ in range(6000):
        got = pick.pick_k(rng, 10, 3)
        assert len(set(got)) == 3 and got == sorted(got)
        for v in got:
            counts[v] += 1
    assert chi2(counts) < CHI2_999[9]


def test_pick_all_none_and_too_many():
    # RND-5: K may equal N, never exceed it
    rng = Rng(3)
    assert pick.pick_k(rng, 7, 7) == [0, 1, 2, 3, 4, 5, 6]  # K = N: everyone
    assert pick.pick_k(rng, 1, 1) == [0]  # N = 1
    assert pick.pick_k(rng, 5, 0) == []
    with pytest.raises(ValueError):
        pick.pick_k(rng, 3, 4)


def test_the_coin_is_fair():
    # RND-6, RND-8: heads or tails, 1/2 each
    rng = Rng(11)
    counts = [0, 0]
    for _ in range(20000):
        counts[pick.coin(rng)] += 1
    assert chi2(counts) < CHI2_999[1]
    assert pick.COIN[pick.HEADS] == "Heads" and pick.COIN[pick.TAILS] == "Tails"


def test_a_number_from_one_to_six_is_a_fair_die():
    # RND-7, RND-8; DICE-2: the draw a d6 makes
    rng = Rng(6)
    counts = [0] * 6
    for _ in range(12000):
        v = pick.number(rng, 1, 6)
        assert 1 <= v <= 6
        counts[v - 1] += 1
    assert chi2(counts) < CHI2_999[5]


def test_number_range_of_one_reversed_and_negative():
    # RND-7: both ends included, in either order
    rng = Rng(8)
    assert pick.number(rng, 42, 42) == 42
    seen = {pick.number(rng, 10, 8) for _ in range(300)}  # given the wrong way round
    assert seen == {8, 9, 10}
    seen = {pick.number(rng, -2, 2) for _ in range(500)}
    assert seen == {-2, -1, 0, 1, 2}
