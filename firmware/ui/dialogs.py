# The screens an app opens now and then, imported where they are opened (the heap at
# home does without them): lines to read, one number to set, a yes/no question, a
# titled menu; and who_won.
from core.buttons import BACK, DOWN, OK, REPEAT, ROLL, UP, is_step

from ui import text
from ui.screen import Screen
from ui.widgets import FOOTER_Y, ROW_H, ROWS, TITLE_H, Lines, Menu, W, title_bar


class TextList(Screen):
    # Read-only lines under a title, scrolled with UP/DOWN; BACK or OK leaves. A line
    # is a string or (left, right): see Lines.
    def __init__(self, shell, title, lines, rows=ROWS):
        super().__init__(shell)
        self.title = title
        self.body = Lines(lines, rows, TITLE_H + 1)  # rows: fewer over a footer

    def update(self, events, now_ms):
        for ev in events:
            if self.body.handle(ev):
                self.dirty = True
            elif ev == BACK or ev == OK:
                self.shell.pop()
                return

    def draw(self, fb):
        b = self.body
        title_bar(fb, self.title, str(b.first + 1) + "/" + str(len(b.lines)) if b.more() else "")
        b.draw(fb)


class Stepper(Screen):
    # One number, changed with UP/DOWN (held: fast), confirmed with OK or ROLL.
    # on_done(value) runs on confirm; BACK leaves the value as it was.
    def __init__(self, shell, title, value, lo, hi, on_done, fmt=None, caption=""):
        super().__init__(shell)
        self.title = title
        self.value = value
        self.lo = lo
        self.hi = hi
        self.on_done = on_done
        self.fmt = fmt or str
        self.caption = caption  # what the number is, in words ("seconds others wait")

    def update(self, events, now_ms):
        for ev in events:
            if is_step(ev, UP):
                self.value = self.value + 1 if self.value < self.hi else self.lo
                self.dirty = True
            elif is_step(ev, DOWN):
                self.value = self.value - 1 if self.value > self.lo else self.hi
                self.dirty = True
            elif ev == OK or ev == ROLL:
                self.shell.pop()
                self.on_done(self.value)
                return
            elif ev == BACK:
                self.shell.pop()
                return

    def draw(self, fb):
        title_bar(fb, self.title)
        text.draw(fb, self.fmt(self.value), W // 2, 16, font=text.BIG, align=text.CENTER)
        if self.caption:
            text.draw(fb, self.caption, W // 2, FOOTER_Y - 8, align=text.CENTER)
        text.draw(fb, "OK: done", W // 2, FOOTER_Y + 2, align=text.CENTER)


class Ends(Menu):
    # a menu that stops at its ends instead of wrapping round: one with a row that
    # erases, forgets or ends a game (Settings, the game menu, a question's answers),
    # so a habit UP at the top never lands on its last row. guard: the rows that do
    # such a thing, where no held UP or DOWN stops (issue 40): it stops beside them,
    # and one whose first step (a press acts at once) went onto one goes back off it as
    # it repeats. Only a click stays on such a row
    def __init__(self, items, index=0, rows=ROWS, guard=()):
        super().__init__(items, index, rows)
        self.guard = guard
        self._from = index  # where the last press started

    def handle(self, ev):
        if ev & REPEAT and self.guard:
            if self.index in self.guard:
                self.index = self._from  # held after all: off the row it stepped on
                self._scroll()
                return "move"
            if self.index + (1 if ev == DOWN | REPEAT else -1) in self.guard:
                return None  # held: it stops beside a row that destroys
        elif ev == UP or ev == DOWN:
            self._from = self.index
        last = len(self.items) - 1
        if (is_step(ev, UP) and self.index == 0) or (is_step(ev, DOWN) and self.index == last):
            return None  # at an end: the cursor stays
        return super().handle(ev)


class Confirm(Screen):
    # A question before what cannot simply be taken back (erasing, forgetting, ending a
    # game, discarding an entry): its two answers are rows under it, the cursor on
    # `keep`, which changes nothing, so the OK or ROLL of habit never does it: that
    # takes a DOWN onto `do`, then OK (on_do runs). BACK keeps too. The question has
    # three lines; a longer one would be cut, and is said to be (text.cut).
    def __init__(self, shell, title, question, on_do, do, keep="Keep"):
        super().__init__(shell)
        self.title = title
        self.question = question
        self.body = Lines([question], 3, TITLE_H + 1)
        self.menu = Ends([keep, do], 0, 2, (1,))
        self.on_do = on_do

    def update(self, events, now_ms):
        for ev in events:
            if ev == BACK:
                self.shell.pop()
                return
            r = self.menu.handle(ev)
            if r == "pick":
                self.shell.pop()
                if self.menu.index:
                    self.on_do()
                return
            if r:
                self.dirty = True

    def draw(self, fb):
        title_bar(fb, self.title)
        self.body.draw(fb)
        if self.body.more():
            text.cut(self.question)
        self.menu.draw(fb, TITLE_H + 1 + min(len(self.body.lines), 3) * ROW_H)  # right under it


def confirm_twice(shell, title, question, again, on_do, do, keep):
    # a question asked twice, for the two that take everything of a kind for good
    # (erase all data, clear every roll): held and clicked presses that reach one answer
    # (a scroll stops beside it, issue 40) then meet a second question, the cursor again
    # on `keep`, so no sequence of habit presses gets through (host_tools/bench/habits.py)
    def ask_again():
        shell.push(Confirm(shell, title, again, on_do, do, keep))

    shell.push(Confirm(shell, title, question, ask_again, do, keep))


class MenuScreen(Screen):
    # a titled menu; on_pick(index) runs on OK. A screen that is a menu at heart (the
    # Randomizer, a game's setup, 61 Feuilles' zones) subclasses it and gives what
    # differs: pick(index) (OK), on_roll() (-> True when it took ROLL: by default the
    # menu ignores it), on_back() (by default BACK leaves). wrap=False: the menu stops
    # at its ends (Ends), guard: its rows that a held scroll never lands on (Ends);
    # right: the title bar's right end, a key hint ("OK: set")
    def __init__(self, shell, title, items, on_pick=None, index=0, wrap=True, guard=(), right=""):
        super().__init__(shell)
        self.title = title
        self.right = right
        self.menu = Menu(items, index) if wrap else Ends(items, index, ROWS, guard)
        self.on_pick = on_pick

    def update(self, events, now_ms):
        for ev in events:
            if ev == BACK:
                self.on_back()
                return
            if ev == ROLL and self.on_roll():
                return
            r = self.menu.handle(ev)
            if r == "pick":
                self.pick(self.menu.index)
                return
            if r:
                self.dirty = True

    def pick(self, index):
        self.on_pick(index)

    def on_roll(self):
        return False

    def on_back(self):
        self.shell.pop()

    def draw(self, fb):
        title_bar(fb, self.title, self.right)
        self.menu.draw(fb)


def who_won(name, max_w):
    # the right part of a title bar over a finished game: "Ben wins" when it fits
    # max_w pixels, else the winner's name alone, shortened if need be (text.short)
    said = name + " wins"
    return said if text.width(said) <= max_w else text.short(name, max_w)
