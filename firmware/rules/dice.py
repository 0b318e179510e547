# Dice: rolling with holds, and a chi-square check of whether the dice look fair.
# Pure: the rng comes in as an argument.
import math

KINDS = (4, 6, 8, 10, 12, 20)
MAX_DICE = 6
HISTORY = 20


def roll(rng, sides, values, held):
    # -> new values: held dice keep theirs, the others roll; values may be empty (the
    # first roll), then every die rolls
    out = []
    for i in range(len(held)):
        if held[i] and i < len(values):
            out.append(values[i])
        else:
            out.append(1 + rng.randbelow(sides))
    return out


def chi_square(counts):
    # -> (statistic, degrees of freedom) for counts of each face against a fair die
    n = sum(counts)
    k = len(counts)
    if n == 0:
        return 0.0, k - 1
    expected = n / k
    stat = 0.0
    for c in counts:
        stat += (c - expected) * (c - expected) / expected
    return stat, k - 1


def _gamma_half(a2):
    # Gamma(a2 / 2) for a whole a2 >= 1, exact by recursion from Gamma(1) and Gamma(1/2)
    g = 1.0 if a2 % 2 == 0 else math.sqrt(math.pi)
    a = 1.0 if a2 % 2 == 0 else 0.5
    while a < a2 / 2:
        g *= a
        a += 1
    return g


def p_value(stat, df):
    # upper tail of the chi-square distribution: 1 - P(df/2, stat/2), with P the
    # regularized lower incomplete gamma function by its power series
    if stat <= 0:
        return 1.0
    a = df / 2
    x = stat / 2
    term = 1.0 / a
    total = term
    n = 1
    while n < 2000 and term > total * 1e-12:
        term *= x / (a + n)
        total += term
        n += 1
    lower = math.exp(a * math.log(x) - x) * total / _gamma_half(df)
    return max(0.0, min(1.0, 1.0 - lower))


def verdict(counts):
    # -> (short verdict, statistic, df, p or None); too few rolls say so instead of
    # guessing: the test needs about 5 expected per face
    stat, df = chi_square(counts)
    n = sum(counts)
    need = 5 * len(counts)
    if n < need:
        return "Need " + str(need - n) + " more", stat, df, None
    p = p_value(stat, df)
    if p < 0.01:
        return "Looks unfair", stat, df, p
    if p < 0.05:
        return "Doubtful", stat, df, p
    return "Looks fair", stat, df, p
