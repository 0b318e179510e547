# Checks of ui/text.py and the fonts, runnable on both interpreters:
#   micropython -X heapsize=128k tests/mp_text_check.py   (the real framebuf)
# prints one line per check and a closing "N passed, N failed" line, exits 1 on a
# failure; tests/test_text.py runs this under MicroPython and runs the same check_*
# functions under CPython (with the pure-Python framebuf stand-in).
# Expected pixels are written out by hand from the fonts' bitmaps (misc-fixed 6x10,
# Terminus 14 bold, DejaVu Sans Condensed Bold 28), not computed by the code under test.
import sys

MICROPYTHON = sys.implementation.name == "micropython"
if MICROPYTHON:  # run from the repository root; CPython gets its path from conftest.py
    sys.path.insert(0, "firmware")

import framebuf  # noqa: E402, RUF100
from ui import text  # noqa: E402, RUF100

text.layer = []  # these checks read the screen back, as the simulator does


class _Canvas(framebuf.FrameBuffer):
    # what text.draw draws on: a MONO_VLSB FrameBuffer that shows its bytes, as the
    # display drivers do
    def __init__(self, w, h):
        self.buffer = bytearray(w * ((h + 7) // 8))
        self.width = w
        super().__init__(self.buffer, w, h, framebuf.MONO_VLSB)


def _fb(w=128, h=64):
    return _Canvas(w, h)


def _lit(fb, w=128, h=64):
    return {(x, y) for y in range(h) for x in range(w) if fb.pixel(x, y)}


def _bbox(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _shift(rows, x0, y0):
    # pixel set of a bitmap written as strings of '#' and '.', placed at (x0, y0)
    out = set()
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c == "#":
                out.add((x0 + x, y0 + y))
    return out


# misc-fixed 6x10 '1' (rows 0..9; rows 0, 8, 9 are empty)
SMALL_ONE = (
    "......",
    "..#...",
    ".##...",
    "#.#...",
    "..#...",
    "..#...",
    "..#...",
    "#####.",
)
# misc-fixed 6x10 '?'
SMALL_QUESTION = (
    "......",
    ".###..",
    "#...#.",
    "...#..",
    "..#...",
    "..#...",
    "......",
    "..#...",
)


def check_small_glyph_lands_where_the_font_says():
    # on and across page boundaries (y 16, 20, 59), and clipped at every edge
    for x, y in ((10, 16), (10, 20), (-3, 20), (125, 59), (60, -5)):
        fb = _fb()
        x_end = text.draw(fb, "1", x, y)
        assert x_end == x + 6, x_end
        want = {(px, py) for px, py in _shift(SMALL_ONE, x, y) if 0 <= px < 128 and 0 <= py < 64}
        got = _lit(fb)
        assert got == want, (x, y, sorted(got))
    text.clear_layer()


def check_medium_and_big_glyph_boxes():
    fb = _fb()
    text.draw(fb, "1", 5, 3, font=text.MEDIUM)
    # Terminus 14 bold '1': ink in columns 1..6 and rows 2..11 of its 8x14 cell
    assert _bbox(_lit(fb)) == (6, 5, 11, 14), _bbox(_lit(fb))
    assert fb.pixel(8, 5) and fb.pixel(9, 5) and not fb.pixel(7, 5)  # row 2: "...##..."
    fb = _fb()
    text.draw(fb, "1", 40, 10, font=text.BIG)
    # DejaVu Sans Condensed Bold 28 '1': ink in columns 3..18, rows 1..24 of 21x28
    assert _bbox(_lit(fb)) == (43, 11, 58, 34), _bbox(_lit(fb))
    assert fb.pixel(46, 11) and fb.pixel(53, 11) and not fb.pixel(45, 11)  # row 1: x 6..13
    assert fb.pixel(58, 31) and fb.pixel(43, 34) and not fb.pixel(43, 30)
    text.clear_layer()


def check_heights():
    assert text.height() == 10
    assert text.height(text.SMALL) == 10
    assert text.height(text.MEDIUM) == 14
    assert text.height(text.BIG) == 28


def check_width_is_the_advance_drawn():
    # 6x10 and Terminus are 6 and 8 px a character; DejaVu digits 21, '-' 12, '/' 11
    assert text.width("Léa") == 18
    assert text.width("Léa", text.MEDIUM) == 24
    assert text.width("-12", text.BIG) == 54
    assert text.width("3/4", text.BIG) == 53
    assert text.width("") == 0
    assert text.width("x" * 21) == 126  # 21 characters fit across 128 px
    fb = _fb()
    assert text.draw(fb, "Léa", 7, 0) == 7 + 18
    assert text.draw(fb, "-12", 0, 30, font=text.BIG) == 54
    # two glyphs drawn together == drawn one after the other at x + width
    a = _fb()
    text.draw(a, "11", 3, 2)
    b = _fb()
    text.draw(b, "1", 3 + text.width("1"), 2)
    text.draw(b, "1", 3, 2)
    assert _lit(a) == _lit(b) == _shift(SMALL_ONE, 3, 2) | _shift(SMALL_ONE, 9, 2)
    text.clear_layer()


def check_dark_text_on_a_lit_bar():
    fb = _fb()
    fb.fill_rect(0, 0, 30, 12, 1)
    text.draw(fb, "1", 10, 1, color=0)
    bar = {(x, y) for y in range(12) for x in range(30)}
    assert _lit(fb) == bar - _shift(SMALL_ONE, 10, 1)
    assert len(_lit(fb)) == 30 * 12 - 13  # '1' has 13 ink pixels
    text.clear_layer()


def check_lit_text_leaves_the_paper_alone():
    fb = _fb()
    fb.fill_rect(0, 0, 8, 12, 1)
    text.draw(fb, "1", 0, 0)  # on the lit block: its dark paper must not punch holes
    text.draw(fb, "1", 20, 0)
    block = {(x, y) for y in range(12) for x in range(8)}
    assert _lit(fb) == block | _shift(SMALL_ONE, 20, 0)
    text.clear_layer()


def check_unknown_characters_are_question_marks():
    for s in ("\u4e2d", "\n", "\u2603"):
        fb = _fb()
        assert text.draw(fb, s, 0, 0) == 6
        assert _lit(fb) == _shift(SMALL_QUESTION, 0, 0), repr(s)
    assert text.width("A", text.BIG) == text.width("?", text.BIG) == 17
    fb = _fb()
    text.draw(fb, "A", 0, 0, font=text.BIG)
    q = _fb()
    text.draw(q, "?", 0, 0, font=text.BIG)
    assert _lit(fb) == _lit(q) and len(_lit(q)) > 50
    assert text.has("é") and text.has("ñ") and text.has("\u2026") and text.has("?")
    assert not text.has("\u4e2d") and not text.has("A", text.BIG) and text.has("7", text.BIG)
    text.clear_layer()


def check_one_byte_encoding():
    # the fonts' encoding, worked out from SYMBOLS = "…€←→↑↓▲▼◄►•−♠♥♦♣" (► is 9th from 0,
    # ♦ 14th) and Latin-1; a C1 control code, a letter past U+00FF and one beyond the
    # BMP are '?'
    for s, want in (
        ("abc", b"abc"),
        ("\u25ba ab", b"\x89 ab"),
        ("10\u2666", b"10\x8e"),
        ("\u00e9\u20acx", b"\xe9\x81x"),
        ("\x85", b"?"),
        ("\U0001f600a", b"?a"),
        ("\u00ff\u0100", b"\xff?"),
    ):
        assert bytes(text._encode(s)) == want, (s, text._encode(s))


def _reference_paint(buf, w, codes, data, x, y, color):
    # the glyphs pixel by pixel, as the font's layout says (host_tools/fonts/make_fonts.py:
    # height, n, LATIN, WIDTHS, OFFSETS, then each glyph's columns, per_col bytes each,
    # bit 0 on top): the slow, plain reading ui/glyphs.paint must agree with
    pages = len(buf) // w
    h = data[0]
    per_col = (h + 7) >> 3
    n = data[1]
    offs = 258 + n
    bitmaps = offs + 2 * n
    for ch in codes:
        g = data[2 + ch]
        gw = data[258 + g]
        src = bitmaps + (data[offs + 2 * g] | (data[offs + 2 * g + 1] << 8))
        for col in range(gw):
            for r in range(per_col * 8):
                if data[src + col * per_col + (r >> 3)] >> (r & 7) & 1:
                    px, py = x + col, y + r
                    if 0 <= px < w and 0 <= py < pages * 8:
                        k = (py >> 3) * w + px
                        if color:
                            buf[k] |= 1 << (py & 7)
                        else:
                            buf[k] &= 0xFF ^ (1 << (py & 7))
        x += gw
    return x


def check_paint_agrees_with_the_pixel_by_pixel_reference():
    # every font, lit and dark, on a patterned background, at places that clip on every
    # side (x and y from well off the top-left to past the bottom-right)
    from ui import glyphs

    runs = (b"Ag?10", b"\x89 Sleep after: 10 min", b"gjpqy|", b"W", b"0123 +-/:.")
    case = 0
    for font in (text.SMALL, text.MEDIUM, text.BIG):
        for y in range(-30, 68, 1 if font is not text.BIG else 3):  # every shift in a page
            case += 1
            x = (-13, 2, 70, 117)[case % 4]
            color = case & 1
            codes = runs[case % len(runs)]
            a = bytearray((i * 37 + case) & 0xFF for i in range(128 * 8))
            b = bytearray(a)
            end = glyphs.paint(a, font.DATA, 0, 128, len(a), codes, x, y, color)
            assert end == _reference_paint(b, 128, codes, font.DATA, x, y, color), (x, y)
            assert a == b, (font.HEIGHT, x, y, color, codes)


def check_alignment():
    fb = _fb()
    text.clear_layer()
    assert text.draw(fb, "Abc", 64, 0, align=text.CENTER) == 64 - 9 + 18
    assert text.draw(fb, "Abc", 126, 20, align=text.RIGHT) == 126
    assert text.draw(fb, "42", 126, 30, font=text.BIG, align=text.RIGHT) == 126
    # an odd width (a BIG digit is 21 px) centres with the spare pixel on the right
    assert text.draw(fb, "7", 64, 30, font=text.BIG, align=text.CENTER) == 54 + 21
    assert text.layer == [
        (55, 0, "Abc", 10),
        (108, 20, "Abc", 10),
        (84, 30, "42", 28),
        (54, 30, "7", 28),
    ]
    text.clear_layer()


def check_no_layer_on_the_device():
    # nobody reads the text back on the device: drawing, alt() and clearing record
    # nothing (no tuple per string), and the picture is drawn all the same
    import ui

    mine = sys.modules.pop("ui.text")  # imported afresh, as the device boots
    try:
        __import__("ui.text")
        fresh = sys.modules["ui.text"]
        assert fresh.layer is None
        fb = _fb()
        assert fresh.draw(fb, "Abc", 0, 0) == 18
        fresh.alt(40, 16, "5", 20)
        fresh.forget(0, 0, 128, 64)
        fresh.clear_layer()
        assert fresh.layer is None and _lit(fb)
    finally:
        sys.modules["ui.text"] = mine
        ui.text = mine


def check_layer_records_and_clears():
    layer = text.layer
    text.clear_layer()
    fb = _fb()
    assert text.draw(fb, "", 5, 5) == 5  # nothing drawn, nothing recorded
    text.draw(fb, "gone", 0, 64)  # wholly below the screen
    text.draw(fb, "gone", 128, 0)  # wholly right of it
    text.draw(fb, "abc", -18, 0)  # wholly left of it (18 px wide)
    assert text.layer == []
    text.draw(fb, "half", 0, -5)  # partly visible: recorded
    text.alt(40, 16, "5", 20)
    assert text.layer == [(0, -5, "half", 10), (40, 16, "5", 20)]
    text.clear_layer()
    assert text.layer is layer and layer == [] and text.lines() == []


def check_lines_of_a_score_screen():
    fb = _fb()
    text.clear_layer()
    text.draw(fb, "ROLL: next", 2, 54)  # drawn first, shown last
    text.draw(fb, "42", 126, 20, font=text.BIG, align=text.RIGHT)  # x 84, y 20..47
    text.draw(fb, "Anna", 2, 22)  # y 22..31: 10 px beside the total
    text.draw(fb, "leads", 2, 36)  # y 36..45: 10 px beside the total
    text.alt(40, 24, "5", 16)  # a die face, y 24..39
    text.draw(fb, "Scores", 2, 0)
    text.draw(fb, "Round 3", 126, 0, align=text.RIGHT)
    assert text.lines() == ["Scores Round 3", "Anna leads 5 42", "ROLL: next"], text.lines()
    text.clear_layer()


def check_lines_row_threshold():
    fb = _fb()
    text.clear_layer()
    # a 14-px headline and a 10-px line tucked 1 px into its descent: 1 px overlap < 5
    text.draw(fb, "Léa", 0, 0, font=text.MEDIUM)
    text.draw(fb, "turn 3", 0, 13)
    text.draw(fb, "x", 60, 4)  # y 4..13: overlaps the headline by 10, the line by 1
    assert text.lines() == ["Léa x", "turn 3"], text.lines()
    text.clear_layer()
    text.draw(fb, "a", 0, 40)
    text.draw(fb, "b", 20, 45)  # overlap 5 = half of 10: same row
    assert text.lines() == ["a b"]
    text.clear_layer()
    text.draw(fb, "a", 0, 40)
    text.draw(fb, "b", 20, 46)  # overlap 4: next row
    assert text.lines() == ["a", "b"]
    text.clear_layer()
    text.draw(fb, "  padded  ", 30, 0)
    text.draw(fb, "   ", 0, 0)
    text.draw(fb, "left", 0, 2)
    assert text.lines() == ["left padded"]
    text.clear_layer()


def check_forget():
    fb = _fb()
    text.clear_layer()
    text.draw(fb, "a", 0, 0)
    text.draw(fb, "b", 0, 20)
    text.draw(fb, "c", 70, 20)
    text.forget(0, 15, 64, 10)
    assert text.lines() == ["a", "c"]
    text.clear_layer()


def check_fit():
    assert text.fit("Bartholomew the Great", 60) == "Bartholom\u2026"
    assert text.width(text.fit("Bartholomew the Great", 60)) == 60
    assert text.fit("Anna Maria", 36) == "Anna\u2026"  # no space before the mark
    assert text.fit("Anna", 24) == "Anna"
    assert text.fit("Léa", 17) == "L\u2026"
    assert text.fit("Anna", 5) == ""
    assert text.fit("", 10) == ""
    assert text.fit("12345", 80, text.BIG) == "123."  # no '…' in BIG: 3*21 + 11 = 74
    assert text.fit("12345", 105, text.BIG) == "12345"


def check_glyph_tables_are_whole():
    # the DATA block (host_tools/fonts/make_fonts.py): every glyph's columns lie where the next
    # glyph's start, exactly (height + 7) // 8 bytes a column, the last ends the block,
    # and every byte of the encoding maps to a glyph of the font
    for font in (text.SMALL, text.MEDIUM, text.BIG):
        d = font.DATA
        n = d[1]
        per_col = (font.HEIGHT + 7) // 8
        assert d[0] == font.HEIGHT
        widths = d[258 : 258 + n]
        offs = d[258 + n : 258 + 3 * n]
        size = len(d) - (258 + 3 * n)
        for g in range(n):
            start = offs[2 * g] | (offs[2 * g + 1] << 8)
            end = offs[2 * g + 2] | (offs[2 * g + 3] << 8) if g + 1 < n else size
            assert end - start == widths[g] * per_col, (font, g)
        assert max(d[2:258]) < n


def check_character_sets():
    text_chars = "AZaz09~ àâäçéèêëïîôöùûüÿñßæøåÀÉÇÑÖÜÆØÅ"
    text_chars += "…€←→↑↓▲▼◄►•−¡¿«»°±·½£§"
    for font in (text.SMALL, text.MEDIUM):
        for ch in text_chars:
            assert text.has(ch, font), (font, ch)
        # Latin Extended-A is left out to save heap (host_tools/fonts/make_fonts.py)
        assert not text.has("ł", font) and not text.has("Œ", font)
    for ch in "0123456789 +-/:.?":
        assert text.has(ch, text.BIG), ch


def check_measuring_allocates_nothing_per_character():
    # width() copies the string's bytes once (one small object), never an object per
    # character; drawing nothing allocates nothing
    if not MICROPYTHON:
        return
    import gc

    fb = _fb()

    def used(fn):
        for _ in range(2):  # the second round runs with everything interned
            gc.collect()
            gc.disable()
            before = gc.mem_alloc()
            fn()
            n = gc.mem_alloc() - before
            gc.enable()
        return n

    short = used(lambda: text.width("Anna 42"))
    long = used(lambda: text.width("Anna 42 Anna 42 Anna 42 Anna 42 Anna 42 Anna 42"))
    assert short <= 96 and long - short <= 64, (short, long)
    # symbols too: no one-character string per character (each would also cost
    # MicroPython a search of every name it knows)
    short = used(lambda: text.width("\u25ba 10\u2666"))
    long = used(lambda: text.width("\u25ba 10\u2666 9\u2663 8\u2665 7\u2660 \u25ba 10\u2666 9\u2663 8\u2665 7\u2660"))
    assert short <= 96 and long - short <= 64, (short, long)
    assert used(lambda: text.width("123", text.BIG)) <= 96
    assert used(lambda: text.draw(fb, "", 0, 0)) == 0


CHECKS = [name for name in sorted(globals()) if name.startswith("check_")]


def main():
    passed = failed = 0
    for name in CHECKS:
        try:
            globals()[name]()
            passed += 1
            print("ok", name)
        except Exception as e:  # noqa: BLE001  (report every failure, keep going)
            failed += 1
            print("FAIL", name, repr(e))
            if MICROPYTHON:
                sys.print_exception(e)
        text.clear_layer()
    print(f"{passed} passed, {failed} failed")
    return failed


if __name__ == "__main__":
    sys.exit(1 if main() else 0)
