# The score sheet every score-keeping game shares: a list of confirmed entries (a hand,
# a turn, a round), each worth one score per player. The journal holds only two kinds
# of action, so undo and correction work the same in every game:
#   ["add", entry]         a new line at the bottom of the sheet
#   ["edit", k, entry]     line k (0-based) corrected; the totals follow
# The state is {"entries", "rows" (points per entry and player), "totals"}, changed in
# place by apply(); what an entry looks like and what it scores is the game's business
# (its score(entry) and entry check). Places, shared on equal totals, are places().
# Pure: no I/O, no time.
#
# A long game (apps/game folds a long journal into a checkpoint) folds its oldest lines
# too: "folded" lines are gone from entries and rows, their points kept in "base"
# (totals = base + the rows kept). Lines are numbered from the game's first in actions
# (edit k stays the same line across a fold) and counted by lines(st); entries[i] is
# line folded + i. checkpoint(st, later) -> {"folded", "base", "entries"}: the sheet
# with its lines folded, except those a later action corrects (so the lines in the
# heap are about those the journal's actions after it add: apps/game's FOLD);
# restore() makes the sheet again from one, every entry checked and scored again.


MAX_LINES = 1 << 20  # a sheet's lines, folded ones too: what restore() takes back


def add(entry):
    return ["add", entry]


def edit(k, entry):
    return ["edit", k, entry]


def start(players):
    # the state of an empty sheet for this many players
    return {"entries": [], "rows": [], "totals": [0] * players, "folded": 0, "base": [0] * players}


def lines(st):
    # every line of the game, those folded too
    return st["folded"] + len(st["entries"])


def apply(st, action, score):
    # one action onto the sheet, in place: a line added, or line k corrected (its old
    # points taken off the totals, the new ones put on). score(entry) -> points per player
    if action[0] == "add":
        entry = action[1]
        k = len(st["entries"])
        st["entries"].append(entry)
        st["rows"].append(None)
    else:
        k = action[1] - st["folded"]
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
        if lines(st) >= MAX_LINES:  # past it, the save would not read back
            return "The sheet is full: " + str(MAX_LINES) + " lines. Correct one instead."
        return entry_problem(action[1])
    if action[0] == "edit" and len(action) == 3:
        if not _index(action[1], lines(st)):
            return "There is no such line to correct."
        if action[1] < st["folded"]:
            return "That line is too old to correct."
        return entry_problem(action[2])
    return DAMAGED


DAMAGED = "That entry is damaged."


def _index(k, n):
    return isinstance(k, int) and not isinstance(k, bool) and 0 <= k < n


def checkpoint(st, later, last=-1):
    # -> the sheet as a checkpoint (see the top): lines from `last` on are kept too
    # (-1: none asked for)
    lo = lines(st)
    for a in later:
        if a[0] == "edit" and a[1] < lo:
            lo = a[1]
    if 0 <= last < lo:
        lo = last
    f = st["folded"]
    lo = max(lo, f)
    base = st["base"][:]
    for row in st["rows"][: lo - f]:
        for i in range(len(base)):
            base[i] += row[i]
    return {"folded": lo, "base": base, "entries": st["entries"][lo - f :]}


def restore(st, cp, entry_problem, score):
    # a checkpoint onto st, a new sheet of the game (start()); ValueError when any part
    # of it is not what the game's rules accept
    n = len(st["totals"])
    if (
        not isinstance(cp, dict)
        or not ints([cp.get("folded")], 1, 0, MAX_LINES)
        or not ints(cp.get("base"), n, -(1 << 20), 1 << 20)
        or not isinstance(cp.get("entries"), list)
    ):
        raise ValueError("checkpoint")
    st["folded"] = cp["folded"]
    st["base"] = cp["base"][:]
    st["totals"] = cp["base"][:]
    for e in cp["entries"]:
        if entry_problem(e) is not None:
            raise ValueError("checkpoint entry")
        st["entries"].append(e)
        st["rows"].append(None)
        apply(st, ["edit", lines(st) - 1, e], score)


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
