# The reference hardware, described once. This is the ONLY module that imports machine,
# neopixel or rp2; everything above it receives objects, never pins. A maker with other
# wiring edits the pin table below and nothing else.
#
# | what            | GPIO | notes                                   |
# |-----------------|------|-----------------------------------------|
# | I2C0 SDA        | 4    | OLED, 400 kHz, address 0x3C             |
# | I2C0 SCL        | 5    |                                         |
# | (RTC, optional) | 4, 5 | DS3231 module on the OLED's bus, 0x68   |
# | UP button       | 10   | to GND, internal pull-up                |
# | DOWN button     | 11   | to GND, internal pull-up                |
# | BACK button     | 12   | to GND, internal pull-up                |
# | OK button       | 13   | to GND, internal pull-up                |
# | ROLL button     | 14   | to GND, internal pull-up (arcade button)|
# | WS2812B data    | 16   | ring of 12 (or strip of 6), 5 V         |
# | buzzer          | 18   | passive piezo, PWM                      |
# | VSYS/3          | 29   | ADC3: battery level                     |
# | VBUS sense      | 24   | high when USB power is present          |
# The five buttons must stay on five GPIOs in a row, in this order: they are read at once.
import os
import time

import machine
import neopixel
from core.leds import Leds
from core.sound import Sound
from core.storage import OsFlash
from micropython import const

PIN_SDA = const(4)
PIN_SCL = const(5)
PIN_UP = const(10)
PIN_DOWN = const(11)
PIN_BACK = const(12)
PIN_OK = const(13)
PIN_ROLL = const(14)
PIN_LEDS = const(16)
PIN_BUZZER = const(18)
PIN_VBUS = const(24)
PIN_VSYS = const(29)
I2C_FREQ = const(400_000)
OLED_ADDR = const(0x3C)
RTC_ADDR = const(0x68)  # a DS3231 module with its coin cell, when a maker added one
# order = the bit order of core.buttons (UP, DOWN, BACK, OK, ROLL); consecutive GPIOs,
# so that one read of the SIO's input register gives all five
BUTTON_PINS = (PIN_UP, PIN_DOWN, PIN_BACK, PIN_OK, PIN_ROLL)
_SIO_GPIO_IN = const(0xD0000004)
WDT_MS = const(8000)  # the RP2040 watchdog allows at most 8388 ms


class Board:
    def __init__(self, display="ssd1306", leds=12, clock=None, flash=None, seed=None, usb=None):
        i2c = machine.I2C(0, sda=machine.Pin(PIN_SDA), scl=machine.Pin(PIN_SCL), freq=I2C_FREQ)
        if display == "sh1106":
            from drivers.sh1106 import SH1106 as Oled
        else:
            from drivers.ssd1306 import SSD1306 as Oled
        self.display = Oled(i2c, OLED_ADDR)
        self._chip_clock = _clock_chip(i2c)
        for i in range(len(BUTTON_PINS)):
            if BUTTON_PINS[i] != PIN_UP + i:
                raise ValueError("the buttons must be on consecutive GPIOs, UP first")
            machine.Pin(BUTTON_PINS[i], machine.Pin.IN, machine.Pin.PULL_UP)
        strip = neopixel.NeoPixel(machine.Pin(PIN_LEDS, machine.Pin.OUT), leds)
        self.leds = Leds(strip, leds)
        self.sound = Sound(machine.PWM(machine.Pin(PIN_BUZZER), freq=2000, duty_u16=0))
        self.clock = clock if clock is not None else time
        self.flash = flash if flash is not None else OsFlash("/data")
        self.seed = seed if seed is not None else _entropy()
        self._vbus = machine.Pin(PIN_VBUS, machine.Pin.IN)
        self._vsys = machine.ADC(machine.Pin(PIN_VSYS))
        self._wdt = None
        self.usb = usb if usb is not None else UsbSerial()  # the host's lines (core/hostlink.py)

    def buttons(self):
        # pressed bits in core.buttons order; a pressed button pulls its pin low. One
        # register read: the loop calls this every few ms while it waits for the next tick
        return (~machine.mem32[_SIO_GPIO_IN] >> PIN_UP) & 0x1F

    def battery_mv(self):
        # VSYS through the Pico's 3:1 divider, 3.3 V reference
        return self._vsys.read_u16() * 3 * 3300 // 65535

    def on_usb(self):
        return bool(self._vbus.value())

    def watchdog(self):
        # started by the loop once it runs, so a slow boot cannot trip it
        if self._wdt is None:
            self._wdt = machine.WDT(timeout=WDT_MS)
        return self._wdt

    def rtc(self):
        # the clock's (year, month, day, weekday, hours, minutes, seconds, subseconds):
        # 2021-01-01 plus the time since power-up until a host sets it (core/when.py)
        return machine.RTC().datetime()

    def set_rtc(self, t, chip=True):
        # t: (year, month, day, weekday, hours, minutes, seconds, 0), from a host's line;
        # the battery-backed clock set too (chip=False: t came from it, see external_time)
        machine.RTC().datetime(t)
        if chip and self._chip_clock is not None:
            try:
                self._chip_clock.datetime(t)
            except OSError:
                pass  # the module came loose: the RP2040's clock is set all the same

    def external_time(self):
        # the battery-backed clock's time in rtc()'s form, or None without one or when
        # it keeps no time (its battery was out: drivers/ds3231.py). core/when.py's
        # at_boot sets the RP2040's clock from it as a host would.
        if self._chip_clock is None:
            return None
        try:
            return self._chip_clock.datetime()
        except OSError:
            return None

    def lightsleep(self, ms):
        machine.lightsleep(ms)


class UsbSerial:
    # the USB serial port a host writes to while the firmware runs: read() -> one byte,
    # or -1 at once when none is waiting (ipoll reuses its tuple: nothing allocated)
    def __init__(self):
        import select
        import sys

        self._in = sys.stdin.buffer
        self._out = sys.stdout
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)

    def read(self):
        for _ in self._poll.ipoll(0):
            b = self._in.read(1)
            return b[0] if b else -1
        return -1

    def write(self, s):
        self._out.write(s)


def _clock_chip(i2c):
    # the DS3231 on the OLED's bus, or None: it is never required, and nothing that
    # answers there or fails to is an error (a board without one works as before). One
    # byte read at its address, not i2c.scan(): on the rp2 port a scan bit-bangs a
    # zero-length write to each of 112 addresses
    try:
        i2c.readfrom(RTC_ADDR, 1)
    except OSError:
        return None
    from drivers.ds3231 import DS3231

    return DS3231(i2c, RTC_ADDR)


def _entropy():
    # MicroPython's rp2 os.urandom draws on the ring oscillator's random bit
    seed = 0
    for b in os.urandom(4):
        seed = (seed << 8) | b
    return seed
