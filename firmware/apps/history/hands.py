# A finished Autumn Leaves game's hands, read-only (opened with OK from its sheet in
# History, past.py): a row per hand, its points per player in the players' columns
# under their names (the winner's negative), four hands at a time, UP/DOWN scroll,
# BACK goes back to the totals.
from core.buttons import DOWN, UP, is_step
from micropython import const
from ui import text, widgets
from ui.screen import Screen

_NUM_W = const(14)  # the hand's number, at the left
_ROWS = const(4)  # hands under the names' row


class Hands(Screen):
    title = "Hands"

    def __init__(self, shell, number, names, rows):
        super().__init__(shell)
        self.number = number  # "#12": the game's number, as on its sheet
        self.names = names
        self.rows = rows  # per hand, every player's points
        self.first = 0  # the hand at the top

    def update(self, events, now_ms):
        for ev in events:
            if is_step(ev, DOWN) and self.first + _ROWS < len(self.rows):
                self.first += 1
                self.dirty = True
            elif is_step(ev, UP) and self.first > 0:
                self.first -= 1
                self.dirty = True
        super().update(events, now_ms)

    def draw(self, fb):
        widgets.title_bar(fb, "Hands", self.number)
        n = len(self.names)
        more = len(self.rows) > _ROWS
        col = (widgets.W - _NUM_W - (3 if more else 0)) // n  # a player's column
        for i in range(n):
            # a name shortened to its column by design: the totals' screen has it whole
            right = _NUM_W + (i + 1) * col
            text.draw(fb, text.short(self.names[i], col - 3), right, 11, align=text.RIGHT)
        fb.hline(0, 20, widgets.W, 1)
        for row in range(min(_ROWS, len(self.rows) - self.first)):
            k = self.first + row
            y = 22 + row * widgets.ROW_H
            text.draw(fb, str(k + 1), 1, y)
            for i in range(n):
                text.draw(fb, str(self.rows[k][i]), _NUM_W + (i + 1) * col, y, align=text.RIGHT)
        if more:  # where we are among the hands
            widgets.thin_bar(fb, 22, _ROWS * widgets.ROW_H, self.first, _ROWS, len(self.rows))
