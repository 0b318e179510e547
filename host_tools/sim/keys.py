# Scripted key presses for the simulator: "ROLL OK DOWN OK:long wait:500 UP*3".
#   NAME        short press (UP, DOWN, BACK, OK, ROLL)
#   NAME:long   held for 1200 ms
#   NAME*N      N short presses
#   wait:MS     let MS of virtual time pass
# Bounded, so a typo cannot exhaust the memory or run for ever: at most MAX_PRESSES
# presses and MAX_WAIT_MS for one wait, MAX_TOTAL_MS of virtual time in all.
# Runs on CPython and MicroPython.
from core.buttons import NAMES  # on the path: this package's simulator put firmware/ there

from host_tools.sim.simulator import AFTER_PRESS_MS, HOLD_MS, PRESS_MS

MAX_PRESSES = 10_000
MAX_WAIT_MS = 3_600_000  # an hour
MAX_TOTAL_MS = 86_400_000  # a day: about 4 million ticks
_PRESS_TOTAL_MS = PRESS_MS + AFTER_PRESS_MS  # a press and the pause after it
_HOLD_TOTAL_MS = HOLD_MS + AFTER_PRESS_MS


def _number(text):
    # only the digits 0-9 (str.isdigit() takes "٣" and "²" too)
    if not text or len(text) > 30:
        return None
    for c in text:
        if not "0" <= c <= "9":
            return None
    return int(text)


def parse(script):
    steps = []
    presses = 0
    total_ms = 0
    for word in script.split():
        whole = word
        count = 1
        if "*" in word:
            word, n = word.split("*", 1)
            count = _number(n)
            if count is None:
                raise ValueError("bad repeat count in " + repr(whole))
            if count > MAX_PRESSES:
                raise ValueError(repr(whole) + ": at most " + str(MAX_PRESSES) + " presses")
        if word.startswith("wait:"):
            ms = _number(word[5:])
            if ms is None:
                raise ValueError("wait needs milliseconds: " + repr(whole))
            if ms > MAX_WAIT_MS:
                raise ValueError(repr(whole) + ": at most " + str(MAX_WAIT_MS) + " ms (an hour) at a time")
            total_ms += ms * count
            if total_ms > MAX_TOTAL_MS:
                raise ValueError("the keys would take more than 24 hours of virtual time")
            for _ in range(count):
                steps.append(("wait", ms))
            continue
        kind = "press"
        if word.upper().endswith(":LONG"):
            kind = "hold"
            word = word[:-5]
        name = word.upper()
        if name not in NAMES:
            raise ValueError("unknown key " + repr(word) + "; use " + ", ".join(NAMES))
        presses += count
        if presses > MAX_PRESSES:
            raise ValueError("at most " + str(MAX_PRESSES) + " presses in one script")
        total_ms += (_HOLD_TOTAL_MS if kind == "hold" else _PRESS_TOTAL_MS) * count
        if total_ms > MAX_TOTAL_MS:
            raise ValueError("the keys would take more than 24 hours of virtual time")
        for _ in range(count):
            steps.append((kind, name))
    return steps


def play(sim, steps):
    # parsed steps on a device (the Simulator, the emulated Pico) -> how many presses
    presses = 0
    for kind, arg in steps:
        if kind == "wait":
            sim.advance(arg)
            continue
        if kind == "hold":
            sim.hold(arg)
        else:
            sim.press(arg)
        presses += 1
    return presses


def run(sim, script):
    # "ROLL OK:long wait:500" on a device -> how many presses (long ones included)
    return play(sim, parse(script))
