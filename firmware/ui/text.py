# The one text routine: every string on the screen goes through draw(). It draws the
# glyphs of a font (ui/fonts/, made by host_tools/fonts/make_fonts.py) straight into the
# display's buffer (ui/glyphs.py: machine code on the device), and where a reader has
# put a list in `layer` (the simulator, a test) it records there what it drew, so that
# the screen can be read back as text (lines()).
#
#   draw(fb, s, x, y, font=SMALL, color=1, align=LEFT, box=0) -> x after the text
#   width(s, font=SMALL), height(font=SMALL), fit(s, max_w, font=SMALL),
#   short(name, max_w, font=SMALL), fitting(s, max_w, font=SMALL), has(ch, font)
#   alt(x, y, s, h), clear_layer(), forget(x, y, w, h), lines()
#
# One line per call ('\n' is not a line break: it is drawn as '?'; see widgets.wrap).
# Transparent: only the glyphs' ink is drawn, so text can go on any background.
#
# Fonts: SMALL (10-px rows, 6 px a character: 21 across the screen) for menus and lists,
# MEDIUM (14-px rows, 8 px a character: 16 across) for headlines and names, BIG (28-px
# rows, digits 25 px tall and 21 px wide) for totals: digits, space, + - / : . only.
# SMALL and MEDIUM have ASCII, every Latin-1 letter and … € ← → ↑ ↓ ▲ ▼ ◄ ► • −.
# A character a font does not have is drawn as '?'.
#
# SMALL is imported here, at boot: every screen needs it. BIG and MEDIUM load on first
# use (text.BIG, text.MEDIUM, through the module __getattr__ below), so the home screen
# is up sooner; once loaded a font stays (apps/home.py never unloads ui.fonts).
from micropython import const

from ui import glyphs
from ui.fonts import small as SMALL


def __getattr__(name):
    # a big font's glyphs are one block of a few KB: on a heap too fragmented to find
    # one (the allocator collects before it gives up), the screen is drawn in SMALL
    # rather than not at all, and the font is asked for again at the next draw
    if name not in ("BIG", "MEDIUM"):
        raise AttributeError(name)
    try:
        if name == "BIG":
            from ui.fonts import big

            return big
        from ui.fonts import medium

        return medium
    except MemoryError:
        return SMALL


LEFT = const(0)
CENTER = const(1)
RIGHT = const(2)

# the screen: text drawn wholly outside it is not recorded in the layer
_SCREEN_W = const(128)
_SCREEN_H = const(64)

# What is on the screen as text: (x, y, s, h) per draw() or alt(), x the left edge.
# None on the device, where nobody reads it (a tuple per string drawn would cost the
# RP2040 ~20-30 us each); the simulator puts a list here at each boot.
layer = None
# Strings draw() could not show whole, cut by the edge of the screen or of their box:
# the first few on the device. A player judges the picture, so the simulator replaces
# cut() to collect every one, and the tests and the bench fail on any.
clipped = []
_CLIPPED_MAX = const(16)


def cut(s):
    # a string drawn cut off (draw, fit): the first few kept, each once; the simulator
    # puts its own collector here
    if len(clipped) < _CLIPPED_MAX and s not in clipped:
        clipped.append(s)


_SYMBOL_BYTE = {}  # the symbols' code points -> their byte (the same in every font)


def _symbol(c):
    # the byte of the symbol with code point c, or '?'; the table is made at the first
    # symbol drawn, not at boot
    if not _SYMBOL_BYTE:
        i = 0x80
        for ch in SMALL.SYMBOLS:
            _SYMBOL_BYTE[ord(ch)] = i
            i += 1
    return _SYMBOL_BYTE.get(c, 0x3F)


# The last string as the glyph loops take it: a label is measured (fit, width) and drawn
# one after the other, and each look costs a scan or an allocation (~20-30 us each on
# the RP2040)
_last_s = ""
_last_b = b""


def _run(s):
    # s as the glyph loops take it: where they are machine code they read a string's
    # UTF-8 bytes in place, so an all-ASCII string (the usual one) needs no copy at all
    global _last_s, _last_b
    if s is not _last_s:
        _last_b = s if _IN_PLACE and glyphs.ascii(s) else _encode(s)
        _last_s = s
    return _last_b


def _encode(s):
    # s in the fonts' one-byte encoding: its UTF-8 bytes when it is all ASCII (the usual
    # case: one small copy, no object per character); else a code point below 256 for
    # each character, a symbol as 0x80 + its place in SYMBOLS, anything else as '?'.
    # Decoded from the UTF-8 bytes as ints: a one-character string per character would
    # cost MicroPython a search of every name it knows (qstr_find_strn), each time.
    try:
        b = s.encode()
    except UnicodeError:
        # a lone surrogate ("\ud800", from a hostile save): CPython will not encode
        # it, MicroPython keeps its bytes (drawn as '?' below); '?' here too
        b = s.encode("utf-8", "replace")
    n = len(b)
    if n == len(s):
        return b
    out = bytearray(len(s))
    i = 0
    j = 0
    while i < n:
        c = b[i]
        if c < 0x80:
            i += 1
        elif c < 0xE0:  # two bytes: U+0080..U+07FF
            c = ((c & 0x1F) << 6) | (b[i + 1] & 0x3F)
            i += 2
        elif c < 0xF0:  # three: the rest of the BMP, where the symbols are
            c = ((c & 0x0F) << 12) | ((b[i + 1] & 0x3F) << 6) | (b[i + 2] & 0x3F)
            i += 3
        else:  # four: beyond the BMP, no font has it
            c = 0x10000
            i += 4
        if c >= 0x80 and c < 0xA0:
            c = 0x3F  # the C1 control codes are where the symbols go
        elif c >= 256:
            c = _symbol(c)
        out[j] = c
        j += 1
    return out


try:  # viper (ptr8 of a str) or the plain-Python twin (indexing a str gives no int)
    _IN_PLACE = glyphs.advance("?", SMALL.DATA) > 0
except TypeError:
    _IN_PLACE = False


def has(ch, font=SMALL):
    # True when the font draws the character ch as itself (not as the fallback '?')
    return ch == "?" or font.DATA[2 + _encode(ch)[0]] != 0


def width(s, font=SMALL):
    # the advance of s in pixels: exactly how far draw() moves x
    return glyphs.advance(_run(s), font.DATA)


def height(font=SMALL):
    # the font's row height in pixels (ascent + descent of its tallest glyphs)
    return font.HEIGHT


def draw(fb, s, x, y, font=SMALL, color=1, align=LEFT, box=0):
    # Draw s with its top-left at (x, y) on the display (or any MONO_VLSB FrameBuffer
    # with its bytes as .buffer and its .width); with CENTER x is the centre, with RIGHT
    # the right edge. Only the glyphs' ink is drawn (color 1 = lit, 0 = dark, e.g. on a
    # lit bar); the rest is left as it was. box: the width the text has (its column),
    # 0 for the rest of the screen; text that does not fit is cut and noted in
    # `clipped` (cut()). Returns the x just after the text.
    if not s:
        return x
    b = _run(s)
    data = font.DATA
    lo = 0
    hi = _SCREEN_W
    if align == CENTER:
        if box:
            lo = x - box // 2
            hi = lo + box
        x -= glyphs.advance(b, data) // 2
    elif align == RIGHT:
        if box:
            lo = x - box
            hi = x
        x -= glyphs.advance(b, data)
    elif box:
        lo = x
        hi = x + box
    buf = fb.buffer
    end = glyphs.paint(buf, data, 0, fb.width, len(buf), b, x, y, color)
    h = font.HEIGHT
    if x < _SCREEN_W and y < _SCREEN_H and end > 0 and y + h > 0:
        if layer is not None:
            layer.append((x, y, s, h))
        lo = max(lo, 0)
        hi = min(hi, _SCREEN_W)
        if x < lo or end > hi or y < 0 or y + h > _SCREEN_H:  # the ink may still fit
            left, right, top, bottom = _ink(_encode(s), data)
            if right and (x + left < lo or x + right > hi or y + top < 0 or y + bottom > _SCREEN_H):
                cut(s)
    return end


def _ink(b, data):
    # the box the glyphs of run b really ink, from its origin: (left, right, top,
    # bottom), right and bottom exclusive; right is 0 for a run without ink. Only for
    # text near an edge, so plain Python (layout: ui/glyphs.py).
    per_col = (data[0] + 7) >> 3
    n = data[1]
    offs = 258 + n
    bitmaps = offs + 2 * n
    left = -1
    right = bottom = 0
    top = 255
    x = 0
    for c in b:
        g = data[2 + c]
        gw = data[258 + g]
        src = bitmaps + (data[offs + 2 * g] | (data[offs + 2 * g + 1] << 8))
        for col in range(gw):
            for k in range(per_col):
                v = data[src + k]
                if v:
                    if left < 0:
                        left = x + col
                    right = x + col + 1
                    row = k << 3
                    while not v & 1:
                        v >>= 1
                        row += 1
                    top = min(top, row)
                    while v > 1:
                        v >>= 1
                        row += 1
                    bottom = max(bottom, row + 1)
            src += per_col
        x += gw
    return (left, right, top, bottom) if right else (0, 0, 0, 0)


def fit(s, max_w, font=SMALL):
    # s, or its longest start that fits max_w pixels with '…' after it ('.' in a font
    # without '…'); trailing spaces before the mark are dropped. "" if even that is too
    # wide for max_w. A string cut short is noted as cut (see `clipped`): only a
    # player's name may be shortened by design (short()).
    out = short(s, max_w, font)
    if out != s:
        cut(s)
    return out


def short(name, max_w, font=SMALL):
    # a player's name shortened to fit a column, as fit() but by design: the full
    # name is on the line-up and in the game's own lists
    b = _run(name)
    data = font.DATA
    if glyphs.advance(b, data) <= max_w:
        return name
    mark = "\u2026" if has("\u2026", font) else "."
    room = max_w - width(mark, font)
    if room < 0:
        return ""
    return name[: glyphs.fitting(b, data, room)].rstrip() + mark


def fitting(s, max_w, font=SMALL):
    # how many characters of s, from its start, fit in max_w pixels
    return glyphs.fitting(_run(s), font.DATA, max_w)


# -- the text layer -------------------------------------------------------------------------


def alt(x, y, s, h):
    # record the meaning of a graphic as text without drawing anything, e.g. a die's pip
    # face: alt(x, y, "5", size)
    if layer is not None:
        layer.append((x, y, s, h))


def clear_layer():
    # forget all text: the main loop calls this before each full redraw
    if layer is not None:
        del layer[:]


def forget(x, y, w, h):
    # forget the entries whose top-left lies in the rectangle: for a screen that blanks
    # and redraws only part of itself
    if layer is None:
        return
    i = len(layer) - 1
    while i >= 0:
        e = layer[i]
        if x <= e[0] < x + w and y <= e[1] < y + h:
            layer.pop(i)
        i -= 1


def _same_row(a, b):
    # entries share a row when their spans [y, y + h) overlap by at least half of the
    # shorter one's height
    ha = a[3] if a[3] > 0 else 1
    hb = b[3] if b[3] > 0 else 1
    overlap = min(a[1] + ha, b[1] + hb) - max(a[1], b[1])
    return overlap > 0 and 2 * overlap >= min(ha, hb)


def lines():
    # The layer as a list of strings, one per text row, top to bottom. Rows: two entries
    # are on the same row when their vertical spans [y, y + h) overlap by at least half
    # the height of the shorter one, and rows are the connected groups of that relation
    # (a big total with a label centred beside it is one row; a headline and the line
    # tucked one pixel into its descent are two). Rows are ordered by their top y; in a
    # row the entries are ordered by x (then y), stripped, and joined by single spaces.
    items = [e for e in layer or () if e[2].strip()]  # none on the device
    n = len(items)
    root = list(range(n))

    def find(i):
        while root[i] != i:
            root[i] = root[root[i]]
            i = root[i]
        return i

    for i in range(n):
        for j in range(i + 1, n):
            if _same_row(items[i], items[j]):
                ri = find(i)
                rj = find(j)
                if ri != rj:
                    root[rj] = ri
    groups = {}
    for i in range(n):
        r = find(i)
        if r in groups:
            groups[r].append(items[i])
        else:
            groups[r] = [items[i]]
    rows = list(groups.values())
    for row in rows:
        row.sort(key=lambda e: (e[0], e[1]))
    rows.sort(key=lambda row: (min(e[1] for e in row), row[0][0]))
    return [" ".join(e[2].strip() for e in row) for row in rows]
