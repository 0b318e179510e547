# A number too large for a Stepper (a deal number, 1 to 1,000,000), keyed in digit by
# digit as it is said: "6, 1, 7". UP/DOWN change the digit being keyed (held: it runs),
# OK keeps it and opens the next one; OK on an open digit, or ROLL at any time, confirms.
# BACK takes the last digit off (with none left it leaves). 617 is 14 presses: UP x6 OK
# UP UP OK DOWN x3 OK OK. Imported when a screen opens one (ui/widgets.py is in the heap
# from boot, this is not).
from core.buttons import BACK, DOWN, OK, ROLL, UP, is_step

from ui import text, widgets
from ui.screen import Screen

_OPEN = -1  # the digit being keyed has no value yet: shown as "_"
_HINT = "OK: next  ROLL: done"


class DigitEntry(Screen):
    # on_done(value) runs on confirm with lo <= value <= hi; a number out of range is
    # refused in plain words
    def __init__(self, shell, title, lo, hi, on_done):
        super().__init__(shell)
        self.title = title
        self.lo = lo
        self.hi = hi
        self.on_done = on_done
        self.digits = [_OPEN]  # the kept digits, then the one being keyed
        self.most = len(str(hi))

    def value(self):
        v = 0
        for d in self.digits:
            if d != _OPEN:
                v = 10 * v + d
        return v

    def _step(self, up):
        d = self.digits[-1]
        first = len(self.digits) == 1  # a number does not start with 0
        lo = 1 if first else 0
        if d == _OPEN:
            d = lo if up else 9
        elif up:
            d = d + 1 if d < 9 else lo
        else:
            d = d - 1 if d > lo else 9
        self.digits[-1] = d

    def _confirm(self):
        v = self.value()
        if self.digits == [_OPEN]:
            return  # nothing keyed yet
        if not self.lo <= v <= self.hi:
            self.shell.notify("Choose " + str(self.lo) + " to " + str(self.hi) + ".", self.title)
            return
        self.shell.pop()
        self.on_done(v)

    def update(self, events, now_ms):
        for ev in events:
            if is_step(ev, UP) or is_step(ev, DOWN):
                self._step(is_step(ev, UP))
            elif ev == OK:
                if self.digits[-1] == _OPEN or len(self.digits) == self.most:
                    self._confirm()
                    return
                self.digits.append(_OPEN)
            elif ev == ROLL:
                self._confirm()
                return
            elif ev == BACK:
                self.digits.pop()  # the digit before it is the one being keyed again
                if not self.digits:
                    self.shell.pop()
                    return
            else:
                continue
            self.dirty = True

    def draw(self, fb):
        widgets.title_bar(fb, self.title)
        s = ""
        for d in self.digits:
            s += "_" if d == _OPEN else str(d)
        x = text.draw(fb, s, widgets.W // 2 - text.width(s, text.MEDIUM) // 2, 20, font=text.MEDIUM)
        # the digit being keyed is underlined
        w = text.width("0", text.MEDIUM)
        fb.hline(x - w, 35, w - 1, 1)
        text.draw(fb, _HINT, widgets.W // 2, widgets.H - 9, align=text.CENTER)
