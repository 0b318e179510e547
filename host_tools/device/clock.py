"""`leafkeeper clock`: set the running firmware's clock from this computer's, over USB serial.

The RP2040's clock starts at 2021-01-01 at every power-up, and MicroPython's rp2 boot sets
it so on every reset, so a clock set through mpremote before deploy's or pull's reset
would be lost (and mpremote's first command soft-resets the firmware). Instead the host
writes one line to the serial port while the firmware runs, which its loop reads without
ever waiting (firmware/core/hostlink.py):

    LK-CLOCK 2026 11 27 19 05 00      this computer's local time
    LK-CLOCK OK <run> <uptime>        the firmware's answer: the run of the firmware and
                                      its seconds since power-up before the setting

`deploy` and `pull` send it after their reset, once the firmware runs again; `pull`
sends it first, too, before it interrupts the firmware: the answer dates the games that
ended in that run before any setting (host_tools/device/export.py, when()).
"""

import datetime
import sys
import time

from host_tools.device import export, serialport
from host_tools.device.deploy import DeviceError


def line(now):
    return now.strftime("LK-CLOCK %Y %m %d %H %M %S") + "\n"


# a run is core/rng.py run_of()'s, an uptime at most what a stamp holds (core/histpage.py):
# more is no Leafkeeper's reading (10**22 s would date its games before the year 1)
MOST = 0x3FFFFFFF


def reading(run, up):
    """(run, uptime s) as the firmware can answer them, or None: what a board or a pull's
    mark says is input (export._on_one_clock dates games with it)."""
    ok = type(run) is int and type(up) is int and 1 <= run <= MOST and 0 <= up <= MOST
    return (run, up) if ok else None


def answer(text):
    """The firmware's answer in what it wrote -> (run, uptime s), or None without one.
    DeviceError when it refused the time (not a date it takes)."""
    for row in text.splitlines():
        words = row.split()
        if words[:2] == ["LK-CLOCK", "BAD"]:
            # what the board wrote, on one line, its escape codes shown, not run
            raise DeviceError("the board refused the time: " + export.shown(row[:80]))
        # digits as the firmware writes them: ASCII ("²" is a digit to isdigit)
        if words[:2] == ["LK-CLOCK", "OK"] and len(words) == 4 and all(w.isascii() and w.isdigit() for w in words[2:]):
            got = reading(int(words[2]), int(words[3]))
            if got is not None:
                return got
    return None


class UsbClock:
    """Sets the clock of the Leafkeeper on `port` (None: the first Pico found)."""

    def __init__(self, port=None, opener=serialport.open_serial, finder=serialport.find, sleep=time.sleep, clock=time.monotonic):
        self.port = serialport.name(port)
        self.opener = opener
        self.finder = finder
        self.sleep = sleep
        self.monotonic = clock

    def set(self, wait=10.0, now=None):
        """Write the time line until the firmware answers, for up to `wait` s (a board
        that was just reset takes a few seconds to come back on USB and boot) ->
        (run, uptime s, the local time sent). DeviceError when it never answered."""
        end = self.monotonic() + wait
        why = "no Pico found on USB"
        while True:
            port = self.port or self.finder()
            if port:
                try:
                    got = self._once(port, now)
                    if got is not None:
                        return got
                    why = "no answer on " + port + " (is Leafkeeper running on it, not the REPL?)"
                except OSError as e:  # also serial.SerialException: the port went away
                    why = str(e)
            if self.monotonic() >= end:
                raise DeviceError("could not set the clock: " + why)
            self.sleep(0.5)

    def _once(self, port, now):
        with self.opener(port) as s:
            sent = now or datetime.datetime.now().replace(microsecond=0)
            s.reset_input_buffer()
            s.write(line(sent).encode())
            text = ""
            for _ in range(10):  # the firmware reads it within a tick or two: 1 s is plenty
                text += s.read(64).decode("utf-8", "replace")
                got = answer(text)
                if got is not None:
                    return got[0], got[1], sent
        return None


def after_reset(usb, out):
    """deploy's and pull's last step: the clock set once the firmware runs again; what
    went wrong is said, not raised (the copy or the update itself is done)."""
    if usb is None:
        return
    try:
        usb.set()
        out("the board's clock is set")
    except DeviceError as e:
        out(str(e) + ": games end undated until `leafkeeper clock` sets it")


def main(args):
    try:
        run, up, sent = UsbClock(args.port).set(wait=3.0)
    except DeviceError as e:
        print("leafkeeper clock: " + str(e), file=sys.stderr)
        return 1
    print(f"the board's clock is set to {sent:%Y-%m-%d %H:%M:%S} (run {run}, up {up} s)")
    return 0
