# The shared half of the two OLED drivers (drivers/ssd1306.py, drivers/sh1106.py): both
# controllers are 128x64 monochrome, take the same I2C control bytes and most of the same
# commands, and keep their RAM as 8 pages of vertical bytes, the layout of
# framebuf.MONO_VLSB. So the driver *is* a FrameBuffer (all drawing is framebuf's C code)
# and show() only ships bytes: the ones that changed since the last show().
#
# show() keeps a shadow copy of what the panel's RAM holds and sends only what changed: a
# run of changed 8-pixel pages goes as blocks, each the columns that changed on any page
# of the run, sent on all of them (a list that scrolls: its text and its scroll bar, two
# blocks), split where an unchanged gap costs more than starting a new block. On the
# SSD1306 a block is one window and one transaction. The first show() after init(),
# after poweron() from off, and after rotate() to the other way up sends everything.
#
# The bus is passed in (machine.I2C on the device, a fake in tests); nothing here touches
# pins, and nothing is sent at import time.
import framebuf
import micropython
from micropython import const

# ruff: noqa: RUF046 - int(len(...)) is viper's cast of an object to a machine int

# commands both controllers have
_SET_CONTRAST = const(0x81)  # + 1 byte, 0..255
_SET_ENTIRE_ON = const(0xA4)  # | 1: every pixel on, whatever the RAM holds
_SET_NORM_INV = const(0xA6)  # | 1: inverse video
_SET_DISP = const(0xAE)  # | 1: display on (off keeps the RAM)
_SET_SEG_REMAP = const(0xA0)  # | 1: the last column drives SEG0 (mirror left-right)
_SET_COM_SCAN = const(0xC0)  # | 8: scan COM[N-1] down to COM0 (mirror top-bottom)
_SET_START_LINE = const(0x40)  # | line 0..63
_SET_MUX_RATIO = const(0xA8)  # + 1 byte: rows - 1
_SET_DISP_OFFSET = const(0xD3)  # + 1 byte
_SET_CLOCK_DIV = const(0xD5)  # + 1 byte
_SET_PRECHARGE = const(0xD9)  # + 1 byte
_SET_COM_PINS = const(0xDA)  # + 1 byte
_SET_VCOM_DESEL = const(0xDB)  # + 1 byte

_CTRL_CMDS = const(0x00)  # control byte: Co=0 D/C#=0, the rest is a command stream
_CMD_BUF = const(8)  # control byte + the longest command group we send (7 bytes)
# An I2C transaction's start, address byte and stop, and the Python call that makes it,
# take about as long as 6 data bytes on the 400 kHz bus (bench --pico: a list that
# scrolls sent 833 bytes in 28 transactions in 24 ms, 18.7 ms of it the bytes)
TRANSACTION = const(6)


def ptr8(obj):
    # in viper code a cast to a byte pointer, compiled away; plain Python indexes the
    # buffer itself (see ui/glyphs.py for how one source serves both)
    return obj


# (ptr8 as an argument's type is viper's, which pyright does not know)
@micropython.viper
def _mark(b: ptr8, s: ptr8, m: ptr8, i: int, end: int, w: int) -> int:  # pyright: ignore[reportGeneralTypeIssues]
    # The run of changed pages that starts at index i (a page's first byte; end: the
    # buffer's length): m[c] becomes nonzero for each column c where buffer b differs
    # from its shadow s on any page of the run, 0 elsewhere. -> the index where the run
    # ends (the start of the first unchanged page after it, or end); i itself when that
    # page is unchanged. Machine code, one pass over each page's bytes; the pointers and
    # the index are the first locals, which viper keeps in registers.
    c = 0
    while c < w:
        m[c] = 0
        c += 1
    while i < end:
        c = 0
        any = 0
        while c < w:
            x = b[i + c] ^ s[i + c]
            if x:
                m[c] = 1
                any = 1
            c += 1
        if not any:
            return i
        i += w
    return i


@micropython.viper
def _block(m: ptr8, c: int, w: int, gap: int) -> int:  # pyright: ignore[reportGeneralTypeIssues]
    # The next run of marked columns in m from column c: first | last << 16, where an
    # unmarked stretch longer than `gap` ends it (sending it would cost more than
    # starting a new block); -1 when none is left.
    while c < w and not m[c]:
        c += 1
    if c >= w:
        return -1
    first = c
    last = c
    c += 1
    while c < w:
        if m[c]:
            last = c
        elif c - last > gap:
            break
        c += 1
    return first | (last << 16)


@micropython.viper
def _clear(buf):
    # every byte 0 (framebuf's own fill walks the buffer a pixel row at a time)
    # (eight a turn: the loop's own test and jump cost more than a store)
    b = ptr8(buf)
    n = int(len(buf))
    i = 0
    while i + 8 <= n:
        b[i] = 0
        b[i + 1] = 0
        b[i + 2] = 0
        b[i + 3] = 0
        b[i + 4] = 0
        b[i + 5] = 0
        b[i + 6] = 0
        b[i + 7] = 0
        i += 8
    while i < n:
        b[i] = 0
        i += 1


class Oled(framebuf.FrameBuffer):
    # What starting a new span costs on the bus, in data bytes' time (set by each chip):
    # the positioning commands with their control byte, the data control byte, and two
    # transactions (TRANSACTION each).
    SPAN_COST = 8 + 2 * TRANSACTION
    # what _send_block costs on top of the bytes: per page, and once
    PAGE_COST = SPAN_COST
    RUN_COST = 0
    # the panel's first RAM column (SH1106: 2 of its 132)
    COL_OFFSET = 0
    # the chip's values in the shared configuration (init()): pre-charge period, VCOMH
    # deselect level and contrast, here the SH1106's power-on values; then the commands
    # only that chip has, with their arguments
    PRECHARGE = 0x22
    VCOM_DESEL = 0x35
    CONTRAST = 0x80
    OWN_INIT = ()

    def __init__(self, i2c, addr=0x3C, width=128, height=64):
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        self.buffer = bytearray((height >> 3) * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._shadow = bytearray(len(self.buffer))  # what the panel's RAM holds
        self._mask = bytearray(width)  # the columns that changed on a run of pages (show)
        self._mv = memoryview(self.buffer)
        self._cmd = bytearray(_CMD_BUF)
        self._cmdv = memoryview(self._cmd)  # sliced to the length sent
        self._data_vec = [memoryview(b"\x40")]  # control byte Co=0 D/C#=1, then the bytes
        self.flipped = False
        self._on = False
        self._resend = 1  # the next show() sends every byte; 2: and lights the panel
        self.init()

    # -- the chip-specific part (see the subclasses) ----------------------------------------
    def _window(self, page, col0, col1):
        # position the RAM pointer so the next data lands on `page` from col0 to col1
        raise NotImplementedError

    def _send_block(self, first, end, col0, col1):
        # columns col0..col1 of pages first..end-1; a chip may do this in fewer transactions
        for p in range(first, end):
            self._window(p, col0, col1)
            self._data(p, p + 1, col0, col1)

    # -- public API ---------------------------------------------------------------------------
    def fill(self, c):
        # Every frame starts with fill(0): framebuf's own fill walks the buffer one pixel
        # row at a time (0.9 ms on the RP2040)
        if c:
            framebuf.FrameBuffer.fill(self, c)
        else:
            _clear(self.buffer)

    def init(self):
        # configure, and leave the display off until the first show() has filled the
        # panel's RAM with a whole frame: the power-up garbage in it is never shown, and
        # no blank frame is sent before the first real one (1 KB on the bus, 25 ms)
        seq = (
            _SET_DISP,  # off while configuring
            _SET_START_LINE,
            _SET_MUX_RATIO,
            self.height - 1,
            _SET_DISP_OFFSET,
            0,
            _SET_COM_PINS,
            0x02 if self.width > 2 * self.height else 0x12,  # 128x32 panels are wired sequential
            _SET_CLOCK_DIV,
            0x80,  # the datasheets' default oscillator
            _SET_PRECHARGE,
            self.PRECHARGE,
            _SET_VCOM_DESEL,
            self.VCOM_DESEL,
            _SET_CONTRAST,
            self.CONTRAST,
            _SET_ENTIRE_ON,  # show the RAM
            _SET_NORM_INV,  # not inverted
        ) + self.OWN_INIT
        out = bytearray(1 + len(seq))
        out[0] = _CTRL_CMDS
        out[1:] = bytes(seq)
        self._write(out)
        self.rotate(self.flipped)
        self._resend = 2  # the first frame since init(): then the panel may light up

    def show(self):
        if self._resend:
            self._send_block(0, self.height >> 3, 0, self.width - 1)
            self._shadow[:] = self.buffer
            if self._resend == 2:  # the first frame since init(): now the panel may light up
                self._command(_SET_DISP | 1)
                self._on = True
            self._resend = 0  # (not before: a bus error means all of it again)
            return
        if self.buffer == self._shadow:  # compared in C: an unchanged frame costs no Python loop
            return
        buf = self.buffer
        sh = self._shadow
        w = self.width
        n = self.height >> 3
        m = self._mask
        p = 0
        while p < n:
            # a run of changed pages p..q-1 goes as blocks: the columns that changed on
            # any of its pages, sent on all of them (a list that scrolls: every page). An
            # unchanged column inside a block costs a byte a page; a new block RUN_COST,
            # and PAGE_COST a page: a longer gap starts a new one.
            q = _mark(buf, sh, m, p * w, n * w, w) // w
            if q > p:
                k = q - p
                gap = self.PAGE_COST + self.RUN_COST // k
                c = 0
                while c < w:
                    span = _block(m, c, w, gap)
                    if span < 0:
                        break
                    c = span >> 16
                    self._send_block(p, q, span & 0xFFFF, c)
                    c += 1
            p = q + 1  # page q has not changed
        # what the panel holds now, in one copy (a bus error before this leaves the
        # shadow as it was: the next show() sends every change again)
        sh[:] = buf

    def contrast(self, value):
        value = int(value)
        self._command(_SET_CONTRAST, max(0, min(255, value)))

    def invert(self, on):
        self._command(_SET_NORM_INV | (1 if on else 0))

    def poweroff(self):
        self._command(_SET_DISP)
        self._on = False
        if self._resend == 2:
            self._resend = 1  # the next frame stays dark

    def poweron(self):
        self._command(_SET_DISP | 1)
        if self._resend or not self._on:
            # (not 2: the panel is on now.) The RAM survives display-off, but a panel that
            # lost power meanwhile would not show it again: one full frame after being off
            # is cheap insurance
            self._resend = 1
        self._on = True

    def rotate(self, flip):
        # 180 degrees: mirror both the columns and the row scan. Upright is remap on +
        # reversed scan, as on every common module.
        flip = bool(flip)
        self._command(_SET_SEG_REMAP | (0 if flip else 1), _SET_COM_SCAN | (0 if flip else 8))
        if flip != self.flipped:
            # the SSD1306 remaps columns as data is written, so the RAM must be sent again
            self._resend = self._resend or 1
        self.flipped = flip

    # -- the bus --------------------------------------------------------------------------------
    def _write(self, buf):
        self.i2c.writeto(self.addr, buf)

    def _command(self, a, b=-1):
        # one or two command bytes in one transaction
        cmd = self._cmd
        cmd[0] = _CTRL_CMDS
        cmd[1] = a
        if b < 0:
            self._write(self._cmdv[:2])
        else:
            cmd[2] = b
            self._write(self._cmdv[:3])

    def _commands(self, n):
        # send the n command bytes the caller put in self._cmd[1..n]
        self._cmd[0] = _CTRL_CMDS
        self._write(self._cmdv[: n + 1])

    def _data(self, first, end, col0, col1):
        # one transaction: columns col0..col1 of pages first..end-1, each page's after
        # the one before's
        w = self.width
        mv = self._mv
        vec = self._data_vec
        del vec[1:]  # what the last call sent (it may have failed on the bus)
        if end - first == 1 or col1 - col0 + 1 == w:
            # one piece of the buffer (whole pages follow each other in it)
            first = first * w + col0
            end = (end - 1) * w + col1 + 1
            col0 = 0
            col1 = end - first - 1
            w = end - first
        else:
            first *= w
            end *= w
        k = first  # (while loops: a range() would be allocated)
        while k < end:
            vec.append(mv[k + col0 : k + col1 + 1])
            k += w
        self.i2c.writevto(self.addr, vec)
