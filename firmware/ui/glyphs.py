# The inner loops of text: how wide a run of characters is, and drawing its glyphs into
# the display's buffer. They run for every character of every frame, so on the device
# they are machine code (@micropython.viper, compiled by mpy-cross -march). The same
# source is the plain-Python twin wherever there is no native code: on CPython the
# decorator is an identity (host_tools/sim/fakes/cpython/micropython.py), and a build for a
# port or board without native code drops it (host_tools/mpybuild.py). The code keeps to
# what means the same in both: small non-negative ints, >> and & on ints that fit a word.
#
# `codes` is text.py's one-byte encoding of a string, `font` a font's DATA block: its
# LATIN table turns each byte into a glyph (the layout: host_tools/fonts/make_fonts.py).
import micropython

# ruff: noqa: RUF046 - int(len(...)) is viper's cast of an object to a machine int


def ptr8(obj):
    # in viper code a cast to a byte pointer, compiled away; in plain Python the bytes
    # object indexes the same way
    return obj


@micropython.viper
def advance(codes, font) -> int:
    # the width in pixels of the run; font: a font's DATA
    c = ptr8(codes)
    d = ptr8(font)
    n = int(len(codes))
    w = 0
    i = 0
    while i < n:
        w += d[258 + d[2 + c[i]]]  # LATIN at 2, WIDTHS at 258
        i += 1
    return w


@micropython.viper
def ascii(codes) -> bool:
    # whether the string is all ASCII: its first len() bytes hold no byte of a
    # multi-byte character (only where this is machine code: see text._run)
    c = ptr8(codes)
    n = int(len(codes))
    i = 0
    while i < n:
        if c[i] >= 0x80:
            return False
        i += 1
    return True


@micropython.viper
def fitting(codes, font, room) -> int:
    # how many characters of the run, from its start, fit in `room` pixels
    c = ptr8(codes)
    d = ptr8(font)
    n = int(len(codes))
    left = int(room)
    i = 0
    while i < n:
        left -= d[258 + d[2 + c[i]]]
        if left < 0:
            return i
        i += 1
    return n


# (ptr8 as an argument's type is viper's, which pyright does not know)
@micropython.viper
def paint(out: ptr8, d: ptr8, v: int, width: int, size: int, codes, x: int, y: int, color: int) -> int:  # pyright: ignore[reportGeneralTypeIssues]
    # Draw the run `codes` with its top-left at (x, y) into the MONO_VLSB buffer `out`
    # (8 rows a byte, bit 0 on top) `width` pixels wide and `size` bytes long, in the
    # font whose DATA is d: only the glyphs' ink, lit (color 1) or dark (0); what falls
    # outside the buffer is clipped. -> the x after the run. v: any int (a scratch).
    # A glyph column goes two bitmap bytes (16 rows) at a time: shifted to the row it
    # starts on, they cover three pages, each written with one masked store. Pixels off
    # the left or right edge are skipped by narrowing the columns, not tested one by
    # one. The buffer, the font and the column's bits are the first three locals:
    # viper keeps those in registers (on the RP2040 the rest live on the stack).
    w = width
    c = ptr8(codes)
    n = int(len(codes))
    per_col = (d[0] + 7) >> 3
    offs = 258 + d[1]  # DATA: height, n, LATIN, WIDTHS, OFFSETS, BITMAPS (make_fonts.py)
    bitmaps = offs + 2 * d[1]
    inv = 0 if color else 0xFF  # (o | m) ^ m clears m's bits: dark ink
    shift = y & 7
    row0 = (y >> 3) * w  # the index of the first page's byte in column 0
    xx = x
    i = 0
    while i < n:
        g = d[2 + c[i]]
        gw = d[258 + g]
        col = 0 if xx >= 0 else 0 - xx
        stop = gw if xx + gw <= w else w - xx
        if col < stop:
            src = bitmaps + (d[offs + 2 * g] | (d[offs + 2 * g + 1] << 8)) + col * per_col
            while col < stop:
                b = 0
                k = row0 + xx + col
                while b < per_col:
                    v = d[src + b]
                    if b + 1 < per_col:
                        v = v | (d[src + b + 1] << 8)
                    if v:
                        v = v << shift
                        m = v & 0xFF
                        if m and k >= 0 and k < size:
                            out[k] = (out[k] | m) ^ (m & inv)
                        m = (v >> 8) & 0xFF
                        if m and k + w >= 0 and k + w < size:
                            out[k + w] = (out[k + w] | m) ^ (m & inv)
                        m = v >> 16
                        if m and k + w + w >= 0 and k + w + w < size:
                            out[k + w + w] = (out[k + w + w] | m) ^ (m & inv)
                    b += 2
                    k += w + w
                src += per_col
                col += 1
        xx += gw
        i += 1
    return xx
