# Solitaire's table, the face of a deal in play. The six piles are six rows, pile 1 on
# top, each read from its bottom card (left) to its top card (right): the pile's number
# (lit for the cursor), its face-down cards as small bars, then its face-up cards, each
# run of one suit as one piece, "K-9♦", its highest and lowest card (the rule text
# stacks a run so that its bottom card still shows). The title bar: the deal's number and
# the deals left; while cards are picked up, what goes where.
# Keys: UP/DOWN move along the piles. OK picks up the top card; OK again on that pile
# takes the next card of its run too (after the whole run, one card again); OK on another
# pile puts the cards there, or says in plain words why not. BACK puts them back, ROLL
# deals.
# A row longer than the screen closes its gaps up, then its lowest pieces give way to
# "«n" (n cards not shown), and while the cursor is on that pile the title bar lists
# them: no card is ever cut or drawn over another.
from core.buttons import BACK, DOWN, OK, ROLL, UP, is_step
from micropython import const
from rules import solitaire
from ui import text, widgets
from ui.screen import Screen

from apps.solitaire import DEAL, card, run

ROW_Y = const(10)  # the first row, under the title bar
ROW_H = const(9)  # the small font's capitals are 7 px tall (8 with Q's tail)
CARDS_X = const(9)  # where a row's cards start, after the pile's number
GAP = const(3)  # between two pieces of a row; 1 when the row is tight


def pieces(g, p, n):
    # pile p's face-up cards as runs, bottom first: [(highest, lowest)]; the top n cards
    # (those picked up) are a piece of their own
    a = g.piles[p]
    top = len(a) - n
    out = []
    i = g.down[p]
    while i < len(a):
        j = i
        while j + 1 < len(a) and j + 1 != top and a[j + 1] == a[j] - 1 and a[j + 1] % 13 != 12:
            j += 1
        out.append((a[i], a[j]))
        i = j + 1
    return out


def fit(widths, hidden, room):
    # -> (pieces to leave out from the bottom, gap) for a row of pieces `widths` wide in
    # `room` px; hidden(k): the width of the mark for the first k pieces left out
    k = len(widths)
    total = sum(widths)
    if total + GAP * (k - 1) <= room:
        return 0, GAP
    first = 0
    while first < k - 1 and total + (k - first - 1) + (hidden(first) + 1 if first else 0) > room:
        total -= widths[first]
        first += 1
    return first, 1


class TableView(Screen):
    def __init__(self, app):
        super().__init__(app.shell)
        self.app = app
        self.cursor = 0
        self.src = -1  # the pile cards are picked up from; -1: none
        self.n = 0  # how many

    def changed(self):
        # a move, a deal, an undo: nothing is picked up any more
        self.src = -1
        self.dirty = True

    def suggest(self, move):
        # a hint: its cards picked up, the cursor on where they go
        self.src, self.cursor, self.n = move
        self.dirty = True

    def update(self, events, now_ms):
        app = self.app
        for ev in events:
            if is_step(ev, UP):
                self.cursor = (self.cursor - 1) % solitaire.PILES
            elif is_step(ev, DOWN):
                self.cursor = (self.cursor + 1) % solitaire.PILES
            elif ev == OK:
                self._ok()
            elif ev == ROLL:
                self.src = -1
                app.act(DEAL)
            elif ev == BACK:
                if self.src < 0:
                    self.shell.pop()
                    return
                self.src = -1
            else:
                continue
            self.dirty = True
            if self.shell.top is not app:
                return  # a refusal in words: the next presses are its own

    def _ok(self):
        g = self.app.state
        c = self.cursor
        if self.src < 0:
            if g.piles[c]:
                self.src = c
                self.n = 1
            else:
                self.app.shell.notify("Pile " + str(c + 1) + " is empty.", "Can't do that")
        elif c == self.src:
            self.n = self.n + 1 if self.n < solitaire.run_len(g, c) else 1
        else:
            self.app.act([self.src, c, self.n])

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, fb):
        g = self.app.state
        under = None  # the cards the cursor's row leaves out
        for p in range(solitaire.PILES):
            left = self._row(fb, g, p, ROW_Y + ROW_H * p)
            if left and p == self.cursor:
                under = left
        self._title(fb, g, under)

    def _row(self, fb, g, p, y):
        # -> the pieces left out of the row, as text, or None
        h = text.height()
        on = p == self.cursor
        if on:
            fb.fill_rect(0, y, 7, ROW_H, 1)
            text.alt(0, y, "\u25ba", h)  # the cursor, for whoever reads the screen as text
        text.draw(fb, str(p + 1), 1, y, color=0 if on else 1)
        x = CARDS_X
        down = g.down[p]
        if down:
            for i in range(down):
                fb.fill_rect(x + 3 * i, y + 1, 2, 7, 1)
            text.alt(x, y, "[" + str(down) + "]", h)
            x += 3 * down + 2
        if not g.piles[p]:
            text.draw(fb, "empty", x, y)
            return None
        n = self.n if p == self.src else 0
        runs = pieces(g, p, n)
        words = [run(hi, lo) for hi, lo in runs]
        widths = [text.width(w) for w in words]

        def mark(k):
            # "«5": the cards of the k lowest pieces, not shown
            c = 0
            for hi, lo in runs[:k]:
                c += hi - lo + 1
            return "\u00ab" + str(c)

        first, gap = fit(widths, lambda k: text.width(mark(k)), widgets.W - x)
        if first:
            x = text.draw(fb, mark(first), x, y) + gap
        for i in range(first, len(words)):
            if n and i == len(words) - 1:  # the cards picked up: lit
                fb.fill_rect(x - 1, y, widths[i] + 1, ROW_H, 1)
                text.draw(fb, words[i], x, y, color=0)
            else:
                text.draw(fb, words[i], x, y)
            x += widths[i] + gap
        return " ".join(words[:first]) if first else None

    def _title(self, fb, g, under):
        if self.src >= 0:
            a = g.piles[self.src]
            what = run(a[-self.n], a[-1])
            if self.cursor == self.src:
                more = self.n < solitaire.run_len(g, self.src)
                widgets.title_bar(fb, what + (": OK takes more" if more else ": where to?"))
                return
            b = g.piles[self.cursor]
            widgets.title_bar(fb, what + " onto " + (card(b[-1]) if b else "pile " + str(self.cursor + 1)))
            return
        if under is not None:
            widgets.title_bar(fb, "\u00ab" + under)
            return
        left = g.left() // 6
        if self.app.journal.over:
            right = "no moves left"
        elif left:
            right = str(left) + (" deals left" if left > 1 else " deal left")
        else:
            right = "no deals left"
        widgets.title_bar(fb, "#" + str(self.app.deal_number()), right)
