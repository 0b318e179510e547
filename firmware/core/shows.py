# The two light shows the games share on the LED ring (core/leds.py): the light that
# spins onto a seat, and the winners' chase, imported by the screens that show them (the
# heap at home does without them). Time comes in as now_ms and only ever goes through ticks_diff.
from micropython import const

from core.leds import colour, seat_of, seat_start, seat_width
from core.ticks import ticks_diff

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
