# The score tables the games show. The one in SMALL rows (a row per player, best first,
# with the place, the name and the total) for the long lists; and, for a game's main
# screen, the ones read from across the table (SMALL is about 1.3 mm tall on the panel):
# the standings in MEDIUM, and a column per player with a BIG total. A negative total
# keeps its minus sign. The seat's colour is on the LEDs, not here. Equal totals share
# a place and stay in seat order: the order is sorted with the seat as an explicit
# tie-break, since MicroPython's sort is not stable.
#   order(totals, lowest_first) -> seat indices in display order
#   place(totals, seat, lowest_first) -> 1 + how many are strictly better
#   draw(fb, names, totals, y, lowest_first, highlight, rows, first)  SMALL rows
#   standings(fb, names, totals, y, h, lowest_first, highlight)  MEDIUM, all players
#   columns(fb, names, totals, lit, y, bottom)  a column a player, BIG totals
from micropython import const

from ui import text, widgets

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


def draw(fb, names, totals, y=10, lowest_first=True, highlight=-1, rows=5, first=0):
    # Rows from display position `first`, at most `rows` of them, under y. `highlight` is
    # a seat drawn inverted (the winner, the row under the cursor). Rows close up to 9
    # px when 6 players must fit.
    seats = order(totals, lowest_first)
    rh = min(_ROW_H, (_H - y) // max(1, rows))
    total_x = _W - 3
    name_w = total_x - text.width("-000") - 4 - _NAME_X
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
        text.draw(fb, str(totals[seat]), total_x, ty, color=c, align=text.RIGHT)
    if len(seats) > rows:  # more players than rows: a thin bar says where we are
        widgets.thin_bar(fb, y, rows * rh, first, rows, len(seats))


# -- read from across the table ----------------------------------------------------------
# MEDIUM: digits 10 px tall from 2 px under the row's top, letters with descenders down to
# 14 px. A row of MEDIUM names needs 13 px at the least (the ink, a pixel apart from the
# next row's), a row of MEDIUM digits beside a SMALL name 11.
_MED_H = const(14)
_MED_NAMES = const(13)
_MED_DIGITS = const(11)
_SMALL_DOWN = const(4)  # SMALL drawn this much lower shares MEDIUM's baseline
_BAR_H = const(14)  # a name bar: MEDIUM's row


def _name_font(name, w):
    # a player's name as large as it fits in w pixels: MEDIUM, else SMALL, else SMALL
    # shortened (text.short: the line-up shows it whole)
    med = text.MEDIUM
    if text.width(name, med) <= w:
        return med, name
    return text.SMALL, text.short(name, w)


def standings(fb, names, totals, y, h, lowest_first=True, highlight=-1):
    # Every player's place, name and total in the h pixels under y, best first, the
    # totals in MEDIUM: one column with the names in MEDIUM too while such rows fit,
    # else in SMALL; more players than even those rows: two columns, read left to right
    # then down, the names SMALL and shortened to fit. `highlight`: a seat drawn
    # inverted (the winner). -> the y under the last row
    seats = order(totals, lowest_first)
    n = len(seats)
    med = text.MEDIUM
    cols = 1 if n * _MED_DIGITS <= h else 2
    rows = (n + cols - 1) // cols
    pitch = min(_MED_H, h // rows)
    big_names = cols == 1 and pitch >= _MED_NAMES
    cw = _W // cols
    if cols > 1:
        fb.vline(cw - 1, y, rows * pitch, 1)
    for k in range(n):
        seat = seats[k]
        x = (k % cols) * cw
        yy = y + (k // cols) * pitch
        c = 1
        if seat == highlight:
            fb.fill_rect(x, yy, cw - 1, pitch, 1)
            c = 0
        p = str(place(totals, seat, lowest_first))
        t = str(totals[seat])
        room = x + cw - 3 - text.width(t, med) - 4  # the name's right edge, before its total
        if big_names:
            ty = yy + pitch - _MED_H  # descenders inside the row, however tight the rows
            text.draw(fb, p, x + 2, ty, font=med, color=c)
            text.draw(fb, text.short(names[seat], room - x - 14, med), x + 14, ty, font=med, color=c)
        else:
            ty = yy + (pitch - 10) // 2 - 2  # the digits' 10 px in the middle of the row
            sy = ty + min(_SMALL_DOWN, yy + pitch - text.height() - ty)  # descenders inside
            text.draw(fb, p, x + 1, sy, color=c)
            text.draw(fb, text.short(names[seat], room - x - 9), x + 9, sy, color=c)
        text.draw(fb, t, x + cw - 3, ty, font=med, color=c, align=text.RIGHT)
    return y + rows * pitch


def columns(fb, names, totals, lit, y=10, bottom=52):
    # A column per player, in seat order, from y down to the rule at `bottom`: the name
    # on a bar and the total in BIG digits under it (MEDIUM if they would not fit).
    # The player `lit` (whose turn, the winner) has the bar lit and the column framed.
    n = len(names)
    cw = _W // n
    big = text.BIG
    for p in range(n):
        x = p * cw
        mid = x + cw // 2
        c = 1
        if p == lit:
            fb.rect(x, y, cw, bottom - y + 1, 1)
            fb.fill_rect(x, y, cw, _BAR_H, 1)
            c = 0
        font, s = _name_font(names[p], cw - 4)
        text.draw(fb, s, mid, y + (_BAR_H - font.HEIGHT) // 2, font=font, color=c, align=text.CENTER)
        s = str(totals[p])
        font = big if text.width(s, big) <= cw - 4 else text.MEDIUM
        text.draw(fb, s, mid, y + _BAR_H + 2, font=font, align=text.CENTER)
