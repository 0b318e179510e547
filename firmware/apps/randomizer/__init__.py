# The randomizer: who goes first (a light spins round the ring and settles on a seat),
# a random play order, K of N, a coin and a number in a range. Every tool picks as it
# opens (opening it was the wish), ROLL picks again (a second ROLL skips the
# animation), OK opens the tool's settings, BACK returns to the list. Names and seats
# come from the shared line-up (apps/game); the ranges are remembered on flash.
# The picks themselves are rules/randomizer.py; the ring's spin is core/leds.py's.
from core import sound
from core.buttons import BACK, LONG, OK, ROLL
from core.leds import colour_name, seat_of
from core.shows import Spinner
from core.ticks import ticks_diff
from micropython import const
from rules import randomizer
from ui import dialogs, text, widgets
from ui.screen import Screen

NAME = "randomizer"
VERSION = 1
DEFAULTS = {"n": 10, "k": 3, "lo": 1, "hi": 100}
# every value's check (core/storage.py): a bad one goes back to its default
VALID = {
    "n": ("N", lambda v: type(v) is int and 1 <= v <= MAX_N),
    "k": ("K", lambda v: type(v) is int and 1 <= v <= MAX_K),
    "lo": ("lowest", lambda v: type(v) is int and 0 <= v <= MAX_NUMBER),
    "hi": ("highest", lambda v: type(v) is int and 0 <= v <= MAX_NUMBER),
}
ANIM_MS = const(450)  # the short tumble of the coin, the numbers and the order
FRAME_MS = const(60)
ORDER_STEP_MS = const(700)  # the ring shows the play order one seat at a time
MAX_N = const(99)
MAX_K = const(30)  # as many numbers as the screen shows at once
MAX_NUMBER = const(999)


class RandomizerApp(dialogs.MenuScreen):
    # a menu of tools: OK or ROLL opens the one under the cursor
    title = "Randomizer"

    def __init__(self, shell, **kw):
        super().__init__(shell, self.title, [])
        self.cfg = shell.load(NAME, DEFAULTS, VERSION, valid=VALID)
        self.cfg["k"] = min(self.cfg["k"], self.cfg["n"])
        self.menu.items = self._items()

    def names(self):
        return list(self.shell.settings.get("lineup") or [])

    def set_cfg(self, key, value):
        c = self.cfg
        c[key] = value
        c["k"] = max(1, min(c["k"], c["n"], MAX_K))
        self.shell.save(NAME, c, VERSION)

    def _items(self):
        c = self.cfg
        n = len(self.names())
        return [
            "First player",
            "Play order",
            "Pick " + str(c["k"]) + " of " + str(c["n"]),
            "Coin toss",
            "Number " + str(min(c["lo"], c["hi"])) + " to " + str(max(c["lo"], c["hi"])),
            "Players: " + str(n) if n else "Players…",
        ]

    def enter(self):
        super().enter()
        self.menu.items = self._items()  # a tool or the line-up may have changed them

    def on_roll(self):
        self.pick(self.menu.index)
        return True

    def pick(self, i):
        shell = self.shell
        if i == 5 or (i < 2 and not self.names()):
            # the seat tools need a line-up: ask for one, then go on to the tool
            then = (lambda names: None) if i == 5 else (lambda names: self.pick(i))
            from apps.game.lineup import LineUp

            shell.push(LineUp(shell, 2, 6, then, "Players"))
        elif i == 0:
            shell.push(FirstPlayer(self))
        elif i == 1:
            shell.push(PlayOrder(self))
        else:
            from apps.randomizer import numbers

            shell.push((numbers.PickK, numbers.Coin, numbers.Number)[i - 2](self))

    def draw(self, fb):
        widgets.title_bar(fb, self.title, "ROLL: pick")
        self.menu.draw(fb)


class Tool(Screen):
    # What every tool shares: pick on opening and on ROLL, a short animation with a
    # click per frame, a chime for the result, OK for the tool's settings.
    anim_ms = ANIM_MS
    right = ""  # the title bar's right end: a hint where the body leaves no footer

    def __init__(self, app, title):
        super().__init__(app.shell)
        self.app = app
        self.title = title
        # nothing picked yet: the first update() picks, and start() sets the pick's
        # animation (rolling, t0, frame) before anything reads it
        self.result = None
        self._go = True

    def update(self, events, now_ms):
        if self._go:
            self._go = False
            self.start(now_ms)
        for ev in events:
            if ev == ROLL:
                if self.rolling:
                    self.finish()
                else:
                    self.start(now_ms)
            elif ev == OK or ev == OK | LONG:
                self.open_options()
                return
            elif ev == BACK:
                self.shell.pop()
                return
        if self.rolling:
            self.animate(now_ms)
        else:
            self.idle(now_ms)

    def start(self, now_ms):
        self.result = self.pick()
        self.t0 = now_ms
        self.frame = -1
        self.rolling = True
        self.dirty = True

    def animate(self, now_ms):
        t = ticks_diff(now_ms, self.t0)
        if t >= self.anim_ms:
            self.finish()
            return
        f = t // FRAME_MS
        if f != self.frame:
            self.frame = f
            self.dirty = True
            self.shell.beep(1800 + 150 * (f % 3), 6)

    def finish(self):
        self.rolling = False
        self.t0 = self.shell.now_ms  # the idle animations count from the result
        self.dirty = True
        self.shell.sound.play(sound.CHOSEN)

    def idle(self, now_ms):
        pass

    def pick(self):  # each tool's own draw: the result
        raise NotImplementedError

    def draw_body(self, fb):  # each tool's own picture under the title
        pass

    def options(self):
        # -> [(label, fn)] for the OK menu
        return []

    def open_options(self):
        from ui import dialogs  # opened on a press: the heap does without it till then

        entries = self.options()
        if not entries:
            return

        def chosen(i):
            self.shell.pop()
            entries[i][1]()

        self.shell.push(dialogs.MenuScreen(self.shell, self.title, [e[0] for e in entries], chosen))

    def setting(self, title, key, lo, hi):
        # -> the OK menu's line for one setting, "title: value", which opens a Stepper
        # for it; a new setting means a new pick
        def ask():
            from ui import dialogs  # opened on a press: the heap does without it till then

            def done(v):
                self.app.set_cfg(key, v)
                self._go = True

            self.shell.push(dialogs.Stepper(self.shell, title, self.app.cfg[key], lo, hi, done))

        return (title + ": " + str(self.app.cfg[key]), ask)

    def draw(self, fb):
        widgets.title_bar(fb, self.heading(), self.right)
        if self.result is not None:  # drawn once before the first update picks
            self.draw_body(fb)

    def leds(self, leds, now_ms):
        if self.result is None:
            leds.off()
        else:
            self.ring(leds)

    def ring(self, leds):
        leds.off()

    def heading(self):
        return self.title


class SeatTool(Tool):
    # a tool over the players of the line-up
    def __init__(self, app, title):
        super().__init__(app, title)
        self.names = app.names()

    def start(self, now_ms):
        self.names = self.app.names()
        Tool.start(self, now_ms)

    def options(self):
        return [("Players: " + str(len(self.names)), self._lineup)]

    def _lineup(self):
        def done(names):
            self._go = True

        from apps.game.lineup import LineUp

        self.shell.push(LineUp(self.shell, 2, 6, done, "Players"))


class FirstPlayer(SeatTool):
    def __init__(self, app):
        super().__init__(app, "First player")
        self.spinner = None

    def pick(self):
        return randomizer.first_player(self.shell.rng, len(self.names))

    def start(self, now_ms):
        SeatTool.start(self, now_ms)
        self.spinner = Spinner(now_ms, self.result, len(self.names), self.shell.leds.count)

    def animate(self, now_ms):
        sp = self.spinner
        if sp.update(now_ms):
            self.dirty = True
            self.shell.beep(2600, 4)  # the tick of the wheel
        if sp.done:
            self.finish()

    def finish(self):
        self.spinner.skip()
        Tool.finish(self)

    def ring(self, leds):
        if self.rolling:
            self.spinner.draw(leds)
        else:
            leds.seats(len(self.names), self.result)

    def draw_body(self, fb):
        n = len(self.names)
        if self.rolling:
            # the name under the running light, small: not the answer yet
            seat = seat_of(self.spinner.led(), n, self.spinner.count)
            if seat >= 0:
                text.draw(fb, self.names[seat], 64, 24, align=text.CENTER)
            return
        seat = self.result
        name = text.short(self.names[seat], 124, text.MEDIUM)
        text.draw(fb, name, 64, 14, font=text.MEDIUM, align=text.CENTER)
        text.draw(fb, "goes first", 64, 29, align=text.CENTER)
        text.draw(
            fb, "seat " + str(seat + 1) + ", " + colour_name(seat), 64, 40, align=text.CENTER
        )
        widgets.footer(fb, "ROLL: spin again", rule=False)


class PlayOrder(SeatTool):
    # The order as a numbered list; once it is in, the ring walks through it, one seat
    # after another, and the screen marks the player whose seat is lit.
    def __init__(self, app):
        super().__init__(app, "Play order")
        self.step = -1

    def pick(self):
        return randomizer.play_order(self.shell.rng, len(self.names))

    def idle(self, now_ms):
        step = (ticks_diff(now_ms, self.t0) // ORDER_STEP_MS) % (len(self.result) + 1)
        if step != self.step:
            self.step = step
            self.dirty = True

    def finish(self):
        self.step = -1
        Tool.finish(self)

    def ring(self, leds):
        n = len(self.names)
        if self.rolling or self.step >= n:
            leds.seats(n, -1)  # dark between two walks round the order
        else:
            leds.seats(n, self.result[max(self.step, 0)])

    def draw_body(self, fb):
        order = self.result
        n = len(order)
        # six rows of 9 px fit under the title (from y 9: the last row's descenders are
        # on the bottom line); while shuffling the names roll past
        shift = 0 if not self.rolling else self.frame + 1
        for i in range(n):
            seat = order[(i + shift) % n]
            y = 9 + i * 9
            if i == self.step and not self.rolling:
                text.draw(fb, "\u25ba", 0, y)
            text.draw(fb, str(i + 1) + " " + text.short(self.names[seat], 66), 8, y)
            text.draw(fb, colour_name(seat), 127, y, align=text.RIGHT)
        if n < 6 and not self.rolling:  # six names take the footer's line
            widgets.footer(fb, "ROLL: again", rule=False)
