# SH1106 (the 1.3" 128x64 OLED) on I2C: SH1106(i2c, addr=0x3C, width=128, height=64).
# Everything the two chips share is in drivers/oled.py; this is what differs: the SH1106
# has 132 columns of RAM with the glass showing columns 2..129, only page addressing (the
# column pointer never moves to the next page, so every page is positioned with its own
# page + column-nibble commands), and a DC-DC converter instead of a charge pump.
from micropython import const

from drivers.oled import (
    SET_CLOCK_DIV,
    SET_COL_HIGH,
    SET_COL_LOW,
    SET_COM_PINS,
    SET_CONTRAST,
    SET_DISP,
    SET_DISP_OFFSET,
    SET_ENTIRE_ON,
    SET_MUX_RATIO,
    SET_NORM_INV,
    SET_PAGE,
    SET_PRECHARGE,
    SET_START_LINE,
    SET_VCOM_DESEL,
    TRANSACTION,
    Oled,
)

_SET_DCDC = const(0xAD)  # + 0x8B on / 0x8A off


class SH1106(Oled):
    # control byte + page, column low, column high, the data control byte, two transactions
    SPAN_COST = 5 + 2 * TRANSACTION
    COL_OFFSET = 2  # the glass starts at RAM column 2 (the same either way up)

    def _init_sequence(self):
        return (
            SET_DISP,  # off while configuring
            SET_START_LINE,
            SET_MUX_RATIO,
            self.height - 1,
            SET_DISP_OFFSET,
            0,
            SET_COM_PINS,
            0x12,  # alternative pads, the 128x64 wiring
            SET_CLOCK_DIV,
            0x80,
            SET_PRECHARGE,
            0x22,  # the datasheet's power-on value
            SET_VCOM_DESEL,
            0x35,  # the datasheet's power-on value
            SET_CONTRAST,
            0x80,
            SET_ENTIRE_ON,  # show the RAM
            SET_NORM_INV,  # not inverted
            _SET_DCDC,
            0x8B,
        )

    def _window(self, page, col0, col1):
        # page addressing: the pointer runs to the right from col0; col1 is where we stop
        col = col0 + self.COL_OFFSET
        c = self._cmd
        c[1] = SET_PAGE | page
        c[2] = SET_COL_LOW | (col & 0x0F)
        c[3] = SET_COL_HIGH | (col >> 4)
        self._commands(3)
