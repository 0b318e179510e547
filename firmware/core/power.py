# Idle power states, fed the time and whether anything happened: ACTIVE -> DIM after
# dim_ms, -> OFF (panel off) after off_ms, -> SLEEP (light-sleep between polls) after
# sleep_ms. The loop applies the state to the hardware; this stays pure.
from micropython import const

from core.ticks import ticks_diff

ACTIVE = const(0)
DIM = const(1)
OFF = const(2)
SLEEP = const(3)


class Power:
    def __init__(self, now_ms, dim_ms=60_000, off_ms=300_000, sleep_ms=600_000):
        self.dim_ms = dim_ms
        self.off_ms = off_ms
        self.sleep_ms = sleep_ms
        self.last_activity = now_ms
        self.state = ACTIVE

    def activity(self, now_ms):
        # -> True when this activity only woke the device (it must not act)
        self.last_activity = now_ms
        woke = self.state != ACTIVE
        self.state = ACTIVE
        return woke

    def update(self, now_ms):
        idle = ticks_diff(now_ms, self.last_activity)
        if idle >= self.sleep_ms > 0:
            self.state = SLEEP
        elif idle >= self.off_ms > 0:
            self.state = OFF
        elif idle >= self.dim_ms > 0:
            self.state = DIM
        else:
            self.state = ACTIVE
        return self.state
