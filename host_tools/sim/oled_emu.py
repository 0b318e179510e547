# An emulator of the OLED controller at the other end of the I2C bus: an SSD1306 (0.96")
# or an SH1106 (1.3"). It sees only the bytes the driver sends, one write() per I2C
# transaction, decodes them the way the chip does (control bytes, commands and their
# arguments, GDDRAM address auto-increment) and shows what a person would see on the
# glass. It never looks at the driver's framebuffer: a picture that is right here was
# really sent. Runs on CPython and under the MicroPython unix port (the Simulator uses it
# on both).
#
# The panel model, for a module held the usual way up (pins at the top):
#   * x = the last visible segment minus the segment (the glass is wired right to left), and
#     y = 63 - COM; so "segment remap on" (0xA1) with "COM scan reversed" (0xC8), the init
#     every common driver sends, shows RAM column 0 / page 0 at the top left, and 0xA0 with
#     0xC0 shows the picture turned by 180 degrees.
#   * SSD1306: 128 columns of RAM. Its segment remap applies when data is written ("only
#     affects subsequent data input"), so after a change the picture must be sent again.
#     The module's panel is lit by the internal charge pump: without 0x8D 0x14 it stays dark.
#   * SH1106: 132 columns of RAM, the glass shows segments 2..129; the remap applies at
#     display time. Page addressing only; its DC-DC (0xAD) is on from reset.
# Power-up RAM content is undefined on the chip; here it is a fixed noise pattern, so a
# driver that never clears the RAM shows garbage as it would on the desk.

SSD1306 = "ssd1306"
SH1106 = "sh1106"

# control byte: Co (bit 7) = one byte follows and then another control byte,
# D/C# (bit 6) = data (1) or command (0)
_CO = 0x80
_DC = 0x40

# addressing modes (SSD1306 0x20 n)
HORIZONTAL = 0
VERTICAL = 1
PAGE = 2

# argument counts of the multi-byte commands each chip knows
_ARGS_SSD1306 = {
    0x20: 1,  # memory addressing mode
    0x21: 2,  # column address window
    0x22: 2,  # page address window
    0x26: 6,  # horizontal scroll setup, right
    0x27: 6,  # horizontal scroll setup, left
    0x29: 5,  # vertical + horizontal scroll setup
    0x2A: 5,
    0x81: 1,  # contrast
    0x8D: 1,  # charge pump
    0xA3: 2,  # vertical scroll area
    0xA8: 1,  # multiplex ratio
    0xAD: 1,  # internal IREF select (SSD1306 variants, sent by micropython-lib)
    0xD3: 1,  # display offset
    0xD5: 1,  # clock divide / oscillator
    0xD9: 1,  # precharge period
    0xDA: 1,  # COM pins configuration
    0xDB: 1,  # VCOMH deselect level
}
_ARGS_SH1106 = {
    0x81: 1,  # contrast
    0xA8: 1,  # multiplex ratio
    0xAD: 1,  # DC-DC on/off (0x8B / 0x8A)
    0xD3: 1,  # display offset
    0xD5: 1,  # clock divide / oscillator
    0xD9: 1,  # discharge / precharge period
    0xDA: 1,  # common pads configuration
    0xDB: 1,  # VCOM deselect level
}


class OledEmulator:
    def __init__(self, kind=SSD1306, width=128, height=64):
        if kind not in (SSD1306, SH1106):
            raise ValueError("kind must be 'ssd1306' or 'sh1106'")
        self.kind = kind
        self.width = width
        self.height = height
        self.pages = height // 8
        if kind == SH1106:
            self.ram_columns = 132
            self.first_segment = 2  # the glass starts at SEG2
            self._args = _ARGS_SH1106
        else:
            self.ram_columns = 128
            self.first_segment = (128 - width) // 2  # narrow panels sit in the middle
            self._args = _ARGS_SSD1306
        # power-up noise: a fixed pattern, never the all-dark a driver might rely on
        seed = 0x2545F491
        self.ram = []
        for _ in range(8):
            page = bytearray(self.ram_columns)
            for i in range(self.ram_columns):
                seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
                page[i] = (seed >> 16) & 0xFF
            self.ram.append(page)
        # registers at reset, from the datasheets
        self.on = False
        self.contrast = 0x7F if kind == SSD1306 else 0x80
        self.inverse = False
        self.entire_on = False
        self.segment_remap = False
        self.com_reversed = False
        self.start_line = 0
        self.display_offset = 0
        self.multiplex = 63  # mux ratio - 1
        self.charge_pump = False  # SSD1306: off from reset
        self.dc_dc = True  # SH1106: on from reset
        self.scrolling = False
        self.mode = PAGE
        self.col_start = 0
        self.col_end = 127
        self.page_start = 0
        self.page_end = 7
        self.page = 0
        self.column = 0
        # what the bus carried
        self.bytes_received = 0  # every byte, control bytes included
        self.data_bytes = 0  # bytes that went into the display RAM
        self.transactions = 0
        self.unknown_commands = []  # opcodes this chip does not have
        self.errors = []  # malformed traffic (bad control bytes)
        self.last_command = None  # the opcode decoded last
        # a multi-byte command still waiting for its arguments
        self._op = 0
        self._want = 0
        self._got = 0
        self._argbuf = bytearray(8)

    # -- the bus side -----------------------------------------------------------------------
    def write(self, data):
        # one I2C write transaction: the bytes after the address
        self.writev((data,))

    def writev(self, parts):
        # one transaction carried in parts (I2C.writevto), read in place: joining them
        # would allocate a block's worth on the firmware's heap, which the real bus never
        # does (under the MicroPython unix port this runs inside the firmware's show())
        self.transactions += 1
        ctrl = -1  # -1: a control byte is next
        for part in parts:
            n = len(part)
            self.bytes_received += n
            i = 0
            while i < n:
                if ctrl < 0:
                    ctrl = part[i]
                    i += 1
                    if ctrl & 0x3F:
                        self.errors.append(f"control byte 0x{ctrl:02X} has low bits set")
                    continue
                stream = not ctrl & _CO  # the rest of the transaction is one stream
                if ctrl & _DC:
                    while i < n:
                        self._data(part[i])
                        i += 1
                        if not stream:
                            break
                else:
                    while i < n:
                        self._command(part[i])
                        i += 1
                        if not stream:
                            break
                if not stream:
                    ctrl = -1  # exactly one byte, then the next control byte
        if ctrl >= 0 and ctrl & _CO:
            self.errors.append(f"control byte 0x{ctrl:02X} ends the transaction")

    # -- commands -----------------------------------------------------------------------------
    # Decoding allocates nothing: under the MicroPython unix port this runs on the
    # firmware's own heap, inside the firmware's show().
    def _command(self, b):
        if self._want:
            self._argbuf[self._got] = b
            self._got += 1
            if self._got == self._want:
                self._want = 0
                self._run(self._op, self._argbuf[0], self._argbuf[1])
            return
        want = self._args.get(b, 0)
        if want:
            self._op = b
            self._want = want
            self._got = 0
        else:
            self._run(b, 0, 0)

    def _run(self, op, a1, a2):
        # a1, a2: the first two argument bytes (the rest, scroll set-up, is not emulated)
        self.last_command = op
        ssd = self.kind == SSD1306
        if op == 0xAE or op == 0xAF:
            self.on = op == 0xAF
        elif op == 0x81:
            self.contrast = a1
        elif op == 0xA6 or op == 0xA7:
            self.inverse = op == 0xA7
        elif op == 0xA4 or op == 0xA5:
            self.entire_on = op == 0xA5
        elif op == 0xA0 or op == 0xA1:
            self.segment_remap = op == 0xA1
        elif 0xC0 <= op <= 0xCF:
            self.com_reversed = bool(op & 0x08)
        elif 0x40 <= op <= 0x7F:
            self.start_line = op & 0x3F
        elif op == 0xA8:
            self.multiplex = max(15, a1 & 0x3F)
        elif op == 0xD3:
            self.display_offset = a1 & 0x3F
        elif 0xB0 <= op <= 0xB7:
            if ssd and self.mode != PAGE:
                return  # a page-mode command: no effect in the other modes
            self.page = op & 0x07
        elif op <= 0x0F:
            if ssd and self.mode != PAGE:
                return
            self.column = (self.column & 0xF0) | op
        elif 0x10 <= op <= 0x1F:
            if ssd and self.mode != PAGE:
                return
            if ssd and op > 0x17:
                self.unknown_commands.append(op)
                return
            self.column = ((op & 0x0F) << 4) | (self.column & 0x0F)
        elif op == 0xAD:
            if not ssd:
                self.dc_dc = bool(a1 & 0x01)
        elif op in (0xD5, 0xD9, 0xDA, 0xDB, 0xE3):
            pass  # timing and drive levels: nothing you can see
        elif ssd:
            self._run_ssd1306(op, a1, a2)
        elif 0x30 <= op <= 0x33 or op == 0xE0 or op == 0xEE:
            pass  # SH1106 pump voltage, read-modify-write start/end
        else:
            self.unknown_commands.append(op)

    def _run_ssd1306(self, op, a1, a2):
        if op == 0x20:
            mode = a1 & 0x03
            if mode == 3:
                self.errors.append("addressing mode 3 is invalid")
            else:
                self.mode = mode
        elif op == 0x21:
            self.col_start = a1 & 0x7F
            self.col_end = a2 & 0x7F
            if self.mode != PAGE:
                self.column = self.col_start
        elif op == 0x22:
            self.page_start = a1 & 0x07
            self.page_end = a2 & 0x07
            if self.mode != PAGE:
                self.page = self.page_start
        elif op == 0x8D:
            self.charge_pump = bool(a1 & 0x04)
        elif op == 0x2E:
            self.scrolling = False
        elif op == 0x2F:
            self.scrolling = True
        elif op in (0x26, 0x27, 0x29, 0x2A, 0xA3):
            pass  # scroll setup: stored on the chip, not emulated
        else:
            self.unknown_commands.append(op)

    # -- data into the display RAM --------------------------------------------------------
    def _data(self, b):
        self.data_bytes += 1
        col = self.column
        if self.kind == SSD1306:
            if self.segment_remap:
                col = 127 - col  # applied as the byte is stored
            self.ram[self.page][col] = b
            self._advance_ssd1306()
        else:
            if col < self.ram_columns:
                self.ram[self.page][col] = b
            # SH1106: the column counts up to 131 (what it does past that is undocumented;
            # here it stays), and the page never changes by itself
            if self.column < self.ram_columns - 1:
                self.column += 1

    def _advance_ssd1306(self):
        if self.mode == PAGE:
            self.column = (self.column + 1) & 0x7F  # wraps within the page
        elif self.mode == HORIZONTAL:
            if self.column >= self.col_end:
                self.column = self.col_start
                self.page = self.page_start if self.page >= self.page_end else self.page + 1
            else:
                self.column += 1
        else:  # VERTICAL
            if self.page >= self.page_end:
                self.page = self.page_start
                self.column = self.col_start if self.column >= self.col_end else self.column + 1
            else:
                self.page += 1

    # -- what you see -------------------------------------------------------------------------
    def lit(self):
        # False when the glass shows nothing at all, whatever the RAM holds
        if not self.on:
            return False
        return self.kind != SSD1306 or self.charge_pump

    def pixels(self):
        # list of `height` strings of `width` chars, '#' lit, '.' dark, top row first
        w, h = self.width, self.height
        if not self.lit():
            return ["." * w] * h
        if self.entire_on:
            return ["#" * w] * h
        # which RAM column each x shows
        last = self.first_segment + w - 1
        cols = []
        for x in range(w):
            seg = last - x
            if self.kind == SH1106 and self.segment_remap:
                cols.append(self.ram_columns - 1 - seg)
            else:
                cols.append(seg)
        on, off = (0x2E, 0x23) if self.inverse else (0x23, 0x2E)  # '.' and '#'
        rows = self.multiplex + 1
        out = []
        for y in range(h):
            com = h - 1 - y
            if com >= rows:
                out.append("." * w)  # not driven by the multiplexer
                continue
            r = rows - 1 - com if self.com_reversed else com
            line = (r + self.display_offset + self.start_line) & 0x3F
            page = self.ram[line >> 3]
            bit = 1 << (line & 7)
            row = bytearray(w)
            for x in range(w):
                row[x] = on if page[cols[x]] & bit else off
            out.append(str(row, "ascii"))
        return out

    def lit_count(self):
        n = 0
        for row in self.pixels():
            n += row.count("#")
        return n
