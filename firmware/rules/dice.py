# Dice: rolling with holds, the per-face counts of every kind, and a chi-square check of
# whether the dice look fair. Pure: the rng comes in as an argument.
import math

KINDS = (4, 6, 8, 10, 12, 20)
MAX_DICE = 6
HISTORY = 20
# the rolls a count goes to: more than 30 years of a roll a second. A save's count or
# statistics past it are damage (10**300 overflowed the fairness check's floats, and
# the RP2040's are single precision: the counts' squares must stay far below 3.4e38)
MAX_ROLLS = 999999999


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


# The counts of the rolls since some roll number, every kind at once, as they are saved:
#   [since, then for each kind of KINDS in order: [] or [rolls, count of 1, of 2, ...]]
# since: the number of the first roll counted; rolls: that kind's rolls since then. []
# stands for counts rebuilt from the last rolls listed (recount()).


def counted(since):
    # -> counts of nothing, from roll number `since` on
    return [since] + [[] for _ in KINDS]


def count(counts, sides, values, held_mask):
    # one roll of `sides` into counts: the roll, and each die that rolled by its face
    # (bit i of held_mask: die i was held, its value is not new)
    c = counts[1 + KINDS.index(sides)]
    if not c:
        c.extend([0] * (sides + 1))
    c[0] += 1
    for i in range(len(values)):
        if not held_mask & (1 << i):
            c[values[i]] += 1


def recount(history, rolls):
    # -> counts of the rolls history lists ([number, sides, values, held mask], newest
    # first): an old save kept no counts, a damaged one lost them; since the oldest one
    # listed, or from the next roll when none is
    counts = counted(history[-1][0] if history else rolls + 1)
    for h in history:
        count(counts, h[1], h[2], h[3])
    return counts


def counts_ok(v):
    # counts as saved (see above), each kind's possible: every roll counted 1 to MAX_DICE
    # dice
    if type(v) is not list or not v:
        return type(v) is list
    if len(v) != 1 + len(KINDS) or type(v[0]) is not int or not 1 <= v[0] <= MAX_ROLLS + 1:
        return False
    for i in range(len(KINDS)):
        c = v[1 + i]
        if type(c) is not list:
            return False
        if not c:
            continue
        if len(c) != KINDS[i] + 1 or not all(type(x) is int and x >= 0 for x in c):
            return False
        if c[0] > MAX_ROLLS or not c[0] <= sum(c) - c[0] <= MAX_DICE * c[0]:
            return False
    return True


def counts_fit(counts, rolls):
    # counts (as counts_ok takes them) that claim no roll beyond the `rolls` made so far:
    # since no later than the next roll, and no more rolls counted than made since
    if not counts:
        return True
    made = rolls + 1 - counts[0]
    return made >= 0 and sum(c[0] for c in counts[1:] if c) <= made


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
    # upper tail of the chi-square distribution: Q(df/2, stat/2), the regularized upper
    # incomplete gamma function: 1 - its lower part's power series below a + 1, its
    # continued fraction above (the series' terms there grow past any float before they
    # shrink: a die showing only sixes, 1,000 times, came out "Looks fair", p = 1)
    if stat <= 0:
        return 1.0
    a = df / 2
    x = stat / 2
    front = math.exp(a * math.log(x) - x) / _gamma_half(df)  # x^a e^-x / Gamma(a)
    if x < a + 1:
        term = 1.0 / a
        total = term
        n = 1
        while n < 200 and term > total * 1e-12:
            term *= x / (a + n)
            total += term
            n += 1
        q = 1.0 - front * total
    else:
        # Lentz's method for the continued fraction of Q (Numerical Recipes' gcf)
        tiny = 1e-30
        b = x + 1 - a
        c = 1 / tiny
        d = 1 / b
        h = d
        for i in range(1, 100):
            an = -i * (i - a)
            b += 2
            d = an * d + b
            d = 1 / (d if abs(d) > tiny else tiny)
            c = b + an / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
            if abs(d * c - 1) < 1e-12:
                break
        q = front * h
    return max(0.0, min(1.0, q))


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
