# The score sheet every score-keeping game shares: a list of confirmed entries (a hand,
# a turn, a round), each worth one score per player. The journal holds only two kinds
# of action, so undo and correction work the same in every game:
#   ["add", entry]         a new line at the bottom of the sheet
#   ["edit", k, entry]     line k (0-based) corrected; the totals follow
# The state is {"entries", "rows" (points per entry and player), "totals"}, changed in
# place by apply(); what an entry looks like and what it scores is the game's business
# (its score(entry) and entry check). Places, shared on equal totals, are places().
# Pure: no I/O, no time.


def add(entry):
    return ["add", entry]


def edit(k, entry):
    return ["edit", k, entry]


def start(players):
    # the state of an empty sheet for this many players
    return {"entries": [], "rows": [], "totals": [0] * players}


def apply(st, action, score):
    # one action onto the sheet, in place: a line added, or line k corrected (its old
    # points taken off the totals, the new ones put on). score(entry) -> points per player
    if action[0] == "add":
        entry = action[1]
        k = len(st["entries"])
        st["entries"].append(entry)
        st["rows"].append(None)
    else:
        k = action[1]
        entry = action[2]
        st["entries"][k] = entry
    old = st["rows"][k]
    row = score(entry)
    st["rows"][k] = row
    totals = st["totals"]
    for i in range(len(totals)):
        totals[i] += row[i] - (old[i] if old else 0)


def problem(st, action, entry_problem):
    # -> plain words why the action can't go on this sheet, or None. entry_problem(entry)
    # is the game's own check of a line; a malformed action (a damaged save) is refused
    if not isinstance(action, list) or not action:
        return DAMAGED
    if action[0] == "add" and len(action) == 2:
        return entry_problem(action[1])
    if action[0] == "edit" and len(action) == 3:
        if not _index(action[1], len(st["entries"])):
            return "There is no such line to correct."
        return entry_problem(action[2])
    return DAMAGED


DAMAGED = "That entry is damaged."


def _index(k, n):
    return isinstance(k, int) and not isinstance(k, bool) and 0 <= k < n


def places(totals, lowest_wins=True):
    # -> each player's place, 1 = best; equal totals share a place and the next place
    # is skipped (1, 1, 3): a player's place is 1 + the number of players strictly better
    out = []
    for t in totals:
        better = 0
        for u in totals:
            if (u < t) if lowest_wins else (u > t):
                better += 1
        out.append(1 + better)
    return out


def ints(xs, n, lo, hi):
    # xs is a list of n whole numbers in lo..hi (for the games' entry checks)
    if not isinstance(xs, list) or len(xs) != n:
        return False
    for x in xs:
        if not isinstance(x, int) or isinstance(x, bool) or x < lo or x > hi:
            return False
    return True


def names(xs, lo, hi):
    # a line-up: lo..hi player names
    if not isinstance(xs, list) or not lo <= len(xs) <= hi:
        return False
    for x in xs:
        if not isinstance(x, str):
            return False
    return True


def describe(action, lines_left, what):
    # a few words for "Undone: ...", given how many lines the sheet has after the undo
    # (an added line was the next one): what(k, entry) names line k, e.g. "hand 3"
    if not action:
        return "?"
    if action[0] == "edit":
        return "correction of " + what(action[1], action[2])
    return what(lines_left, action[1])


def named(msg, names):
    # the rules number players from 1 ("Player 2"); at the table they have names
    for i in range(len(names)):
        msg = msg.replace("Player " + str(i + 1), names[i])
    return msg
