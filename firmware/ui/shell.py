# The shell: the screen stack and the services every screen shares. Each tick it hands
# the events to the top screen, saves nothing itself (screens call save() at the moment
# a change is confirmed, before they draw it as done), redraws only when something is
# dirty, and turns any exception in a screen into a short message, a line in the crash
# log and a return to the home screen: one bug must not freeze the table's device.
import gc

from core import settings
from core.buttons import BACK, LONG
from core.storage import Storage
from core.ticks import ticks_diff

from ui import text
from ui.widgets import Message

# Against OLED burn-in a static screen moves by a pixel every few minutes, round a
# small square, so no pixel is lit for hours on end.
SHIFT_MS = 180_000
_SHIFTS = ((0, 0), (1, 0), (1, 1), (0, 1))


class Shell:
    def __init__(self, board, home):
        self.board = board
        self.fb = board.display
        self.leds = board.leds
        self.sound = board.sound
        self.storage = Storage(board.flash)
        self._rng = None
        self.settings = settings.load(self.storage)
        self._home = home
        self._stack = []
        self.now_ms = board.clock.ticks_ms()
        self._shift = 0
        self._shift_at = self.now_ms
        self.apply_settings()
        self.push(home(self))

    # -- the stack ----------------------------------------------------------------
    @property
    def top(self):
        return self._stack[-1]

    def push(self, screen):
        self._stack.append(screen)
        screen.enter()

    def pop(self):
        if len(self._stack) > 1:
            self._stack.pop().exit()
            self.top.enter()

    def replace(self, screen):
        self._stack.pop().exit()
        self.push(screen)

    def home(self):
        while len(self._stack) > 1:
            self._stack.pop().exit()
        self.top.enter()

    def notify(self, msg, title="Note"):
        self.push(Message(self, title, msg))

    # -- services -----------------------------------------------------------------
    @property
    def rng(self):
        # made on first use: the home screen needs none, so core.rng loads after boot
        if self._rng is None:
            from core.rng import Rng

            self._rng = Rng(self.board.seed)
        return self._rng

    def save(self, name, data, version=1):
        return self.storage.save(name, data, version)

    def load(self, name, defaults=None, version=1, migrate=None):
        return self.storage.load(name, defaults, version, migrate)

    def save_settings(self):
        settings.save(self.storage, self.settings)
        self.apply_settings()

    def apply_settings(self):
        s = self.settings
        self.fb.contrast(s["contrast"])
        self.fb.rotate(s["flip"])
        self.leds.set_cap(s["led_cap"])
        if self.leds.count != s["leds"]:
            self.leds.resize(s["leds"])
        self.sound.enabled = s["sound"]

    def beep(self, freq=2000, ms=25):
        self.sound.beep(freq, ms)

    # -- the tick -----------------------------------------------------------------
    def tick(self, events, now_ms):
        self.now_ms = now_ms
        if not self._stack:  # a crash could not even rebuild the home screen: again
            try:
                self.push(self._home(self))
            except Exception:  # noqa: BLE001
                return
        while self.storage.problems:
            self.notify(self.storage.problems.pop(0), "Storage")
        screen = self.top
        try:
            if BACK | LONG in events and len(self._stack) > 1:
                self.home()
            else:
                screen.update(events, now_ms)
            screen = self.top
            screen.leds(self.leds, now_ms)
            if ticks_diff(now_ms, self._shift_at) >= SHIFT_MS:
                self._shift_at = now_ms
                self._shift = (self._shift + 1) % len(_SHIFTS)
                screen.dirty = True
            if screen.dirty:
                self.redraw(screen)
        except Exception as e:  # noqa: BLE001 - any bug in an app, see the module comment
            self.crashed(screen, e)

    def redraw(self, screen):
        screen.dirty = False
        fb = self.fb
        fb.fill(0)
        text.clear_layer()
        screen.draw(fb)
        dx, dy = _SHIFTS[self._shift]
        if dx or dy:
            fb.scroll(dx, dy)
            fb.fill_rect(0, 0, dx, 64, 0)  # scroll leaves the vacated edge as it was
            fb.fill_rect(0, 0, 128, dy, 0)
        fb.show()

    def crashed(self, screen, exc):
        name = exc.__class__.__name__
        # drop the failed app first: what it held is what the rest of this needs (a
        # MemoryError is the likeliest crash on a small heap)
        del self._stack[1:]
        if screen is self._stack[0]:  # the home screen itself failed: build it anew
            self._stack = []
        gc.collect()
        try:
            from core import crashlog  # loaded when needed: crashes are rare

            crashlog.log(self.storage.flash, screen.title or "screen", exc)
        except Exception:  # noqa: BLE001, S110 - logging must not turn one crash into two
            pass
        try:
            if not self._stack:
                self.push(self._home(self))
            else:
                self.top.enter()  # home: unloads the failed app's modules
            msg = (screen.title or "App") + " stopped (" + name + "). Saved games are safe."
            self.push(Message(self, "Oops", msg))
            self.redraw(self.top)
        except Exception:  # noqa: BLE001 - not even the message fits: home, drawn next tick
            del self._stack[1:]
            if self._stack:
                self.top.dirty = True
