# The Simulator: boots the unchanged firmware (firmware/main.py) on a virtual board.
# The fake machine/neopixel modules stand in for the hardware, the OLED emulator decodes
# the bytes the driver sends over the fake I2C bus, the fake flash applies writes block
# by block, and a virtual clock makes every run exact and repeatable. Runs on CPython
# and under the MicroPython unix port (tests run the same scenarios on both). Several in
# one process are independent: each switches its own board in before it runs (_use).
import sys


def _up(path):
    # the folder above path (MicroPython has no os.path)
    return path.rsplit("/", 1)[0] if "/" in path else "."


_HERE = _up(__file__)  # host_tools/sim
_ROOT = _up(_up(_HERE))  # the repository (in the web page: the folder of firmware/)
_MICROPYTHON = sys.implementation.name == "micropython"


def _firmware_dir():
    # LEAFKEEPER_FIRMWARE points at a compiled (.mpy) copy of firmware/: the MicroPython
    # lane runs the firmware the way the device does, precompiled. MicroPython's
    # WebAssembly port (the web page, host_tools/web/) has no os.getenv: there the
    # compiled firmware sits next to host_tools/, where _ROOT finds it.
    import os

    getenv = getattr(os, "getenv", None)
    return (getenv and getenv("LEAFKEEPER_FIRMWARE")) or _ROOT + "/firmware"


def _setup_path():
    # the hardware fakes (host_tools/sim/fakes/) ahead of the firmware, as the import root
    want = [_HERE + "/fakes", _firmware_dir()]
    if not _MICROPYTHON:  # MicroPython has the real framebuf and micropython modules
        want.insert(0, _HERE + "/fakes/cpython")
    for p in reversed(want):
        if p not in sys.path:
            sys.path.insert(0, p)


_setup_path()

import machine
import neopixel
from core.buttons import NAMES as BUTTONS  # the firmware's own order: bit i is BUTTONS[i]

from host_tools.sim.flash import FakeFlash, PowerCut
from host_tools.sim.oled_emu import OledEmulator

BUTTON_PINS = (10, 11, 12, 13, 14)  # as firmware/board.py: checked by a test
OLED_ADDR = 0x3C
RTC_ADDR = 0x68
TICK_MS = 20
PRESS_MS = 80
AFTER_PRESS_MS = 150
HOLD_MS = 1200  # a long press
# Every string the firmware drew cut off (ui/text.py cut()), by every Simulator since
# the list was last cleared (one list on purpose: a scenario may make several): the
# scenario tests and the bench fail on any
CLIPPED = []


def _note_cut(s):
    # each string once, and a bound: a soak of a million presses must not grow the heap
    if s not in CLIPPED and len(CLIPPED) < 200:
        CLIPPED.append(s)


# the firmware's own top-level modules and packages, dropped from sys.modules on
# boot so that nothing survives a power cut but the flash
_FIRMWARE = ("main", "board", "core", "ui", "apps", "rules", "drivers")


def _take_firmware():
    # Every boot imports the firmware afresh (RAM is lost at a power cut: no module-level
    # state survives that the device would lose), and each Simulator keeps its own copy:
    # -> the firmware's modules, taken out of sys.modules. On CPython only: under the
    # MicroPython lane's small heap a stale pointer on the stack (the GC is conservative)
    # can keep a whole earlier copy alive, so there the firmware is imported once and the
    # Simulators switch in what they hook into (the text layer); the CPython suites
    # (tests/test_power_cut.py) catch module-level state.
    taken = {}
    if not _MICROPYTHON:
        for name in list(sys.modules):
            if name.split(".")[0] in _FIRMWARE:
                taken[name] = sys.modules.pop(name)
    return taken


# The Simulator whose board is switched in now (Simulator._use): the fakes and the
# firmware are module-level, and every Simulator switches its own in before it calls
# into the firmware, so that several in one process are independent.
_active = [None]  # type: list[Simulator | None]


class VirtualClock:
    # The firmware's clock in the simulator. It starts 10 s before the tick counter
    # wraps, so every scenario also proves the firmware is wraparound-safe.
    def __init__(self):
        from core.ticks import ticks_add

        self._add = ticks_add
        self._now = ticks_add(0, -10_000)
        self.elapsed_ms = 0

    def ticks_ms(self):
        return self._now

    def advance(self, ms):
        self._now = self._add(self._now, ms)
        self.elapsed_ms += ms

    def sleep_ms(self, ms):
        self.advance(ms)


class Presses:
    # how a player presses a button, on a device that can hold one down, let it go and
    # let time pass: the Simulator, and the emulated Pico (host_tools/pico/emulator.py)
    def button_down(self, name):
        raise NotImplementedError

    def button_up(self, name):
        raise NotImplementedError

    def advance(self, ms):
        raise NotImplementedError

    def press(self, name):
        self.button_down(name)
        self.advance(PRESS_MS)
        self.button_up(name)
        self.advance(AFTER_PRESS_MS)

    def hold(self, name, ms=HOLD_MS):
        self.button_down(name)
        self.advance(ms)
        self.button_up(name)
        self.advance(AFTER_PRESS_MS)


class Simulator(Presses):
    def __init__(self, seed=0, state_dir=None, leds=12, display="ssd1306", flash_bytes=512 * 1024, flash=None, rtc=False):
        # flash: another object with the OsFlash interface instead of the fake flash, e.g.
        # core.storage.OsFlash on a real LittleFS (tests/mp_power_cut.py); arm_power_cut
        # and flash_writes need the fake flash. rtc: a DS3231 module on the OLED's bus,
        # with its own battery (self.rtc, host_tools/sim/ds3231.py)
        self.seed = seed
        self.n_leds = leds
        self.display_kind = display
        self.flash = flash if flash is not None else FakeFlash(state_dir, flash_bytes)
        self.clock = VirtualClock()
        self.wiring = machine.Wiring(self._ms)
        self.rtc = None
        if rtc:
            from host_tools.sim.ds3231 import FakeDS3231

            self.rtc = FakeDS3231(self._ms)
        self._modules = {}  # its firmware modules while another Simulator is switched in
        self._text = None  # its firmware's ui.text, and the text layer it records
        self._layer = []
        self._down = 0  # pressed bits held by the player
        self._boots = 0
        self._owed_ms = 0
        self.on = False
        self.loop = None
        self.oled = None
        self.boot()

    # -- power ------------------------------------------------------------------------
    def boot(self):
        self._disarm()
        self._use()
        self.wiring.reset()
        self.oled = OledEmulator(self.display_kind)
        self.wiring.bus[OLED_ADDR] = self.oled
        if self.rtc is not None:
            self.wiring.bus[RTC_ADDR] = self.rtc
        self.wiring.adc[29] = 5000 * 65535 // 9900  # VSYS 5 V over the 3:1 divider
        self._drive_pins()
        self.on = True
        _take_firmware()
        try:
            import board
            import main
            from ui import text

            # the text layer is RAM: a new one at each boot, recorded before the first frame
            self._text = text
            self._layer = text.layer = []
            text.cut = _note_cut
            b = board.Board(
                display=self.display_kind,
                leds=self.n_leds,
                clock=self.clock,
                flash=self.flash,
                seed=(self.seed * 7919 + self._boots) & 0xFFFFFFFF,
                usb=self.wiring.usb,
            )
            self._boots += 1
            self.board = b
            self.loop = main.start(b)
        except PowerCut:
            self._off()

    def _use(self):
        # switch this Simulator's board in, if another one's is: its wiring into the
        # fakes, its firmware's modules (CPython) and its text layer. Called before every
        # call into the firmware (boot, advance, text).
        other = _active[0]
        if other is self:
            return
        taken = _take_firmware()
        if other is not None:
            other._modules = taken
        sys.modules.update(self._modules)
        self._modules = {}
        machine.use(self.wiring)
        neopixel.strips = self.wiring.strips
        if self._text is not None:
            self._text.layer = self._layer
        _active[0] = self

    def power_cut(self):
        self._off()

    def arm_power_cut(self, blocks):
        try:
            self.flash.arm_power_cut(blocks)
        except PowerCut:
            self._off()

    @property
    def flash_writes(self):
        return self.flash.block_writes

    def _off(self):
        self.on = False
        self.loop = None
        self._disarm()

    def _disarm(self):
        if hasattr(self.flash, "disarm"):
            self.flash.disarm()

    # -- buttons and time ---------------------------------------------------------------
    def button_down(self, name):
        self._down |= 1 << BUTTONS.index(name)
        self._drive_pins()

    def button_up(self, name):
        self._down &= ~(1 << BUTTONS.index(name))
        self._drive_pins()

    def _drive_pins(self):
        for i in range(len(BUTTONS)):
            self.wiring.levels[BUTTON_PINS[i]] = 0 if self._down & (1 << i) else 1

    def advance(self, ms):
        # run the loop for ms of virtual time, one tick every TICK_MS
        self._use()
        self._owed_ms += ms
        while self._owed_ms >= TICK_MS:
            self._owed_ms -= TICK_MS
            self.clock.advance(TICK_MS)
            if self.on:
                try:
                    self.loop.tick()
                except PowerCut:
                    self._off()

    # -- what the player sees ---------------------------------------------------------------
    def text(self):
        if not self.on or not self.oled.on:
            return ""
        self._use()
        return "\n".join(self._text.lines())

    def pixels(self):
        if not self.on:
            return ["." * 128] * 64
        return self.oled.pixels()

    def leds(self):
        strips = self.wiring.strips
        if not strips:
            return []
        return list(strips[-1].written)

    def _ms(self):
        return self.clock.elapsed_ms

    def set_clock(self, t):
        # what `leafkeeper clock` does over USB: the RP2040's clock set to t, (year,
        # month, day, hours, minutes, seconds) local time, and the clock module if the
        # board has one (board.set_rtc); kept until the power drops (there: for good)
        self._use()
        self.board.set_rtc((t[0], t[1], t[2], 0, t[3], t[4], t[5], 0))

    def serial_write(self, text):
        # a host writes text to the USB serial port (`leafkeeper clock`: core/hostlink.py);
        # the firmware reads it as its loop runs (advance)
        self.wiring.usb.to_device += text.encode()

    def serial_read(self):
        # -> what the firmware wrote to the USB serial port since the last call
        usb = self.wiring.usb
        out, usb.to_host = usb.to_host, ""
        return out

    def contrast(self):
        return self.oled.contrast

    def display_on(self):
        return self.on and self.oled.on

    def save_png(self, path, scale=4):
        from host_tools.sim.render import save_png

        save_png(self.pixels(), self.leds(), path, scale)
