# Dice on the OLED: d6 as pip faces, other kinds as a numbered box, held dice drawn
# inverted, and the short roll animation (shared by the dice roller and the games that
# roll). The text layer always carries each value, so the simulator can read them.
from core.ticks import ticks_add, ticks_diff
from micropython import const

from ui import text

ANIM_MS = const(480)
FRAME_MS = const(60)
GAP = const(3)

# pip centres on a 3x3 grid (column, row) for each face of a d6
_PIPS = (
    (),
    ((1, 1),),
    ((0, 0), (2, 2)),
    ((0, 0), (1, 1), (2, 2)),
    ((0, 0), (2, 0), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
)


def size_for(n, width=124):
    return min(20, (width - (n - 1) * GAP) // n)


def draw_die(fb, x, y, s, sides, value, held=False):
    fg = 0 if held else 1
    if held:
        fb.fill_rect(x, y, s, s, 1)
    else:
        fb.rect(x, y, s, s, 1)
    # clip the corners a little: reads as a die, not a box
    fb.pixel(x, y, 0)
    fb.pixel(x + s - 1, y, 0)
    fb.pixel(x, y + s - 1, 0)
    fb.pixel(x + s - 1, y + s - 1, 0)
    if sides == 6 and 1 <= value <= 6:
        step = (s - 4) // 3
        off = x + 2 + step // 2
        offy = y + 2 + step // 2
        r = 1 if s < 16 else 2
        for cx, cy in _PIPS[value]:
            px = off + cx * step
            py = offy + cy * step
            fb.fill_rect(px - r + 1, py - r + 1, 2 * r - 1, 2 * r - 1, fg)
        text.alt(x, y, str(value), s)
    else:
        label = str(value)
        th = text.height()
        text.draw(fb, label, x + s // 2, y + (s - th) // 2 + 1, color=fg, align=text.CENTER)


class DiceRow:
    # The values of a set of dice and their roll animation. The final values are fixed
    # when the roll starts (by the caller, from the fair rng); the animation only shows
    # throw-away faces from a cheap generator, so skipping it changes nothing.
    def __init__(self, sides, values, held=None):
        self.sides = sides
        self.values = values
        self.held = held or [False] * len(values)
        self._end = None
        self._next_frame = 0
        self._frame = 0
        self._shown = values

    @property
    def rolling(self):
        return self._end is not None

    def start(self, now_ms, final):
        self.values = final
        self._end = ticks_add(now_ms, ANIM_MS)
        self._next_frame = now_ms
        self._frame = 0

    def skip(self):
        self._end = None
        self._shown = self.values

    def update(self, now_ms):
        # -> True when what is shown changed
        if self._end is None:
            return False
        if ticks_diff(now_ms, self._end) >= 0:
            self.skip()
            return True
        if ticks_diff(now_ms, self._next_frame) < 0:
            return False
        self._next_frame = ticks_add(now_ms, FRAME_MS)
        self._frame += 1
        f = self._frame
        shown = []
        for i in range(len(self.values)):
            if self.held[i]:
                shown.append(self.values[i])
            else:
                f = (f * 1103515245 + 12345 + i) & 0x7FFFFFFF
                shown.append(1 + (f >> 8) % self.sides)
        self._shown = shown
        return True

    def phase(self):
        # 0.. frames into the animation, for LEDs and sound
        return self._frame

    def draw(self, fb, y, cursor=-1, width=124):
        n = len(self._shown)
        if not n:
            return
        s = size_for(n, width)
        x = (128 - (n * s + (n - 1) * GAP)) // 2
        for i in range(n):
            held = self.held[i] if i < len(self.held) else False
            draw_die(fb, x, y, s, self.sides, self._shown[i], held)
            if i == cursor:
                cx = x + s // 2
                fb.hline(cx - 3, y + s + 3, 7, 1)
                fb.hline(cx - 2, y + s + 2, 5, 1)
                fb.pixel(cx, y + s + 1, 1)
            x += s + GAP
