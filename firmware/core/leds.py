# The LED ring, all of it: one small interface (set colours by index, then show()), the
# seats round the table and their colours, and the two light shows the games share (the
# light that spins onto a seat, the winners' chase). The brightness cap is applied here,
# on the way out, so no app can exceed it (USB power, dim rooms), and the strip is only
# written when the frame changed. A screen may set the whole frame on every tick (off,
# then its seats): that costs no write, no allocation. Time comes in as now_ms and only
# ever goes through ticks_diff.
# The strip: MicroPython's neopixel.NeoPixel, or on CircuitPython Adafruit's
# neopixel.NeoPixel(pin, n, auto_write=False) left at brightness=1.0 (the cap is applied
# here, in integers, so both send the same bytes: tests/test_leds_circuitpython.py).
from micropython import const

from core.ticks import ticks_diff

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


# -- light shows ------------------------------------------------------------------------------
SPIN_TURNS = const(2)  # whole turns before the spinning light starts to settle
SPIN_FIRST_MS = const(22)  # its first, fastest step
SPIN_SLOW_MS = const(200)  # how much longer its last step is than the first
BETWEEN = (40, 40, 40)  # an LED between seats (rings with more LEDs than seats divide into)
PARTY_MS = const(6000)  # how long the winners' chase runs before their seats just glow
CHASE_MS = const(50)  # one LED step of the chase


class Spinner:
    # A light runs round the ring, each step a little slower (quadratic ease-out), and
    # stops on the middle LED of the chosen seat. update(now) -> True on each step, so
    # the screen can tick the buzzer; done once it has stopped. The schedule depends
    # only on where it starts and where it stops: the result is drawn before it spins.
    def __init__(self, now_ms, seat, players, count):
        self.t0 = now_ms
        self.players = players
        self.count = count
        start = seat_start(seat, players, count)
        target = (start + seat_width(players, count) // 2) % count
        self.steps = SPIN_TURNS * count + target  # starts at LED 0
        self.pos = 0
        self.done = False

    def _due(self, step):
        # ms from the start at which the light reaches `step` (1-based): the sum of the
        # step lengths FIRST_MS + SLOW_MS * (i / steps)^2 for i < step, in integers
        n = self.steps
        s = step - 1
        return SPIN_FIRST_MS * step + SPIN_SLOW_MS * s * (s + 1) * (2 * s + 1) // (6 * n * n)

    def skip(self):
        self.pos = self.steps
        self.done = True

    def update(self, now_ms):
        if self.done:
            return False
        t = ticks_diff(now_ms, self.t0)
        moved = False
        while self.pos < self.steps and self._due(self.pos + 1) <= t:
            self.pos += 1
            moved = True
        self.done = self.pos >= self.steps
        return moved

    def led(self):
        return self.pos % self.count

    def seat(self):
        # the seat the light is passing (-1 between seats)
        return seat_of(self.led(), self.players, self.count)

    def draw(self, leds):
        # the running light takes the colour of the seat it passes
        leds.off()
        seat = self.seat()
        leds.set(self.led(), colour(seat) if seat >= 0 else BETWEEN)


class Party:
    # A win: two lights chase round the ring in the winners' colours for PARTY_MS, then
    # the winners' seats glow.
    def __init__(self, now_ms):
        self.t0 = now_ms

    def draw(self, leds, winners, players, now_ms):
        t = ticks_diff(now_ms, self.t0)
        if t >= PARTY_MS:
            leds.seats(players, winners)
            return
        leds.off()
        step = t // CHASE_MS
        rgb = colour(winners[(step // leds.count) % len(winners)])
        leds.set(step % leds.count, rgb)
        leds.set((step + leds.count // 2) % leds.count, rgb)
