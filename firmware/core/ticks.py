# Wraparound-safe millisecond ticks. On MicroPython these are the time module's own
# functions; on CPython (the simulator's host) the same arithmetic with the RP2040's
# period, so the firmware never compares raw tick values anywhere.
try:
    from time import ticks_add, ticks_diff
except ImportError:
    _PERIOD = 1 << 30
    _HALF = 1 << 29

    def ticks_add(ticks, delta):
        return (ticks + delta) % _PERIOD

    def ticks_diff(end, start):
        return ((end - start + _HALF) % _PERIOD) - _HALF
