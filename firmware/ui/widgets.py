# The building blocks every app uses: a title bar, a footer, a scrolling menu, scrolling
# lines and a message box (the screens an app opens now and then: ui/dialogs.py).
# Layout: a 10-px title bar, then rows of ROW_H; a footer, when a screen has one, from
# FOOTER_Y down.
from core.buttons import DOWN, OK, UP, is_step
from core.ticks import ticks_diff
from micropython import const

from ui import text
from ui.screen import Screen

W = const(128)
H = const(64)
TITLE_H = const(10)
ROW_H = const(10)
ROWS = const(5)  # menu rows under the title bar
FOOTER_Y = const(52)  # a footer's rule; its line of text starts 2 px below
_BACK = const(2)  # core.buttons.BACK, inlined: one name fewer in the heap at home
_ROLL = const(4)  # core.buttons.ROLL, the same


def title_bar(fb, title, right=""):
    # lit bar with dark text: always tells the player where they are
    fb.fill_rect(0, 0, W, TITLE_H - 1, 1)
    x = W - 2
    if right:
        x = W - 2 - text.width(right)
        text.draw(fb, right, x, 0, color=0)
    text.draw(fb, text.fit(title, x - 4), 2, 0, color=0)


def footer(fb, hint, rule=True):
    # the line at the foot of a screen that says what the keys do here, centred, under
    # a rule across the screen (rule=False: for a screen whose body needs the space)
    if rule:
        fb.hline(0, FOOTER_Y, W, 1)
    text.draw(fb, hint, W // 2, FOOTER_Y + 2, align=text.CENTER)


def wrap(s, max_w):
    # words onto lines no wider than max_w; a word longer than a line is broken where
    # the line is full and goes on on the next, so nothing is ever cut off
    lines = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            cand = word if not line else line + " " + word
            if text.width(cand) <= max_w:
                line = cand
                continue
            if line:
                lines.append(line)
            while text.width(word) > max_w:
                n = max(text.fitting(word, max_w), 1)  # as much as fits
                lines.append(word[:n])
                word = word[n:]
            line = word
        lines.append(line)
    return lines


class Menu:
    # A list of rows with a cursor; scrolls to keep the cursor visible and wraps at the
    # ends (ui/dialogs.py Ends: one that stops there). Not a screen itself, so several
    # screens can embed one.
    def __init__(self, items, index=0, rows=ROWS):
        self.items = items
        self.index = index
        self.rows = rows
        self.first = 0
        self._fits = {}  # item -> its label fitted to the row: every frame draws them
        self._scroll()

    def _scroll(self):
        if self.index < self.first:
            self.first = self.index
        elif self.index >= self.first + self.rows:
            self.first = self.index - self.rows + 1

    def handle(self, ev):
        # -> "move" when the cursor moved, "pick" on OK, None otherwise
        n = len(self.items)
        if not n:
            return None
        if is_step(ev, UP):
            self.index = (self.index - 1) % n
        elif is_step(ev, DOWN):
            self.index = (self.index + 1) % n
        elif ev == OK:
            return "pick"
        else:
            return None
        self._scroll()
        return "move"

    def draw(self, fb, y=TITLE_H):
        n = len(self.items)
        for row in range(self.rows):
            i = self.first + row
            if i >= n:
                break
            yy = y + row * ROW_H
            item = self.items[i]
            label = self._fits.get(item)
            if label is None:
                if len(self._fits) > 32:  # the items changed many times over
                    self._fits = {}
                label = self._fits[item] = text.fit(item, W - 8)
            elif label != item:
                text.cut(item)  # still cut off: said on every frame, as fit() does
            if i == self.index:
                # the bar covers the label, not the whole row: moving the cursor then
                # changes few columns, so few bytes go to the panel
                fb.fill_rect(0, yy, text.width(label) + 5, ROW_H, 1)
                text.draw(fb, label, 3, yy + 1, color=0)
            else:
                text.draw(fb, label, 3, yy + 1)
        if n > self.rows:  # scroll bar: where we are in a long list
            bar_h = max(4, self.rows * ROW_H * self.rows // n)
            top = y + (self.rows * ROW_H - bar_h) * self.first // (n - self.rows)
            fb.vline(W - 2, y, self.rows * ROW_H, 1)
            fb.fill_rect(W - 3, top, 3, bar_h, 1)


def thin_bar(fb, y, h, first, rows, n):
    # where a view of `rows` of n things, from `first`, stands among them: a 1-px bar on
    # the screen's right edge, beside a view h px high from y
    bar = max(4, h * rows // n)
    fb.fill_rect(W - 1, y + (h - bar) * first // (n - rows), 1, bar, 1)


class Lines:
    # Text in `rows` rows from y, each of `texts` wrapped onto as many lines as it
    # needs, scrolled with UP/DOWN when they are more than the rows, with a scroll bar
    # at the right: nothing is ever left off the end. A text may be a pair (left,
    # right): one line with the right part at the right edge (a value beside its
    # label), or, when both do not fit, the left wrapped and the right on a line after.
    def __init__(self, texts, rows, y):
        self.lines = self._wrap(texts, W - 4)
        if len(self.lines) > rows:  # narrower, for the scroll bar
            self.lines = self._wrap(texts, W - 8)
        self.rows = rows
        self.y = y
        self.first = 0

    @staticmethod
    def _wrap(texts, max_w):
        out = []
        for t in texts:
            if type(t) is tuple:
                if text.width(t[0]) + 6 + text.width(t[1]) <= max_w:
                    out.append(t)
                    continue
                out += wrap(t[0], max_w)
                t = ("", t[1])
                out.append(t)
                continue
            out += wrap(t, max_w)
        return out

    def more(self):
        return len(self.lines) > self.rows

    def handle(self, ev):
        # -> True when it scrolled
        if is_step(ev, UP) and self.first > 0:
            self.first -= 1
        elif is_step(ev, DOWN) and self.first < len(self.lines) - self.rows:
            self.first += 1
        else:
            return False
        return True

    def draw(self, fb):
        y = self.y
        box = W - 6 if self.more() else W - 2
        for line in self.lines[self.first : self.first + self.rows]:
            if type(line) is tuple:
                text.draw(fb, line[1], box, y, align=text.RIGHT, box=box - 2)
                line = line[0]
            text.draw(fb, line, 2, y, box=box)
            y += ROW_H
        n = len(self.lines)
        if n > self.rows:
            h = self.rows * ROW_H
            bar_h = max(4, h * self.rows // n)
            fb.vline(W - 2, self.y, h, 1)
            fb.fill_rect(W - 3, self.y + (h - bar_h) * self.first // (n - self.rows), 3, bar_h, 1)


class Message(Screen):
    # A message in plain words; any button or a few seconds dismiss it. No press is
    # eaten: UP, DOWN and ROLL, which a message has no use for, dismiss it and act on
    # the screen under it ("Can't do that", then DOWN moves on the table under it); OK
    # ("seen") and BACK only close it. A long one scrolls with UP/DOWN, and then stays
    # until another button, which only closes it: that one answers what was read.
    # roll: what ROLL does instead, when the message offers it (an undo's redo); stay:
    # it waits for a press however long (one that tells what the next OK does)
    SHOW_MS = 4000

    def __init__(self, shell, title, msg, roll=None, stay=False):
        super().__init__(shell)
        self.title = title
        self.body = Lines([msg], 5, TITLE_H + 2)
        self._since = None
        self.roll = roll
        self.stay = stay

    def update(self, events, now_ms):
        if self._since is None:
            self._since = now_ms
        more = self.body.more()
        for ev in events:
            if more and (is_step(ev, UP) or is_step(ev, DOWN)):
                self.dirty = self.body.handle(ev) or self.dirty
            elif ev == _ROLL and self.roll is not None:
                self.shell.pop()
                self.roll()
                return
            else:
                self.shell.pop()
                if not more and ev != _BACK and ev != OK:  # the first event: all are the next screen's
                    self.shell.top.update(events, now_ms)
                return
        if not more and not self.stay and ticks_diff(now_ms, self._since) >= self.SHOW_MS:
            self.shell.pop()

    def draw(self, fb):
        title_bar(fb, self.title)
        self.body.draw(fb)
