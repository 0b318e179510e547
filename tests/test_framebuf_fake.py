# The CPython framebuf stand-in (host_tools/sim/fakes/cpython/framebuf.py) must draw exactly
# what MicroPython's built-in framebuf draws. The same drawing script runs twice: under the
# real MicroPython unix port with its C framebuf, and here on CPython with the fake; after
# every call both print the whole buffer, and the two transcripts must be identical.
import array
import importlib.util
import io
import os
import sys
from contextlib import redirect_stdout

import mp
import pytest

FAKE = os.path.join(mp.ROOT, "host_tools", "sim", "fakes", "cpython", "framebuf.py")

# Runs unchanged on both interpreters. A small LCG (not `random`, whose sequence differs
# between the two) picks coordinates, many of them off the buffer to exercise clipping.
SCRIPT = r"""
import framebuf
from array import array

FORMATS = (
    ("MONO_VLSB", framebuf.MONO_VLSB, 1),
    ("MONO_HLSB", framebuf.MONO_HLSB, 1),
    ("MONO_HMSB", framebuf.MONO_HMSB, 1),
    ("GS2_HMSB", framebuf.GS2_HMSB, 2),
    ("GS4_HMSB", framebuf.GS4_HMSB, 4),
    ("GS8", framebuf.GS8, 8),
    ("RGB565", framebuf.RGB565, 16),
)
seed = [12345]


def rnd(n):
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (seed[0] >> 8) % n


def coord(n):
    return rnd(n + 24) - 12  # from 12 before the edge to 12 past it


def dump(tag, buf):
    print(tag, bytes(buf).hex())


def make(fmt, bpp, w, h, stride=None):
    s = stride or w
    size = ((s + 8) * ((h + 7) // 8 * 8) * bpp + 7) // 8  # room for any stride rounding
    buf = bytearray(size)
    if stride is None:
        return buf, framebuf.FrameBuffer(buf, w, h, fmt)
    return buf, framebuf.FrameBuffer(buf, w, h, fmt, stride)


# 1. every character of the built-in font, plus non-ASCII (drawn as glyph 127)
buf, fb = make(framebuf.MONO_VLSB, 1, 128, 64)
for row in range(6):
    fb.fill(0)
    s = "".join(chr(32 + row * 16 + i) for i in range(16))
    fb.text(s, 0, 0, 1)
    fb.text(s, 3, 13, 1)  # not on a page boundary
    dump("font%d" % row, buf)
fb.fill(0)
fb.text("caf\u00e9 \x07!", 5, 30, 1)
fb.text("clip", -13, -3, 1)
fb.text("clip", 100, 60, 1)
fb.fill_rect(0, 40, 128, 12, 1)
fb.text("dark", 10, 42, 0)
dump("text-edge", buf)

# 2. random calls of every kind, on every format, odd sizes and a wider stride
for name, fmt, bpp in FORMATS:
    for w, h, stride in ((37, 29, None), (16, 16, 21), (128, 64, None)):
        buf, fb = make(fmt, bpp, w, h, stride)
        top = (1 << bpp) - 1
        for i in range(70):
            op = rnd(12)
            c = rnd(top + 1) if rnd(3) else top
            if op == 0:
                fb.fill(c)
            elif op == 1:
                fb.pixel(coord(w), coord(h), c)
            elif op == 2:
                fb.hline(coord(w), coord(h), rnd(w + 10) - 3, c)
            elif op == 3:
                fb.vline(coord(w), coord(h), rnd(h + 10) - 3, c)
            elif op == 4:
                fb.line(coord(w), coord(h), coord(w), coord(h), c)
            elif op == 5:
                fb.rect(coord(w), coord(h), rnd(w) - 2, rnd(h) - 2, c, rnd(2) == 1)
            elif op == 6:
                fb.fill_rect(coord(w), coord(h), rnd(w + 4) - 2, rnd(h + 4) - 2, c)
            elif op == 7:
                fb.ellipse(coord(w), coord(h), rnd(w // 2), rnd(h // 2), c, rnd(2) == 1, rnd(16))
            elif op == 8:
                n = 3 + rnd(5)
                pts = array("h", [coord(w) if k % 2 == 0 else coord(h) for k in range(2 * n)])
                fb.poly(rnd(9) - 4, rnd(9) - 4, pts, c, rnd(2) == 1)
            elif op == 9:
                fb.scroll(rnd(2 * w + 3) - w - 1, rnd(2 * h + 3) - h - 1)
            elif op == 10:
                fb.text("Ag%d" % i, coord(w), coord(h), c)
            else:
                got = fb.pixel(coord(w), coord(h))
                print("get", got)
            dump("%s-%dx%d-%d-op%d" % (name, w, h, i, op), buf)

# 3. ellipses and polygons by hand: filled, quadrant masks, flat edges, local minima
buf, fb = make(framebuf.MONO_VLSB, 1, 64, 48)
shapes = (
    (20, 20, 12, 7, True, 15), (20, 20, 12, 7, False, 15), (30, 10, 0, 0, False, 15),
    (30, 24, 30, 3, True, 5), (10, 30, 4, 16, False, 10), (60, 40, 9, 9, True, 8),
    (32, 24, 0, 10, False, 15), (32, 24, 10, 0, True, 15),
)
for cx, cy, xr, yr, f, m in shapes:
    fb.fill(0)
    fb.ellipse(cx, cy, xr, yr, 1, f, m)
    dump("ellipse-%d-%d-%d-%d-%d-%d" % (cx, cy, xr, yr, f, m), buf)
polys = (
    [0, 0, 20, 0, 20, 20, 0, 20],
    [10, 0, 20, 30, 0, 30],
    [0, 10, 10, 0, 20, 10, 30, 0, 40, 10, 20, 30],
    [5, 5, 40, 8, 12, 40, 30, 20],
    [-10, -10, 70, 5, 20, 60],
    [3, 3],
)
for pts in polys:
    for f in (False, True):
        fb.fill(0)
        fb.poly(4, 2, array("h", pts), 1, f)
        dump("poly-%r-%d" % (pts, f), buf)

# 4. blit across formats, with a key, a palette and the (buffer, w, h, format) tuple form
sbuf, src = make(framebuf.MONO_HLSB, 1, 12, 9)
src.fill(0)
src.text("Q", 2, 1, 1)
src.line(0, 8, 11, 0, 1)
gbuf, gsrc = make(framebuf.GS4_HMSB, 4, 7, 5)
for k in range(35):
    gsrc.pixel(k % 7, k // 7, k % 16)
pbuf, pal = make(framebuf.RGB565, 16, 16, 1)
for k in range(16):
    pal.pixel(k, 0, (k * 4099) & 0xFFFF)
invbuf, inv = make(framebuf.MONO_HLSB, 1, 2, 1)
inv.pixel(0, 0, 1)
for name, fmt, bpp in FORMATS:
    buf, fb = make(fmt, bpp, 30, 20)
    for x, y in ((0, 0), (-5, -3), (25, 15), (10, 4), (30, 0), (-12, 0), (3, -9)):
        fb.fill(0)
        fb.blit(src, x, y)
        fb.blit(src, x + 3, y + 5, 0)
        fb.blit(gsrc, y, x, 5)
        fb.blit(gsrc, x - 2, y + 2, -1, pal)
        fb.blit((sbuf, 12, 9, framebuf.MONO_HLSB), x + 7, y - 2, 1, inv)
        fb.blit([gbuf, 7, 5, framebuf.GS4_HMSB, 7], x, y + 8)
        dump("blit-%s-%d-%d" % (name, x, y), buf)

# 5. the forms the firmware's own text drawing uses
buf, fb = make(framebuf.MONO_VLSB, 1, 128, 64)
glyph = bytearray(b"\x3c\x42\x81\x81\xff\x81\x81\x00\x18\x24")
fb.fill(0)
fb.fill_rect(0, 8, 128, 10, 1)
for k in range(20):
    fb.blit([glyph, 8, 10, framebuf.MONO_HLSB], k * 6 - 4, 7 + (k % 3), 0)
    fb.blit([glyph, 8, 10, framebuf.MONO_HLSB], k * 6 - 4, 30 + (k % 5), 1, inv)
dump("glyphs", buf)
print("done")
"""


def _load_fake():
    spec = importlib.util.spec_from_file_location("framebuf_fake_under_test", FAKE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run_on_cpython():
    fake = _load_fake()
    saved = sys.modules.get("framebuf")
    sys.modules["framebuf"] = fake
    out = io.StringIO()
    try:
        with redirect_stdout(out):
            exec(compile(SCRIPT, "framebuf_script", "exec"), {"__name__": "__script__"})  # noqa: S102
    finally:
        if saved is None:
            del sys.modules["framebuf"]
        else:
            sys.modules["framebuf"] = saved
    return out.getvalue().splitlines()


def _run_on_micropython(tmp_path):
    script = tmp_path / "framebuf_script.py"
    script.write_text(SCRIPT)
    done = mp.run(str(script), heap="1m")
    assert done.returncode == 0, done.stderr + done.stdout[-2000:]
    return done.stdout.splitlines()


def test_fake_draws_the_same_bytes_as_micropython(tmp_path):
    real = _run_on_micropython(tmp_path)
    fake = _run_on_cpython()
    assert real[-1] == "done"
    assert len(real) > 1000  # the script really ran its loops
    for want, got in zip(real, fake):
        if want != got:
            tag = want.split(" ")[0]
            pytest.fail(f"first difference at {tag}:\nreal {want}\nfake {got}")
    assert len(fake) == len(real)


# Hand-checked facts about the layout, independent of MicroPython being installed right.


def test_mono_vlsb_layout_by_hand():
    fb_mod = _load_fake()
    buf = bytearray(16 * 2)
    fb = fb_mod.FrameBuffer(buf, 16, 16, fb_mod.MONO_VLSB)
    fb.pixel(3, 0, 1)  # page 0, column 3, bit 0
    fb.pixel(5, 10, 1)  # page 1 -> byte 16 + 5, bit 2
    assert buf[3] == 0x01
    assert buf[16 + 5] == 0x04
    assert fb.pixel(5, 10) == 1 and fb.pixel(5, 11) == 0
    fb.hline(0, 7, 16, 1)  # bit 7 of every byte of page 0
    assert buf[0] == 0x80 and buf[3] == 0x81


def test_font_glyph_by_hand():
    # 'A' in MicroPython's 8x8 font, column by column (LSB = top row): blank, legs on
    # rows 2-6 and 1-6 (0x7c, 0x7e), the top on rows 0-1 with the crossbar on row 3
    # (0x0b = bits 0, 1, 3) twice, the legs mirrored, blank
    fb_mod = _load_fake()
    buf = bytearray(8)
    fb = fb_mod.FrameBuffer(buf, 8, 8, fb_mod.MONO_VLSB)
    fb.text("A", 0, 0)
    assert bytes(buf) == bytes.fromhex("007c7e0b0b7e7c00")


def test_clipping_never_writes_outside():
    fb_mod = _load_fake()
    buf = bytearray(8 * 1 + 4)  # 4 guard bytes after an 8x8 MONO_VLSB buffer
    fb = fb_mod.FrameBuffer(buf, 8, 8, fb_mod.MONO_VLSB)
    fb.fill_rect(-5, -5, 50, 50, 1)
    fb.line(-20, 3, 40, 3, 1)
    fb.text("WWW", -3, 4, 1)
    fb.ellipse(4, 4, 20, 20, 1, True)
    assert bytes(buf[8:]) == bytes(4)
    assert bytes(buf[:8]) == b"\xff" * 8


def test_poly_needs_a_buffer_like_on_the_device():
    fb_mod = _load_fake()
    fb = fb_mod.FrameBuffer(bytearray(8), 8, 8, fb_mod.MONO_VLSB)
    with pytest.raises(TypeError):
        fb.poly(0, 0, [0, 0, 5, 5, 0, 5], 1)
    fb.poly(0, 0, array.array("h", [0, 0, 5, 5, 0, 5]), 1)


def test_small_buffer_rejected():
    fb_mod = _load_fake()
    with pytest.raises(ValueError):
        fb_mod.FrameBuffer(bytearray(10), 16, 8, fb_mod.MONO_VLSB)
