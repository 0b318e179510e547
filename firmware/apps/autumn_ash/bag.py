# Autumn Ash: the screens that take a bag. The colour (only the bagging player's side),
# then how many pawns, drones and queens (1, 2, 3 pips) on the shared entry grid,
# pre-filled with one of each and stopping at 0 and 2 (two stashes: two of each size per
# colour, said in the heading); the points, pips plus the one colour bonus, show before
# OK takes them. Most turns bag nothing: ROLL on the colours (ROLL twice from the
# totals) passes the turn.
from core import case
from rules import autumn_ash
from ui import dialogs, entry, text, widgets
from ui.entry import Grid

SIZES = ("Pawns", "Drones", "Queens")
NO_BAG = "No bag: pass"
PASS_HINT = "ROLL: no bag"


def colour_menu(app, seat, k=-1):
    # k = -1: this turn; else turn k corrected. The side's colours in the rules' order,
    # the cursor on the first (a menu starts at its top), then "No bag": a turn without
    # one, said in words
    setup = app.journal.setup
    colours = autumn_ash.colours(setup, seat)
    items = [case.capitalise(c) for c in colours] + [NO_BAG]
    index = 0
    old = None
    if k >= 0:
        old = app.state["entries"][k]
        index = colours.index(old[1]) if autumn_ash.is_bag(old) else len(colours)
    name = app.players()[seat]

    def pick(i):
        if i == len(colours):  # no bag this turn
            problem = app.enter_line(k, [seat])
            if problem:
                app.shell.notify(problem, entry.REFUSED)
            else:
                app.shell.back_to(app)
            return
        counts = list(old[2]) if old is not None and autumn_ash.is_bag(old) else [1, 1, 1]
        app.shell.push(BagGrid(app, k, seat, colours[i], counts))

    return Colours(app.shell, name, items, pick, index, k < 0)


class Colours(dialogs.MenuScreen):
    # the colours of this turn (now: ROLL passes it, as the title bar says) or of a
    # turn corrected (ROLL does nothing: a stray press must not throw a bag away)
    def __init__(self, shell, name, items, pick, index, now):
        self.name = name
        self.now = now
        super().__init__(shell, text.short(name, 84) + "'s turn", items, pick, index)

    def on_roll(self):
        if self.now:
            self.pick(len(self.menu.items) - 1)
        return True

    def draw(self, fb):
        if not self.now:
            super().draw(fb)
            return
        # the name alone beside the hint: "'s turn" and the hint do not both fit
        widgets.title_bar(fb, text.short(self.name, widgets.W - 8 - text.width(PASS_HINT)), PASS_HINT)
        self.menu.draw(fb)


class BagGrid(Grid):
    def __init__(self, app, k, seat, colour, counts):
        self.app = app
        self.k = k
        self.seat = seat
        self.colour = colour
        values = [[c] for c in counts]
        cells = [(0, 0), (1, 0), (2, 0)]
        title = case.capitalise(colour)
        super().__init__(
            app.shell,
            title,
            list(SIZES),
            [("at most " + str(autumn_ash.STASHES), 90, 0, autumn_ash.STASHES, False)],
            values,
            cells,
            "pips",
            "this " + colour + " bag",
        )

    def counts(self):
        return [v[0] for v in self.values]

    def result(self, r):
        return str(self.values[r][0] * (r + 1))

    def note(self):
        counts = self.counts()
        n = counts[0] + counts[1] + counts[2]
        if n < autumn_ash.MIN_BAG:
            return "a bag needs 3+ pieces"
        pips = counts[0] + 2 * counts[1] + 3 * counts[2]
        bonus = autumn_ash.color_bonus(self.colour)
        total = str(autumn_ash.points([self.seat, self.colour, counts]))
        # the bag's points before the key hint: "10+6 = 16" (pips + the colour's bonus,
        # the colour in the title), at most "12+6 = 18", so the hint always fits
        if not bonus:
            return total + " pts" + entry.DONE
        return str(pips) + "+" + str(bonus) + " = " + total + entry.DONE

    def done(self):
        problem = self.app.enter_line(self.k, [self.seat, self.colour, self.counts()])
        if problem:
            return problem
        self.leave()
        return None

    def leave(self):
        # taken or discarded, back to the totals (not to the colour menu)
        self.shell.back_to(self.app)

    def leds(self, leds, now_ms):
        leds.seats(2, self.seat)
