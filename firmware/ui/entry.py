# The score-entry grid every game shares: a small table of numbers filled in with five
# buttons. One row per item (a player, a piece size), one column per value, a computed
# column on the right (what the row scores) and a line at the bottom that explains the
# row under the cursor in words. Every cell starts pre-filled, so a typical entry is a
# few nudges and OKs:
#   UP/DOWN  change the value under the cursor (held: fast, pausing on a column's
#            stop(c) if it has one: let go and hold again to go on); the cell shows arrows
#   OK       next cell; on the last cell: done
#   BACK     previous cell; on the first, or once the entry was refused: leave (with
#            changes made: after asking)
#   ROLL     done now (the cells not visited keep their pre-filled values)
# A game subclasses Grid and provides cell_text(r, c), result(r), note() (its words end
# with DONE, the key hint, where the entry can be taken) and done(),
# which returns plain words when the entry is refused (the player is told, nothing
# changes) or None when it was taken.
from core.buttons import BACK, DOWN, OK, REPEAT, ROLL, UP, is_step
from micropython import const

from ui import text, widgets
from ui.screen import Screen

_W = const(128)
_ROW_H = const(10)
_TOP = const(10)
_NOTE_Y = const(54)
_RESULT_X = const(125)
_ROWS = const(4)  # four rows and the note line under the title
REFUSED = "Can't enter that"  # the title of the words that say why an entry is refused
# the note line's key hint, after the words a game puts there: ROLL takes the entry
# from any cell (issue 40: a note of sums alone did not say how to finish)
DONE = ", ROLL: done"


class Grid(Screen):
    # cols: [(heading, right edge x, lo, hi, wrap)]; values: one list per row;
    # cells: the editable (row, col) in the order OK walks them (fixed cells are left out)
    def __init__(self, shell, title, labels, cols, values, cells, result_head="", what=""):
        super().__init__(shell)
        self.title = title
        self.what = what or title  # "hand 3": what BACK would throw away
        self.start = [list(v) for v in values]
        self.labels = labels
        self.cols = cols
        self.values = values
        self.cells = cells
        self.result_head = result_head
        self.pos = 0  # the cell under the cursor
        self.first = 0  # the row at the top of the view
        self.refused = False  # the last try to finish was refused
        self.halted = False  # a held UP/DOWN ran onto its column's stop: it waits there
        self._scroll()

    # -- to provide --------------------------------------------------------------
    def cell_text(self, r, c):
        return str(self.values[r][c])

    def result(self, r):
        return ""

    def note(self):
        return ""

    def stop(self, c):
        # a value of column c a held UP or DOWN pauses on (None: it runs to the end)
        return None

    def done(self):
        return None

    def bounds(self, r, c):
        # -> (lo, hi, wrap) of cell (r, c): its column's, unless its rows differ
        col = self.cols[c]
        return col[2], col[3], col[4]

    def leave(self):
        # the entry left without being taken
        self.shell.pop()

    # -- the cursor -----------------------------------------------------------------
    def cursor(self):
        return self.cells[self.pos]

    def _scroll(self):
        r = self.cells[self.pos][0]
        if r < self.first:
            self.first = r
        elif r >= self.first + _ROWS:
            self.first = r - _ROWS + 1

    def _nudge(self, step):
        r, c = self.cursor()
        lo, hi, wrap = self.bounds(r, c)
        v = self.values[r][c] + step
        if v > hi:
            v = lo if wrap else hi
        elif v < lo:
            v = hi if wrap else lo
        self.values[r][c] = v

    def _finish(self):
        problem = self.done()
        self.refused = bool(problem)
        if problem:
            self.shell.notify(problem, REFUSED)

    def _leave(self):
        # a stray BACK must not throw away what was entered: ask when anything changed
        from ui import dialogs  # opened on a press: the heap does without it till then

        if self.values == self.start:
            self.leave()
            return
        self.shell.push(
            dialogs.Confirm(
                self.shell,
                self.title,
                "Discard " + self.what + "? The numbers you changed are lost.",
                self.leave,
                "Discard",
                "Keep entering",
            )
        )

    def update(self, events, now_ms):
        for ev in events:
            step = 1 if is_step(ev, UP) else (-1 if is_step(ev, DOWN) else 0)
            if step:
                held = bool(ev & REPEAT)
                if held and self.halted:
                    continue
                self._nudge(step)
                r, c = self.cursor()
                self.halted = held and self.values[r][c] == self.stop(c)
            elif ev == OK:
                if self.pos + 1 >= len(self.cells):
                    self._finish()
                    return
                self.pos += 1
            elif ev == BACK:
                # refused: the player has read why, one BACK offers to leave
                if self.pos == 0 or self.refused:
                    self._leave()
                    return
                self.pos -= 1
            elif ev == ROLL:
                self._finish()
                return
            else:
                continue
            self.refused = False
            self._scroll()
            self.dirty = True

    # -- drawing --------------------------------------------------------------------
    def draw(self, fb):
        widgets.title_bar(fb, "")
        text.draw(fb, text.fit(self.title, self.cols[0][1] - 30), 2, 0, color=0)
        for col in self.cols:
            text.draw(fb, col[0], col[1], 0, color=0, align=text.RIGHT)
        if self.result_head:
            text.draw(fb, self.result_head, _RESULT_X, 0, color=0, align=text.RIGHT)
        cr, cc = self.cursor()
        label_w = self.cols[0][1] - 26
        for row in range(_ROWS):
            r = self.first + row
            if r >= len(self.labels):
                break
            y = _TOP + row * _ROW_H
            if r == cr:  # the row being entered: a marker before its label
                fb.fill_rect(0, y + 2, 2, 6, 1)
            # a name shortened for the column (the full one is on the game's table)
            text.draw(fb, text.short(self.labels[r], label_w), 4, y + 1)
            for c in range(len(self.cols)):
                s = self.cell_text(r, c)
                right = self.cols[c][1]
                if r == cr and c == cc:
                    w = max(text.width(s), 12)
                    fb.fill_rect(right - w - 2, y, w + 4, _ROW_H, 1)
                    text.draw(fb, s, right, y + 1, color=0, align=text.RIGHT)
                    _arrows(fb, right - w - 7, y)
                else:
                    text.draw(fb, s, right, y + 1, align=text.RIGHT)
            text.draw(fb, self.result(r), _RESULT_X, y + 1, align=text.RIGHT)
        if len(self.labels) > _ROWS:
            widgets.thin_bar(fb, _TOP, _ROWS * _ROW_H, self.first, _ROWS, len(self.labels))
        fb.hline(0, _NOTE_Y - 2, _W, 1)
        # left-aligned: a change of one number redraws only the columns it moved
        text.draw(fb, text.fit(self.note(), _W - 1), 1, _NOTE_Y)


def _arrows(fb, x, y):
    # a small up-and-down arrow before the cell being entered: UP/DOWN change its value
    for i in range(3):
        fb.hline(x + 2 - i, y + 1 + i, 2 * i + 1, 1)
        fb.hline(x + 2 - i, y + 8 - i, 2 * i + 1, 1)
