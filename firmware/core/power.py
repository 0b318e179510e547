# Idle power states, fed the time and whether anything happened: ACTIVE -> DIM after
# dim_s, -> OFF (panel off) after off_s, -> SLEEP (light-sleep between polls) after
# sleep_s, each read from the settings at every update so a change applies at once
# (0 = never). The loop applies the state to the hardware; this stays pure.
from micropython import const

from core.ticks import ticks_diff

ACTIVE = const(0)
DIM = const(1)
OFF = const(2)
SLEEP = const(3)


def _after(idle_ms, seconds):
    return seconds > 0 and idle_ms >= seconds * 1000


class Power:
    def __init__(self, now_ms, settings):
        self.settings = settings
        self.last_activity = now_ms
        self.state = ACTIVE

    def activity(self, now_ms):
        # -> True when this activity only woke the device (it must not act)
        self.last_activity = now_ms
        # a dimmed screen is still readable, so a press there acts; a dark one only wakes
        woke = self.state >= OFF
        self.state = ACTIVE
        return woke

    def update(self, now_ms):
        s = self.settings
        idle = ticks_diff(now_ms, self.last_activity)
        if _after(idle, s["sleep_s"]):
            self.state = SLEEP
        elif _after(idle, s["off_s"]):
            self.state = OFF
        elif _after(idle, s["dim_s"]):
            self.state = DIM
        else:
            self.state = ACTIVE
        return self.state
