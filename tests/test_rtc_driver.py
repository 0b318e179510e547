# The DS3231 driver (firmware/drivers/ds3231.py) through the bytes it puts on the bus:
# a fake bus keeps the chip's registers and records every transaction. Expected bytes
# are built by hand from the DS3231 datasheet (registers 0x00-0x06 in BCD, hours bit 6 =
# 12-hour mode and bit 5 = PM there, status 0x0F bit 7 = OSF, bits 6-4 always 0).
from drivers.ds3231 import DS3231


class FakeBus:
    # machine.I2C's register calls on one chip at 0x68: regs its 19 registers
    def __init__(self, regs):
        self.regs = bytearray(regs)
        self.log = []  # ("r"|"w", register, bytes)

    def readfrom_mem_into(self, addr, reg, buf):
        assert addr == 0x68
        for i in range(len(buf)):
            buf[i] = self.regs[reg + i]
        self.log.append(("r", reg, bytes(buf)))

    def writeto_mem(self, addr, reg, buf):
        assert addr == 0x68
        self.regs[reg : reg + len(buf)] = bytes(buf)
        self.log.append(("w", reg, bytes(buf)))


def chip(time, status):
    # time: the seven bytes of registers 0x00-0x06
    regs = bytearray(0x13)
    regs[0:7] = time
    regs[0x0E] = 0x1C
    regs[0x0F] = status
    return FakeBus(regs)


def test_reads_the_time_in_24_hour_mode():
    # Friday 14 March 2025, 19:05:42; day register 5 (the driver's weekday 0-6 + 1)
    bus = chip(b"\x42\x05\x19\x05\x14\x03\x25", 0x08)
    assert DS3231(bus).datetime() == (2025, 3, 14, 4, 19, 5, 42, 0)


def test_reads_a_module_left_in_12_hour_mode():
    # 12-hour mode: 0x40 | PM 0x20 | 07 is 19:00; 0x52 is 12 AM: 0:00; 0x72 is 12 PM
    for hours, want in ((0x67, 19), (0x52, 0), (0x72, 12), (0x41, 1)):
        bus = chip(bytes((0x00, 0x30, hours, 0x01, 0x31, 0x12, 0x99)), 0x00)
        assert DS3231(bus).datetime()[4:6] == (want, 30)
    # the century bit (month bit 7) does not make month 12 month 92
    bus = chip(b"\x00\x00\x00\x01\x01\x81\x00", 0x00)
    assert DS3231(bus).datetime()[:3] == (2000, 1, 1)


def test_a_stopped_oscillator_or_another_chip_reads_as_no_time():
    # OSF: the coin cell was out; the time registers are not even read
    bus = chip(b"\x42\x05\x19\x05\x14\x03\x25", 0x88)
    assert DS3231(bus).datetime() is None
    assert [e[0:2] for e in bus.log] == [("r", 0x0F)]
    # a status register with bits 6-4 set is no DS3231's
    assert DS3231(chip(b"\x42\x05\x19\x05\x14\x03\x25", 0x38)).datetime() is None


def test_setting_writes_bcd_in_24_hour_mode_and_clears_only_osf():
    bus = chip(b"\x00\x00\x00\x01\x01\x01\x00", 0x8B)  # OSF, EN32kHz, alarm flags 2 and 1
    DS3231(bus).datetime((2099, 12, 31, 3, 23, 59, 58, 0))
    assert bus.log == [
        ("w", 0x00, b"\x58\x59\x23\x04\x31\x12\x99"),
        ("r", 0x0F, b"\x8b"),
        ("w", 0x0F, b"\x0b"),
    ]
    assert DS3231(bus).datetime() == (2099, 12, 31, 3, 23, 59, 58, 0)
