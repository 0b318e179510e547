# Autumn Leaves (discarding game for a Pairs deck): hand scoring, who acts first when
# cards tie, the place of each player, a plain-words check of a score entry, and the
# game's score sheet (one line per hand, on rules/scoresheet.py).
# Pure: no I/O, no time; randomness only through the rng argument (core.rng.Rng).
# Nothing here relies on sort stability (MicroPython's sort is not stable): orders are
# built by repeated minimum-picking and places by counting who is strictly better.
from micropython import const

from rules import scoresheet

HANDS = const(6)          # the text: "Track your scores for six hands"
RANK_MIN = const(1)
RANK_MAX = const(10)
DECK_SIZE = const(55)     # a Pairs deck: n copies of rank n, n = 1..10 -> 1 + 2 + ... + 10
HAND_SIZE = const(7)
MIN_PLAYERS = const(3)
MAX_PLAYERS = const(6)

# "No card" compares after every real card when piles are checked top down.
_NO_CARD = const(99)


def copies(rank):
    # a Pairs deck holds `rank` cards of each rank
    if rank < RANK_MIN or rank > RANK_MAX:
        return 0
    return rank


def hand_scores(piles, highest, winner):
    # piles: cards in each player's leaf pile; highest: highest rank left in each hand
    # (0 = empty hand); winner: index of the player who placed their last card, or None
    # when the deck ran out. -> list of int scores for this hand.
    if len(piles) != len(highest):
        raise ValueError("piles and highest need one entry per player")
    if winner is not None and not 0 <= winner < len(piles):
        raise ValueError("winner must be a player index or None")
    scores = []
    for i in range(len(piles)):
        if i == winner:
            scores.append(-piles[i])          # minus one per card in her leaf pile
        elif highest[i] <= 0:
            scores.append(0)                  # nothing left in hand: nothing to score
        else:
            scores.append(max(0, highest[i] - piles[i]))
    return scores


def ranking(totals, lowest_wins=True):
    # -> list of places, 1 = best; equal totals share a place and the next place is
    # skipped (1, 1, 3)
    return scoresheet.places(totals, lowest_wins)


def _compare(card_a, pile_a, card_b, pile_b):
    # -> negative if a acts before b, 0 if nothing tells them apart, positive otherwise.
    # Lowest card first; then the leaf piles from the top card down, lower card first,
    # and "a card" before "no card".
    if card_a != card_b:
        return card_a - card_b
    n = max(len(pile_a), len(pile_b))
    for k in range(n):
        a = pile_a[k] if k < len(pile_a) else _NO_CARD
        b = pile_b[k] if k < len(pile_b) else _NO_CARD
        if a != b:
            return a - b
    return 0


def acting_order(cards, piles, rng):
    # cards: revealed rank per player (None = not playing this round); piles: each
    # player's leaf pile as a list, top card first. -> player indices in acting order.
    # Players the rules cannot tell apart (same card, identical piles) are put in a
    # random order with rng.shuffle, so every order of such a group is equally likely.
    left = []
    for i in range(len(cards)):
        if cards[i] is not None:
            left.append(i)
    order = []
    while left:
        # the group that acts next: every player equal to the best one left
        best = left[0]
        for i in left:
            if _compare(cards[i], piles[i], cards[best], piles[best]) < 0:
                best = i
        group = []
        rest = []
        for i in left:
            if _compare(cards[i], piles[i], cards[best], piles[best]) == 0:
                group.append(i)
            else:
                rest.append(i)
        if len(group) > 1:
            rng.shuffle(group)
        order.extend(group)
        left = rest
    return order


def _who(i):
    return "Player " + str(i + 1)


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def _table_problem(n, winner):
    # what both forms of a hand need: a table the game is for, a winner at it (or none)
    if n < MIN_PLAYERS or n > MAX_PLAYERS:
        return "Autumn Leaves is for 3 to 6 players."
    if winner is not None and not (_is_int(winner) and 0 <= winner < n):
        return "The winner must be one of the players."
    return None


def check_hand(piles, highest, winner, saved=False):
    # -> a plain-words reason why this end-of-hand entry cannot happen, or None if fine.
    # Shown on the score-entry screen; players are numbered from 1 there. saved: a hand
    # already on a sheet, where a non-winner's empty hand stands (firmware before issue
    # 28 took it, and it scores 0 all the same: its games must still load)
    n = len(piles)
    if len(highest) != n:
        return "Enter a leaf pile and a highest card for every player."
    problem = _table_problem(n, winner)
    if problem:
        return problem
    for i in range(n):
        p = piles[i]
        if not _is_int(p) or p < 0:
            return _who(i) + "'s leaf pile must be a count of cards, 0 or more."
        if p == 0:
            # the first round puts a card in every leaf pile and cards never leave one
            return _who(i) + "'s leaf pile can't be empty: the first card played starts it."
        if p > DECK_SIZE:
            return (_who(i) + "'s leaf pile has " + str(p) + " cards, but the deck has only "
                    + str(DECK_SIZE) + ".")
        h = highest[i]
        if not _is_int(h) or h < 0 or h > RANK_MAX:
            return _who(i) + "'s highest card must be 1 to 10, or 0 for an empty hand."
    if winner is not None and highest[winner] != 0:
        return _who(winner) + " won by placing their last card, so their hand must be empty."
    for i in range(n):
        if not saved and i != winner and highest[i] == 0:
            # only the last card placed empties a hand, and it ends the hand (AL-9)
            return _who(i) + " didn't go out, so they still hold a card: enter their highest."
    in_piles = 0
    in_hands = 0
    for i in range(n):
        in_piles += piles[i]
        if highest[i] > 0:
            in_hands += 1   # a highest card means at least that one card is still held
    if in_piles + in_hands > DECK_SIZE:
        return ("The leaf piles hold " + str(in_piles) + " cards and the hands at least "
                + str(in_hands) + " more, but the deck has only " + str(DECK_SIZE) + ".")
    for rank in range(RANK_MIN, RANK_MAX + 1):
        holders = 0
        for h in highest:
            if h == rank:
                holders += 1
        if holders > copies(rank):
            word = "card" if copies(rank) == 1 else "cards"
            return ("The deck has only " + str(copies(rank)) + " " + word + " of rank "
                    + str(rank) + ", but " + str(holders) + " players give " + str(rank)
                    + " as their highest card.")
    return None


MOST_POINTS = RANK_MAX - 1  # a highest card is at most 10 and a leaf pile at least 1


def check_points(scores, winner):
    # -> plain words why this hand, entered as each player's points (the winner's: minus
    # their leaf pile), cannot happen, or None if fine (players numbered from 1, as above)
    n = len(scores)
    problem = _table_problem(n, winner)
    if problem:
        return problem
    for i in range(n):
        s = scores[i]
        if not _is_int(s):
            return _who(i) + "'s points must be a whole number."
        if i == winner:
            # everyone else has a leaf pile and still holds a card: two cards each at least
            most = DECK_SIZE - 2 * (n - 1)
            if s > -1 or -s > most:
                return (_who(i) + "'s leaf pile must be 1 to " + str(most) + " cards: the deck has "
                        + str(DECK_SIZE) + ", and everyone else has a leaf pile and a card in hand.")
        elif s < 0 or s > MOST_POINTS:
            return (_who(i) + " scores 0 to " + str(MOST_POINTS)
                    + ": a highest card is at most 10, a leaf pile at least 1.")
    return None


# -- the score sheet ------------------------------------------------------------------------
# The journal's setup is {"players": [names]}; its actions are rules/scoresheet.py's,
# one line per hand, in one of two forms (a list in JSON, easy to compare), winner the
# seat that placed their last card or OUT when the deck ran out:
#   [winner, scores]           the hand as a table scores it on paper (since issue 28):
#                              each player's points, the winner's minus their leaf pile
#   [winner, piles, highest]   the hand as firmware before it saved it, piles and
#                              highest as hand_scores takes them: still loaded and scored
# The state is the sheet's, plus "hand" (hands played), "over" (all six in) and "places".
OUT = -1


def new_setup(names):
    return {"players": list(names)}


def valid_setup(setup):
    return scoresheet.names(setup.get("players"), MIN_PLAYERS, MAX_PLAYERS)


def hand(winner, piles, highest):
    return [OUT if winner is None else winner, list(piles), list(highest)]


def points(winner, scores):
    return [OUT if winner is None else winner, list(scores)]


def winner_of(entry):
    return None if entry[0] < 0 else entry[0]


def score(entry):
    if len(entry) == 2:
        return list(entry[1])
    return hand_scores(entry[1], entry[2], winner_of(entry))


def start(setup):
    return _sum_up(scoresheet.start(len(setup["players"])))


def apply(st, action):
    scoresheet.apply(st, action, score)
    _sum_up(st)


def _sum_up(st):
    # what the sheet's lines make of the game: the hand it is at, over, places -> st
    st["hand"] = scoresheet.lines(st)
    st["over"] = st["hand"] >= HANDS
    st["places"] = ranking(st["totals"], True)
    return st


def over(st):
    return st["over"]


def checkpoint(st, later):
    # a long journal's checkpoint (apps/game): six lines at most, none of them folded,
    # so a hand corrected again and again leaves every hand open to view and correct
    return scoresheet.checkpoint(st, later, 0)


def restore(setup, cp):
    st = start(setup)
    n = len(setup["players"])
    scoresheet.restore(st, cp, lambda e: entry_problem(e, n), score)
    if scoresheet.lines(st) > HANDS:
        raise ValueError("checkpoint: too many hands")
    return _sum_up(st)


LOWEST_WINS = True  # for the history's records: the best score is the lowest


def result(st):
    # the finished game for the history (core/history.py): (totals, places, hands)
    return st["totals"], st["places"], st["hand"]


def problem(st, action, saved=False):
    # -> plain words why this line can't go on the sheet, or None (saved: see check_hand)
    if action and action[0] == "add" and st["over"]:
        return "All six hands are in."
    n = len(st["totals"])
    return scoresheet.problem(st, action, lambda e: entry_problem(e, n, saved))


def saved_problem(st, action):
    # what a save's action may be (apps/game replays a save with it)
    return problem(st, action, True)


def entry_problem(entry, n, saved=True):
    # a hand as the sheet stores it, for n players, that the rules accept (saved: on a
    # sheet already, see check_hand)
    if (
        not isinstance(entry, list)
        or len(entry) not in (2, 3)
        or not scoresheet.ints([entry[0]], 1, OUT, n - 1)
        or not scoresheet.ints(entry[1], n, -999, 999)
        or not (len(entry) == 2 or scoresheet.ints(entry[2], n, 0, 999))
    ):
        return scoresheet.DAMAGED
    if len(entry) == 2:
        return check_points(entry[1], winner_of(entry))
    return check_hand(entry[1], entry[2], winner_of(entry), saved)
