# The one score table every game shows: a row per player, best first, with the place,
# the name and the total (a negative total keeps its minus sign). The seat's colour is
# on the LEDs, not here. Equal totals share a place and stay in seat order: the order is
# sorted with the seat as an explicit tie-break, since MicroPython's sort is not stable.
#   order(totals, lowest_first) -> seat indices in display order
#   draw(fb, names, totals, y, lowest_first, highlight, rows, first, right)
from micropython import const

from ui import text

_W = const(128)
_H = const(64)
_ROW_H = const(10)
_NAME_X = const(13)


def order(totals, lowest_first=True):
    seats = list(range(len(totals)))
    if lowest_first:
        seats.sort(key=lambda i: (totals[i], i))
    else:
        seats.sort(key=lambda i: (-totals[i], i))
    return seats


def place(totals, seat, lowest_first=True):
    # 1 + the number of players strictly better: equal totals share a place (1, 1, 3)
    t = totals[seat]
    better = 0
    for u in totals:
        if (u < t) if lowest_first else (u > t):
            better += 1
    return better + 1


def draw(fb, names, totals, y=10, lowest_first=True, highlight=-1, rows=5, first=0, right=None):
    # Rows from display position `first`, at most `rows` of them, under y. `highlight` is
    # a seat drawn inverted (whose turn, the winner); `right` optional short strings per
    # seat, shown just before the total. Rows close up to 9 px when 6 players must fit.
    seats = order(totals, lowest_first)
    rh = min(_ROW_H, (_H - y) // max(1, rows))
    total_x = _W - 3
    right_x = total_x - text.width("-000") - 4
    name_w = (right_x - text.width(_longest(right, seats)) - 4 if right else right_x) - _NAME_X
    for row in range(rows):
        k = first + row
        if k >= len(seats):
            break
        seat = seats[k]
        yy = y + row * rh
        c = 1
        if seat == highlight:
            fb.fill_rect(0, yy, _W, rh, 1)
            c = 0
        # closed up to 9 px a row, the text starts a pixel higher: the sixth row's
        # descenders stay on the screen (the font inks rows 0-9, capitals from 1)
        ty = yy - 1 if rh < _ROW_H else yy + 1
        text.draw(fb, str(place(totals, seat, lowest_first)), 2, ty, color=c)
        text.draw(fb, text.short(names[seat], name_w), _NAME_X, ty, color=c)
        if right:
            text.draw(fb, right[seat], right_x, ty, color=c, align=text.RIGHT)
        text.draw(fb, str(totals[seat]), total_x, ty, color=c, align=text.RIGHT)
    if len(seats) > rows:  # more players than rows: a thin bar says where we are
        n = len(seats)
        h = rows * rh
        bar = max(4, h * rows // n)
        top = y + (h - bar) * first // (n - rows)
        fb.fill_rect(_W - 1, top, 1, bar, 1)


def _longest(right, seats):
    s = ""
    for i in seats:
        if len(right[i]) > len(s):
            s = right[i]
    return s
