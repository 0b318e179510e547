# 61 Feuilles d'Automne before round 1: leaf tracks or dice only, who rolls first (or
# random), the goalpost reading and values; remembered for the next feuilles61.
from core import modules
from core.leds import ALL
from rules import feuilles61
from ui import widgets

from apps.game import StartMenu

PREFS = "feuilles61_setup"
PREFS_DEFAULTS = {"mode": feuilles61.SHEETS, "first": -1, "exact": False, "goalposts": feuilles61.DEFAULT_GOALPOSTS}
# every value's check (core/storage.py): a bad one goes back to its default, the file is
# kept as .bad and the player told
PREFS_VALID = {
    "mode": ("mode", lambda v: v in (feuilles61.SHEETS, feuilles61.DICE_ONLY)),
    "first": ("first roller", lambda v: type(v) is int and -1 <= v < 6),
    "exact": ("goalpost rule", lambda v: v is True or v is False),
    "goalposts": ("goalposts", lambda v: bool(v) and feuilles61.check_goalposts(v) is None),
}


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
            items.append("Rule: " + ("exact landing" if o["exact"] else "reach or pass"))
            same = [list(g) for g in o["goalposts"]] == [list(g) for g in feuilles61.DEFAULT_GOALPOSTS]
            items.append("Goalposts: " + ("sheet" if same else "edited"))
        return items

    def change(self, i):
        o = self.o
        if i == 1:
            o["mode"] = feuilles61.DICE_ONLY if o["mode"] == feuilles61.SHEETS else feuilles61.SHEETS
        elif i == 2:  # random, then each seat in turn
            o["first"] = o["first"] + 1 if o["first"] + 1 < len(self.names) else -1
        elif i == 3:
            o["exact"] = not o["exact"]
        else:
            editor = modules.load("apps.feuilles61.goalposts").GoalpostEditor
            self.shell.push(editor(self.shell, o["goalposts"], self._posts))

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
