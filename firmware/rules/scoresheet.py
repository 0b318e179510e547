# The score sheet every score-keeping game shares: a list of confirmed entries (a hand,
# a turn, a round), each worth one score per player. The journal holds only two kinds
# of action, so undo and correction work the same in every game:
#   ["add", entry]         a new line at the bottom of the sheet
#   ["edit", k, entry]     line k (0-based) corrected; the totals follow
# What an entry looks like and what it scores is the game's business: replay() takes
# the game's `score(entry) -> list of per-player points`. Pure: no I/O, no time.


def add(entry):
    return ["add", entry]


def edit(k, entry):
    return ["edit", k, entry]


def entries(actions):
    # -> the sheet's lines as last corrected. An edit of a line that does not exist
    # (a damaged save) is skipped rather than raised: the rest of the game still loads.
    out = []
    for a in actions:
        if not a:
            continue
        if a[0] == "add" and len(a) == 2:
            out.append(a[1])
        elif a[0] == "edit" and len(a) == 3 and isinstance(a[1], int) and 0 <= a[1] < len(out):
            out[a[1]] = a[2]
    return out


def well_formed(actions, valid_entry):
    # True when every action is one this module writes, with an entry the game accepts
    # (valid_entry(entry) -> bool) and an edit that points at an existing line: what a
    # damaged or foreign save fails
    if not isinstance(actions, list):
        return False
    lines = 0
    for a in actions:
        if not isinstance(a, list) or not a:
            return False
        if a[0] == "add" and len(a) == 2:
            ok = valid_entry(a[1])
            lines += 1
        elif a[0] == "edit" and len(a) == 3 and _index(a[1], lines):
            ok = valid_entry(a[2])
        else:
            return False
        if not ok:
            return False
    return True


def _index(k, n):
    return isinstance(k, int) and not isinstance(k, bool) and 0 <= k < n


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


def totals(rows, players):
    # rows: per-entry score lists -> each player's total
    t = [0] * players
    for row in rows:
        for i in range(players):
            t[i] += row[i]
    return t


def replay(actions, players, score):
    # -> {"entries", "rows" (points per entry and player), "totals"}
    lines = entries(actions)
    rows = [score(e) for e in lines]
    return {"entries": lines, "rows": rows, "totals": totals(rows, players)}


def describe(action, lines_left, what):
    # a few words for "Undone: ...", given how many lines the sheet has after the undo
    # (an added line was the next one): what(k, entry) names line k, e.g. "hand 3"
    if not action:
        return "?"
    if action[0] == "edit":
        return "correction of " + what(action[1], action[2])
    return what(lines_left, action[1])
