# CPython stand-in for MicroPython's built-in framebuf module (under the MicroPython unix
# port the real one is used). Same API, same pixel layout, same clipping and the same
# drawing algorithms as extmod/modframebuf.c, so a picture drawn here is byte for byte
# the picture the device draws; tests/test_framebuf_fake.py checks that against the real
# module. Like the C version it draws straight into the caller's buffer.

from collections.abc import Callable

MONO_VLSB = 0
MVLSB = MONO_VLSB
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

# MicroPython's 8x8 font (extmod/font_petme128_8x8.h, MIT licence, from the PetMe128 font),
# characters 32..127, 8 column bytes each, LSB at the top. Taken from the real firmware by
# drawing each character with MicroPython 1.29's framebuf; the tests compare it again.
_FONT = bytes.fromhex(
    "0000000000000000"  # 32 space
    "0000004f4f000000"  # 33 !
    "0007070000070700"  # 34 "
    "147f7f14147f7f14"  # 35 #
    "00242e6b6b3a1200"  # 36 $
    "006333180c666300"  # 37 %
    "00327f4d4d777250"  # 38 &
    "0000000406030100"  # 39 '
    "00001c3e63410000"  # 40 (
    "000041633e1c0000"  # 41 )
    "082a3e1c1c3e2a08"  # 42 *
    "0008083e3e080800"  # 43 +
    "000080e060000000"  # 44 ,
    "0008080808080800"  # 45 -
    "0000006060000000"  # 46 .
    "00406030180c0602"  # 47 /
    "003e7f49457f3e00"  # 48 0
    "0040447f7f404000"  # 49 1
    "00627351494f4600"  # 50 2
    "00226349497f3600"  # 51 3
    "00181814167f7f10"  # 52 4
    "00276745457d3900"  # 53 5
    "003e7f49497b3200"  # 54 6
    "000303797d070300"  # 55 7
    "00367f49497f3600"  # 56 8
    "00266f49497f3e00"  # 57 9
    "0000002424000000"  # 58 :
    "000080e464000000"  # 59 ;
    "00081c3663414100"  # 60 <
    "0014141414141400"  # 61 =
    "00414163361c0800"  # 62 >
    "00020351590f0600"  # 63 ?
    "003e7f414d4f2e00"  # 64 @
    "007c7e0b0b7e7c00"  # 65 A
    "007f7f49497f3600"  # 66 B
    "003e7f4141632200"  # 67 C
    "007f7f41633e1c00"  # 68 D
    "007f7f4949414100"  # 69 E
    "007f7f0909010100"  # 70 F
    "003e7f41497b3a00"  # 71 G
    "007f7f08087f7f00"  # 72 H
    "0000417f7f410000"  # 73 I
    "002060417f3f0100"  # 74 J
    "007f7f1c36634100"  # 75 K
    "007f7f4040404000"  # 76 L
    "007f7f060c067f7f"  # 77 M
    "007f7f0e1c7f7f00"  # 78 N
    "003e7f41417f3e00"  # 79 O
    "007f7f09090f0600"  # 80 P
    "001e3f21617f5e00"  # 81 Q
    "007f7f19396f4600"  # 82 R
    "00266f49497b3200"  # 83 S
    "0001017f7f010100"  # 84 T
    "003f7f40407f3f00"  # 85 U
    "001f3f60603f1f00"  # 86 V
    "007f7f3018307f7f"  # 87 W
    "0063771c1c776300"  # 88 X
    "00070f78780f0700"  # 89 Y
    "006171594d474300"  # 90 Z
    "00007f7f41410000"  # 91 [
    "0002060c18306040"  # 92 backslash
    "000041417f7f0000"  # 93 ]
    "00080c06060c0800"  # 94 ^
    "c0c0c0c0c0c0c0c0"  # 95 _
    "0000010306040000"  # 96 `
    "00207454547c7800"  # 97 a
    "007f7f44447c3800"  # 98 b
    "00387c44446c2800"  # 99 c
    "00387c44447f7f00"  # 100 d
    "00387c54545c5800"  # 101 e
    "00087e7f09030200"  # 102 f
    "0098bca4a4fc7c00"  # 103 g
    "007f7f04047c7800"  # 104 h
    "0000007d7d000000"  # 105 i
    "0040c08080fd7d00"  # 106 j
    "007f7f30386c4400"  # 107 k
    "0000417f7f400000"  # 108 l
    "007c7c1830187c7c"  # 109 m
    "007c7c04047c7800"  # 110 n
    "00387c44447c3800"  # 111 o
    "00fcfc24243c1800"  # 112 p
    "00183c2424fcfc00"  # 113 q
    "007c7c04040c0800"  # 114 r
    "00485c5454742000"  # 115 s
    "04043f7f44642000"  # 116 t
    "003c7c40407c3c00"  # 117 u
    "001c3c60603c1c00"  # 118 v
    "001c7c3018307c1c"  # 119 w
    "00446c38386c4400"  # 120 x
    "009cbca0a0fc7c00"  # 121 y
    "004464745c4c4400"  # 122 z
    "0008083e77414100"  # 123 {
    "000000ffff000000"  # 124 |
    "004141773e080800"  # 125 }
    "0002030103020301"  # 126 ~
    "aa55aa55aa55aa55"  # 127 DEL: drawn for any other character
)


def _cdiv(a, b):
    # C's integer division truncates toward zero; Python's // floors
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


# -- per-format pixel access -----------------------------------------------------------------
# Each takes the framebuffer (anything with _fb_buf and _fb_stride) and in-range x, y.


def _mvlsb_get(fb, x, y):
    return (fb._fb_buf[(y >> 3) * fb._fb_stride + x] >> (y & 7)) & 1


def _mvlsb_set(fb, x, y, c):
    i = (y >> 3) * fb._fb_stride + x
    if c:
        fb._fb_buf[i] |= 1 << (y & 7)
    else:
        fb._fb_buf[i] &= ~(1 << (y & 7)) & 0xFF


def _hlsb_get(fb, x, y):
    return (fb._fb_buf[(x + y * fb._fb_stride) >> 3] >> (7 - (x & 7))) & 1


def _hlsb_set(fb, x, y, c):
    i = (x + y * fb._fb_stride) >> 3
    bit = 1 << (7 - (x & 7))
    if c:
        fb._fb_buf[i] |= bit
    else:
        fb._fb_buf[i] &= ~bit & 0xFF


def _hmsb_get(fb, x, y):
    return (fb._fb_buf[(x + y * fb._fb_stride) >> 3] >> (x & 7)) & 1


def _hmsb_set(fb, x, y, c):
    i = (x + y * fb._fb_stride) >> 3
    bit = 1 << (x & 7)
    if c:
        fb._fb_buf[i] |= bit
    else:
        fb._fb_buf[i] &= ~bit & 0xFF


def _rgb565_get(fb, x, y):
    i = (x + y * fb._fb_stride) * 2
    return fb._fb_buf[i] | (fb._fb_buf[i + 1] << 8)  # uint16 in the Pico's little-endian


def _rgb565_set(fb, x, y, c):
    i = (x + y * fb._fb_stride) * 2
    fb._fb_buf[i] = c & 0xFF
    fb._fb_buf[i + 1] = (c >> 8) & 0xFF


def _gs2_get(fb, x, y):
    return (fb._fb_buf[(x + y * fb._fb_stride) >> 2] >> ((x & 3) << 1)) & 3


def _gs2_set(fb, x, y, c):
    i = (x + y * fb._fb_stride) >> 2
    shift = (x & 3) << 1
    fb._fb_buf[i] = ((c & 3) << shift) | (fb._fb_buf[i] & ~(3 << shift) & 0xFF)


def _gs4_get(fb, x, y):
    b = fb._fb_buf[(x + y * fb._fb_stride) >> 1]
    return b & 0x0F if x & 1 else b >> 4


def _gs4_set(fb, x, y, c):
    i = (x + y * fb._fb_stride) >> 1
    if x & 1:
        fb._fb_buf[i] = (c & 0x0F) | (fb._fb_buf[i] & 0xF0)
    else:
        fb._fb_buf[i] = ((c << 4) & 0xF0) | (fb._fb_buf[i] & 0x0F)


def _gs8_get(fb, x, y):
    return fb._fb_buf[x + y * fb._fb_stride]


def _gs8_set(fb, x, y, c):
    fb._fb_buf[x + y * fb._fb_stride] = c & 0xFF


_GET = (_mvlsb_get, _rgb565_get, _gs4_get, _hlsb_get, _hmsb_get, _gs2_get, _gs8_get)
_SET = (_mvlsb_set, _rgb565_set, _gs4_set, _hlsb_set, _hmsb_set, _gs2_set, _gs8_set)
_BPP = (1, 16, 4, 1, 1, 2, 8)
_STRIDE_ALIGN = (1, 1, 2, 8, 8, 4, 1)  # the C version rounds the stride up to whole bytes


def _setup(fb, buffer, width, height, format, stride, writable):
    # framebuf_make_new_helper: the checks and stride rounding of the C version, shared by
    # the constructor and blit's (buffer, width, height, format[, stride]) form
    width = int(width)
    height = int(height)
    stride = width if stride is None else int(stride)
    if width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF:
        raise ValueError()
    if stride > 0xFFFF or stride < width:
        raise ValueError()
    if not 0 <= format < len(_GET):
        raise ValueError("invalid format")
    align = _STRIDE_ALIGN[format]
    stride = (stride + align - 1) // align * align
    width_required = (width + align - 1) // align * align
    if format == MONO_VLSB:
        height_required = (height + 7) & ~7
        strides = height_required - 8
    else:
        height_required = height
        strides = height - 1
    need = (strides * stride + (height_required - strides) * width_required) * _BPP[format] // 8
    mv = memoryview(buffer)  # TypeError for a non-buffer, as on the device
    if writable and mv.readonly:
        raise TypeError("object with buffer protocol required")
    if mv.nbytes < need:
        raise ValueError()
    fb._fb_buf = buffer if isinstance(buffer, bytearray) else mv.cast("B")
    fb._fb_w = width
    fb._fb_h = height
    fb._fb_fmt = format
    fb._fb_stride = stride
    fb._fb_get = _GET[format]
    fb._fb_set = _SET[format]


def _edges(pts, n):
    # the polygon's n edges as MicroPython walks them: (x1, y1, x2, y2) from the first
    # vertex to the last, then back down the list to the first
    px1, py1 = pts[0], pts[1]
    i = n * 2 - 1
    while i >= 0:
        py2 = pts[i]
        px2 = pts[i - 1]
        i -= 2
        yield px1, py1, px2, py2
        px1, py1 = px2, py2


class _Buffer:
    # what _setup() sets, for a frame buffer and for blit's source alike
    _fb_buf: "bytearray | memoryview"
    _fb_w: int
    _fb_h: int
    _fb_fmt: int
    _fb_stride: int
    _fb_get: "Callable"
    _fb_set: "Callable"


class _Source(_Buffer):
    # blit's read-only (buffer, width, height, format[, stride]) form

    def __init__(self, spec):
        if len(spec) < 4 or len(spec) > 5:
            raise ValueError()
        _setup(self, spec[0], spec[1], spec[2], spec[3], spec[4] if len(spec) == 5 else None, False)


def _source(obj):
    return obj if isinstance(obj, FrameBuffer) else _Source(obj)


def _scroll_span(step, size):
    # -> one axis of a scroll, (first, end, direction) walked against the step so no
    # pixel is read after it is moved; None when nothing is left to move
    if step < 0:
        return (0, size + step, 1) if size + step > 0 else None
    return (size - 1, step - 1, -1) if step - 1 < size - 1 else None


class FrameBuffer(_Buffer):

    def __init__(self, buffer, width, height, format, stride=None):
        _setup(self, buffer, width, height, format, stride, True)

    # -- filling -----------------------------------------------------------------------------
    def fill(self, c):
        self._fill_rect(0, 0, self._fb_w, self._fb_h, c)

    def fill_rect(self, x, y, w, h, c):
        self._clipped_fill(x, y, w, h, c)

    def _clipped_fill(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._fb_h or x >= self._fb_w:
            return
        xend = min(self._fb_w, x + w)
        yend = min(self._fb_h, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fill_rect(x, y, xend - x, yend - y, c)

    def _fill_rect(self, x, y, w, h, c):
        if self._fb_fmt != MONO_VLSB:
            put = self._fb_set
            for yy in range(y, y + h):
                for xx in range(x, x + w):
                    put(self, xx, yy, c)
            return
        # whole page-bytes at a time: same result as the C loop, pixel by pixel
        buf = self._fb_buf
        stride = self._fb_stride
        yend = y + h
        while y < yend:
            top = y & 7
            bottom = min(8, top + yend - y)
            mask = (0xFF >> (8 - bottom)) & (0xFF << top) & 0xFF
            i = (y >> 3) * stride + x
            if c and mask == 0xFF:
                buf[i : i + w] = b"\xff" * w
            elif not c and mask == 0xFF:
                buf[i : i + w] = bytes(w)
            elif c:
                for j in range(i, i + w):
                    buf[j] |= mask
            else:
                keep = ~mask & 0xFF
                for j in range(i, i + w):
                    buf[j] &= keep
            y += bottom - top

    # -- pixels and lines --------------------------------------------------------------------
    def pixel(self, x, y, c=None):
        if 0 <= x < self._fb_w and 0 <= y < self._fb_h:
            if c is None:
                return self._fb_get(self, x, y)
            self._fb_set(self, x, y, c)
        return None

    def _checked(self, x, y, c):
        if 0 <= x < self._fb_w and 0 <= y < self._fb_h:
            self._fb_set(self, x, y, c)

    def hline(self, x, y, w, c):
        self._clipped_fill(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self._clipped_fill(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self._clipped_fill(x, y, w, h, c)
        else:
            self._clipped_fill(x, y, w, 1, c)
            self._clipped_fill(x, y + h - 1, w, 1, c)
            self._clipped_fill(x, y, 1, h, c)
            self._clipped_fill(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        # the C version's Bresenham, step for step
        dx = x2 - x1
        sx = 1 if dx > 0 else -1
        dx = abs(dx)
        dy = y2 - y1
        sy = 1 if dy > 0 else -1
        dy = abs(dy)
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                self._checked(y1, x1, c)
            else:
                self._checked(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        self._checked(x2, y2, c)

    # -- ellipses and polygons ---------------------------------------------------------------
    def _ellipse_points(self, cx, cy, x, y, c, m):
        if m & 0x10:  # filled: one span per quadrant
            if m & 1:
                self._clipped_fill(cx, cy - y, x + 1, 1, c)
            if m & 2:
                self._clipped_fill(cx - x, cy - y, x + 1, 1, c)
            if m & 4:
                self._clipped_fill(cx - x, cy + y, x + 1, 1, c)
            if m & 8:
                self._clipped_fill(cx, cy + y, x + 1, 1, c)
        else:
            if m & 1:
                self._checked(cx + x, cy - y, c)
            if m & 2:
                self._checked(cx - x, cy - y, c)
            if m & 4:
                self._checked(cx - x, cy + y, c)
            if m & 8:
                self._checked(cx + x, cy + y, c)

    def ellipse(self, cx, cy, xr, yr, c, f=False, m=15):
        mask = (0x10 if f else 0) | (m & 0x0F)
        if xr == 0 and yr == 0:
            if mask & 0x0F:
                self._checked(cx, cy, c)
            return
        self._ellipse_arc(cx, cy, xr, yr, c, mask, False)  # first set of points, slope above -1
        self._ellipse_arc(cx, cy, yr, xr, c, mask, True)  # second set, slope below -1

    def _ellipse_arc(self, cx, cy, xr, yr, c, mask, swap):
        # MicroPython's two loops are one, the second with the axes swapped (swap: its
        # points are plotted back as (y, x))
        two_a2 = 2 * xr * xr
        two_b2 = 2 * yr * yr
        x = xr
        y = 0
        xchange = yr * yr * (1 - 2 * xr)
        ychange = xr * xr
        err = 0
        stopx = two_b2 * xr
        stopy = 0
        while stopx >= stopy:
            if swap:
                self._ellipse_points(cx, cy, y, x, c, mask)
            else:
                self._ellipse_points(cx, cy, x, y, c, mask)
            y += 1
            stopy += two_a2
            err += ychange
            ychange += two_a2
            if 2 * err + xchange > 0:
                x -= 1
                stopx -= two_b2
                err += xchange
                xchange += two_b2

    def poly(self, x, y, coords, c, f=False):
        # coords must support the buffer protocol (array('h', ...)), as on the device
        pts = memoryview(coords).tolist()
        n = len(pts) // 2
        if n == 0:
            return
        if not f:
            for px1, py1, px2, py2 in _edges(pts, n):
                self.line(x + px1, y + py1, x + px2, y + py2, c)
            return
        # scan-line fill, the same integer version of alienryderflex.com/polygon_fill
        ys = pts[1 : 2 * n : 2]
        for row in range(min(ys), max(ys) + 1):
            nodes = []
            for px1, py1, px2, py2 in _edges(pts, n):
                if py1 != py2 and ((py1 > row >= py2) or (py1 <= row < py2)):
                    num = 32 * px1 + _cdiv(32 * (px2 - px1) * (row - py1), py2 - py1) + 16
                    nodes.append(_cdiv(num, 32))
                elif row == max(py1, py2):
                    # local minima: the C version fills these pixels by hand
                    if py1 < py2:
                        self._checked(x + px2, y + py2, c)
                    elif py2 < py1:
                        self._checked(x + px1, y + py1, c)
                    else:
                        self.line(x + px1, y + py1, x + px2, y + py2, c)
            nodes.sort()
            for k in range(0, len(nodes) - 1, 2):
                self._clipped_fill(x + nodes[k], y + row, nodes[k + 1] - nodes[k] + 1, 1, c)

    # -- copying -----------------------------------------------------------------------------
    def blit(self, fbuf, x, y, key=-1, palette=None):
        src = _source(fbuf)
        pal = None if palette is None else _source(palette)
        if x >= self._fb_w or y >= self._fb_h or -x >= src._fb_w or -y >= src._fb_h:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self._fb_w, x + src._fb_w)
        y0end = min(self._fb_h, y + src._fb_h)
        get = _GET[src._fb_fmt]
        pget = _GET[pal._fb_fmt] if pal is not None else None
        put = self._fb_set
        key &= 0xFFFFFFFF  # C compares as uint32: key -1 matches no colour
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = get(src, cx1, y1)
                if pget is not None:
                    col = pget(pal, col, 0)
                if col != key:
                    put(self, cx0, y0, col)
                cx1 += 1
            y0 += 1
            y1 += 1

    def scroll(self, xstep, ystep):
        xs = _scroll_span(xstep, self._fb_w)
        ys = _scroll_span(ystep, self._fb_h)
        if xs is None or ys is None:
            return
        sx, xend, dx = xs
        y, yend, dy = ys
        get, put = self._fb_get, self._fb_set
        while y != yend:
            for x in range(sx, xend, dx):
                put(self, x, y, get(self, x - xstep, y - ystep))
            y += dy

    # -- text --------------------------------------------------------------------------------
    def text(self, s, x, y, c=1):
        # MicroPython walks the UTF-8 bytes: anything outside 32..127 is drawn as glyph 127
        w, h = self._fb_w, self._fb_h
        put = self._fb_set
        for ch in str(s).encode("utf-8"):
            if ch < 32 or ch > 127:
                ch = 127
            base = (ch - 32) * 8
            for j in range(8):
                if 0 <= x < w:
                    bits = _FONT[base + j]
                    yy = y
                    while bits:
                        if bits & 1 and 0 <= yy < h:
                            put(self, x, yy, c)
                        bits >>= 1
                        yy += 1
                x += 1
