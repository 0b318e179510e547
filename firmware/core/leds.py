# The LED ring, all of it: one small interface (set colours by index, then show()), the
# seats round the table and their colours, and the two light shows the games share (the
# light that spins onto a seat, the winners' chase: core/shows.py, imported by the
# screens that show them). The brightness cap is applied here, on the way out, so no app can exceed it (USB power, dim rooms), and the strip is only
# written when the frame changed. A screen may set the whole frame on every tick (off,
# then its seats): that costs no write, no allocation.
# The strip: MicroPython's neopixel.NeoPixel, or on CircuitPython Adafruit's
# neopixel.NeoPixel(pin, n, auto_write=False) left at brightness=1.0 (the cap is applied
# here, in integers, so both send the same bytes: tests/test_leds_circuitpython.py).
from micropython import const

MAX_LEVEL = const(255)
OFF = (0, 0, 0)
ALL = None  # seats(players, lit=ALL): every seat in its colour


class Leds:
    def __init__(self, strip, count, cap=48):
        self._strip = strip
        self._len = count  # LEDs the strip object can address
        self.cap = cap  # 0..255: the brightest any channel may be on the wire
        self.resize(count)

    def resize(self, count):
        # the ring's LED count is a setting (12-LED ring or 6-LED strip)
        self.count = max(1, min(count, self._len))
        self._want = [OFF] * self._len
        self._sent = [OFF] * self._len  # the frame last written
        self._force = True  # write the next frame even if it looks the same

    def set(self, i, rgb):
        self._want[i % self.count] = rgb

    def fill(self, rgb):
        # most screens call off() on every tick: a plain loop, no call per LED and no
        # slice object (which MicroPython would allocate)
        want = self._want
        for i in range(self.count):
            want[i] = rgb

    def off(self):
        self.fill(OFF)

    def seats(self, players, lit=ALL):
        # The ring for `players` seats (seat_leds): the seats in `lit` in their colours,
        # the rest dark. lit: ALL, one seat (an int; -1 for none), or a list of seats.
        # Called on every tick, so it allocates nothing.
        self.off()
        width = seat_width(players, self.count)
        for seat in range(players):
            # lit is None (ALL), a seat, or a list of seats (pyright cannot follow type())
            if lit is None or (seat == lit if type(lit) is int else seat in lit):  # pyright: ignore[reportOperatorIssue]
                start = seat_start(seat, players, self.count)
                for i in range(start, start + width):
                    self.set(i, colour(seat))

    def set_cap(self, cap):
        if cap != self.cap:
            self.cap = cap
            self._force = True

    def show(self):
        if not self._force and self._want == self._sent:
            return
        self._force = False
        cap = self.cap
        strip = self._strip
        for i in range(self._len):
            self._sent[i] = self._want[i]
            r, g, b = self._want[i]
            strip[i] = (r * cap // MAX_LEVEL, g * cap // MAX_LEVEL, b * cap // MAX_LEVEL)
        write = getattr(strip, "write", None)
        if write is None:  # other adafruit_pixelbuf strips only have show()
            strip.show()
        else:
            write()


# Seat colours: distinct at low brightness and for the common colour-blindnesses first;
# their names, for the screen, in the same order
SEAT_COLOURS = (
    (0, 90, 255),
    (255, 110, 0),
    (0, 220, 60),
    (230, 0, 200),
    (255, 220, 0),
    (0, 230, 230),
)
COLOUR_NAMES = ("blue", "orange", "green", "magenta", "yellow", "cyan")


def colour(seat):
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def colour_name(seat):
    return COLOUR_NAMES[seat % len(COLOUR_NAMES)]


def seat_leds(seat, players, count):
    # LEDs that belong to `seat` (0-based) when `players` sit evenly around a ring of
    # `count` LEDs. Every seat gets the same number of LEDs (count // players, at least
    # one), so no seat looks brighter than another; the group starts at the LED nearest
    # to the seat's ideal place, seat * count / players (rounded half up, in integers).
    # 12 LEDs: 5 players -> 0-1, 2-3, 5-6, 7-8, 10-11; 6 LEDs: 4 players -> 0, 2, 3, 5.
    start = seat_start(seat, players, count)
    return range(start, start + seat_width(players, count))


def seat_start(seat, players, count):
    return (2 * seat * count + players) // (2 * players)


def seat_width(players, count):
    return count // players if count >= players else 1


def seat_of(led, players, count):
    # -> the seat an LED belongs to, or -1 for an LED between seats
    for seat in range(players):
        start = seat_start(seat, players, count)
        if start <= led < start + seat_width(players, count):
            return seat
    return -1
