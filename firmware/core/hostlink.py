# Lines a host writes to the USB serial port while the firmware runs. One is taken:
#   LK-CLOCK 2026 11 27 19 05 00      the local time: the RP2040's clock is set to it
# answered "LK-CLOCK OK <run> <uptime s>" (what the clock read before: a pull dates this
# run's undated games with it, core/when.py), or "LK-CLOCK BAD" for a time that is no
# date. Anything else is ignored, and so is a line longer than any the host sends. Read
# a few bytes per tick, never waiting (board.usb): the loop goes on as if nothing came.
# Loaded by the loop when the first byte comes (core/loop.py): most days none does.
# `leafkeeper clock`, deploy and pull send it (host_tools/device/clock.py).
from micropython import const

_MAX = const(40)  # the longest line kept; longer ones are dropped whole
_PER_TICK = const(64)  # bytes read in one tick at most: a flood cannot stall the loop
PREFIX = "LK-CLOCK "


class HostLink:
    def __init__(self, board):
        self.board = board
        self.line = bytearray(_MAX)
        self.n = 0  # bytes of the line so far; -1: too long, dropped up to its end

    def poll(self, b):
        # b: the byte the loop read; the ones waiting after it follow, _PER_TICK in all
        # (the rest wait for the next tick: a byte read is always taken)
        usb = self.board.usb
        left = _PER_TICK
        while b >= 0:
            if b == 10 or b == 13:
                if self.n > 0:
                    self.take(bytes(self.line[: self.n]))
                self.n = 0
            elif self.n >= _MAX:
                self.n = -1
            elif self.n >= 0:
                self.line[self.n] = b
                self.n += 1
            left -= 1
            if not left:
                return
            b = usb.read()

    def take(self, raw):
        try:
            text = raw.decode()
        except UnicodeError:
            return  # not a line of ours
        if not text.startswith(PREFIX):
            return
        from core import when

        parts = text[len(PREFIX) :].split()
        try:
            if len(parts) != 6:
                raise ValueError
            run, up = when.set_clock(self.board, [int(p) for p in parts])
        except ValueError:
            self.board.usb.write(PREFIX + "BAD\r\n")
            return
        self.board.usb.write(PREFIX + "OK " + str(run) + " " + str(up) + "\r\n")
