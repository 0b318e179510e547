# The one text routine: every string on the screen goes through draw(). It blits the
# glyphs of a font-to-py font (ui/fonts/) with framebuf, and it records what it drew in
# `layer`, so that the simulator and the tests can read the screen back as text (lines()).
#
#   draw(fb, s, x, y, font=SMALL, color=1, align=LEFT) -> x after the text
#   width(s, font=SMALL), height(font=SMALL), fit(s, max_w, font=SMALL), has(ch, font)
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
# SMALL and BIG are imported here, at boot: every screen needs SMALL and the score
# screens need BIG, and a font's bitmaps (one block of a few KB) are best allocated
# while the heap is still empty. MEDIUM, used by few screens, loads on first use
# (text.MEDIUM, through the module __getattr__ below).
import framebuf
from micropython import const

from ui.fonts import big as BIG  # noqa: F401  (text.BIG is the API)
from ui.fonts import small as SMALL


def __getattr__(name):
    if name == "MEDIUM":
        from ui.fonts import medium

        return medium
    raise AttributeError(name)


LEFT = const(0)
CENTER = const(1)
RIGHT = const(2)

# the screen: text drawn wholly outside it is not recorded in the layer
_SCREEN_W = const(128)
_SCREEN_H = const(64)

# What is on the screen as text: (x, y, s, h) per draw() or alt(), x the left edge.
layer = []

# The blit source for one glyph: [bitmap, width, height, format]. framebuf.blit takes
# such a list as well as a FrameBuffer, and reads the font's bytes in place, so a glyph
# costs one memoryview slice and no copy. One list, reused: draw() is never re-entered.
_glyph = [None, 0, 0, framebuf.MONO_HLSB]
# Palette for dark text (color=0): glyph pixel 0 (paper) -> 1, which is the blit key and
# so left alone; glyph pixel 1 (ink) -> 0.
_INVERT = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
_INVERT.pixel(0, 0, 1)
_INVERT.pixel(1, 0, 0)


def _codes(s):
    # s as code points to iterate: its UTF-8 bytes when it is all ASCII (the usual case:
    # no per-character string objects), else a list of the code points
    b = s.encode()
    if len(b) == len(s):
        return b
    return [ord(ch) for ch in s]


def _glyph_of(font, c):
    # code point -> glyph number (0, the '?', for a character the font lacks)
    if c < 256:
        return font.LATIN[c]
    i = font.EXTRA.find(chr(c))
    return font.FIRST_EXTRA + i if i >= 0 else 0


def has(ch, font=SMALL):
    # True when the font draws the character ch as itself (not as the fallback '?')
    return ch == "?" or _glyph_of(font, ord(ch)) != 0


def width(s, font=SMALL):
    # the advance of s in pixels: exactly how far draw() moves x
    lat = font.LATIN
    wid = font.WIDTHS
    w = 0
    for c in _codes(s):
        w += wid[lat[c] if c < 256 else _glyph_of(font, c)]
    return w


def height(font=SMALL):
    # the font's row height in pixels (ascent + descent of its tallest glyphs)
    return font.HEIGHT


def draw(fb, s, x, y, font=SMALL, color=1, align=LEFT):
    # Draw s with its top-left at (x, y); with CENTER x is the centre, with RIGHT the
    # right edge. Only the glyphs' ink is drawn (color 1 = lit, 0 = dark, e.g. on a lit
    # bar); the rest is left as it was. Returns the x just after the text.
    if not s:
        return x
    codes = _codes(s)
    lat = font.LATIN
    wid = font.WIDTHS
    if align != LEFT:
        w = 0
        for c in codes:
            w += wid[lat[c] if c < 256 else _glyph_of(font, c)]
        x -= w // 2 if align == CENTER else w
    h = font.HEIGHT
    offs = font.OFFSETS
    mv = memoryview(font.BITMAPS)
    blit = fb.blit
    g = _glyph
    g[2] = h
    x0 = x
    for c in codes:
        n = lat[c] if c < 256 else _glyph_of(font, c)
        gw = wid[n]
        if c != 32 and -gw < x < _SCREEN_W:
            start = offs[n]
            g[0] = mv[start : start + ((gw + 7) >> 3) * h]
            g[1] = gw
            if color:
                blit(g, x, y, 0)
            else:
                blit(g, x, y, 1, _INVERT)
        x += gw
    g[0] = None
    if x0 < _SCREEN_W and y < _SCREEN_H and x > 0 and y + h > 0:
        layer.append((x0, y, s, h))
    return x


def fit(s, max_w, font=SMALL):
    # s, or its longest start that fits max_w pixels with '…' after it ('.' in a font
    # without '…'); trailing spaces before the mark are dropped. "" if even that is too
    # wide for max_w.
    if width(s, font) <= max_w:
        return s
    mark = "\u2026" if has("\u2026", font) else "."
    room = max_w - width(mark, font)
    if room < 0:
        return ""
    lat = font.LATIN
    wid = font.WIDTHS
    w = 0
    n = 0
    for c in _codes(s):
        w += wid[lat[c] if c < 256 else _glyph_of(font, c)]
        if w > room:
            break
        n += 1
    return s[:n].rstrip() + mark


# -- the text layer -------------------------------------------------------------------------


def alt(x, y, s, h):
    # record the meaning of a graphic as text without drawing anything, e.g. a die's pip
    # face: alt(x, y, "5", size)
    layer.append((x, y, s, h))


def clear_layer():
    # forget all text: the main loop calls this before each full redraw
    del layer[:]


def forget(x, y, w, h):
    # forget the entries whose top-left lies in the rectangle: for a screen that blanks
    # and redraws only part of itself
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
    items = [e for e in layer if e[2].strip()]
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
