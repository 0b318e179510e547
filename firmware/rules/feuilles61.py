# 61 Feuilles d'Automne (roll & write): leaf-track goalposts, end of game, the zone
# scoring table, the final tally of one sheet and the race for the zone bonuses.
# Pure: no I/O, no time, no randomness. State is plain lists/ints (saved as JSON).
from micropython import const

ROUNDS = const(20)        # the game ends at the end of round twenty...
END_TOTAL = const(61)     # ...or of the round in which a leaf total reaches 61
ZONE_BONUS = const(3)     # acorns under each zone's signpost (a reading: see READINGS)

# (threshold, reward): reward is points, or "X" = a wild check mark for any zone box.
DEFAULT_GOALPOSTS = ((11, "X"), (21, 2), (31, "X"), (41, 3), (51, "X"), (61, 5))

# THE zone table, in sheet order (zone 1..6). Edit the numbers here if a sheet differs;
# everything below reads them from here.
#   key, label, points
ZONES = (
    # two pumpkins, 3 per complete pumpkin (both eyes the same number)
    ("pumpkins", "Pumpkins", (3, 3)),
    # five lilies filled in order, points per numbered lily -> cumulative 1, 2, 4, 6, 9
    ("pond", "Frog pond", (1, 1, 2, 2, 3)),
    # left skewer (2 long) and right skewer (3 long), points when complete
    ("marshmallows", "Marshmallows", (3, 5)),
    # mugs 1..6, 1 point each, mug 4 is worth 2
    ("mugs", "Mugs", (1, 1, 1, 2, 1, 1)),
    # floors bottom -> top of 3, 2, 1 squares, points per numbered square
    ("den", "Fox den", ((1, 1, 1), (2, 2), (4,))),
    # five mushrooms filled in order -> cumulative 1, 3, 5, 7, 10
    ("mushrooms", "Mushrooms", (1, 2, 2, 2, 3)),
)
_MUG4 = const(3)          # index of mug 4 in the mugs row
_DEN = const(4)           # the den's index in ZONES
# The boxes of each zone an X can stand in, as the tally names them (an X's "unit"):
# a pumpkin, a lily, a skewer, a mug, a den floor, a mushroom; and how many boxes each
# unit has (a pumpkin's two eyes, a skewer's marshmallows, a den floor's squares).
UNIT_BOXES = ((2, 2), (1, 1, 1, 1, 1), (2, 3), (1, 1, 1, 1, 1, 1), (3, 2, 1), (1, 1, 1, 1, 1))

# The readings the rule text leaves open (docs/rules.md F61-6, F61-10, F61-13), each a
# setting saved with the game, the first value Leafkeeper's default:
#   x_scores    True: a box with an X scores as a number would; False: it only helps
#               complete its zone (for the points it is an empty box)
#   x_anywhere  False: an X is the next box in its zone's fill order; True: it may
#               stand on any box, even ahead of empty ones
#   mug4        mug 4's worth in all: 2, or 3 (1 as a mug + 2)
#   zone_bonus  the acorns a completed zone is worth
READINGS = {"x_scores": True, "x_anywhere": False, "mug4": 2, "zone_bonus": ZONE_BONUS}
_BONUS_MOST = const(9)

# Order of the lines of a tally, for screens (dicts are not ordered on every port).
TALLY_ORDER = ("pumpkins", "pond", "marshmallows", "mugs", "den", "mushrooms",
               "leaves", "bonuses")

# What a sheet dict may hold (see tally). A box holding an X is counted as filled in its
# zone's entry; "xs" says where the X's stand, [[zone, unit], ...] (UNIT_BOXES), which
# only the readings other than the defaults need; "x_marks": how many X's the leaf
# track gave (check_sheet: no more X's than that).
_SHEET_KEYS = ("pumpkins", "pond", "marshmallows", "mugs", "mug4", "den", "mushrooms",
               "leaf_points", "bonuses", "x_marks", "xs")


def check_reading(key, value):
    # -> plain words why `value` is no reading for `key`, or None: yes or no; mug 4
    # worth 2 or 3; a zone bonus of 0 to 9
    if key not in READINGS:
        return "There is no such reading."
    if key == "mug4":
        ok = type(value) is int and value in (2, 3)
    elif key == "zone_bonus":
        ok = type(value) is int and 0 <= value <= _BONUS_MOST
    else:
        ok = value is True or value is False
    return None if ok else "No such value for this reading."


def _readings(readings):
    # the readings asked for, the defaults for any not given (saves from before them)
    out = dict(READINGS)
    if readings:
        for k in READINGS:
            if k in readings:
                out[k] = readings[k]
    return out


# ---- leaf track -------------------------------------------------------------------

def _posts(goalposts):
    # goalposts as (threshold, reward) tuples in rising threshold order. Saved settings
    # come back from JSON as lists, and edited ones may be out of order; an insertion
    # sort on the threshold alone, so no reliance on sort stability.
    out = []
    for g in goalposts:
        post = (g[0], g[1])
        k = len(out)
        while k > 0 and out[k - 1][0] > post[0]:
            k -= 1
        out.insert(k, post)
    return out


def printed(goalposts):
    # the goalposts are the sheet's own, DEFAULT_GOALPOSTS (edited ones say so)
    return [list(g) for g in goalposts] == [list(g) for g in DEFAULT_GOALPOSTS]


def goalposts_reached(before, after, goalposts=DEFAULT_GOALPOSTS, exact=False):
    # -> list of (threshold, reward) unlocked by the leaf total going from `before` to
    # `after`. Default: every goalpost reached or passed, each once (a goalpost at or
    # below `before` was unlocked earlier). exact=True: only a goalpost landed on exactly.
    got = []
    for post in _posts(goalposts):
        t = post[0]
        if exact:
            if before < t == after:
                got.append(post)
        elif before < t <= after:
            got.append(post)
    return got


def leaf_rewards(unlocked):
    # unlocked: list of (threshold, reward) -> (points, number of X marks)
    points = 0
    marks = 0
    for post in unlocked:
        if post[1] == "X":
            marks += 1
        else:
            points += post[1]
    return points, marks


def check_goalposts(goalposts):
    # -> plain-words reason why an edited goalpost list can't be used, or None
    if not isinstance(goalposts, (list, tuple)):
        return "The goalposts are a list."
    for post in goalposts:
        if not isinstance(post, (list, tuple)) or len(post) != 2:
            return "A goalpost is a leaf total and a reward."
    last = 0
    for post in _posts(goalposts):
        t, reward = post
        if type(t) is not int or t < 1:
            return "A goalpost must be a leaf total of 1 or more."
        if t == last:
            return "Two goalposts can't share the total " + str(t) + "."
        last = t
        if reward != "X" and not (type(reward) is int and reward >= 0):
            return "A goalpost gives points (0 or more) or an X."
    return None


def game_over(round_no, totals):
    # True at the end of round 20, or when any leaf total has reached 61
    if round_no >= ROUNDS:
        return True
    for t in totals:
        if t >= END_TOTAL:
            return True
    return False


# ---- zones ------------------------------------------------------------------------

def zone_index(zone):
    # zone: index 0..5 or key ("pumpkins") -> index 0..5
    if isinstance(zone, int) and not isinstance(zone, bool):
        if 0 <= zone < len(ZONES):
            return zone
    else:
        for i in range(len(ZONES)):
            if ZONES[i][0] == zone:
                return i
    raise ValueError("no such zone: " + str(zone))


def _count(x, most, what):
    if isinstance(x, bool):
        x = int(x)
    if not isinstance(x, int) or x < 0 or x > most:
        raise ValueError(what + " must be 0 to " + str(most))
    return x


def zone_points(zone, entry, xs=(), readings=None):
    # Points of one zone from what the player reads off the sheet:
    #   pumpkins: complete pumpkins (int); pond: numbered lilies (int);
    #   marshmallows: (left complete, right complete); mugs: (mugs with a number,
    #   whether mug 4 is one of them); den: squares numbered per floor, bottom first;
    #   mushrooms: mushrooms filled (int). A box with an X counts as filled. xs: where
    #   the X's stand ([[zone, unit], ...], see _SHEET_KEYS); readings: READINGS's
    #   keys, the defaults for any left out. Zone bonuses are not included.
    total = 0
    for pts in zone_parts(zone, entry, xs, readings):
        total += pts
    return total


def zone_parts(zone, entry, xs=(), readings=None):
    # -> the points of each part of a zone, as the tally's rows show them: the left and
    # right skewers, the den's floors bottom first, one part for any other zone
    r = _readings(readings)
    z = zone_index(zone)
    key, label, points = ZONES[z]
    marked = [x[1] for x in xs if x[0] == z]  # the units of this zone with an X
    # a box with an X scores nothing under the other reading (x_scores False)
    off = [] if r["x_scores"] else marked
    if key == "marshmallows":
        return [points[i] if entry[i] and i not in off else 0 for i in range(len(points))]
    if key == "den":
        out = []
        for f in range(len(points)):
            n = _count(entry[f] if f < len(entry) else 0, len(points[f]), "Den floor")
            pts = 0
            for k in range(n - min(n, off.count(f))):  # a floor's squares are worth the same
                pts += points[f][k]
            out.append(pts)
        return out
    if key == "mugs":
        values = list(points)
        values[_MUG4] = r["mug4"]
        filled = _count(entry[0], len(values), "Mugs filled")
        mug4 = 1 if entry[1] else 0
        if mug4 > filled or filled - mug4 > len(values) - 1:
            raise ValueError("mug 4 must be counted in the mugs filled")
        # mug 4 by its flag; the others, all worth the same, by their count
        total = values[_MUG4] if mug4 and _MUG4 not in off else 0
        others = filled - mug4 - len([u for u in _sorted_unique(off) if u != _MUG4])
        for i in range(len(values)):
            if i != _MUG4 and others > 0:
                total += values[i]
                others -= 1
        return [total]
    # pumpkins, pond, mushrooms: a count of units. In the fill order the count is the
    # first n units; an X standing anywhere (x_anywhere, or a zone with no order) is on
    # its own unit and the numbers fill the first of the others.
    n = _count(entry, len(points), label)
    if key in ("pond", "mushrooms") and not r["x_anywhere"]:  # in fill order (F61-6)
        filled = list(range(n))
    else:
        filled = _sorted_unique(marked)[:n]
        k = 0
        while len(filled) < n:
            if k not in filled:
                filled.append(k)
            k += 1
    total = 0
    for u in filled:
        if u not in off:
            total += points[u]
    return [total]


def zone_complete(zone, entry):
    # True when every box of the zone is filled (the zone's bonus can be claimed)
    key, _label, points = ZONES[zone_index(zone)]
    if key == "marshmallows":
        for i in range(len(points)):
            if not entry[i]:
                return False
        return True
    if key == "mugs":
        return entry[0] == len(points) and bool(entry[1])
    if key == "den":
        for f in range(len(points)):
            if (entry[f] if f < len(entry) else 0) != len(points[f]):
                return False
        return True
    return entry == len(points)


def sheet_entry(sheet, key):
    # the entry for zone_points from a sheet dict, with missing keys read as empty
    if key == "marshmallows":
        return sheet.get("marshmallows", (False, False))
    if key == "mugs":
        return (sheet.get("mugs", 0), sheet.get("mug4", False))
    if key == "den":
        return sheet.get("den", (0, 0, 0))
    return sheet.get(key, 0)


def _bonus_count(bonuses):
    # zone bonuses won: a count, or a list of the zones (keys or indices) won
    if isinstance(bonuses, (list, tuple)):
        return len(bonuses)
    return _count(bonuses, len(ZONES), "Zone bonuses")


def tally(sheet, readings=None):
    # sheet: dict of what a player reads off their sheet, missing keys = nothing:
    #   "pumpkins": int, "pond": int, "marshmallows": [left, right] (bools),
    #   "mugs": int, "mug4": bool, "den": [bottom, middle, top], "mushrooms": int,
    #   "leaf_points": points from goalposts, "bonuses": zone bonuses won (count or
    #   list of zones), "xs": where the X's stand, "x_marks": X's won (not points).
    # readings: READINGS's keys (the defaults for any left out).
    # -> (breakdown, total); breakdown has a line per TALLY_ORDER key.
    for k in sheet:
        if k not in _SHEET_KEYS:
            raise ValueError("unknown sheet entry: " + str(k))
    r = _readings(readings)
    xs = sheet.get("xs", ())
    lines = {}
    total = 0
    for z in ZONES:
        pts = zone_points(z[0], sheet_entry(sheet, z[0]), xs, r)
        lines[z[0]] = pts
        total += pts
    lines["leaves"] = sheet.get("leaf_points", 0)
    lines["bonuses"] = r["zone_bonus"] * _bonus_count(sheet.get("bonuses", 0))
    total += lines["leaves"] + lines["bonuses"]
    return lines, total


def check_sheet(sheet, goalposts=DEFAULT_GOALPOSTS, readings=None):
    # -> plain-words reason why this sheet reading is impossible, or None if fine
    for k in sheet:
        if k not in _SHEET_KEYS:
            return "Unknown sheet entry: " + str(k) + "."
    r = _readings(readings)
    for z in ZONES:
        try:
            zone_points(z[0], sheet_entry(sheet, z[0]))
        except (ValueError, TypeError, IndexError):
            return _zone_problem(z, sheet_entry(sheet, z[0]))
    xs = sheet.get("xs", [])
    msg = _xs_problem(sheet, xs, r)
    if msg:
        return msg
    den = list(sheet_entry(sheet, "den")) + [0, 0, 0]
    if r["x_anywhere"]:  # an X may stand on any square: the floors' order is the numbers'
        for x in xs:
            if x[0] == _DEN:
                den[x[1]] -= 1
    floors = ZONES[_DEN][2]
    full = list(sheet_entry(sheet, "den")) + [0, 0, 0]
    # the text: upper floors only after the two lower floors are complete. Only what
    # every reading agrees on is refused: a top square with a lower floor unfinished,
    # a middle square with the bottom floor still empty.
    if den[2] > 0 and (full[0] < len(floors[0]) or full[1] < len(floors[1])):
        return "Fox den: the top floor opens only when both floors below are complete."
    if den[1] > 0 and full[0] == 0:
        return "Fox den: numbers start on the bottom floor."
    # leaf points: the sum of the points of some goalposts
    lp = sheet.get("leaf_points", 0)
    if lp not in _goalpost_sums(goalposts):
        return "Leaf points must add up from the goalposts' points."
    bonuses = sheet.get("bonuses", 0)
    complete = 0
    for z in ZONES:
        if zone_complete(z[0], sheet_entry(sheet, z[0])):
            complete += 1
    if isinstance(bonuses, (list, tuple)):
        seen = []
        for b in bonuses:
            try:
                i = zone_index(b)
            except ValueError:
                return "Zone bonuses: no such zone " + str(b) + "."
            if i in seen:
                return "A zone bonus can be won only once."
            seen.append(i)
            if not zone_complete(i, sheet_entry(sheet, ZONES[i][0])):
                return ZONES[i][1] + " bonus needs the zone complete."
    else:
        try:
            n = _bonus_count(bonuses)
        except ValueError:
            return "Zone bonuses must be 0 to 6."
        if n > complete:
            return ("Won " + str(n) + " zone bonuses but only " + str(complete)
                    + " zones are complete.")
    return None


def _xs_problem(sheet, xs, r):
    # -> why the X's can't stand where the sheet says, or None. Few words on purpose:
    # every string is kept for good in MicroPython's string pool.
    ok = isinstance(xs, (list, tuple))
    for x in xs if ok else ():
        ok = (ok and isinstance(x, (list, tuple)) and len(x) == 2 and type(x[0]) is int
              and 0 <= x[0] < len(ZONES) and type(x[1]) is int and 0 <= x[1] < len(UNIT_BOXES[x[0]]))
    if not ok:
        return "An X stands in a box of the sheet."
    won = sheet.get("x_marks")
    if won is not None and len(xs) > won:
        return "More X's than the leaf track gave."
    for z in range(len(ZONES)):
        key, label, _points = ZONES[z]
        units = [x[1] for x in xs if x[0] == z]
        held = _sorted_unique(units)
        entry = sheet_entry(sheet, key)
        # how many of the zone's units are filled: an X stands in one of them
        if key == "marshmallows":  # a skewer scores whole: its X counts once complete
            filled = len([u for u in held if entry[u]])
        elif key == "mugs":  # mug 4 by its tick, the others by their count
            filled = entry[0] - 1 if entry[1] else -1 if _MUG4 in held else entry[0]
            held = [u for u in held if u != _MUG4]
        elif key == "den":
            held = [f for f in held if units.count(f) > (entry[f] if f < len(entry) else 0)]
            filled = 0
        else:
            filled = entry
        bad = len(held) > filled
        for u in held:
            bad = bad or units.count(u) > UNIT_BOXES[z][u]
        if bad:
            return label + ": an X stands in a filled box."
        if key in ("pond", "mushrooms") and not r["x_anywhere"]:  # in fill order (F61-6)
            for u in held:
                if u >= entry:
                    return label + ": an X is the next box in order."
    return None


def _zone_problem(z, entry):
    key, label, points = z
    if key == "marshmallows":
        return "Marshmallows: say for each skewer whether it is complete."
    if key == "mugs":
        if isinstance(entry[0], int) and 0 <= entry[0] <= len(points):
            return "Mugs: mug 4 counts as one of the mugs filled."
        return "Mugs: 0 to " + str(len(points)) + " mugs can be filled."
    if key == "den":
        return "Fox den: floors hold at most 3, 2 and 1 numbers, bottom first."
    return label + ": 0 to " + str(len(points)) + " can be filled."


def _goalpost_sums(goalposts):
    sums = [0]
    for post in _posts(goalposts):
        if post[1] != "X":
            for s in list(sums):
                if s + post[1] not in sums:
                    sums.append(s + post[1])
    return sums


# ---- zone bonus race --------------------------------------------------------------
# race: list of one entry per zone (ZONES order): None while nobody has completed the
# zone, else [round_no, [players]] = the round of the first completion and everyone who
# completed it in that round. Plain lists and ints, saved as JSON as it is.

def new_race():
    return [None] * len(ZONES)


def award_zone(race, zone, players, round_no):
    # players completed `zone` during round `round_no`. -> a new race (the one passed in
    # is not changed). The first round's completers, including any announced later in
    # that same round, share the bonus; completers in later rounds get nothing.
    z = zone_index(zone)
    out = []
    for entry in race:
        out.append(None if entry is None else [entry[0], list(entry[1])])
    if out[z] is None:
        if players:
            out[z] = [round_no, _sorted_unique(players)]
    elif out[z][0] == round_no:
        out[z][1] = _sorted_unique(out[z][1] + list(players))
    return out


def bonus_winners(race, zone):
    # -> the players holding this zone's bonus ([] while it is still open)
    entry = race[zone_index(zone)]
    return [] if entry is None else list(entry[1])


def bonuses_won(race, player):
    # -> list of zone indices whose bonus this player holds
    won = []
    for z in range(len(race)):
        if race[z] is not None and player in race[z][1]:
            won.append(z)
    return won


def _sorted_unique(players):
    # player numbers (or a zone's units) in rising order without repeats (plain
    # insertion, ints only)
    out = []
    for p in players:
        if p in out:
            continue
        k = len(out)
        while k > 0 and out[k - 1] > p:
            k -= 1
        out.insert(k, p)
    return out


# -- the game as a journal ------------------------------------------------------------------
# The setup and the list of confirmed actions, replayed (start, then apply each) into
# the state the companion shows: undo (drop the last entry) and a power cut (replay the
# saved list) need nothing else. The dice are drawn by the screen and saved in the
# "roll" entry, so a replay never draws again. Players are "Player N" in words.
#
# setup:   {"players": [names], "first": seat rolling in round 1, "mode": "sheets" or
#           "dice" (dice only: rounds, roller and dice, no tracks), "exact": False,
#           "goalposts": [[threshold, reward], ...], and READINGS's keys (a save from
#           before them: the defaults)}
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
#          ["reading", key, v]   one of READINGS set to v (the X's, mug 4, zone bonus)
#          ["sheet", p, sheet]   p's final sheet, zone by zone (see feuilles61.tally)
#          ["total", p, n]       p's final sheet as the one total summed on paper (kept
#                                as the sheet {"total": n})
SHEETS = "sheets"
ZONES_MOST = const(52)  # every box of every zone filled, mug 4 worth 3: a total is kept + this at most
DICE_ONLY = "dice"
DICE = 3


def new_setup(names, first, mode=SHEETS, exact=False, goalposts=DEFAULT_GOALPOSTS, readings=None):
    setup = {
        "players": list(names),
        "first": first,
        "mode": mode,
        "exact": bool(exact),
        "goalposts": [[g[0], g[1]] for g in goalposts],
    }
    setup.update(_readings(readings))
    return setup


def start(setup):
    # the state before the first action
    n = len(setup["players"])
    st = {
        "n": n,
        "mode": setup.get("mode", SHEETS),
        "round": 1,
        "first": setup["first"],
        "exact": bool(setup.get("exact")),
        "goalposts": setup["goalposts"],  # replaced, never changed in place
        "readings": _readings(setup),  # a save from before the readings: the defaults
        "dice": [],
        "leaves": [[] for _ in range(n)],  # the values on each leaf track, round by round
        "race": new_race(),
        "ended": None,  # why the game ended: "rounds", "61" or "called"
        "sheets": [None] * n,
    }
    return st


def apply(st, a):
    # one action onto the state, in place (problem(st, a) said it can be done)
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
        st["race"] = award_zone(st["race"], a[1], a[2], st["round"])
    elif kind == "next":
        if game_over(st["round"], totals(st)):
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
    elif kind == "reading":
        st["readings"][a[1]] = a[2]
    elif kind == "sheet":
        st["sheets"][a[1]] = dict(a[2])
    elif kind == "total":
        st["sheets"][a[1]] = {"total": a[2]}


def valid_setup(setup):
    players = setup.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 6:
        return False
    for name in players:
        if not isinstance(name, str):
            return False
    first = setup.get("first")
    posts = setup.get("goalposts")
    for k in READINGS:
        if k in setup and check_reading(k, setup[k]) is not None:
            return False
    return (
        isinstance(first, int) and not isinstance(first, bool) and 0 <= first < len(players)
        and setup.get("mode") in (SHEETS, DICE_ONLY)
        and isinstance(setup.get("exact"), bool)
        and isinstance(posts, list) and bool(posts) and check_goalposts(posts) is None
    )


def problem(st, a):
    # -> why action a can't be done in state st (plain words), or None
    if not isinstance(a, list) or not a:
        return "Unknown action."
    kind = a[0]
    n = st["n"]
    sheets = st["mode"] == SHEETS
    # a zone is still claimed once the game is over: one nobody ticked in play, at the
    # tally (its round: the last one)
    if kind in ("roll", "leaf", "next", "end", "first") and st["ended"]:
        return "The game is over."
    if kind in ("leaf", "zone", "sheet", "total") and not sheets:
        return "Dice only: the sheets are kept on paper."
    if kind in ("leaf", "first", "sheet", "total") and (len(a) < 2 or not _seat(a[1], n)):
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
        return _race_problem(st, a)
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
        return check_goalposts(a[1])
    if kind == "reading":
        msg = "There is no such reading." if len(a) < 3 else check_reading(a[1], a[2])
        if msg:
            return msg
        # the sheets counted so far must still be possible sheets under the new reading
        r = dict(st["readings"])
        r[a[1]] = a[2]
        for p in range(n):
            if st["sheets"][p] is not None and "total" not in st["sheets"][p] and check_sheet(full_sheet(st, p, st["sheets"][p]), st["goalposts"], r):
                return "Player " + str(p + 1) + "'s sheet can't be under this reading: correct it first."
        return None
    if kind == "sheet":
        if not st["ended"]:
            return "The sheets are counted when the game is over."
        if len(a) < 3 or not isinstance(a[2], dict):
            return "Say what the sheet shows."
        return check_sheet(full_sheet(st, a[1], a[2]), st["goalposts"], st["readings"])
    if kind == "total":
        if not st["ended"]:
            return "The sheets are counted when the game is over."
        lo = kept(st, a[1])
        v = a[2] if len(a) > 2 else None
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= lo + ZONES_MOST:
            return "A total is " + str(lo) + " (leaf track and bonuses) to " + str(lo + ZONES_MOST) + "."
        return None
    return "Unknown action."


def _seat(p, n):
    return isinstance(p, int) and 0 <= p < n


def _race_problem(st, a):
    if len(a) < 3 or not isinstance(a[1], int) or not 0 <= a[1] < len(ZONES):
        return "There is no such zone."
    if not a[2]:
        return "Say who completed it."
    for p in a[2]:
        if not _seat(p, st["n"]):
            return "There is no such player."
    z = a[1]
    held = st["race"][z]
    if held is not None and held[0] != st["round"]:
        return (ZONES[z][1] + " was completed in round " + str(held[0])
                + ": its bonus is gone.")
    for p in a[2]:
        s = st["sheets"][p]
        if s is not None and not zone_complete(z, sheet_entry(s, ZONES[z][0])):
            return "Player " + str(p + 1) + "'s sheet shows " + ZONES[z][1] + " not complete."
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
    return [p for p in range(st["n"]) if t[p] >= END_TOTAL]


def unlocks(st, values):
    # values: a leaf track -> [(total after the step, (threshold, reward)), ...] in the
    # order the goalposts unlocked under this game's goalposts and reading
    out = []
    before = 0
    for v in values:
        after = before + v
        for post in goalposts_reached(before, after, st["goalposts"], st["exact"]):
            out.append((after, post))
        before = after
    return out


def rewards(st, p):
    # -> (leaf points, X marks) player p has from the leaf track
    return leaf_rewards([u[1] for u in unlocks(st, st["leaves"][p])])


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
    # what p entered from the sheet, plus what the device kept: leaf points, the X's
    # the leaf track gave, and bonuses
    out = dict(sheet)
    out["leaf_points"], out["x_marks"] = rewards(st, p)
    out["bonuses"] = bonuses_won(st["race"], p)
    return out


def kept(st, p):
    # -> the points p's sheet holds from what the device kept: leaf points and bonuses
    return tally(full_sheet(st, p, {}), st["readings"])[1]


def score(st, p):
    # -> (breakdown, total) of p's entered sheet, or None while it is not entered; a
    # sheet entered as its total: the breakdown of what the device kept, zones at 0
    s = st["sheets"][p]
    if s is None:
        return None
    if "total" in s:
        return tally(full_sheet(st, p, {}), st["readings"])[0], s["total"]
    return tally(full_sheet(st, p, s), st["readings"])


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


def result(st):
    # the finished game for the history (core/history.py): (totals, places, rounds);
    # dice only has no totals (the sheets stay on paper): None, None
    if st["mode"] != SHEETS:
        return None, None, st["round"]
    t = [score(st, p)[1] for p in range(st["n"])]
    places = [1 + len([u for u in t if u > x]) for x in t]  # most points first, ties share
    return t, places, st["round"]


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


# A long game folds its journal (apps/game): a table re-rolling, correcting leaves,
# toggling a reading again and again adds actions without end. Its checkpoint is the
# game played again in the fewest actions, from the state: the settings, then each
# round's roll, leaves and zones, the turn, the end and the sheets; restore() replays
# it checked, so every part of it is what the rules accept. A round past keeps no dice
# in the state: its roll is made of the leaves the players took from it. A game of 20
# rounds for six (~180 actions) folds too (a journal of 256 had no 2 KB block in the
# MicroPython lane's heap, apps/game FOLD): undo reaches back 50 actions at least.
_MOST = const(256)  # a checkpoint's actions: 7 settings, 20 rounds of 8, 6 zones, 8 more


def checkpoint(st, later):
    # -> {"actions": [...]}, or None when they do not lead back to this very state
    # (the journal is then kept whole: a fold never risks a game)
    n = st["n"]
    acts = [["goalposts", [list(g) for g in st["goalposts"]]], ["exact", st["exact"]]]
    for k in sorted(READINGS):
        acts.append(["reading", k, st["readings"][k]])
    last = st["round"]
    for r in range(1, last + 1):
        took = [st["leaves"][p][r - 1] for p in range(n) if len(st["leaves"][p]) >= r]
        dice = list(st["dice"]) if r == last else _sorted_unique(took)
        if r < last or dice:
            acts.append(["roll", (dice + [1, 1, 1])[:DICE] if r < last else dice])
        for p in range(n):
            if len(st["leaves"][p]) >= r:
                acts.append(["leaf", p, st["leaves"][p][r - 1]])
        for z in range(len(ZONES)):
            held = st["race"][z]
            if held is not None and held[0] == r:
                acts.append(["zone", z, list(held[1])])
        if r < last:
            acts.append(["next"])
    acts.append(["first", roller(st)])
    if st["ended"]:
        acts.append(["end"] if st["ended"] == "called" else ["next"])
    for p in range(n):
        s = st["sheets"][p]
        if s is not None:
            acts.append(["total", p, s["total"]] if "total" in s else ["sheet", p, dict(s)])
    cp = {"actions": acts}
    same = {"players": ["P"] * n, "first": 0, "mode": st["mode"], "exact": False, "goalposts": [[61, 0]]}
    try:
        if restore(same, cp) == st:
            return cp
    except ValueError:
        pass
    return None


def restore(setup, cp):
    # -> the state a checkpoint stands for; ValueError when it is not a game the rules
    # accept, action by action
    acts = cp.get("actions") if isinstance(cp, dict) else None
    if not isinstance(acts, list) or len(acts) > _MOST:
        raise ValueError("checkpoint")
    st = start(setup)
    for a in acts:
        if problem(st, a) is not None:
            raise ValueError("checkpoint action")
        apply(st, a)
    return st


def round_unlocks(st, p):
    # -> the goalposts p unlocked with this round's leaf: [(total, (threshold, reward))]
    if not entered(st, p):
        return []
    track = st["leaves"][p]
    old = [u[1] for u in unlocks(st, track[: st["round"] - 1])]
    return [u for u in unlocks(st, track) if u[1] not in old]
