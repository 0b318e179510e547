# SH1106 (the 1.3" 128x64 OLED) on I2C: SH1106(i2c, addr=0x3C, width=128, height=64).
# Everything the two chips share is in drivers/oled.py; this is what differs: the SH1106
# has 132 columns of RAM with the glass showing columns 2..129, only page addressing (the
# column pointer never moves to the next page, so every page is positioned with its own
# page + column-nibble commands), and a DC-DC converter instead of a charge pump.
from micropython import const

from drivers.oled import TRANSACTION, Oled

_SET_PAGE = const(0xB0)  # | page 0..7
_SET_COL_LOW = const(0x00)  # | low nibble of the column
_SET_COL_HIGH = const(0x10)  # | high nibble of the column
_SET_DCDC = const(0xAD)  # + 0x8B on / 0x8A off


class SH1106(Oled):
    # control byte + page, column low, column high, the data control byte, two transactions
    SPAN_COST = 5 + 2 * TRANSACTION
    COL_OFFSET = 2  # the glass starts at RAM column 2 (the same either way up)
    # the configuration keeps the power-on values (Oled's); the DC-DC converter on
    OWN_INIT = (_SET_DCDC, 0x8B)

    def _window(self, page, col0, col1):
        # page addressing: the pointer runs to the right from col0; col1 is where we stop
        col = col0 + self.COL_OFFSET
        c = self._cmd
        c[1] = _SET_PAGE | page
        c[2] = _SET_COL_LOW | (col & 0x0F)
        c[3] = _SET_COL_HIGH | (col >> 4)
        self._commands(3)
