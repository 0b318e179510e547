# The piezo buzzer, non-blocking: beep() starts a tone and update() (once per tick)
# ends it, so sound never stalls the loop.
from core.ticks import ticks_add, ticks_diff

_DUTY = 32768  # half duty: loudest square wave for a passive piezo

# The tunes the apps play, (freq_hz, ms) notes, 0 a rest: one place, so the same moment
# sounds the same in every game
WIN = ((1047, 90), (1319, 90), (1568, 90), (2093, 220))  # a game won, a game over
UNLOCK = ((1568, 60), (2093, 120))  # a bonus unlocked (61 Feuilles' goalposts)
ZONE = ((1319, 60), (1568, 60), (2093, 140))  # a zone bonus won
CHOSEN = ((1320, 50), (0, 25), (1760, 90))  # the ring has chosen a seat
DECIDED = ((1320, 60), (1568, 60), (2093, 200))  # a tie decided
GRAB = ((1568, 80), (0, 30), (2093, 250))  # eyes open: grab! (How the Leaves Came Down)


class Sound:
    def __init__(self, pwm):
        self._pwm = pwm
        self.enabled = True
        self._until = None
        self._queue = []  # (freq, ms) still to play

    def beep(self, freq=2000, ms=30):
        self.play(((freq, ms),))

    def play(self, notes):
        # notes: (freq_hz, ms) pairs; freq 0 is a rest
        if not self.enabled or self._pwm is None:
            return
        self._queue = list(notes)
        self._until = None

    def update(self, now_ms):
        if self._until is not None and ticks_diff(now_ms, self._until) < 0:
            return
        if not self._queue:
            if self._until is not None:
                self._pwm.duty_u16(0)
                self._until = None
            return
        freq, ms = self._queue.pop(0)
        if freq:
            self._pwm.freq(freq)
            self._pwm.duty_u16(_DUTY)
        else:
            self._pwm.duty_u16(0)
        self._until = ticks_add(now_ms, ms)

    def stop(self):
        self._queue = []
        self._until = None
        if self._pwm is not None:
            self._pwm.duty_u16(0)
