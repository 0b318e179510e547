# The piezo buzzer, non-blocking: beep() starts a tone and update() (once per tick)
# ends it, so sound never stalls the loop.
from core.ticks import ticks_add, ticks_diff

_DUTY = 32768  # half duty: loudest square wave for a passive piezo


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
