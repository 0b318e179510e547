# The shell: the screen stack and the services every screen shares. Each tick it hands
# the events to the top screen, saves nothing itself (screens call save() at the moment
# a change is confirmed, before they draw it as done), redraws only when something is
# dirty, and turns any exception in a screen into a short message, a line in the crash
# log and a return to the home screen: one bug must not freeze the table's device.
# Nor may it wear out the flash: a screen that crashes again at once is not entered
# again for a while (a second, then twice as long each time, up to a minute: a press
# tries at once), and the crash log is written at most every LOG_GAP_MS, the same
# crash once with a count that is brought up to date every REPEAT_LOG_MS (and in a
# crash loop nothing more often than that).
from core import modules
from core.buttons import BACK, LONG
from core.storage import Storage
from core.ticks import due, ticks_add, ticks_diff
from micropython import const

from ui import text
from ui.widgets import Message

# Against OLED burn-in a static screen moves by a pixel every few minutes, round a
# small square, so no pixel is lit for hours on end.
SHIFT_MS = 180_000
_SHIFTS = ((0, 0), (1, 0), (1, 1), (0, 1))

AGAIN_MS = const(2000)  # a crash this soon after the last one: a crash loop
HALT_MS = const(1000)  # the first pause of a crash loop, doubled each time
HALT_MAX_MS = const(60_000)
LOG_GAP_MS = const(5000)  # no two crash-log writes closer than this
REPEAT_LOG_MS = const(120_000)  # the count of a crash that goes on: every two minutes
_SETTINGS = "core.settings"


class Shell:
    def __init__(self, board, home):
        self.board = board
        self.fb = board.display
        self.leds = board.leds
        self.sound = board.sound
        self.storage = Storage(board.flash)
        self._rng = None
        self.buttons = None  # core.buttons.Buttons, given by the loop (core/loop.py)
        # core.settings's checks (1.3 KB) are needed to read the file and to write it:
        # not in the heap at home (apps that change a setting load it again)
        self.settings = modules.once(_SETTINGS).load(self.storage)
        self._home = home
        self._stack = []
        self.now_ms = board.clock.ticks_ms()
        self._shift = 0
        self._shift_at = self.now_ms
        # the last crash: where, its traceback, how often, how often logged, and when
        self._crash_where = None
        self._crash_report = None
        self._crash_times = 0
        self._crash_logged = 0
        self._crash_at = None
        self._log_at = None
        self._halt_ms = 0  # the pause of a crash loop (0: none)
        self._halt_until = None
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
        if self._crash_times != self._crash_logged:
            self._log_crash(now_ms)
        if self._halt_until is not None:
            # a crash loop: nothing runs until the pause is over or a button is pressed
            # (which only ends the pause), then the home screen is built anew
            if not events and ticks_diff(now_ms, self._halt_until) < 0:
                return
            self._halt_until = None
            self._crash_at = now_ms  # a crash soon after this is a crash again at once
            self._stack = []  # the home screen anew, below
            events = ()
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
        name = exc.__class__.__name__
        now = self.now_ms
        # drop the failed app first: what it held is what the rest of this needs (a
        # MemoryError is the likeliest crash on a small heap)
        del self._stack[1:]
        if screen is self._stack[0]:  # the home screen itself failed: build it anew
            self._stack = []
        modules.collect()
        again = self._crash_at is not None and ticks_diff(now, self._crash_at) < AGAIN_MS
        self._crash_at = now
        try:
            self._note_crash(screen.title or "screen", exc, now)
        except Exception:  # noqa: BLE001, S110 - logging must not turn one crash into two
            pass
        if again:
            self._halt(screen, name, now)
            return
        self._halt_ms = 0
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

    def _halt(self, screen, name, now):
        # crashed again at once: no screen is entered until the pause is over; the
        # message stays on the stack (the loop marks the top dirty on waking) but is
        # only drawn, here, once
        self._stack = []
        self._halt_ms = min(self._halt_ms * 2, HALT_MAX_MS) if self._halt_ms else HALT_MS
        self._halt_until = ticks_add(now, self._halt_ms)
        modules.collect()
        try:
            self.leds.off()
        except Exception:  # noqa: BLE001, S110 - the LEDs may be what fails
            pass
        try:
            msg = (screen.title or "App") + " stopped again (" + name + "). Press a button to retry."
            self._stack = [Message(self, "Oops", msg)]
            self.redraw(self.top)
        except Exception:  # noqa: BLE001 - not even that: a dark screen until the retry
            try:
                self.fb.fill(0)
                self.fb.show()
            except Exception:  # noqa: BLE001, S110
                pass

    def _note_crash(self, where, exc, now):
        from core import crashlog  # loaded when needed: crashes are rare

        report = crashlog.describe(exc)
        if report == self._crash_report:  # the same bug, whichever screen hit it
            self._crash_times += 1
        else:  # another crash (a count of the last one not yet written is lost)
            self._crash_where = where
            self._crash_report = report
            self._crash_times = 1
            self._crash_logged = 0
        self._log_crash(now)

    def _log_crash(self, now):
        # write what is not in the log yet, unless it was written too recently: a crash
        # counted again, or any crash in a crash loop, waits REPEAT_LOG_MS
        if self._log_at is not None:
            since = ticks_diff(now, self._log_at)
            if since < LOG_GAP_MS or ((self._crash_logged or self._halt_ms) and since < REPEAT_LOG_MS):
                return
        try:
            from core import crashlog

            entry = crashlog.entry(self._crash_where, self._crash_report, self._crash_times)
            crashlog.write(self.storage.flash, entry, self._crash_logged > 0)
        except Exception:  # noqa: BLE001, S110 - logging must not turn one crash into two
            pass
        self._crash_logged = self._crash_times
        self._log_at = now
