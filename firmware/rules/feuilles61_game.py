# 61 Feuilles d'Automne as a journal: the setup and the list of confirmed actions,
# replayed into the state the companion shows. The rules themselves (goalposts, end of
# game, zone table, tally, bonus race) are in rules/feuilles61.py; this file only says
# what each journal entry does, so undo (drop the last entry) and a power cut (replay
# the saved list) need nothing else. Pure: the dice are drawn by the screen and saved
# in the "roll" entry, so a replay never draws again. Players are "Player N" in words.
#
# setup:   {"players": [names], "first": seat rolling in round 1, "mode": "sheets" or
#           "dice" (dice only: rounds, roller and dice, no tracks), "exact": False,
#           "goalposts": [[threshold, reward], ...]}
# actions: ["roll", [a, b, c]]   the dice of this round (again: replaces them and clears
#                                the leaves entered for this round: they used old dice)
#          ["leaf", p, value]    p adds one of the dice to the leaf track (also "could not
#                                place: leaf only"); again in the same round: replaces it
#          ["zone", z, [p, ...]] these players completed zone z this round
#          ["next"]              the round is over: the next round, or the end of game
#          ["end"]               dice only: a sheet reached 61, the game ends now
#          ["first", p]          p rolls this round (the rotation goes on from there)
#          ["exact", on]         goalposts unlock on an exact landing only
#          ["goalposts", posts]  edited goalpost values
#          ["sheet", p, sheet]   p's final sheet, zone by zone (see feuilles61.tally)
from rules import feuilles61 as f

SHEETS = "sheets"
DICE_ONLY = "dice"
DICE = 3


def new_setup(names, first, mode=SHEETS, exact=False, goalposts=f.DEFAULT_GOALPOSTS):
    return {
        "players": list(names),
        "first": first,
        "mode": mode,
        "exact": bool(exact),
        "goalposts": [[g[0], g[1]] for g in goalposts],
    }


def replay(setup, actions):
    n = len(setup["players"])
    st = {
        "n": n,
        "mode": setup.get("mode", SHEETS),
        "round": 1,
        "first": setup["first"],
        "exact": bool(setup.get("exact")),
        "goalposts": setup["goalposts"],  # replaced, never changed in place
        "dice": [],
        "leaves": [[] for _ in range(n)],  # the values on each leaf track, round by round
        "race": f.new_race(),
        "ended": None,  # why the game ended: "rounds", "61" or "called"
        "sheets": [None] * n,
    }
    for a in actions:
        step(st, a)
    return st


def step(st, a):
    # one more action applied to the state in place (what replay does for each entry;
    # the screen uses it for a new entry, so a press does not replay the whole game)
    if problem(st, a) is None:  # a damaged entry is skipped, never fatal
        _apply(st, a)


def _apply(st, a):
    kind = a[0]
    if kind == "roll":
        st["dice"] = list(a[1])
        for track in st["leaves"]:
            if len(track) == st["round"]:
                track.pop()
    elif kind == "leaf":
        track = st["leaves"][a[1]]
        if len(track) == st["round"]:
            track[-1] = a[2]
        else:
            track.append(a[2])
    elif kind == "zone":
        st["race"] = f.award_zone(st["race"], a[1], a[2], st["round"])
    elif kind == "next":
        if f.game_over(st["round"], totals(st)):
            st["ended"] = "61" if reached_61(st) else "rounds"
        else:
            st["round"] += 1
            st["dice"] = []
    elif kind == "end":
        st["ended"] = "called"
    elif kind == "first":
        st["first"] = (a[1] - (st["round"] - 1)) % st["n"]
    elif kind == "exact":
        st["exact"] = bool(a[1])
    elif kind == "goalposts":
        st["goalposts"] = a[1]
    elif kind == "sheet":
        st["sheets"][a[1]] = dict(a[2])


def problem(st, a):
    # -> why action a can't be done in state st (plain words), or None
    kind = a[0] if a else None
    n = st["n"]
    sheets = st["mode"] == SHEETS
    if kind in ("roll", "leaf", "zone", "next", "end", "first") and st["ended"]:
        return "The game is over."
    if kind in ("leaf", "zone", "sheet") and not sheets:
        return "Dice only: the sheets are kept on paper."
    if kind in ("leaf", "first", "sheet") and (len(a) < 2 or not _seat(a[1], n)):
        return "There is no such player."
    if kind == "roll":
        if len(a) < 2 or len(a[1]) != DICE:
            return "A roll is three dice."
        for v in a[1]:
            if not (isinstance(v, int) and 1 <= v <= 6):
                return "A die shows 1 to 6."
        return None
    if kind == "leaf":
        if not st["dice"]:
            return "Roll the dice first."
        if len(a) < 3 or a[2] not in st["dice"]:
            return "The leaf takes one of the three dice."
        return None
    if kind == "zone":
        return _zone_problem(st, a)
    if kind == "next":
        if not st["dice"]:
            return "Roll the dice first."
        if sheets:
            for p in range(n):
                if len(st["leaves"][p]) < st["round"]:
                    return "Player " + str(p + 1) + " has no leaf for this round yet."
        return None
    if kind == "end":
        return None if not sheets else "The leaf tracks end the game by themselves."
    if kind in ("first", "exact"):
        return None
    if kind == "goalposts":
        if len(a) < 2 or not a[1]:
            return "Keep at least one goalpost."
        return f.check_goalposts(a[1])
    if kind == "sheet":
        if not st["ended"]:
            return "The sheets are counted when the game is over."
        if len(a) < 3 or not isinstance(a[2], dict):
            return "Say what the sheet shows."
        return f.check_sheet(full_sheet(st, a[1], a[2]), st["goalposts"])
    return "Unknown action."


def _seat(p, n):
    return isinstance(p, int) and 0 <= p < n


def _zone_problem(st, a):
    if len(a) < 3 or not isinstance(a[1], int) or not 0 <= a[1] < len(f.ZONES):
        return "There is no such zone."
    if not a[2]:
        return "Say who completed it."
    for p in a[2]:
        if not _seat(p, st["n"]):
            return "There is no such player."
    held = st["race"][a[1]]
    if held is not None and held[0] != st["round"]:
        return (f.ZONES[a[1]][1] + " was completed in round " + str(held[0])
                + ": its bonus is gone.")
    return None


# -- reading the state ------------------------------------------------------------------


def roller(st):
    return (st["first"] + st["round"] - 1) % st["n"]


def totals(st):
    # each player's leaf total so far (this round's leaf included once entered)
    out = []
    for track in st["leaves"]:
        t = 0
        for v in track:
            t += v
        out.append(t)
    return out


def reached_61(st):
    # -> the players whose leaf total reached the end (61)
    t = totals(st)
    return [p for p in range(st["n"]) if t[p] >= f.END_TOTAL]


def unlocks(st, values):
    # values: a leaf track -> [(total after the step, (threshold, reward)), ...] in the
    # order the goalposts unlocked under this game's goalposts and reading
    out = []
    before = 0
    for v in values:
        after = before + v
        for post in f.goalposts_reached(before, after, st["goalposts"], st["exact"]):
            out.append((after, post))
        before = after
    return out


def rewards(st, p):
    # -> (leaf points, X marks) player p has from the leaf track
    return f.leaf_rewards([u[1] for u in unlocks(st, st["leaves"][p])])


def entered(st, p):
    # p's leaf for this round is in
    return len(st["leaves"][p]) >= st["round"]


def waiting(st, start=0):
    # -> the first seat from `start` on (wrapping) with no leaf this round, or -1
    n = st["n"]
    for k in range(n):
        p = (start + k) % n
        if not entered(st, p):
            return p
    return -1


def full_sheet(st, p, sheet):
    # what p entered from the sheet, plus what the device kept: leaf points and bonuses
    out = dict(sheet)
    out["leaf_points"] = rewards(st, p)[0]
    out["bonuses"] = f.bonuses_won(st["race"], p)
    return out


def score(st, p):
    # -> (breakdown, total) of p's entered sheet, or None while it is not entered
    if st["sheets"][p] is None:
        return None
    return f.tally(full_sheet(st, p, st["sheets"][p]))


def over(st):
    # the game is finished once it has ended and every sheet is counted
    if not st["ended"]:
        return False
    if st["mode"] != SHEETS:
        return True
    for s in st["sheets"]:
        if s is None:
            return False
    return True


def end_reason(st):
    # -> why the game ended, in words ("Player N" for players), or ""
    why = st["ended"]
    if why == "61":
        who = reached_61(st)
        t = totals(st)
        names = " and ".join(["Player " + str(p + 1) + " (" + str(t[p]) + ")" for p in who])
        return "Leaves reached 61 in round " + str(st["round"]) + ": " + names + "."
    if why == "rounds":
        return "Round " + str(st["round"]) + " was the last round."
    if why == "called":
        return "A sheet reached 61 in round " + str(st["round"]) + "."
    return ""


def round_unlocks(st, p):
    # -> the goalposts p unlocked with this round's leaf: [(total, (threshold, reward))]
    if not entered(st, p):
        return []
    track = st["leaves"][p]
    old = [u[1] for u in unlocks(st, track[: st["round"] - 1])]
    return [u for u in unlocks(st, track) if u[1] not in old]
