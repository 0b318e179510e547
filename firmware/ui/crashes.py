# What the shell (ui/shell.py) does once a screen has crashed, loaded at the first
# crash. The player gets a short message and the home screen; the crash log gets the
# traceback. Neither may a crash wear out the flash: a screen that crashes again at once
# is not entered again for a while (a second, then twice as long each time, up to a
# minute: a press tries at once), and the crash log is written at most every
# LOG_GAP_MS, the same crash once with a count that is brought up to date every
# REPEAT_LOG_MS (and in a crash loop nothing more often than that).
from core import crashlog
from core.ticks import ticks_add, ticks_diff
from micropython import const

from ui.widgets import Message

AGAIN_MS = const(2000)  # a crash this soon after the last one: a crash loop
HALT_MS = const(1000)  # the first pause of a crash loop, doubled each time
HALT_MAX_MS = const(60_000)
LOG_GAP_MS = const(5000)  # no two crash-log writes closer than this
REPEAT_LOG_MS = const(120_000)  # the count of a crash that goes on: every two minutes


class Crashes:
    def __init__(self):
        # the last crash: where, its traceback, how often, how often logged, and when
        self.where = None
        self.report = None
        self.times = 0
        self.logged = 0
        self.at = None
        self.log_at = None
        self.halt_ms = 0  # the pause of a crash loop (0: none)
        self.halt_until = None

    def tick(self, shell, events, now):
        # -> the events for the screens, or None while a crash loop's pause lasts
        if self.times != self.logged:
            self._log(shell, now)
        if self.halt_until is not None:
            # a crash loop: nothing runs until the pause is over or a button is pressed
            # (which only ends the pause), then the home screen is built anew
            if not events and ticks_diff(now, self.halt_until) < 0:
                return None
            self.halt_until = None
            self.at = now  # a crash soon after this is a crash again at once
            shell._stack = []  # the home screen anew (the shell's tick)
            return ()
        return events

    def crashed(self, shell, screen, exc):
        # the failed app is off the stack already (Shell.crashed)
        name = exc.__class__.__name__
        now = shell.now_ms
        again = self.at is not None and ticks_diff(now, self.at) < AGAIN_MS
        self.at = now
        try:
            self._note(shell, screen.title or "screen", exc, now)
        except Exception:  # noqa: BLE001, S110 - logging must not turn one crash into two
            pass
        if again:
            self._halt(shell, screen, name, now)
            return
        self.halt_ms = 0
        if not shell._stack:
            shell.push(shell._home(shell))
        else:
            shell.top.enter()  # home: unloads the failed app's modules
        msg = (screen.title or "App") + " stopped (" + name + "). Saved games are safe."
        shell.push(Message(shell, "Oops", msg))
        shell.redraw(shell.top)

    def _halt(self, shell, screen, name, now):
        # crashed again at once: no screen is entered until the pause is over; the
        # message stays on the stack (the loop marks the top dirty on waking) but is
        # only drawn, here, once
        shell._stack = []
        self.halt_ms = min(self.halt_ms * 2, HALT_MAX_MS) if self.halt_ms else HALT_MS
        self.halt_until = ticks_add(now, self.halt_ms)
        try:
            shell.leds.off()
        except Exception:  # noqa: BLE001, S110 - the LEDs may be what fails
            pass
        try:
            msg = (
                (screen.title or "App") + " stopped again (" + name + "). Press a button to retry."
            )
            shell._stack = [Message(shell, "Oops", msg)]
            shell.redraw(shell.top)
        except Exception:  # noqa: BLE001 - not even that: a dark screen until the retry
            try:
                shell.fb.fill(0)
                shell.fb.show()
            except Exception:  # noqa: BLE001, S110
                pass

    def _note(self, shell, where, exc, now):
        report = crashlog.describe(exc)
        if report == self.report:  # the same bug, whichever screen hit it
            self.times += 1
        else:  # another crash (a count of the last one not yet written is lost)
            self.where = where
            self.report = report
            self.times = 1
            self.logged = 0
        self._log(shell, now)

    def _log(self, shell, now):
        # write what is not in the log yet, unless it was written too recently: a crash
        # counted again, or any crash in a crash loop, waits REPEAT_LOG_MS
        if self.log_at is not None:
            since = ticks_diff(now, self.log_at)
            if since < LOG_GAP_MS or ((self.logged or self.halt_ms) and since < REPEAT_LOG_MS):
                return
        try:
            entry = crashlog.entry(self.where, self.report, self.times)
            crashlog.write(shell.storage.flash, entry, self.logged > 0)
        except Exception:  # noqa: BLE001, S110 - logging must not turn one crash into two
            pass
        self.logged = self.times
        self.log_at = now
