# A DS3231 real-time clock module with its coin cell, for the simulator: it answers on
# the fake I2C bus at 0x68 (host_tools/sim/fakes/machine.py) as the chip does, a register
# address written first, then its registers read or written from there on, and it keeps
# counting on the virtual clock while the board is off (its own battery). A new one, or
# one whose battery went out (battery_out()), has its oscillator-stop flag (OSF) set until
# a time is written and the flag cleared, as drivers/ds3231.py does.
_N = 0x13  # registers 0x00-0x12
_STATUS = 0x0F
_OSF = 0x80


def _bcd(n):
    return (n // 10) << 4 | n % 10


def _bin(b):
    return (b >> 4) * 10 + (b & 0x0F)


class FakeDS3231:
    def __init__(self, ms):
        self.ms = ms  # the virtual time in ms, which runs on through power cuts
        self.at = [0, ms()]  # [seconds since 2000-01-01 it read, at ms]: from 2000 at first power
        self.osf = True
        self.status = 0x08  # EN32kHz, as at power-up; OSF apart
        self.control = 0x1C
        self.pointer = 0
        self.writes = 0  # transactions that wrote a register (the firmware's settings)

    def seconds(self):
        return self.at[0] + (self.ms() - self.at[1]) // 1000

    def battery_out(self):
        # the coin cell taken out while the board is off: the oscillator stopped
        self.osf = True

    def registers(self):
        from core.when import civil, days

        s = self.seconds()
        y, m, d, hh, mm = civil(s)
        r = bytearray(_N)
        r[0] = _bcd(s % 60)
        r[1] = _bcd(mm)
        r[2] = _bcd(hh)
        r[3] = (days(y, m, d) + 5) % 7 + 1
        r[4] = _bcd(d)
        r[5] = _bcd(m)
        r[6] = _bcd(y % 100)
        r[0x0E] = self.control
        r[_STATUS] = self.status | (_OSF if self.osf else 0)
        r[0x11] = 25  # 25 C
        return r

    def writev(self, vector):
        data = b"".join(bytes(b) for b in vector)
        if not data:
            return
        self.pointer = data[0] % _N
        if len(data) == 1:
            return  # the address for a read
        self.writes += 1
        r = self.registers()
        for b in data[1:]:
            if self.pointer == _STATUS:
                self.status = b & 0x0F
                if not b & _OSF:  # OSF clears on a 0; a 1 leaves it as it is
                    self.osf = False
            else:
                r[self.pointer] = b
            self.pointer = (self.pointer + 1) % _N
        if data[0] < 7:  # the time (24-hour mode, as the driver writes it)
            from core.when import days

            day = days(2000 + _bin(r[6]), _bin(r[5] & 0x1F), _bin(r[4]))
            self.at = [day * 86400 + _bin(r[2] & 0x3F) * 3600 + _bin(r[1]) * 60 + _bin(r[0] & 0x7F), self.ms()]
        self.control = r[0x0E]

    def read_into(self, buf):
        r = self.registers()
        for i in range(len(buf)):
            buf[i] = r[self.pointer]
            self.pointer = (self.pointer + 1) % _N
