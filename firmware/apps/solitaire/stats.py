# Solitaire's statistics, a small save of their own beside the game's journal: deals
# played and won, the win rate, the current and the best streak of won deals, the
# fewest moves each won deal took, and which deal number comes next.
#
# A deal counts as played at its first move (one only looked at is not), as won when it
# is won, and a game left unwon (a new deal, a restart) ends the streak. Each game has a
# serial in its setup ("game"), and the statistics remember the serial they last counted
# as played and as won: counting is then idempotent, so an undone and replayed winning
# move is not a second win, and the app can count again, when it opens, what a power cut
# between the game's save and this one left uncounted.
#
# The next deal is the lowest number above the last one dealt that was not chosen by
# number already: a chosen number above it is remembered (the last AHEAD of them) and
# skipped when the count reaches it. After deal 1,000,000 come 1, 2, ... again.
from micropython import const
from rules.solitaire import NUMBERS
from ui import widgets

NAME = "sol_stats"
VERSION = 1
AHEAD = const(32)
FEWEST = const(20)  # won deals whose fewest moves are kept, the latest first


def _count(v):
    return type(v) is int and v >= 0


def _deal(v):
    return type(v) is int and 1 <= v <= NUMBERS


def _fewest(v):
    # [[deal, moves], ...]
    return type(v) is list and len(v) <= FEWEST and all(
        type(e) is list and len(e) == 2 and _deal(e[0]) and type(e[1]) is int and e[1] > 0 for e in v
    )


DEFAULTS = {
    "played": 0,
    "won": 0,
    "streak": 0,
    "best": 0,
    "fewest": [],
    "next": 1,
    "ahead": [],
    "game": 0,  # the serial of the last game set up
    "counted": 0,  # the serial last counted as played
    "wins": 0,  # the serial last counted as won
}
# every value's check (core/storage.py): a bad one goes back to its default, the file
# is kept as .bad and the player told
VALID = {
    "played": ("played", _count),
    "won": ("won", _count),
    "streak": ("streak", _count),
    "best": ("best streak", _count),
    "fewest": ("fewest moves", _fewest),
    "next": ("next deal", _deal),
    "ahead": ("chosen deals", lambda v: type(v) is list and len(v) <= AHEAD and all(_deal(n) for n in v)),
    "game": ("game count", _count),
    "counted": ("game count", _count),
    "wins": ("game count", _count),
}


class Stats:
    def __init__(self, shell):
        self.shell = shell
        self.d = shell.load(NAME, DEFAULTS, VERSION, valid=VALID)

    def save(self):
        self.shell.save(NAME, self.d, VERSION)

    def new_game(self, setup, number=None):
        # -> the setup of a new game: deal `number`, or the next deal when None. The game
        # left behind, if it was played and not won, ends the streak.
        d = self.d
        if setup is not None and d["counted"] == setup["game"] and d["wins"] != setup["game"]:
            d["streak"] = 0
        if number is None:
            number = self._next()
        elif number >= d["next"] and number not in d["ahead"]:
            d["ahead"].append(number)
            del d["ahead"][:-AHEAD]
        d["game"] += 1
        self.save()
        return {"deal": number, "game": d["game"]}

    def _next(self):
        d = self.d
        n = d["next"]
        while n in d["ahead"]:
            n = n % NUMBERS + 1
        d["next"] = n % NUMBERS + 1
        d["ahead"] = [a for a in d["ahead"] if a >= d["next"]]
        return n

    def played(self, setup):
        # the game's first move
        d = self.d
        if d["counted"] != setup["game"]:
            d["counted"] = setup["game"]
            d["played"] += 1
            self.save()

    def won(self, setup, moves):
        # the game is won in `moves` moves -> the fewest moves this deal has been won in
        d = self.d
        g = setup["game"]
        if d["wins"] != g:
            if d["counted"] != g:  # its first move was not counted: a power cut
                d["counted"] = g
                d["played"] += 1
            d["wins"] = g
            d["won"] += 1
            d["streak"] += 1
            d["best"] = max(d["best"], d["streak"])
        best = moves
        fewest = d["fewest"]
        for e in fewest:
            if e[0] == setup["deal"]:
                best = min(best, e[1])
                fewest.remove(e)
                break
        fewest.insert(0, [setup["deal"], best])
        del fewest[FEWEST:]
        self.save()
        return best

    def rate(self):
        # the win rate in whole percent, "-" before any deal is played
        d = self.d
        return str((100 * d["won"] + d["played"] // 2) // d["played"]) + "%" if d["played"] else "-"

    def lines(self):
        d = self.d
        out = [
            "Played " + str(d["played"]) + ", won " + str(d["won"]),
            "Win rate " + self.rate(),
            "Streak " + str(d["streak"]) + ", best " + str(d["best"]),
        ]
        if d["fewest"]:
            out.append("Fewest moves:")
            for deal, moves in d["fewest"]:
                out.append("  #" + str(deal) + ": " + str(moves))
        return out

    def show(self):
        self.shell.push(widgets.TextList(self.shell, "Solitaire stats", self.lines()))
