# The shell: the screen stack and the services every screen shares. Each tick it hands
# the events to the top screen, saves nothing itself (screens call save() at the moment
# a change is confirmed, before they draw it as done), redraws only when something is
# dirty, and turns any exception in a screen into a short message, a line in the crash
# log and a return to the home screen: one bug must not freeze the table's device
# (ui/crashes.py, loaded at the first crash: most evenings have none).
from core.buttons import BACK, LONG
from core.storage import Storage
from core.ticks import due

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
        self.storage.finish_erase()
        self._rng = None
        self.buttons = None  # core.buttons.Buttons, given by the loop (core/loop.py)
        self.settings = self.storage.settings()
        self._home = home
        self._stack = []
        self.now_ms = board.clock.ticks_ms()
        self._shift = 0
        self._shift_at = self.now_ms
        self._crashes = None  # ui/crashes.py, made at the first crash
        self.apply_settings()
        self.push(home(self))

    def _history_room(self):
        # what a full flash costs, the shell's choice: a save that found it full has the
        # history give up its oldest games first (core/history.py make_room)
        from core import history

        return history.make_room(self.storage)

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

    def back_to(self, screen):
        # the screens opened over `screen` closed: it is on top again (an entry done:
        # its app, whatever menus led there)
        while len(self._stack) > 1 and self.top is not screen:
            self._stack.pop().exit()
        self.top.enter()

    def replace(self, screen):
        self._stack.pop().exit()
        self.push(screen)

    def home(self):
        while len(self._stack) > 1:
            self._stack.pop().exit()
        self.top.enter()

    def playing(self):
        # a game is open (under its menus and messages too) and not over: the loop keeps
        # its screen lit, dimmed at most (core/power.py)
        for s in self._stack:
            j = getattr(s, "journal", None)
            if j is not None and not j.over:
                return True
        return False

    def notify(self, msg, title="Note", roll=None):
        # roll: what ROLL does while the message shows (widgets.Message)
        self.push(Message(self, title, msg, roll))

    # -- services -----------------------------------------------------------------
    @property
    def rng(self):
        # made on first use: the home screen needs none, so core.rng loads after boot
        if self._rng is None:
            from core.rng import Rng

            self._rng = Rng(self.board.seed)
        return self._rng

    def has_rng(self):
        # the Rng is made (its code, core.rng, stays in the heap with it)
        return self._rng is not None

    def save(self, name, data, version=1):
        return self.storage.save(name, data, version, self._history_room)

    def load(self, name, defaults=None, version=1, migrate=None, valid=None):
        return self.storage.load(name, defaults, version, migrate, valid)

    def save_settings(self):
        from core import settings

        settings.save(self.storage, self.settings, self._history_room)
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
        if self._crashes is not None:
            events = self._crashes.tick(self, events, now_ms)
            if events is None:
                return  # a crash loop's pause
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
            if due(now_ms, self._shift_at, SHIFT_MS):
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
        # drop the failed app first: what it held is what the rest of this needs (a
        # MemoryError is the likeliest crash on a small heap; MicroPython's allocator
        # collects by itself when it finds no room)
        del self._stack[1:]
        if screen is self._stack[0]:  # the home screen itself failed: build it anew
            self._stack = []
        try:
            if self._crashes is None:
                from ui.crashes import Crashes

                self._crashes = Crashes()
            self._crashes.crashed(self, screen, exc)
        except Exception:  # noqa: BLE001 - not even the message fits: home, drawn next tick
            del self._stack[1:]
            if self._stack:
                self.top.dirty = True
