# Buttons as a pure state machine: fed (now_ms, pressed_bits) once per tick, it returns
# the events of that tick. No pins, no clock: the board reads the pins, the loop feeds
# the bits, and tests feed whatever timeline they like (ticks_ms wraparound included).
#
# Semantics (after Peter Hinch's Pushbutton with suppress=True):
# - a change of level is taken at the first sample that shows it, then the button is
#   locked for DEBOUNCE_MS so contact bounce cannot make a second edge (an edge days
#   old never locks it: core.ticks.due);
# - OK, BACK: PRESS on release; held for LONG_MS gives LONG at once and then no PRESS
#   on release, so a long press never also fires the short action;
# - UP, DOWN, ROLL hold no second meaning, so they act at once: PRESS when pressed,
#   nothing on release. UP and DOWN held for REPEAT_DELAY_MS give REPEAT, then a REPEAT
#   every REPEAT_MS (faster after ACCEL_AFTER_MS).
# An event is one small int, button | kind, so a tick allocates nothing.
from micropython import const

from core.ticks import due, ticks_add, ticks_diff

UP = const(0)
DOWN = const(1)
BACK = const(2)
OK = const(3)
ROLL = const(4)
COUNT = const(5)
NAMES = ("UP", "DOWN", "BACK", "OK", "ROLL")

PRESS = const(0)
LONG = const(8)
REPEAT = const(16)
KIND_MASK = const(24)
BUTTON_MASK = const(7)

DEBOUNCE_MS = const(30)
LONG_MS = const(800)
REPEAT_DELAY_MS = const(450)
REPEAT_MS = const(120)
FAST_REPEAT_MS = const(50)
ACCEL_AFTER_MS = const(2000)

_REPEATING = const((1 << UP) | (1 << DOWN))
_ON_PRESS = const((1 << UP) | (1 << DOWN) | (1 << ROLL))

_IDLE = const(0)
_DOWN = const(1)  # pressed, nothing fired yet
_SPENT = const(2)  # pressed, PRESS, LONG or REPEAT already fired: release is silent


def is_step(event, btn):
    # UP/DOWN move a value both on a click and while held
    return event == btn or event == btn | REPEAT


class Buttons:
    def __init__(self, count=COUNT, repeat_mask=_REPEATING, press_mask=_ON_PRESS):
        self._count = count
        self._repeat_mask = repeat_mask
        self._press_mask = press_mask
        self._state = bytearray(count)
        self._since = [0] * count  # when the current press started
        self._edge = [0] * count  # when the last accepted edge happened (debounce)
        self._next = [0] * count  # when the next REPEAT is due
        self._level = 0  # debounced pressed bits
        self._events = []

    @property
    def held(self):
        return self._level

    def coming(self, btn):
        # btn (OK, BACK) is down and its short press may still come, at the release: a
        # screen may get ready for it meanwhile
        return self._state[btn] == _DOWN

    def reset(self, now_ms, pressed_bits):
        # Forget any press in progress: after a wake-up or a screen change the press
        # that is still down must not fire anything when it is released.
        for i in range(self._count):
            bit = 1 << i
            self._state[i] = _SPENT if pressed_bits & bit else _IDLE
            self._edge[i] = now_ms
        self._level = pressed_bits

    def update(self, now_ms, pressed_bits):
        events = self._events
        events.clear()
        changed = pressed_bits ^ self._level
        if not changed and not self._level:
            return events  # nothing held, nothing new: the idle tick's usual case
        for i in range(self._count):
            bit = 1 << i
            state = self._state[i]
            if changed & bit and due(now_ms, self._edge[i], DEBOUNCE_MS):
                self._edge[i] = now_ms
                if pressed_bits & bit:
                    self._level |= bit
                    self._since[i] = now_ms
                    self._next[i] = ticks_add(now_ms, REPEAT_DELAY_MS)
                    if self._press_mask & bit:
                        events.append(i | PRESS)
                        self._state[i] = _SPENT
                    else:
                        self._state[i] = _DOWN
                else:
                    self._level &= ~bit
                    if state == _DOWN:
                        events.append(i | PRESS)
                    self._state[i] = _IDLE
                continue
            if state == _IDLE:
                continue
            held_ms = ticks_diff(now_ms, self._since[i])
            if self._repeat_mask & bit:
                if ticks_diff(now_ms, self._next[i]) >= 0:
                    events.append(i | REPEAT)
                    self._state[i] = _SPENT
                    step = FAST_REPEAT_MS if held_ms >= ACCEL_AFTER_MS else REPEAT_MS
                    self._next[i] = ticks_add(now_ms, step)
            elif state == _DOWN and held_ms >= LONG_MS:
                events.append(i | LONG)
                self._state[i] = _SPENT
        return events
