# The LED ring through one small interface: set colours by index, then show(). The
# brightness cap is applied here, on the way out, so no app can exceed it (USB power,
# dim rooms), and the strip is only written when something changed.
# The strip: MicroPython's neopixel.NeoPixel, or on CircuitPython Adafruit's
# neopixel.NeoPixel(pin, n, auto_write=False) left at brightness=1.0 (the cap is applied
# here, in integers, so both send the same bytes: tests/test_leds_circuitpython.py).
from micropython import const

MAX_LEVEL = const(255)


class Leds:
    def __init__(self, strip, count, cap=48):
        self._strip = strip
        self._len = count  # LEDs the strip object can address
        self.cap = cap  # 0..255: the brightest any channel may be on the wire
        self.resize(count)

    def resize(self, count):
        # the ring's LED count is a setting (12-LED ring or 6-LED strip)
        self.count = max(1, min(count, self._len))
        self._want = [(0, 0, 0)] * self._len
        self._changed = True

    def set(self, i, rgb):
        i %= self.count
        if self._want[i] != rgb:
            self._want[i] = rgb
            self._changed = True

    def fill(self, rgb):
        for i in range(self.count):
            self.set(i, rgb)

    def off(self):
        self.fill((0, 0, 0))

    def set_cap(self, cap):
        if cap != self.cap:
            self.cap = cap
            self._changed = True

    def show(self):
        if not self._changed:
            return
        self._changed = False
        cap = self.cap
        strip = self._strip
        for i in range(self._len):
            r, g, b = self._want[i]
            strip[i] = (r * cap // MAX_LEVEL, g * cap // MAX_LEVEL, b * cap // MAX_LEVEL)
        write = getattr(strip, "write", None)
        if write is None:  # other adafruit_pixelbuf strips only have show()
            strip.show()
        else:
            write()


# Seat colours: distinct at low brightness and for the common colour-blindnesses first
# (blue, orange, green, magenta, yellow, cyan).
SEAT_COLOURS = (
    (0, 90, 255),
    (255, 110, 0),
    (0, 220, 60),
    (230, 0, 200),
    (255, 220, 0),
    (0, 230, 230),
)


def seat_leds(seat, players, count):
    # LEDs that belong to `seat` (0-based) when `players` sit evenly around a ring of
    # `count` LEDs. Every seat gets the same number of LEDs (count // players, at least
    # one), so no seat looks brighter than another; the group starts at the LED nearest
    # to the seat's ideal place, seat * count / players (rounded half up, in integers).
    # 12 LEDs: 5 players -> 0-1, 2-3, 5-6, 7-8, 10-11; 6 LEDs: 4 players -> 0, 2, 3, 5.
    width = count // players if count >= players else 1
    start = (2 * seat * count + players) // (2 * players)
    return range(start, start + width)
