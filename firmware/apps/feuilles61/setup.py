# 61 Feuilles d'Automne before round 1: leaf tracks or dice only, who rolls first (or
# random), the goalpost reading and values, and the readings the rules leave open (the
# X's, mug 4, the zone bonus: their rows are shared with the game menu, menu.py);
# remembered for the next feuilles61.
from core.leds import ALL
from rules import feuilles61
from ui import widgets

from apps.game.lineup import StartMenu

PREFS = "feuilles61_setup"
PREFS_DEFAULTS = {"mode": feuilles61.SHEETS, "first": -1, "exact": False, "goalposts": feuilles61.DEFAULT_GOALPOSTS}
PREFS_DEFAULTS.update(feuilles61.READINGS)  # a file from before the readings: the defaults
# every value's check (core/storage.py): a bad one goes back to its default, the file is
# kept as .bad and the player told
PREFS_VALID = {
    "mode": ("mode", lambda v: v in (feuilles61.SHEETS, feuilles61.DICE_ONLY)),
    "first": ("first roller", lambda v: type(v) is int and -1 <= v < 6),
    "exact": ("goalpost rule", lambda v: v is True or v is False),
    "goalposts": ("goalposts", lambda v: bool(v) and feuilles61.check_goalposts(v) is None),
}
for _k in feuilles61.READINGS:  # each reading's own check, under its own name
    PREFS_VALID[_k] = (_k, lambda v, k=_k: feuilles61.check_reading(k, v) is None)

# -- the readings, as rows of the setup and of the game menu ------------------------------
READING_KEYS = ("x_scores", "x_anywhere", "mug4", "zone_bonus")


def reading_label(key, r):
    # the row for reading `key` of the readings r
    v = r[key]
    if key == "x_scores":
        return "An X scores points" if v else "An X scores nothing"
    if key == "x_anywhere":
        return "An X: any box" if v else "An X: next box"
    if key == "mug4":
        return "Mug 4: 1+2 points" if v == 3 else "Mug 4: 2 points"
    return "Zone bonus: " + str(v)


def change_reading(shell, key, r, done):
    # OK on a reading's row: yes/no and mug 4 switch at once, the bonus asks its value;
    # done(key, value) takes the new value
    from ui import dialogs  # opened on a press: the heap does without it till then

    if key == "zone_bonus":
        shell.push(dialogs.Stepper(shell, "Zone bonus", r[key], 0, 9, lambda v: done(key, v)))
    elif key == "mug4":
        done(key, 5 - r[key])  # 2 <-> 3
    else:
        done(key, not r[key])


def load_prefs(shell, n):
    # the last setup; "first" is a seat, or -1 for a random pick
    o = shell.load(PREFS, PREFS_DEFAULTS, 1, valid=PREFS_VALID)
    if o["first"] >= n:  # a smaller table than last time
        o["first"] = -1
    return o


# -- setup --------------------------------------------------------------------------------


class Setup(StartMenu):
    # the mode, the first roller and the goalpost rule; BACK returns to the line-up
    def __init__(self, shell, names, go, back):
        self.names = names
        self.go = go
        self.on_back = back
        self.o = load_prefs(shell, len(names))
        super().__init__(shell)

    def items(self):
        o = self.o
        sheets = o["mode"] == feuilles61.SHEETS
        items = [
            "Start",
            "Mode: " + ("leaf tracks" if sheets else "dice only"),
            "First: " + (self.names[o["first"]] if o["first"] >= 0 else "random"),
        ]
        if sheets:
            items.append("Goalpost: " + ("land on it" if o["exact"] else "at or past"))
            items.append("Goalposts: " + ("printed" if feuilles61.printed(o["goalposts"]) else "edited"))
            for key in READING_KEYS:
                items.append(reading_label(key, o))
        return items

    def change(self, i):
        o = self.o
        if i == 1:
            o["mode"] = feuilles61.DICE_ONLY if o["mode"] == feuilles61.SHEETS else feuilles61.SHEETS
        elif i == 2:  # random, then each seat in turn
            o["first"] = o["first"] + 1 if o["first"] + 1 < len(self.names) else -1
        elif i == 3:
            o["exact"] = not o["exact"]
        elif i == 4:
            from apps.feuilles61.goalposts import GoalpostEditor

            self.shell.push(GoalpostEditor(self.shell, o["goalposts"], self._posts))
        else:
            change_reading(self.shell, READING_KEYS[i - 5], o, self._reading)

    def _reading(self, key, value):
        self.o[key] = value
        self.refresh()

    def start(self):
        self.shell.save(PREFS, self.o, 1)
        self.go(self.o)

    def back(self):
        self.on_back()

    def _posts(self, posts):
        self.o["goalposts"] = posts
        self.refresh()

    def leds(self, leds, now_ms):
        first = self.o["first"]
        leds.seats(len(self.names), first if first >= 0 else ALL)

    def draw(self, fb):
        widgets.title_bar(fb, "61 Feuilles", str(len(self.names)) + " sheets")
        self.menu.draw(fb)
