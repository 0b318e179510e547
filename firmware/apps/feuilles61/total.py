# 61 Feuilles d'Automne: a sheet counted as the one total its player summed on paper
# (the final tally zone by zone is apps/feuilles61/tally.py's SheetGrid, for those who
# want the check). Opened on a press, so the heap does without it till then.
from core.buttons import DOWN, UP, is_step
from rules import feuilles61
from ui import dialogs, text

_TITLE_W = 120  # the title bar's room


class SheetTotal(dialogs.Stepper):
    # UP/DOWN by 1 (held: fast), from what the device kept (leaf points and bonuses: a
    # total is never less) to that plus every zone full; it stops at its ends, never
    # wrapping round to the other (a held UP past the top would read as the least).
    # OK or ROLL counts the sheet; on_counted(p) runs once the rules took it.
    def __init__(self, app, p, on_counted):
        self.app = app
        self.p = p
        self.on_counted = on_counted
        st = app.state
        lo = feuilles61.kept(st, p)
        old = st["sheets"][p]
        start = old["total"] if old is not None and "total" in old else (feuilles61.score(st, p)[1] if old is not None else lo)
        name = app.players()[p]
        title = name + "'s total" if text.width(name + "'s total") <= _TITLE_W else text.short(name, _TITLE_W)
        hi = lo + feuilles61.ZONES_MOST
        # its caption: why it goes no lower, the device's part of the sum
        super().__init__(app.shell, title, min(max(start, lo), hi), lo, hi, self._counted, caption="Leaf+bonuses: " + str(lo))

    def update(self, events, now_ms):
        rest = []
        for ev in events:
            if is_step(ev, UP) or is_step(ev, DOWN):
                v = self.value + (1 if is_step(ev, UP) else -1)
                if self.lo <= v <= self.hi:
                    self.value = v
                    self.dirty = True
            else:
                rest.append(ev)
        super().update(rest, now_ms)

    def _counted(self, v):
        if self.app.act(["total", self.p, v]):
            self.on_counted(self.p)

    def leds(self, leds, now_ms):
        leds.seats(len(self.app.players()), self.p)
