# The Autumn Ash score sheet: one line per turn, replayed from the journal through
# rules/scoresheet.py. A turn is [seat] (moved, bagged nothing) or
# [seat, colour, [pawns, drones, queens]]; the bag's points are
# rules.autumn_ash.bag_points. Turns alternate from setup["first"]; the winner is the
# first player, in the order of play, whose total reaches the target. Pure.
from rules import autumn_ash as aa
from rules import scoresheet


def pips(counts):
    # [pawns, drones, queens] -> the list of pips bag_points takes
    return [1] * counts[0] + [2] * counts[1] + [3] * counts[2]


def is_bag(entry):
    return len(entry) == 3


def points(entry):
    return aa.bag_points(entry[1], pips(entry[2])) if is_bag(entry) else 0


def score(entry):
    row = [0, 0]
    row[entry[0]] = points(entry)
    return row


def problem(entry):
    # -> plain words why the bag can't be, or None
    if not is_bag(entry):
        return None
    return aa.check_bag(entry[1], pips(entry[2]))


def valid_setup(setup):
    return scoresheet.names(setup.get("players"), 2, 2) and scoresheet.ints(
        [setup.get("rainbow"), setup.get("first")], 2, 0, 1
    )


def valid(setup, entry):
    # a turn as this module stores it: [seat] or [seat, a colour of that seat's side,
    # [pawns, drones, queens]], a bag the rules accept
    if not isinstance(entry, list) or len(entry) not in (1, 3):
        return False
    if not scoresheet.ints([entry[0]], 1, 0, 1):
        return False
    if len(entry) == 1:
        return True
    if entry[1] not in colours(setup, entry[0]) or not scoresheet.ints(entry[2], 3, 0, 99):
        return False
    return problem(entry) is None


def side_of(setup, seat):
    # 0 = Rainbow, 1 = Xeno
    return 0 if seat == setup["rainbow"] else 1


def colours(setup, seat):
    return aa.SIDES[side_of(setup, seat)][1]


def replay(setup, actions, target=aa.TARGET):
    st = scoresheet.replay(actions, 2, score)
    # the race is decided in the order of play, line by line: a corrected early bag
    # can move the win earlier, so every line is looked at
    run = [0, 0]
    st["winner"] = None
    st["won_at"] = -1
    for k in range(len(st["rows"])):
        row = st["rows"][k]
        run[0] += row[0]
        run[1] += row[1]
        w = aa.winner(run, target)
        if w is not None:
            st["winner"] = w
            st["won_at"] = k
            break
    st["turn"] = (setup["first"] + len(st["entries"])) % 2
    st["over"] = st["winner"] is not None
    return st
