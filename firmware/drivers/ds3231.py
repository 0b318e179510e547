# DS3231 (the battery-backed real-time clock of the common ZS-042 and Adafruit 3013
# modules) on I2C: DS3231(i2c, addr=0x68). datetime() and datetime(t) as machine.RTC has
# them, (year, month, day, weekday 0-6, hours, minutes, seconds, 0), years 2000-2099.
# The chip sets OSF in its status register when its oscillator stopped (the coin cell
# was out or flat, or it never ran since it got power): then its time is no time and
# datetime() says None, until a datetime(t) sets it and clears the flag. Loaded by the
# board only when something answers at 0x68 (firmware/board.py).
from micropython import const

ADDR = const(0x68)
_TIME = const(0x00)  # seconds, minutes, hours, day 1-7, date, month (bit 7: century), year: BCD
_STATUS = const(0x0F)
_OSF = const(0x80)
_ZERO = const(0x70)  # status bits that always read 0 on a DS3231: else it is another chip
_H12 = const(0x40)  # hours in 12-hour mode (bit 5: PM); this driver writes 24-hour


def _bin(b):
    return (b >> 4) * 10 + (b & 0x0F)


def _bcd(n):
    return (n // 10) << 4 | n % 10


class DS3231:
    def __init__(self, i2c, addr=ADDR):
        self.i2c = i2c
        self.addr = addr
        self.buf = bytearray(7)

    def _status(self):
        b = self.buf
        self.i2c.readfrom_mem_into(self.addr, _STATUS, memoryview(b)[:1])
        return b[0]

    def datetime(self, t=None):
        # -> the time it keeps, or None when it keeps none (OSF, or no DS3231's status);
        # with t: set to t, the oscillator-stop flag cleared. OSError when it does not answer
        if t is not None:
            self._set(t)
            return None
        s = self._status()
        if s & (_OSF | _ZERO):
            return None
        b = self.buf
        self.i2c.readfrom_mem_into(self.addr, _TIME, b)
        h = b[2]
        if h & _H12:  # 12 AM is 0:00, 12 PM 12:00
            h = _bin(h & 0x1F) % 12 + (12 if h & 0x20 else 0)
        else:
            h = _bin(h & 0x3F)
        return (2000 + _bin(b[6]), _bin(b[5] & 0x1F), _bin(b[4] & 0x3F), (b[3] - 1) % 7, h, _bin(b[1] & 0x7F), _bin(b[0] & 0x7F), 0)

    def _set(self, t):
        b = self.buf
        b[0] = _bcd(t[6])
        b[1] = _bcd(t[5])
        b[2] = _bcd(t[4])  # 24-hour mode
        b[3] = t[3] + 1
        b[4] = _bcd(t[2])
        b[5] = _bcd(t[1])  # century bit 0: 20xx
        b[6] = _bcd(t[0] % 100)
        self.i2c.writeto_mem(self.addr, _TIME, b)
        s = self._status()  # the other flags (32 kHz output, alarms) as they were
        b[0] = s & ~_OSF
        self.i2c.writeto_mem(self.addr, _STATUS, memoryview(b)[:1])
