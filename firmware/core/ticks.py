# Wraparound-safe millisecond ticks. On MicroPython these are the time module's own
# functions; on CPython (the simulator's host) the same arithmetic with the RP2040's
# period, so the firmware never compares raw tick values anywhere.
import time

try:
    # the RP2 stubs' signatures are positional-only, unlike the fallback's below
    ticks_add = time.ticks_add  # pyright: ignore[reportAssignmentType]
    ticks_diff = time.ticks_diff  # pyright: ignore[reportAssignmentType]
except AttributeError:
    _PERIOD = 1 << 30
    _HALF = 1 << 29

    def ticks_add(ticks, delta):
        return (ticks + delta) % _PERIOD

    def ticks_diff(end, start):
        return ((end - start + _HALF) % _PERIOD) - _HALF


def due(now, since, ms):
    # at least ms have passed since `since`: a difference too large for ticks_diff (half
    # the counter's period, 6.2 days on the RP2040) comes out negative and counts as due,
    # so nothing waits for days after a long sleep
    d = ticks_diff(now, since)
    return d >= ms or d < 0
