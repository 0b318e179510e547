# Idle power states, fed the time and whether anything happened: ACTIVE -> DIM after
# dim_s, -> OFF (panel off) after off_s, -> SLEEP (light-sleep between polls) after
# sleep_s, each read from the settings at every update so a change applies at once
# (0 = never). The loop applies the state to the hardware; this stays pure.
# While a game is open and not over the screen dims but never goes dark: a hand that
# takes five minutes of talk must still be on the table (the settings rule at home).
# Idle time is counted up update by update, each step at most MAX_STEP_MS and the sum
# at most IDLE_CAP_MS: a week (or a year) asleep stays asleep, where one difference of
# tick counts would wrap after 6.2 days and wake the screen by itself.
from micropython import const

from core.ticks import ticks_diff

MAX_STEP_MS = const(60_000)  # the loop updates every tick (200 ms when asleep)
IDLE_CAP_MS = const(86_400_000)  # a day: beyond every timeout a setting allows

ACTIVE = const(0)
DIM = const(1)
OFF = const(2)
SLEEP = const(3)


def _after(idle_ms, seconds):
    return seconds > 0 and idle_ms >= seconds * 1000


class Power:
    def __init__(self, now_ms, settings):
        self.settings = settings
        self.idle_ms = 0
        self._at = now_ms  # the time of the last update
        self.state = ACTIVE

    def activity(self, now_ms):
        # -> True when this activity only woke the device (it must not act)
        self.idle_ms = 0
        self._at = now_ms
        # a dimmed screen is still readable, so a press there acts; a dark one only wakes
        woke = self.state >= OFF
        self.state = ACTIVE
        return woke

    def update(self, now_ms, playing=False):
        # playing: a game is open and not over (ui/shell.py playing()), so at most DIM
        s = self.settings
        step = ticks_diff(now_ms, self._at)
        self._at = now_ms
        if step > 0:
            self.idle_ms = min(self.idle_ms + min(step, MAX_STEP_MS), IDLE_CAP_MS)
        idle = self.idle_ms
        if playing:
            self.state = DIM if _after(idle, s["dim_s"]) else ACTIVE
        elif _after(idle, s["sleep_s"]):
            self.state = SLEEP
        elif _after(idle, s["off_s"]):
            self.state = OFF
        elif _after(idle, s["dim_s"]):
            self.state = DIM
        else:
            self.state = ACTIVE
        return self.state
