# The project RNG: unbiased (chi-square), rejection sampling at awkward ranges,
# shuffle uniformity, reproducible from a seed.

import pytest
from core.rng import Rng
from orders import permutations

# chi-square 0.1% critical values (upper tail) by degrees of freedom, from the standard
# table: a fair generator fails one of these checks about 1 time in 1000
CHI2_999 = {1: 10.828, 2: 13.816, 5: 20.515, 6: 22.458, 19: 43.820, 23: 49.728, 99: 148.23}


def chi2(counts):
    n = sum(counts)
    e = n / len(counts)
    return sum((c - e) ** 2 / e for c in counts)


@pytest.mark.parametrize("n", [2, 3, 6, 7, 20, 100])
def test_randbelow_is_uniform(n):
    # RND-1, RND-8; DICE-2: n = 6 and 20 are a d6 and a d20
    r = Rng(12345)
    counts = [0] * n
    for _ in range(2000 * n):
        counts[r.randbelow(n)] += 1
    assert chi2(counts) < CHI2_999[n - 1]


def test_awkward_range_just_over_a_power_of_two_stays_in_range_and_uniform():
    # RND-1: rejection at its worst case
    # n = 2**k + 1 is the worst case for rejection: nearly half the draws are rejected
    r = Rng(7)
    n = 17
    counts = [0] * n
    for _ in range(17000):
        v = r.randbelow(n)
        assert 0 <= v < n
        counts[v] += 1
    assert chi2(counts) < 39.252  # df 16 at 0.1%


def test_modulo_would_be_biased_but_rejection_is_not():
    # RND-1, RND-8: never "mod n"; the control that the check sees a bias
    # with 3 random bits, 8 % 3 favours 0 and 1; randbelow(3) must not
    r = Rng(99)
    counts = [0, 0, 0]
    for _ in range(30000):
        counts[r.randbelow(3)] += 1
    assert chi2(counts) < CHI2_999[2]
    biased = [0, 0, 0]
    for _ in range(30000):
        biased[r.randbits(3) % 3] += 1
    assert chi2(biased) > CHI2_999[2]  # the check is strong enough to see the bias


def test_large_range():
    # RND-1
    r = Rng(3)
    vals = [r.randbelow(2**32) for _ in range(1000)]
    assert all(0 <= v < 2**32 for v in vals)
    assert max(vals) > 2**31  # the top bit is used


def test_edges():
    # RND-1
    r = Rng(1)
    assert r.randbelow(1) == 0
    with pytest.raises(ValueError):
        r.randbelow(0)


def test_shuffle_all_orders_equally_likely():
    # RND-3, RND-8: Fisher-Yates, all 24 orders of 4
    r = Rng(2024)
    perms = permutations(list(range(4)))
    counts = dict.fromkeys(perms, 0)
    for _ in range(24 * 500):
        items = [0, 1, 2, 3]
        r.shuffle(items)
        counts[tuple(items)] += 1
    assert chi2(list(counts.values())) < CHI2_999[23]


def test_same_seed_same_stream_different_seed_different_stream():
    # RND-2: the same seed, the same draws
    a, b, c = Rng(5), Rng(5), Rng(6)
    sa = [a.randbelow(6) for _ in range(50)]
    assert sa == [b.randbelow(6) for _ in range(50)]
    assert sa != [c.randbelow(6) for _ in range(50)]
