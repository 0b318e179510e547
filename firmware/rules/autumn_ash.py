# Autumn Ash (Looney Pyramids, 2 players): colour progressions, bag scoring with one
# colour bonus per bag, and the race to 21. Pure: no I/O, no time, no randomness.
from core import case
from micropython import const

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


def next_color(color):
    # -> the colour a piece becomes after it moves, or None for burnt ash (never moves)
    s = stage(color)
    if s is None:
        raise ValueError("unknown colour: " + str(color))
    colours = RAINBOW if s[0] == "rainbow" else XENO
    return colours[s[1] + 1] if s[1] + 1 < len(colours) else None


def color_bonus(color):
    s = stage(color)
    if s is None:
        raise ValueError("unknown colour: " + str(color))
    return STAGE_BONUS[s[1]]


def pips_of(size):
    # "pawn" / "drone" / "queen" -> 1 / 2 / 3
    for name, pips in PIPS:
        if name == _norm(size):
            return pips
    raise ValueError("unknown size: " + str(size))


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
