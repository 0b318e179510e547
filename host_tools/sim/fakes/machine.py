# Stand-in for MicroPython's machine module, for the simulator. It runs on CPython and
# under the MicroPython unix port alike. What the chip is wired to (the I2C bus, the pin
# levels, ...) is one Wiring per simulated board: a Simulator switches its own in with
# use() before its firmware runs, so several in one process never share a pin or a bus.


_POWER_UP = 662774400  # 2021-01-01 00:00 in seconds since 2000 (core/when.py)


class Wiring:
    # the world outside one chip; reset() at each power-on, as nothing survives it
    def __init__(self, ms=None):
        self.bus = {}  # I2C address -> object with write(bytes): the OLED emulator
        self.levels = {}  # GPIO number -> level the outside world drives (buttons pull to GND)
        self.pwm_out = {}  # PWM pin -> (freq, duty_u16) as last set, for the buzzer
        self.sleeps = []  # what lightsleep()/deepsleep() were asked to do, newest last
        self.wdt_state = {"timeout": None, "feeds": 0}  # WDT: timeout and the count of feeds
        self.adc = {}  # GPIO number -> raw 16-bit reading; the Simulator sets VSYS on GP29
        self.strips = []  # the fake neopixel's strips, newest last (the Simulator switches them in)
        self.ms = ms or (lambda: 0)  # the board's time in ms (the Simulator's virtual clock), for the RTC
        self.rtc = [_POWER_UP, 0]  # the RTC: [seconds since 2000 it read, at ms]
        self.usb = UsbSerial()  # the USB serial port, as board.Board(usb=) reads it

    def reset(self):
        self.bus.clear()
        self.levels.clear()
        self.pwm_out.clear()
        del self.sleeps[:]
        self.wdt_state["timeout"] = None
        self.wdt_state["feeds"] = 0
        self.adc.clear()
        del self.strips[:]
        self.rtc[0] = _POWER_UP  # the RP2040's clock starts at 2021-01-01 at every power-up
        self.rtc[1] = self.ms()
        self.usb.reset()


class UsbSerial:
    # the board's USB serial port: what a host wrote and the firmware has not read yet,
    # and what the firmware wrote back. Nothing in flight survives a power cut.
    def __init__(self):
        self.to_device = bytearray()
        self.to_host = ""

    def reset(self):
        self.to_device = bytearray()
        self.to_host = ""

    def read(self):
        # one byte, or -1 at once (board.UsbSerial.read)
        if not self.to_device:
            return -1
        b = self.to_device[0]
        self.to_device = self.to_device[1:]
        return b

    def write(self, s):
        self.to_host += s


_wiring = Wiring()  # for code that uses the fake without a Simulator
_board = _wiring


def _parts(wiring):
    # the board's parts the fake's module globals name
    return wiring.bus, wiring.levels, wiring.pwm_out, wiring.sleeps, wiring.wdt_state


bus, levels, pwm_out, sleeps, wdt_state = _parts(_wiring)


def use(wiring):
    # the fake's module globals (and every ADC's readings) become this board's
    global bus, levels, pwm_out, sleeps, wdt_state, _board
    _board = wiring
    bus, levels, pwm_out, sleeps, wdt_state = _parts(wiring)
    ADC.readings = wiring.adc


class _Mem32:
    # machine.mem32: only the RP2040's SIO GPIO_IN register, which board.py reads to get
    # every button at once (bit n = the level of GPIO n)
    GPIO_IN = 0xD0000004

    def __getitem__(self, addr):
        if addr != self.GPIO_IN:
            raise ValueError("the fake machine models no register at 0x%08X" % addr)
        v = 0
        for gpio in range(30):  # a counted loop: reading the buttons allocates nothing
            if levels.get(gpio, 0):
                v |= 1 << gpio
        return v


mem32 = _Mem32()


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        self._out = value or 0

    def value(self, v=None):
        if v is None:
            if self.mode == Pin.OUT:
                return self._out
            default = 1 if self.pull == Pin.PULL_UP else 0
            return levels.get(self.id, default)
        self._out = 1 if v else 0

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self._out = 1

    def off(self):
        self._out = 0

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        return None


class I2C:
    def __init__(self, id, scl=None, sda=None, freq=400000, timeout=50000):
        self.id = id
        self.freq = freq

    def scan(self):
        return sorted(bus)

    def _dev(self, addr):
        dev = bus.get(addr)
        if dev is None:
            raise OSError(19)  # ENODEV: nothing answered on the bus, as on a real Pico
        return dev

    # the device reads the buffers in place, as the real bus does: a copy here would
    # allocate on the firmware's heap under the MicroPython lane
    def writeto(self, addr, buf, stop=True):
        self._dev(addr).writev((buf,))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        self._dev(addr).writev(vector)
        n = 0
        for b in vector:
            n += len(b)
        return n

    # a register device (the DS3231, host_tools/sim/ds3231.py): read from where its
    # register pointer is, or the register's address written, then its bytes read or
    # written, as machine.I2C does it
    def readfrom(self, addr, nbytes, stop=True):
        buf = bytearray(nbytes)
        self._dev(addr).read_into(buf)
        return bytes(buf)

    def readfrom_mem_into(self, addr, memaddr, buf, addrsize=8):
        dev = self._dev(addr)
        dev.writev((bytes((memaddr,)),))
        dev.read_into(buf)

    def writeto_mem(self, addr, memaddr, buf, addrsize=8):
        self._dev(addr).writev((bytes((memaddr,)), buf))


class PWM:
    def __init__(self, pin, freq=0, duty_u16=0):
        self.pin = pin.id if isinstance(pin, Pin) else pin
        self._freq = freq
        self._duty = duty_u16
        pwm_out[self.pin] = (freq, duty_u16)

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f
        pwm_out[self.pin] = (self._freq, self._duty)

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        self._duty = d
        pwm_out[self.pin] = (self._freq, self._duty)

    def deinit(self):
        self._duty = 0
        pwm_out[self.pin] = (self._freq, 0)


class ADC:
    # GPIO number -> raw 16-bit reading, the board's (use()): shared by its every ADC
    readings = _wiring.adc

    def __init__(self, pin):
        self.pin = pin.id if isinstance(pin, Pin) else pin

    def read_u16(self):
        return ADC.readings.get(self.pin, 0)


class WDT:
    def __init__(self, id=0, timeout=5000):
        if timeout > 8388:
            raise ValueError("WDT timeout too long")  # the RP2040's limit
        wdt_state["timeout"] = timeout

    def feed(self):
        wdt_state["feeds"] += 1


class RTC:
    # the RP2040's real-time clock: it runs from power-up (2021-01-01 00:00) and keeps
    # the time a host sets (`leafkeeper clock` does datetime(t) over USB)
    def datetime(self, t=None):
        from core.when import civil, days

        rtc = _board.rtc
        if t is not None:
            rtc[0] = days(t[0], t[1], t[2]) * 86400 + t[4] * 3600 + t[5] * 60 + t[6]
            rtc[1] = _board.ms()
            return None
        s = rtc[0] + (_board.ms() - rtc[1]) // 1000
        y, m, d, hh, mm = civil(s)
        return (y, m, d, (days(y, m, d) + 5) % 7, hh, mm, s % 60, 0)


def unique_id():
    return b"\xe6\x61\x4c\x0f\x00\x00\x00\x01"


def lightsleep(ms=None):
    sleeps.append(("light", ms))


def deepsleep(ms=None):
    sleeps.append(("deep", ms))


def freq(hz=None):
    return 125000000


def reset():
    raise SystemExit("machine.reset()")
