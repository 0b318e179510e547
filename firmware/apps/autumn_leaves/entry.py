# Autumn Leaves: the screens that take a hand's result, and the play-order helper.
# Entering a hand: how it ended (who placed their last card, or the deck ran out),
# then one grid row per player with the leaf pile and the highest card left, pre-filled
# (pile 5, highest 10; the winner's hand is empty), each row's score shown as it
# changes. Correcting a past hand opens the same screens with that hand's values.
from core.buttons import BACK, OK, ROLL
from core.ticks import ticks_diff
from micropython import const
from rules import autumn_leaves
from ui import text, widgets
from ui.entry import Grid
from ui.screen import Screen

PILE = const(5)  # a typical leaf pile at the end of a hand (the first card + a few)
HIGH = const(10)  # tens are the commonest rank in a Pairs deck
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
    hand = (k if k >= 0 else app.state["hand"]) + 1

    def pick(i):
        winner = None if i == len(names) else i
        app.shell.push(HandGrid(app, k, hand, winner))

    return dialogs.MenuScreen(app.shell, "How hand " + str(hand) + " ended", items, pick, index)


class HandGrid(Grid):
    def __init__(self, app, k, hand, winner):
        names = app.players()
        n = len(names)
        self.app = app
        self.k = k
        self.winner = winner
        if k >= 0:
            old = app.state["entries"][k]
            values = [[old[1][i], old[2][i]] for i in range(n)]
            was = autumn_leaves.winner_of(old)
            if was is not None and was != winner and values[was][1] == 0:
                values[was][1] = HIGH  # no longer the winner: has cards again
        else:
            values = [[PILE, HIGH] for _ in range(n)]
        if winner is not None:
            values[winner][1] = 0
        cells = []
        for r in range(n):
            cells.append((r, 0))
            if r != winner:
                cells.append((r, 1))
        # a highest card from 1: only the winner's hand is empty, and their row has no
        # such cell ("none", one press from 10, was taken for anyone)
        cols = [("pile", 70, 1, autumn_leaves.DECK_SIZE, False), ("high", 100, 1, autumn_leaves.RANK_MAX, True)]
        super().__init__(app.shell, "Hand " + str(hand), names, cols, values, cells, "pts", "hand " + str(hand))

    def scores(self):
        v = self.values
        return autumn_leaves.hand_scores([x[0] for x in v], [x[1] for x in v], self.winner)

    def cell_text(self, r, c):
        v = self.values[r][c]
        if c == 1:
            if r == self.winner:
                return "out"
            if v == 0:  # a hand saved before the rule (rules/autumn_leaves.py check_hand)
                return "none"
        return str(v)

    def result(self, r):
        return str(self.scores()[r])

    def note(self):
        # the row under the cursor in words: "Ben: high 9 - pile 6 = 3"
        r = self.cursor()[0]
        pile, high = self.values[r]
        if r == self.winner:
            s = "out, pile " + str(pile) + ": -" + str(pile)
        elif high == 0:
            s = "no cards left = 0"
        elif high < pile:
            s = "high " + str(high) + " < pile " + str(pile) + ": 0"
        else:
            s = "high " + str(high) + " - pile " + str(pile) + " = " + str(high - pile)
        named = self.labels[r] + ": " + s
        return named if text.width(named) <= 126 else s

    def done(self):
        v = self.values
        entry = autumn_leaves.hand(self.winner, [x[0] for x in v], [x[1] for x in v])
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
