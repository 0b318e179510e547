# Animations on the LED ring that several screens share: the spinning light that slows
# down onto a seat (first player, first dropper); the steady seats are core.leds Leds.seats.
# Time comes in as now_ms (the tick clock) and only ever goes through ticks_diff.
from core.leds import SEAT_COLOURS, seat_leds
from core.ticks import ticks_diff
from micropython import const

TURNS = const(2)  # whole turns before the light starts to settle
FIRST_MS = const(22)  # the first, fastest step
SLOW_MS = const(200)  # how much longer the last step is than the first
DIM = (40, 40, 40)  # an LED between seats (rings with more LEDs than seats divide into)
# the seat colours in words, for the screen (core.leds.SEAT_COLOURS, same order)
COLOUR_NAMES = ("blue", "orange", "green", "magenta", "yellow", "cyan")


def colour(seat):
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_of(led, players, count):
    # -> the seat an LED belongs to, or -1 for an LED between seats
    for seat in range(players):
        if led in seat_leds(seat, players, count):
            return seat
    return -1


def colour_name(seat):
    return COLOUR_NAMES[seat % len(COLOUR_NAMES)]


class Spinner:
    # A light runs round the ring, each step a little slower (quadratic ease-out), and
    # stops on the middle LED of the chosen seat. update(now) -> True on each step, so
    # the screen can tick the buzzer; done once it has stopped. The schedule depends
    # only on where it starts and where it stops: the result is drawn before it spins.
    def __init__(self, now_ms, seat, players, count):
        self.t0 = now_ms
        self.players = players
        self.count = count
        group = seat_leds(seat, players, count)
        target = group[len(group) // 2] % count
        self.steps = TURNS * count + target  # starts at LED 0
        self.pos = 0
        self.done = False

    def _due(self, step):
        # ms from the start at which the light reaches `step` (1-based): the sum of the
        # step lengths FIRST_MS + SLOW_MS * (i / steps)^2 for i < step, in integers
        n = self.steps
        s = step - 1
        return FIRST_MS * step + SLOW_MS * s * (s + 1) * (2 * s + 1) // (6 * n * n)

    def duration(self):
        return self._due(self.steps)

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

    def draw(self, leds):
        # the running light takes the colour of the seat it passes
        leds.off()
        i = self.led()
        seat = seat_of(i, self.players, self.count)
        leds.set(i, colour(seat) if seat >= 0 else DIM)
