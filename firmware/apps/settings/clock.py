# Settings' "Date & time": the clock set by buttons, for a box that no computer sets
# (powered from a USB battery). The shared entry grid (ui/entry.py), a row for the date
# (day, month, year) and one for the time (hours, minutes); ROLL or OK on the last cell
# sets it as the host link does (core/when.py set_clock), so games filed from then on
# are dated, and it holds while the power does. The year stays within what set_clock
# takes (when.SET_FROM to UNTIL - 1, said on its note line); a day the month does not
# have (31.2.) is refused in words. Opens on the clock's time once it is set.
from core import when
from ui import entry
from ui.entry import Grid

TITLE = "Clock"  # the room the grid's title bar leaves before its first column
_DEFAULT = (2025, 1, 1, 12, 0)  # a clock never set: a date in the range, at noon
_FIELDS = (("day", "month", str(when.SET_FROM) + "-" + str(when.UNTIL - 1)), ("hours", "minutes"))


def open_entry(shell):
    s = when.stamp(shell.board)
    y, m, d, hh, mm = when.civil(s[0]) if when.dated(s) else _DEFAULT
    shell.push(ClockGrid(shell, [[d, m, y], [hh, mm, 0]]))


class ClockGrid(Grid):
    def __init__(self, shell, values):
        super().__init__(
            shell,
            TITLE,
            ["Date", "Time"],
            # (no headings: the note line names the cell under the cursor)
            [("", 64, 1, 31, True), ("", 86, 1, 12, True), ("", 120, when.SET_FROM, when.UNTIL - 1, False)],
            values,
            [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)],
            "",
            "the date",
        )

    def bounds(self, r, c):
        if r == 1:  # the time's row: hours, minutes
            return 0, (23, 59)[c], True
        return super().bounds(r, c)

    def cell_text(self, r, c):
        v = self.values[r][c]
        if r == 1:
            return "" if c == 2 else ("0" if c and v < 10 else "") + str(v)
        return str(v)

    def note(self):
        r, c = self.cursor()
        return _FIELDS[r][c] + entry.DONE

    def done(self):
        (d, m, y), (hh, mm, _) = self.values
        try:
            when.set_clock(self.shell.board, (y, m, d, hh, mm, 0))
        except ValueError:
            return "There is no " + str(d) + "." + str(m) + "." + str(y) + "."
        self.shell.pop()
        s = when.stamp(self.shell.board)
        self.shell.notify("Set to " + when.text(s[0]) + ". Games are dated from now on.", "Date & time")
        return None
