# The Autumn Leaves score sheet: one line per hand, replayed from the journal through
# rules/scoresheet.py. A hand is stored as [winner, piles, highest]: winner is the seat
# that placed their last card, or -1 when the deck ran out (JSON has no None in a list
# we want to compare easily); piles and highest as rules.autumn_leaves.hand_scores
# takes them. Pure.
from rules import autumn_leaves as al
from rules import scoresheet

OUT = -1  # "deck ran out": nobody won the hand


def hand(winner, piles, highest):
    return [OUT if winner is None else winner, list(piles), list(highest)]


def winner_of(entry):
    return None if entry[0] < 0 else entry[0]


def score(entry):
    return al.hand_scores(entry[1], entry[2], winner_of(entry))


def problem(entry):
    # -> plain words why the hand can't be, or None
    return al.check_hand(entry[1], entry[2], winner_of(entry))


def valid_setup(setup):
    return scoresheet.names(setup.get("players"), al.MIN_PLAYERS, al.MAX_PLAYERS)


def valid(setup, entry):
    # a hand as this module stores it, for this many players, that the rules accept
    n = len(setup["players"])
    if not isinstance(entry, list) or len(entry) != 3:
        return False
    if not scoresheet.ints([entry[0]], 1, OUT, n - 1):
        return False
    if not scoresheet.ints(entry[1], n, 1, al.DECK_SIZE):
        return False
    if not scoresheet.ints(entry[2], n, 0, al.RANK_MAX):
        return False
    return problem(entry) is None


def replay(setup, actions):
    n = len(setup["players"])
    st = scoresheet.replay(actions, n, score)
    st["hand"] = len(st["entries"])  # hands played so far
    st["over"] = st["hand"] >= al.HANDS
    st["places"] = al.ranking(st["totals"], True)
    return st
