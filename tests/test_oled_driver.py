# The OLED drivers (firmware/drivers/) talking to the controller emulator
# (host_tools/sim/oled_emu.py) over a tiny fake I2C bus. Every check looks at what the
# emulator decoded from the bytes on the bus, never at the driver's own state; the
# emulator itself is checked first, with byte sequences built by hand from the datasheets.
import os
import random

import mp
import pytest
from drivers.sh1106 import SH1106
from drivers.ssd1306 import SSD1306

from host_tools.sim.oled_emu import OledEmulator

DRIVERS = {"ssd1306": SSD1306, "sh1106": SH1106}
DARK = ["." * 128] * 64


class FakeI2C:
    # the two calls the drivers use, as machine.I2C has them: one emulator transaction
    # per call, writevto's parts handed over as they are
    def __init__(self, device, addr=0x3C):
        self.device = device
        self.addr = addr
        self.transactions = 0
        self.sent = 0  # bytes, control bytes included

    def writeto(self, addr, buf):
        assert addr == self.addr
        self.transactions += 1
        self.sent += len(buf)
        self.device.write(bytes(buf))
        return len(buf)

    def writevto(self, addr, bufs):
        assert addr == self.addr
        self.transactions += 1
        n = sum(len(b) for b in bufs)
        self.sent += n
        self.device.writev(bufs)
        return n


def make(kind):
    # a driver after its first frame (a blank one), as the firmware's first redraw leaves it
    emu = OledEmulator(kind)
    bus = FakeI2C(emu)
    d = DRIVERS[kind](bus, 0x3C)
    d.show()
    return d, emu, bus


def lit(pixels):
    # set of (x, y) that are lit
    return {(x, y) for y, row in enumerate(pixels) for x, ch in enumerate(row) if ch == "#"}


def framebuffer_picture(d, flipped=False, inverted=False):
    # what the panel should show for the driver's framebuffer, for the randomized check
    rows = []
    for y in range(64):
        row = []
        for x in range(128):
            v = d.pixel(127 - x, 63 - y) if flipped else d.pixel(x, y)
            row.append("#" if bool(v) != inverted else ".")
        rows.append("".join(row))
    return rows


# -- the emulator alone, from hand-made byte sequences -------------------------------------


def test_emulator_starts_off_with_noise_in_ram():
    emu = OledEmulator("ssd1306")
    assert not emu.on and emu.pixels() == DARK
    emu.write(bytes([0x00, 0x8D, 0x14, 0xAF]))  # charge pump on, display on
    assert emu.on
    assert 1000 < emu.lit_count() < 7000  # power-up garbage is visible, as on the desk


def test_emulator_ssd1306_needs_the_charge_pump():
    emu = OledEmulator("ssd1306")
    emu.write(bytes([0x00, 0xAF, 0xA5]))  # on, every pixel on, but no charge pump
    assert emu.pixels() == DARK
    emu.write(bytes([0x00, 0x8D, 0x14]))
    assert emu.pixels() == ["#" * 128] * 64


def test_emulator_skips_command_arguments():
    emu = OledEmulator("ssd1306")
    # 0xAF here is the contrast value, not "display on"
    emu.write(bytes([0x00, 0x81, 0xAF]))
    assert emu.contrast == 0xAF and not emu.on
    # micropython-lib style: every byte in its own 0x80 transaction, argument included
    emu.write(bytes([0x80, 0x81]))
    emu.write(bytes([0x80, 0x10]))
    assert emu.contrast == 0x10
    # 0x80 takes one command and then expects another control byte
    emu.write(bytes([0x80, 0xA7, 0x80, 0xAF]))
    assert emu.inverse and emu.on
    assert emu.unknown_commands == [] and emu.errors == []
    assert emu.bytes_received == 3 + 2 + 2 + 4


def test_emulator_horizontal_window_wraps():
    emu = OledEmulator("ssd1306")
    # horizontal mode, columns 10..11, pages 2..3, then five data bytes
    emu.write(bytes([0x00, 0x20, 0x00, 0x21, 10, 11, 0x22, 2, 3]))
    emu.write(bytes([0x40, 1, 2, 3, 4, 5]))
    assert emu.ram[2][10:12] == bytearray([5, 2])  # the fifth byte wrapped to the start
    assert emu.ram[3][10:12] == bytearray([3, 4])
    assert emu.data_bytes == 5


def test_emulator_vertical_and_page_modes():
    emu = OledEmulator("ssd1306")
    emu.write(bytes([0x00, 0x20, 0x01, 0x21, 0, 1, 0x22, 0, 1]))
    emu.write(bytes([0x40, 0xA1, 0xB1, 0xC1, 0xD1]))
    assert (emu.ram[0][0], emu.ram[1][0], emu.ram[0][1], emu.ram[1][1]) == (0xA1, 0xB1, 0xC1, 0xD1)
    # page mode: page 3, column 0x25 from its two nibbles
    emu.write(bytes([0x00, 0x20, 0x02, 0xB3, 0x05, 0x12]))
    emu.write(bytes([0x40, 0x11, 0x22]))
    assert emu.ram[3][0x25] == 0x11 and emu.ram[3][0x26] == 0x22


def test_emulator_reads_a_transaction_in_parts_as_one():
    # I2C.writevto's parts are one transaction: cut anywhere, even between a control
    # byte and its data, they decode as the joined bytes do (the simulator's bus hands
    # the parts over in place, as the real bus sends them without a copy)
    txs = [
        bytes([0x00, 0x20, 0x00, 0x21, 3, 9, 0x22, 1, 2]),
        bytes([0x40, 1, 2, 3, 4, 5, 6, 7]),
        bytes([0x80, 0xA7, 0xC0, 0x11, 0x80, 0xAF]),  # Co: one byte each; 0xC0: data
        bytes([0x80, 0xAF, 0x80]),  # a control byte that ends the transaction
        bytes([0x01, 0x40]),  # low bits set
    ]

    def state(e):
        return ([bytes(p) for p in e.ram], e.errors, e.bytes_received, e.data_bytes, e.inverse, e.on, e.column)

    whole = OledEmulator("ssd1306")
    for t in txs:
        whole.write(t)
    for cut in range(10):
        parts = OledEmulator("ssd1306")
        for t in txs:
            k = min(cut, len(t))
            parts.writev((memoryview(t)[:k], b"", bytearray(t[k:])))
        assert state(parts) == state(whole), cut
    assert whole.errors == ["control byte 0x80 ends the transaction", "control byte 0x01 has low bits set"]
    assert whole.inverse and whole.on and whole.transactions == len(txs)


def test_emulator_single_data_byte_control():
    emu = OledEmulator("ssd1306")
    emu.write(bytes([0x00, 0x20, 0x02, 0xB0, 0x00, 0x10]))
    # 0xC0: one data byte (0xAF is data here, not "display on"), then a control byte
    emu.write(bytes([0xC0, 0xAF, 0x80, 0xB1, 0xC0, 0x3C]))
    assert emu.ram[0][0] == 0xAF and not emu.on
    assert emu.ram[1][1] == 0x3C  # column moved on by one, page set by the command


def test_emulator_sh1106_has_no_ssd1306_commands():
    emu = OledEmulator("sh1106")
    # 0x8D is not an SH1106 command, so its "argument" 0x14 is a column-high nibble: 0x40
    emu.write(bytes([0x00, 0x8D, 0x14, 0xB2]))
    emu.write(bytes([0x40, 0x77]))
    assert emu.unknown_commands == [0x8D]
    assert emu.ram[2][0x40] == 0x77


def test_emulator_orientation_and_offsets():
    # one byte with bit 0 set at the panel's first column, page 0: upright, top left
    for kind, first in (("ssd1306", 0), ("sh1106", 2)):
        emu = OledEmulator(kind)
        emu.write(bytes([0x00, 0x8D, 0x14, 0x20, 0x02, 0xA1, 0xC8, 0xAF]))
        emu.write(bytes([0x00, 0xB0, first & 0x0F, 0x10 | (first >> 4)]))
        emu.write(bytes([0x40, 0x01] + [0x00] * 127))
        for p in range(1, 8):
            emu.write(bytes([0x00, 0xB0 | p, first & 0x0F, 0x10 | (first >> 4)]))
            emu.write(bytes([0x40] + [0x00] * 128))
        assert lit(emu.pixels()) == {(0, 0)}, kind
        # start line 8: the picture moves up by 8 rows, RAM row 0 now shows at y = 56
        emu.write(bytes([0x00, 0x48]))
        assert lit(emu.pixels()) == {(0, 56)}, kind
        emu.write(bytes([0x00, 0x40, 0xA0, 0xC0]))  # remap and scan back to plain
        if kind == "sh1106":
            assert lit(emu.pixels()) == {(127, 63)}  # turned at once: remap is at display time
        else:
            assert lit(emu.pixels()) == {(0, 63)}  # only the rows flip: data needs rewriting


# -- the drivers --------------------------------------------------------------------------------


@pytest.fixture(params=["ssd1306", "sh1106"])
def kind(request):
    return request.param


@pytest.mark.parametrize("kind", sorted(DRIVERS))
def test_a_panel_turned_off_before_its_first_frame_stays_dark_until_turned_on(kind):
    # the idle timeout can turn the panel off before anything was shown: the first
    # frame then fills its RAM but does not light it; poweron() does, and sends a frame
    emu = OledEmulator(kind)
    d = DRIVERS[kind](FakeI2C(emu), 0x3C)
    d.poweroff()
    d.pixel(3, 4, 1)
    d.show()
    assert not emu.on and emu.data_bytes == 1024
    d.poweron()
    assert emu.on and lit(emu.pixels()) == {(3, 4)}
    d.show()
    assert emu.data_bytes == 2048  # a full frame after being off
    d.show()
    assert emu.data_bytes == 2048

def test_init_keeps_the_noise_dark_until_the_first_frame(kind):
    emu = OledEmulator(kind)
    d = DRIVERS[kind](FakeI2C(emu), 0x3C)
    assert not emu.on  # configured, but the power-up garbage is never lit
    assert emu.data_bytes == 0  # and no blank frame goes before the first real one
    d.pixel(3, 4, 1)
    d.show()
    assert emu.on and emu.lit()
    assert lit(emu.pixels()) == {(3, 4)}  # the garbage was overwritten before display-on
    assert emu.data_bytes == 1024
    assert emu.unknown_commands == [] and emu.errors == []


def test_pattern_appears_where_drawn(kind):
    d, emu, _ = make(kind)
    d.pixel(0, 0, 1)
    d.pixel(127, 63, 1)
    d.pixel(5, 9, 1)
    d.hline(10, 30, 10, 1)  # x 10..19 on row 30
    d.fill_rect(64, 40, 3, 2, 1)  # x 64..66, y 40..41
    d.show()
    want = {(0, 0), (127, 63), (5, 9)}
    want |= {(x, 30) for x in range(10, 20)}
    want |= {(x, y) for x in range(64, 67) for y in (40, 41)}
    assert lit(emu.pixels()) == want
    assert emu.unknown_commands == [] and emu.errors == []


def test_sh1106_writes_from_ram_column_2():
    d, emu, _ = make("sh1106")
    d.pixel(0, 0, 1)
    d.pixel(127, 0, 1)
    d.show()
    assert emu.ram[0][2] & 1 and emu.ram[0][129] & 1
    assert lit(emu.pixels()) == {(0, 0), (127, 0)}


def test_rotate_turns_the_picture_180(kind):
    d, emu, _ = make(kind)
    d.text("L", 0, 0)  # 'L' in the 8x8 font: stem at x 1-2 rows 0-6, foot on row 6
    d.pixel(20, 50, 1)
    d.show()
    upright = lit(emu.pixels())
    assert (20, 50) in upright and (1, 0) in upright
    d.rotate(True)
    d.show()
    turned = lit(emu.pixels())
    assert turned == {(127 - x, 63 - y) for x, y in upright}
    d.rotate(False)
    d.show()
    assert lit(emu.pixels()) == upright


def test_invert(kind):
    d, emu, _ = make(kind)
    d.pixel(3, 4, 1)
    d.show()
    d.invert(True)
    px = emu.pixels()
    assert px[4][3] == "." and sum(row.count("#") for row in px) == 128 * 64 - 1
    d.invert(False)
    assert lit(emu.pixels()) == {(3, 4)}


def test_poweroff_is_dark_and_poweron_brings_it_back(kind):
    d, emu, _ = make(kind)
    d.fill_rect(0, 0, 128, 64, 1)
    d.show()
    d.poweroff()
    assert not emu.on and emu.pixels() == DARK
    d.poweron()
    assert emu.on and emu.pixels() == ["#" * 128] * 64


def test_contrast_reaches_the_chip(kind):
    d, emu, _ = make(kind)
    d.contrast(200)
    assert emu.contrast == 200
    d.contrast(0)
    assert emu.contrast == 0
    d.contrast(300)  # clamped, never wrapped round to a dim 44
    assert emu.contrast == 255
    d.contrast(-3)
    assert emu.contrast == 0


def test_unchanged_show_sends_nothing(kind):
    d, emu, bus = make(kind)
    d.text("Leafkeeper", 10, 20)
    d.show()
    before = (d.i2c.sent, emu.bytes_received, emu.data_bytes, bus.transactions)
    d.show()
    d.fill_rect(0, 0, 5, 5, 0)  # drawing what is already there changes nothing either
    d.show()
    assert (d.i2c.sent, emu.bytes_received, emu.data_bytes, bus.transactions) == before


def test_one_block_change_costs_its_columns_plus_positioning():
    # an 8x8 block on page 2, columns 24..31, is cleared: 8 data bytes. By hand:
    # SSD1306: [0x00, 0x21, 24, 31, 0x22, 2, 7] + [0x40] + 8 = 16 bytes
    # SH1106:  [0x00, 0xB2, 0x0A, 0x11] + [0x40] + 8 = 13 bytes (column 24 + 2 = 0x1A)
    for kind, cost in (("ssd1306", 16), ("sh1106", 13)):
        d, emu, _ = make(kind)
        d.fill_rect(24, 16, 8, 8, 1)
        d.show()
        before, data_before = d.i2c.sent, emu.data_bytes
        d.fill_rect(24, 16, 8, 8, 0)
        d.show()
        assert d.i2c.sent - before == cost, kind
        assert emu.data_bytes - data_before == 8, kind
        assert emu.pixels() == DARK, kind


def test_two_far_apart_changes_on_one_page_are_two_spans():
    # columns 0 and 127 of page 0: one span would carry 128 bytes; two spans cost
    # 2 x (8 + 1) = 18 on the SSD1306 and 2 x (5 + 1) = 12 on the SH1106
    for kind, cost in (("ssd1306", 18), ("sh1106", 12)):
        d, emu, _ = make(kind)
        d.pixel(0, 0, 1)
        d.pixel(127, 0, 1)
        before = d.i2c.sent
        d.show()
        assert d.i2c.sent - before == cost, kind
        assert lit(emu.pixels()) == {(0, 0), (127, 0)}


def test_title_bar_pages_go_in_one_piece():
    # A full-width 9-px title bar: pages 0 and 1 change over all 128 columns, the rest not.
    # SSD1306 by hand: one window [0x00, 0x21, 0, 127, 0x22, 0, 7] and both pages in one
    # transaction: 7 + 1 + 256 = 264. SH1106: 2 x ([0x00, page, lo, hi] + [0x40] + 128) = 266.
    for kind, cost in (("ssd1306", 264), ("sh1106", 266)):
        d, emu, bus = make(kind)
        d.fill_rect(0, 0, 128, 9, 1)
        before, count = d.i2c.sent, bus.transactions
        d.show()
        assert d.i2c.sent - before == cost, kind
        assert bus.transactions - count == (2 if kind == "ssd1306" else 4)
        assert lit(emu.pixels()) == {(x, y) for x in range(128) for y in range(9)}


def test_two_text_rows_of_a_menu_change_under_300_bytes(kind):
    # A menu of 10-px rows (text at y = 11, 21, 31, ...). Two rows get new 10-character
    # labels: columns 3..82 at most, on pages 1, 2 and 3 only (rows 11..18 and 21..28).
    # Bound by hand: 3 spans x (8 positioning + 80 data) = 264 bytes on the SSD1306.
    d, emu, _ = make(kind)
    labels = ["Dice", "Autumn Ash", "Feuilles", "Leaves", "Settings"]
    for i, s in enumerate(labels):
        d.text(s, 3, 11 + 10 * i)
    d.show()
    before = d.i2c.sent
    d.fill_rect(0, 10, 128, 20, 0)
    d.text("Randomizer", 3, 11)
    d.text("Score 61 ", 3, 21)
    d.show()
    sent = d.i2c.sent - before
    assert 0 < sent <= 3 * (8 + 80) <= 300
    assert emu.pixels() == framebuffer_picture(d)


def change_sent(kind, before, after):
    # -> (bytes, transactions, the panel) that show() sends for the change from the
    # picture before(d) draws to the one after(d) draws
    d, emu, bus = make(kind)
    before(d)
    d.show()
    b0, t0 = d.i2c.sent, bus.transactions
    after(d)
    d.show()
    return d.i2c.sent - b0, bus.transactions - t0, emu


def test_menu_cursor_bar_moving_costs_three_pages():
    # The widgets' cursor: a lit 124-px bar 10 rows high. Moving it from y 10..19 to
    # y 20..29 changes rows 10..29: pages 1, 2 and 3, columns 0..123 on each. In data
    # bytes' time a span costs its bytes + SPAN_COST (SSD1306 8 + 2 x 6 = 20, SH1106
    # 5 + 2 x 6 = 17). SSD1306 by hand: as spans 3 x (124 + 20) = 432, as one block of
    # columns 0..123 on the three pages 3 x 124 + 20 = 392, so the block: one window
    # [0x00, 0x21, 0, 123, 0x22, 1, 7] and its bytes in one transaction: 7 + 1 + 372 =
    # 380 bytes, 2 transactions (whole pages were 392). SH1106 (a block costs each page's
    # positioning: 3 x (124 + 17) = 423, no less than the spans' 423): spans,
    # 3 x (4 + 1 + 124) = 387 bytes, 6 transactions.
    def after(d):
        d.fill_rect(0, 10, 124, 10, 0)
        d.fill_rect(0, 20, 124, 10, 1)

    for kind, cost, count in (("ssd1306", 380, 2), ("sh1106", 387, 6)):
        sent, transactions, emu = change_sent(kind, lambda d: d.fill_rect(0, 10, 124, 10, 1), after)
        assert (sent, transactions) == (cost, count), kind
        assert lit(emu.pixels()) == {(x, y) for x in range(124) for y in range(20, 30)}


def test_a_list_that_scrolls_goes_as_two_blocks_on_the_ssd1306():
    # Every row of a list moves: pages 1..7 change at columns 0..99 (text) and 125..127
    # (the scroll bar). SSD1306, in data bytes' time: the two spans of a page cost
    # (100 + 20) + (3 + 20) = 143 (the gap 100..124 is 25 > 20), 7 pages 1001; whole
    # pages 7 x 128 + 20 = 916; two blocks, columns 0..99 and 125..127 of pages 1..7
    # (the gap costs 7 x 25 > 20), 7 x 100 + 20 + 7 x 3 + 20 = 761. So two windows,
    # [0x00, 0x21, 0, 99, 0x22, 1, 7] and [0x00, 0x21, 125, 127, 0x22, 1, 7], each with
    # its data in one transaction: 7 + 1 + 700 + 7 + 1 + 21 = 737 bytes in 4 (whole
    # pages were 7 + 1 + 896 = 904 bytes in 2). SH1106: 7 x 2 spans x (4 + 1) + 7 x 103 =
    # 791 bytes in 28 transactions (whole pages cost 7 x 145 = 1015 > spans 7 x 137).
    def rows(c):
        def draw(d):
            d.fill_rect(0, 8, 100, 56, c)
            d.fill_rect(125, 8, 3, 56, c)

        return draw

    for kind, cost, count in (("ssd1306", 737, 4), ("sh1106", 791, 28)):
        sent, transactions, emu = change_sent(kind, rows(1), rows(0))
        assert (sent, transactions) == (cost, count), kind
        assert emu.pixels() == DARK, kind


def test_full_frame_is_about_1030_bytes():
    # After rotate() every page goes again. SSD1306, by hand: one window
    # [0x00, 0x21, 0, 127, 0x22, 0, 7] (7) + [0x40] + 1024 data bytes = 1032.
    # SH1106 has no window: 8 pages x ([0x00, page, col lo, col hi] + [0x40] + 128) = 1064.
    for kind, cost in (("ssd1306", 1032), ("sh1106", 1064)):
        d, emu, _ = make(kind)
        d.text("full frame", 0, 0)
        d.show()
        d.rotate(True)
        before = d.i2c.sent
        d.show()
        assert d.i2c.sent - before == cost, kind
        assert emu.pixels() == framebuffer_picture(d, flipped=True), kind
        # and after being switched off and on again
        d.poweroff()
        d.poweron()
        before = d.i2c.sent
        d.show()
        assert d.i2c.sent - before == cost, kind
    d, _, _ = make("ssd1306")
    assert d.i2c.sent < 1100  # init: the configuration, one full frame, display on


@pytest.mark.parametrize("seed", range(6))
def test_panel_always_matches_the_framebuffer(kind, seed):
    # random drawing, orientation, inversion and power changes: after every show() the
    # glass shows exactly the framebuffer (turned, inverted) - proves the diff never misses
    rnd = random.Random(seed)
    d, emu, _ = make(kind)
    flipped = inverted = False
    for step in range(60):
        op = rnd.randrange(10)
        c = rnd.randrange(2)
        if op == 9:
            d.fill_rect(0, rnd.randrange(-4, 64), 128, rnd.randrange(1, 20), c)  # whole pages
        elif op == 0:
            d.fill_rect(
                rnd.randrange(-10, 130),
                rnd.randrange(-10, 70),
                rnd.randrange(40),
                rnd.randrange(30),
                c,
            )
        elif op == 1:
            d.text(f"Leaf{step}", rnd.randrange(-20, 128), rnd.randrange(-8, 64), c)
        elif op == 2:
            d.line(rnd.randrange(128), rnd.randrange(64), rnd.randrange(128), rnd.randrange(64), c)
        elif op == 3:
            for _ in range(rnd.randrange(1, 6)):
                d.pixel(rnd.randrange(128), rnd.randrange(64), c)
        elif op == 4:
            d.scroll(rnd.randrange(-9, 10), rnd.randrange(-9, 10))
        elif op == 5 and rnd.randrange(4) == 0:
            flipped = not flipped
            d.rotate(flipped)
        elif op == 6 and rnd.randrange(4) == 0:
            inverted = not inverted
            d.invert(inverted)
        elif op == 7 and rnd.randrange(5) == 0:
            d.poweroff()
            assert emu.pixels() == DARK
            d.poweron()
        elif op == 8:
            d.fill(c)
        if rnd.randrange(3):
            d.show()
            assert emu.pixels() == framebuffer_picture(d, flipped, inverted), step
    assert emu.unknown_commands == [] and emu.errors == []


# -- the firmware rules: MicroPython, the cross-compiler, no machine -----------------------

DRIVER_FILES = ("oled.py", "ssd1306.py", "sh1106.py")
DRIVER_DIR = os.path.join(mp.ROOT, "firmware", "drivers")


def test_drivers_do_not_import_machine():
    for name in DRIVER_FILES:
        with open(os.path.join(DRIVER_DIR, name)) as f:
            src = f.read()
        assert "import machine" not in src and "from machine" not in src, name


# the scenario both lanes run: a frame, a change, the frame flipped. -> the bytes the
# first frame took
DRAW = """
def draw(d):
    d.text("Leafkeeper", 4, 3)
    d.rect(0, 0, 128, 64, 1)
    d.show()
    a = d.i2c.sent
    d.text("on MicroPython", 4, 20)
    d.show()
    d.rotate(True)
    d.show()
    return a
"""

MP_SCRIPT = DRAW + r"""
import sys, gc
sys.path.insert(0, "firmware")
sys.path.insert(0, "host_tools/sim/fakes")
sys.path.insert(0, ".")
from host_tools.sim.oled_emu import OledEmulator
from drivers.ssd1306 import SSD1306
from drivers.sh1106 import SH1106


class Bus:
    def __init__(self, dev):
        self.dev = dev
        self.sent = 0

    def writeto(self, addr, buf):
        self.sent += len(buf)
        self.dev.write(bytes(buf))

    def writevto(self, addr, bufs):
        data = b"".join([bytes(b) for b in bufs])
        self.sent += len(data)
        self.dev.write(data)


class Quiet:
    # counts bytes without allocating, to measure the driver's own allocation
    n = 0

    def writeto(self, addr, buf):
        self.n += len(buf)

    def writevto(self, addr, bufs):
        for b in bufs:
            self.n += len(b)


m = idle = small = 0  # globals made now: a dict growing while measured counts too
for kind, D in (("ssd1306", SSD1306), ("sh1106", SH1106)):
    emu = OledEmulator(kind)
    d = D(Bus(emu))
    a = draw(d)
    print(kind, a, d.i2c.sent, emu.bytes_received, len(emu.unknown_commands))
    for row in emu.pixels():
        print(row)
    q = D(Quiet())
    q.text("Hello", 0, 0)
    q.show()
    gc.collect()
    gc.disable()
    m = gc.mem_alloc()
    q.show()
    idle = gc.mem_alloc() - m
    q.text("World", 30, 30)
    m = gc.mem_alloc()
    q.show()
    small = gc.mem_alloc() - m
    gc.enable()
    print("alloc", kind, idle, small)
"""


def test_drivers_run_under_micropython_like_on_cpython(tmp_path):
    draw = {}
    exec(DRAW, draw)  # noqa: S102 - the very text the MicroPython lane runs
    draw = draw["draw"]
    script = tmp_path / "drivers_mp.py"
    script.write_text(MP_SCRIPT)
    done = mp.run(str(script))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2 * 66
    # the same scenario on CPython gives the same bytes and the same picture
    for i, (kind, D) in enumerate((("ssd1306", SSD1306), ("sh1106", SH1106))):
        emu = OledEmulator(kind)
        d = D(FakeI2C(emu))
        a = draw(d)
        at = 66 * i
        assert lines[at] == f"{kind} {a} {d.i2c.sent} {emu.bytes_received} 0"
        assert lines[at + 1 : at + 65] == emu.pixels()
        # an unchanged show allocates nothing; a small change only views: of the buffer
        # per span, of the command buffer per window set (32 B each on this 64-bit port;
        # "World" is one block of two pages: at most 6 here)
        word, k, idle, small = lines[at + 65].split()
        assert word == "alloc" and k == kind
        assert int(idle) == 0
        assert int(small) <= 6 * 32
