# SSD1306 (the 0.96" 128x64 OLED) on I2C: SSD1306(i2c, addr=0x3C, width=128, height=64).
# Everything the two chips share is in drivers/oled.py; this is what only the SSD1306 has:
# its internal charge pump (the module has no separate panel supply, so without it the
# panel stays dark) and horizontal addressing, where a column/page window fills itself
# column by column and page by page.
from micropython import const

from drivers.oled import TRANSACTION, Oled

_SET_MEM_MODE = const(0x20)  # + 0 horizontal / 1 vertical / 2 page addressing
_SET_COL_ADDR = const(0x21)  # + first, last column of the window
_SET_PAGE_ADDR = const(0x22)  # + first, last page of the window
_SET_CHARGE_PUMP = const(0x8D)  # + 0x14 on / 0x10 off
_HORIZONTAL = const(0x00)


class SSD1306(Oled):
    # control byte + 0x21 c0 c1 0x22 p0 p1, the data control byte, two transactions
    SPAN_COST = 8 + 2 * TRANSACTION
    # a block of pages goes in one window and one transaction (_send_block)
    PAGE_COST = 0
    RUN_COST = SPAN_COST
    PRECHARGE = 0xF1  # the timing for the internal charge pump
    VCOM_DESEL = 0x30
    CONTRAST = 0x7F
    # horizontal addressing (see _window), and the charge pump on
    OWN_INIT = (_SET_MEM_MODE, _HORIZONTAL, _SET_CHARGE_PUMP, 0x14)

    def init(self):
        self._win0 = -1  # the column window last set
        self._win1 = -1
        self._next_page = -1  # where the RAM pointer waits after the last span, or -1
        super().init()

    def _window(self, page, col0, col1):
        # The window runs from `page` to the last page, so after a span fills its columns
        # the pointer wraps to col0 on the next page: a span on the next page with the same
        # columns (a bar, a block of text) needs no commands at all.
        if page != self._next_page or col0 != self._win0 or col1 != self._win1:
            c = self._cmd
            c[1] = _SET_COL_ADDR
            c[2] = col0
            c[3] = col1
            c[4] = _SET_PAGE_ADDR
            c[5] = page
            c[6] = (self.height >> 3) - 1
            self._commands(6)
            self._win0 = col0
            self._win1 = col1
        self._next_page = page + 1 if page + 1 < self.height >> 3 else -1

    def _send_block(self, first, end, col0, col1):
        # one window: the panel fills its columns page by page
        self._window(first, col0, col1)
        self._data(first, end, col0, col1)
        self._next_page = end if end < self.height >> 3 else -1
