# The dice roller's statistics (rules/dice.py): the fairness check against the
# chi-square table, and the bound on what a save's counts may hold (issue 39.10).
# Expected values from a printed chi-square table (upper-tail critical values).
from rules import dice


def _near(p, want, tol=1e-4):
    return abs(p - want) < tol


def test_the_p_value_matches_the_chi_square_table_below_and_above_its_switch():
    # DICE-6: the p-value as a printed chi-square table gives it
    # df 5 (a d6): 11.0705 at 5 %, 15.0863 at 1 %, 4.35146 the median, 2.0 -> 0.8491;
    # df 3 (a d4) 7.81473 at 5 %; df 19 (a d20) 30.1435 at 5 %
    assert _near(dice.p_value(11.0705, 5), 0.05)
    assert _near(dice.p_value(15.0863, 5), 0.01)
    assert _near(dice.p_value(4.35146, 5), 0.5)
    assert _near(dice.p_value(2.0, 5), 0.8491)
    assert _near(dice.p_value(7.81473, 3), 0.05)
    assert _near(dice.p_value(30.1435, 19), 0.05)
    assert dice.p_value(0, 5) == 1.0
    # far out in the tail: past any table, next to nothing (it came out 1)
    assert dice.p_value(2000.0, 5) < 1e-12 and dice.p_value(2000.0, 19) < 1e-12


def test_a_die_that_shows_one_face_only_looks_unfair_however_many_rolls():
    # DICE-7: the verdict on a die that shows one face only
    # 1,000 sixes: chi2 = 5 * 166.7 + 833.3^2 / 166.7 = 5000; its p is 0 (it came out
    # "Looks fair", p = 1, the series' terms overflowing to inf)
    word, stat, df, p = dice.verdict([0, 0, 0, 0, 0, 1000])
    assert word == "Looks unfair" and _near(stat, 5000.0, 0.01) and df == 5 and p < 1e-9
    for n in (60, 600, 6000, 60000):
        assert dice.verdict([0, 0, 0, 0, 0, n])[0] == "Looks unfair", n
        assert dice.verdict([n // 6] * 6)[0] == "Looks fair", n


def test_a_d20_that_shows_one_face_only_looks_unfair():
    # DICE-7: the same for a d20
    # 2,000 twenties: expected 100 a face, chi2 = 19 * 100 + 1900^2 / 100 = 38,000
    word, stat, df, p = dice.verdict([0] * 19 + [2000])
    assert word == "Looks unfair" and _near(stat, 38000.0, 0.1) and df == 19 and p < 1e-9


def test_counts_of_10_to_the_300_are_damage():
    # KEEP-3: counts no device could reach are a damaged save
    # a save's counts are bounded (MAX_ROLLS): 10**300 overflowed the check's floats
    big = 10**300
    assert not dice.counts_ok([1, [], [big, big, big, 2 * big, big, big, 0], [], [], [], []])
    assert not dice.counts_ok([big, [], [], [], [], [], []])


def test_counts_up_to_the_bound_are_kept():
    # DICE-5: every count the roller can reach is kept
    top = dice.MAX_ROLLS
    assert dice.counts_ok([1, [], [top, top, top, top, top, top, top], [], [], [], []])
    assert dice.counts_ok([top + 1, [], [], [], [], [], []])
    assert not dice.counts_ok([1, [], [top + 1, top + 1, top + 1, top + 1, top + 1, top + 1, top + 1], [], [], [], []])
