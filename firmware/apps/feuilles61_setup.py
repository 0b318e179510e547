# 61 Feuilles d'Automne: the setup before round 1 and the game menu's pages (for
# apps/feuilles61.py, which drops this module from the heap whenever its round screen
# is back on top: both are opened now and then, the round screen all the time).
#   Setup          leaf tracks or dice only, who rolls first (or random), the goalpost
#                  reading and values; remembered for the next game
#   GoalpostEditor the goalpost values, threshold then reward, one goalpost at a time
#   menu_entries   the game's own entries of the menu (hold OK); describe() for undo
from rules import feuilles61 as f
from rules import feuilles61_game as game
from ui import text, widgets

from apps.players import StartMenu

PREFS = "feuilles61_setup"
PREFS_DEFAULTS = {"mode": game.SHEETS, "first": -1, "exact": False, "goalposts": f.DEFAULT_GOALPOSTS}


def load_prefs(shell, n):
    # the last setup; "first" is a seat, or -1 for a random pick
    o = shell.load(PREFS, PREFS_DEFAULTS, 1)
    if not isinstance(o["first"], int) or o["first"] >= n:
        o["first"] = -1
    if o["mode"] not in (game.SHEETS, game.DICE_ONLY):
        o["mode"] = game.SHEETS
    if not o["goalposts"] or f.check_goalposts(o["goalposts"]):
        o["goalposts"] = f.DEFAULT_GOALPOSTS
    return o


# -- setup --------------------------------------------------------------------------------


class Setup(StartMenu):
    # the mode, the first roller and the goalpost rule; BACK returns to the line-up
    def __init__(self, app, names, on_back):
        self.app = app
        self.names = names
        self.on_back = on_back
        self.o = load_prefs(app.shell, len(names))
        super().__init__(app.shell)

    def items(self):
        o = self.o
        sheets = o["mode"] == game.SHEETS
        items = [
            "Start",
            "Mode: " + ("leaf tracks" if sheets else "dice only"),
            "First: " + (self.names[o["first"]] if o["first"] >= 0 else "random"),
        ]
        if sheets:
            items.append("Rule: " + ("exact landing" if o["exact"] else "reach or pass"))
            same = [list(g) for g in o["goalposts"]] == [list(g) for g in f.DEFAULT_GOALPOSTS]
            items.append("Goalposts: " + ("sheet" if same else "edited"))
        return items

    def change(self, i):
        o = self.o
        if i == 1:
            o["mode"] = game.DICE_ONLY if o["mode"] == game.SHEETS else game.SHEETS
        elif i == 2:  # random, then each seat in turn
            o["first"] = o["first"] + 1 if o["first"] + 1 < len(self.names) else -1
        elif i == 3:
            o["exact"] = not o["exact"]
        else:
            self.shell.push(GoalpostEditor(self.app, o["goalposts"], self._posts))

    def start(self):
        self.shell.save(PREFS, self.o, 1)
        self.app.start(self.names, self.o)

    def back(self):
        self.on_back()

    def _posts(self, posts):
        self.o["goalposts"] = posts
        self.refresh()

    def leds(self, leds, now_ms):
        leds.seats(len(self.names), self.o["first"], all_on=self.o["first"] < 0)

    def draw(self, fb):
        widgets.title_bar(fb, "61 Feuilles", str(len(self.names)) + " sheets")
        self.menu.draw(fb)


class GoalpostEditor(widgets.MenuScreen):
    # on_done(posts) runs after every accepted change; the list stays open for the next
    def __init__(self, app, posts, on_done):
        self.app = app
        self.posts = [[g[0], g[1]] for g in posts]
        self.on_done = on_done
        super().__init__(app.shell, "Goalposts", self._items(), self._pick)

    def _items(self):
        items = []
        for g in self.posts:
            items.append("At " + str(g[0]) + ": " + ("X (wild mark)" if g[1] == "X" else "+" + str(g[1]) + " points"))
        items.append("Sheet values")
        return items

    def _pick(self, i):
        shell = self.shell
        if i == len(self.posts):
            self._set([[g[0], g[1]] for g in f.DEFAULT_GOALPOSTS])
            return
        old = self.posts[i]

        def reward(k):
            shell.pop()
            posts = [list(g) for g in self.posts]
            posts[i] = [old[0] if self._t is None else self._t, "X" if k == 0 else k - 1]
            self._set(posts)

        def threshold(t):
            self._t = t
            labels = ["X (wild mark)"] + [str(v) + " points" for v in range(11)]
            k = 0 if old[1] == "X" else old[1] + 1
            shell.push(widgets.MenuScreen(shell, "At " + str(t) + ": reward", labels, reward, k))

        self._t = None
        shell.push(widgets.Stepper(shell, "Goalpost at", old[0], 1, 99, threshold, hint="leaf total"))

    def _set(self, posts):
        msg = f.check_goalposts(posts)
        if msg:
            self.shell.notify(msg, "Can't be")
            return
        self.posts = posts
        self.menu.items = self._items()
        self.dirty = True
        self.on_done(self.posts)


# -- the game menu --------------------------------------------------------------------------


def menu_entries(app):
    st = app.state
    sheets = app.sheets()
    items = []
    if sheets:
        items.append(("Zones", app.open_zones))
        items.append(("Leaf tracks", lambda: show_tracks(app)))
    if not st["ended"]:
        if st["dice"]:
            items.append(("Roll this round again", app.confirm_reroll))
        items.append(("Who rolls this round", lambda: choose_roller(app)))
        if not sheets:
            items.append(("A sheet reached 61", lambda: confirm_end(app)))
    if sheets:
        rule = "exact landing" if st["exact"] else "reach or pass"
        items.append(("Goalposts: " + rule, lambda: app.act(["exact", not st["exact"]])))
        items.append(("Goalpost values", lambda: edit_goalposts(app)))
        if st["ended"]:
            items.append(("Correct a sheet", app.correct_sheet))
    return items


def show_tracks(app):
    st = app.state
    t = game.totals(st)
    lines = []
    for p in range(len(t)):
        pts, marks = game.rewards(st, p)
        name = text.fit(app.players()[p], 54)
        lines.append(name + " " + str(t[p]) + "  " + str(marks) + "X " + str(pts) + "pt")
    app.shell.push(widgets.TextList(app.shell, "Leaf tracks", lines))


def choose_roller(app):
    def chosen(p):
        app.shell.pop()
        app.act(["first", p])

    names = list(app.players())
    app.shell.push(widgets.MenuScreen(app.shell, "Who rolls", names, chosen, game.roller(app.state)))


def confirm_end(app):
    def end():
        if app.act(["end"]):
            app.finished()
            app.shell.notify(app.words(game.end_reason(app.state)) + " Count your sheets.", "Game over")

    q = "End the game after round " + str(app.state["round"]) + "? A sheet's leaves reached 61."
    app.shell.push(widgets.Confirm(app.shell, "Game over", q, end))


def edit_goalposts(app):
    def done(posts):
        app.act(["goalposts", posts])

    app.shell.push(GoalpostEditor(app, app.state["goalposts"], done))


_DONE = {
    "next": "next round",
    "end": "the end of the game",
    "first": "who rolls",
    "exact": "goalpost reading",
    "goalposts": "goalpost values",
}


def describe(app, a):
    # a few words for "Undone: ..."
    names = app.players()
    kind = a[0]
    if kind == "roll":
        return "the roll " + " ".join([str(v) for v in a[1]])
    if kind == "leaf":
        return names[a[1]] + "'s leaf " + str(a[2])
    if kind == "zone":
        return f.ZONES[a[1]][1] + " completed"
    if kind == "sheet":
        return names[a[1]] + "'s sheet"
    return _DONE.get(kind, kind)
