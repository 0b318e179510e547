# The randomizer's picks: first player, play order, K of N, a coin, a number in a
# range. Pure: every draw goes through the project rng (core.rng.Rng), whose
# randbelow() is unbiased (rejection sampling), so each helper here is unbiased as long
# as it only ever asks randbelow for one uniform choice among equally likely outcomes.
HEADS = 0
TAILS = 1
COIN = ("Heads", "Tails")


def first_player(rng, n):
    # -> seat index 0..n-1, each with probability 1/n
    if n < 1:
        raise ValueError("nobody to pick from")
    return rng.randbelow(n)


def play_order(rng, n):
    # -> the seats 0..n-1 in a random order (all n! orders equally likely)
    order = list(range(n))
    rng.shuffle(order)
    return order


def pick_k(rng, n, k):
    # -> k different numbers out of 0..n-1, smallest first (every k-subset equally
    # likely): a partial Fisher-Yates, so k draws whatever n is
    if not 0 <= k <= n:
        raise ValueError("can't pick " + str(k) + " of " + str(n))
    pool = list(range(n))
    for i in range(k):
        j = i + rng.randbelow(n - i)
        pool[i], pool[j] = pool[j], pool[i]
    out = pool[:k]
    out.sort()  # distinct ints: sort stability does not matter
    return out


def coin(rng):
    # -> HEADS or TAILS
    return rng.randbelow(2)


def number(rng, lo, hi):
    # -> a whole number from lo to hi, both included (given either way round)
    if hi < lo:
        lo, hi = hi, lo
    return lo + rng.randbelow(hi - lo + 1)
