# Orders and picks for the fairness tests, written out so that they also run under
# MicroPython, which has no itertools (tests/mp_run_tests.py runs them there too).


def permutations(items):
    # every order of items, as tuples
    if len(items) <= 1:
        return [tuple(items)]
    out = []
    for i in range(len(items)):
        for rest in permutations(items[:i] + items[i + 1 :]):
            out.append((items[i],) + rest)
    return out


def combinations(items, k):
    # every choice of k of items, in the order of items, as tuples
    if k == 0:
        return [()]
    out = []
    for i in range(len(items) - k + 1):
        for rest in combinations(items[i + 1 :], k - 1):
            out.append((items[i],) + rest)
    return out
