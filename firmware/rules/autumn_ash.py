# Autumn Ash (Looney Pyramids, 2 players): colour progressions, bag scoring with one
# colour bonus per bag, and the race to 21. Pure: no I/O, no time, no randomness.
from core import case
from micropython import const

from rules import scoresheet

TARGET = const(21)        # "a total of over twenty points (21+)"
MIN_BAG = const(3)        # a bag is made of rows of three or more
STASHES = const(2)        # "Rainbow Stashes x2", "Xeno Stashes x2": 2 of each size per colour

# Progressions, first colour to last ("burnt ash").
RAINBOW = ("green", "yellow", "red", "blue", "black")
XENO = ("clear", "white", "orange", "cyan", "purple")
SIDES = (("rainbow", RAINBOW), ("xeno", XENO))

# Bonus by stage in the progression: stages 3, 4, 5 are red/orange, blue/cyan,
# black/purple; the first two stages give nothing.
STAGE_BONUS = (0, 0, 3, 6, 12)

# Looney Pyramids convention: pips per size.
PIPS = (("pawn", 1), ("drone", 2), ("queen", 3))


def _norm(color):
    return case.lower(color.strip()) if isinstance(color, str) else color


def stage(color):
    # -> (side, index 0..4 in its progression), or None for an unknown colour
    c = _norm(color)
    for side, colours in SIDES:
        for i in range(len(colours)):
            if colours[i] == c:
                return side, i
    return None


def color_bonus(color):
    s = stage(color)
    if s is None:
        raise ValueError("unknown colour: " + str(color))
    return STAGE_BONUS[s[1]]


def _basic_problem(color, pips):
    # what no game can produce: unknown colour, fewer than 3 pieces, a size not 1..3
    if stage(color) is None:
        return "Unknown colour: " + str(color) + "."
    n = len(pips)
    if n < MIN_BAG:
        return "A bag needs at least 3 pieces in a row; this one has " + str(n) + "."
    for p in pips:
        if isinstance(p, bool) or p not in (1, 2, 3):
            return "Each piece is 1 (pawn), 2 (drone) or 3 (queen) pips."
    return None


def check_bag(color, pips, stashes=STASHES):
    # -> plain-words reason why this bag can't happen, or None if fine. Besides the
    # basics, a colour has only `stashes` pieces of each size (None = don't check).
    problem = _basic_problem(color, pips)
    if problem is not None or stashes is None:
        return problem
    for name, value in PIPS:
        same = 0
        for p in pips:
            if p == value:
                same += 1
        if same > stashes:
            return ("There are only " + str(stashes) + " " + _norm(color) + " " + name
                    + "s in the game.")
    return None


def bag_points(color, pips):
    # color: "red", "cyan", ...; pips: list of 1/2/3, one per piece bagged (each piece
    # once, even if it sits in two rows). -> pips + ONE colour bonus for the whole bag.
    # Raises ValueError for what no game can produce; the stash count is left to
    # check_bag so this stays plain arithmetic.
    problem = _basic_problem(color, pips)
    if problem is not None:
        raise ValueError(problem)
    return sum(pips) + color_bonus(color)


def winner(totals, target=TARGET):
    # -> index of the first player whose total is >= target, or None
    for i in range(len(totals)):
        if totals[i] >= target:
            return i
    return None


# -- the score sheet ------------------------------------------------------------------------
# The journal's setup is {"players": [two names], "rainbow": the seat playing Rainbow,
# "first": the seat that starts}; its actions are rules/scoresheet.py's, one line per
# turn: [seat] (moved, bagged nothing) or [seat, colour, [pawns, drones, queens]]. Turns
# alternate from "first"; the winner is the first player, in the order of play, whose
# total reaches the target. The state is the sheet's, plus "turn", "winner", "won_at"
# (the line that won) and "over". A long game's journal folds into a checkpoint
# (checkpoint/restore, apps/game): the sheet's, which keeps the winning line.


def new_setup(names, rainbow, first):
    return {"players": list(names), "rainbow": rainbow, "first": first}


def valid_setup(setup):
    return scoresheet.names(setup.get("players"), 2, 2) and scoresheet.ints(
        [setup.get("rainbow"), setup.get("first")], 2, 0, 1
    )


def side_of(setup, seat):
    # 0 = Rainbow, 1 = Xeno
    return 0 if seat == setup["rainbow"] else 1


def colours(setup, seat):
    return SIDES[side_of(setup, seat)][1]


def pips(counts):
    # [pawns, drones, queens] -> the list of pips bag_points takes
    return [1] * counts[0] + [2] * counts[1] + [3] * counts[2]


def is_bag(entry):
    return len(entry) == 3


def points(entry):
    return bag_points(entry[1], pips(entry[2])) if is_bag(entry) else 0


def score(entry):
    row = [0, 0]
    row[entry[0]] = points(entry)
    return row


def start(setup):
    st = scoresheet.start(2)
    st["first"] = setup["first"]
    st["colours"] = (colours(setup, 0), colours(setup, 1))
    return _race(st)


def apply(st, action):
    scoresheet.apply(st, action, score)
    _race(st)


def _race(st):
    # -> st, its race decided in the order of play, line by line: a corrected early bag
    # can move the win earlier, so every line is looked at, and the lines after the
    # winning one (played before the correction) stay on the sheet but do not count
    # (the lines folded into "base" won nothing: a checkpoint keeps the winning line)
    run = st["totals"]
    run[0], run[1] = st["base"]
    st["winner"] = None
    st["won_at"] = -1
    rows = st["rows"]
    for k in range(len(rows)):
        run[0] += rows[k][0]
        run[1] += rows[k][1]
        w = winner(run)
        if w is not None:
            st["winner"] = w
            st["won_at"] = st["folded"] + k
            break
    st["turn"] = (st["first"] + scoresheet.lines(st)) % 2
    st["over"] = st["winner"] is not None
    return st


def over(st):
    return st["over"]


def checkpoint(st, later):
    return scoresheet.checkpoint(st, later, st["won_at"])


def restore(setup, cp):
    st = start(setup)
    scoresheet.restore(st, cp, lambda e: entry_problem(st, e), score)
    if winner(st["base"]) is not None:
        raise ValueError("checkpoint: a win folded")
    return _race(st)


def result(st):
    # the finished game for the history (core/history.py): (totals, places, turns up
    # to the winning one); the race has one winner, whatever the totals say
    w = st["winner"]
    return st["totals"], [1 if p == w else 2 for p in range(2)], st["won_at"] + 1


def problem(st, action):
    # -> plain words why this turn can't go on the sheet, or None
    if action and action[0] == "add":
        if st["over"]:
            return "The game is won. Undo or correct a bag to play on."
        if isinstance(action[1], list) and action[1] and action[1][0] != st["turn"]:
            return "It is the other player's turn."
    return scoresheet.problem(st, action, lambda e: entry_problem(st, e))


def entry_problem(st, entry):
    # a turn as the sheet stores it, with a colour of that seat's side, that the rules
    # accept
    if not isinstance(entry, list) or len(entry) not in (1, 3) or not scoresheet.ints([entry[0]], 1, 0, 1):
        return scoresheet.DAMAGED
    if len(entry) == 1:
        return None
    if entry[1] not in st["colours"][entry[0]] or not scoresheet.ints(entry[2], 3, 0, 99):
        return scoresheet.DAMAGED
    return check_bag(entry[1], pips(entry[2]))
