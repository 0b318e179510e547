# Autumn Leaves: the screens that take a hand's result, and the play-order helper.
# Entering a hand: how it ended (who placed their last card, or the deck ran out),
# then one grid row per player with one number, as a table scores on paper: the
# winner's leaf pile (they score minus it), everyone else's points for the hand
# (highest card left minus leaf pile, 0 if less), pre-filled with the commonest values,
# each row's new total shown as it changes. Correcting a past hand opens the same
# screens with that hand's values (a hand saved with piles and highest cards: its
# points, the winner's pile kept).
from core.buttons import BACK, OK, ROLL
from core.ticks import ticks_diff
from micropython import const
from rules import autumn_leaves
from ui import text, widgets
from ui.entry import DONE, Grid
from ui.screen import Screen

# the winner's leaf pile, pre-filled: the median of 120 hands of four dealt and played by
# the rules (host_tools/bench/table.py), the value fewest presses away on average
PILE = const(7)
PILE_COL = const(0)
POINTS_COL = const(1)  # everyone but the winner: their points, 0 the commonest (6 in 10)
# a held UP or DOWN on points pauses here, half way: a table's 0 to 9 are then at most
# three presses from 0 (4 took four, 5 five; a hand of 0-9 points took 16.4 presses on
# average, 14.7 with the pause, issue 40)
POINTS_STOP = const(5)
STEP_MS = const(600)  # the ring shows a drawn order one seat at a time


def ending(app, k):
    # k = -1: the next hand; else hand k corrected
    from ui import dialogs  # opened on a press: the heap does without it till then

    names = app.players()
    items = [n + " went out" for n in names] + ["Deck ran out"]
    index = 0
    if k >= 0:
        w = autumn_leaves.winner_of(app.state["entries"][k])
        index = len(names) if w is None else w
    hand = (app.state["folded"] + k if k >= 0 else app.state["hand"]) + 1

    def pick(i):
        winner = None if i == len(names) else i
        app.shell.push(HandGrid(app, k, hand, winner))

    return dialogs.MenuScreen(app.shell, "How hand " + str(hand) + " ended", items, pick, index)


class HandGrid(Grid):
    # values: [leaf pile, points] per row; the winner's row takes the pile (its points
    # are minus it), every other row its points
    def __init__(self, app, k, hand, winner):
        names = app.players()
        n = len(names)
        self.app = app
        self.k = k
        self.winner = winner
        st = app.state
        self.before = list(st["totals"])  # the totals without this hand
        values = [[PILE, 0] for _ in range(n)]
        if k >= 0:
            old = st["entries"][k]
            row = st["rows"][k]
            was = autumn_leaves.winner_of(old)
            for i in range(n):
                self.before[i] -= row[i]
                if i == was:
                    values[i][PILE_COL] = -row[i]  # no longer the winner: 0 points
                else:
                    values[i][POINTS_COL] = row[i]
        cells = [(r, PILE_COL if r == winner else POINTS_COL) for r in range(n)]
        # no wrap: a stray DOWN on 0 stays 0 (not 9), and 10 points and up are out of reach
        # ("Deck ran out": nobody's pile is entered, so no "pile" heading either)
        pile = "pile" if winner is not None else ""
        cols = [(pile, 70, 1, autumn_leaves.DECK_SIZE, False), ("pts", 92, 0, autumn_leaves.MOST_POINTS, False)]
        super().__init__(app.shell, "Hand " + str(hand), names, cols, values, cells, "total", "hand " + str(hand))

    def score(self, r):
        # row r's points for the hand: the winner's minus their pile
        v = self.values[r]
        return -v[PILE_COL] if r == self.winner else v[POINTS_COL]

    def stop(self, c):
        return POINTS_STOP if c == POINTS_COL else None

    def cell_text(self, r, c):
        if c == PILE_COL:
            return str(self.values[r][c]) if r == self.winner else ""
        return str(self.score(r))

    def result(self, r):
        return str(self.before[r] + self.score(r))

    def note(self):
        # how the row under the cursor scores, in a few words before the key hint (126
        # px: no room for a name too; the row's marker says whose it is): minus one a
        # leaf in the pile, or the highest card left minus the pile (never below 0)
        return ("-1 a leaf" if self.cursor()[0] == self.winner else "card-pile") + DONE

    def done(self):
        entry = autumn_leaves.points(self.winner, [self.score(r) for r in range(len(self.values))])
        problem = self.app.enter_line(self.k, entry)
        if problem:
            return problem
        self.shell.back_to(self.app)
        return None

    def leds(self, leds, now_ms):
        leds.seats(len(self.labels), self.cursor()[0])


class TieDraw(Screen):
    # Equal cards and identical leaf piles: the rules say "determine the order
    # randomly". Tick the tied players (OK), ROLL draws; the order shows on the screen
    # and walks round their seats on the ring. ROLL draws again, OK is done, BACK goes
    # back to the ticks for the next tie.
    title = "Tie"

    def __init__(self, shell, names):
        super().__init__(shell)
        self.names = names
        self.ticked = [False] * len(names)
        self.tied = []  # the ticked seats, lit on the ring
        self.menu = widgets.Menu(self._items())
        self.order = None
        self.t0 = 0
        self.step = -1

    def _items(self):
        return [("[x] " if t else "[ ] ") + n for t, n in zip(self.ticked, self.names)]

    def draw_order(self, now_ms):
        cards = [1 if t else None for t in self.ticked]
        if len(self.tied) < 2:
            self.shell.notify("Tick at least two tied players with OK, then ROLL.", "Tie")
            return
        # same card, identical piles: the rule leaves only the random order (a shuffle)
        self.order = autumn_leaves.acting_order(cards, [[] for _ in cards], self.shell.rng)
        self.t0 = now_ms
        self.step = 0
        self.shell.beep(1760, 60)
        self.dirty = True

    def update(self, events, now_ms):
        for ev in events:
            if ev == ROLL:
                self.draw_order(now_ms)
                return
            if ev == BACK and self.order is not None:
                self.order = None  # back to the ticks, for the next tie
                self.dirty = True
                continue
            if ev == BACK or (ev == OK and self.order is not None):  # "OK: done"
                self.shell.pop()
                return
            r = self.menu.handle(ev)
            if r == "pick":
                i = self.menu.index
                self.ticked[i] = not self.ticked[i]
                self.tied = [j for j in range(len(self.names)) if self.ticked[j]]
                self.menu.items = self._items()
                self.dirty = True
            elif r:
                self.dirty = True
        if self.order is not None:
            # one seat at a time, then a dark beat, round and round
            step = (ticks_diff(now_ms, self.t0) // STEP_MS) % (len(self.order) + 1)
            if step != self.step:
                self.step = step
                self.dirty = True

    def leds(self, leds, now_ms):
        n = len(self.names)
        if self.order is None:
            leds.seats(n, self.tied)
        else:
            leds.seats(n, self.order[self.step] if self.step < len(self.order) else -1)

    def draw(self, fb):
        if self.order is None:
            widgets.title_bar(fb, "Who tied?", "ROLL: draw")
            self.menu.draw(fb)
            return
        widgets.title_bar(fb, "They play in order", "")
        two = len(self.order) > 4  # five or six: two columns
        for k in range(len(self.order)):
            x = 2 + (k // 3) * 64 if two else 2
            y = 11 + (k % 3 if two else k) * 10
            s = str(k + 1) + " " + self.names[self.order[k]]
            if k == self.step:  # the seat lit on the ring right now
                fb.fill_rect(x - 2, y - 1, text.width(s) + 4, 10, 1)
                text.draw(fb, s, x, y, color=0)
            else:
                text.draw(fb, s, x, y)
        widgets.footer(fb, "ROLL: again  OK: done", rule=False)
