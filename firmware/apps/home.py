# The home screen: a menu of the apps that exist (apps/__init__.py). An app is a
# package under apps/, imported when it is opened and forgotten when the home screen
# comes back, so the heap holds one app at a time (core/modules.py). ROLL opens the dice roller and rolls at
# once: the most common wish at a table is "a number, now". A game in progress (after a
# power cut, say) is offered first, the cursor on it.

from core import modules
from core.buttons import OK, ROLL
from micropython import const
from ui import widgets
from ui.screen import Screen

from apps import APPS  # the list of apps

_LABEL = const(0)  # the fields of a row of APPS that home reads
_MODULE = const(1)
_CLASS = const(2)
_SAVE = const(3)
_DICE = const(0)  # the roller (APPS[0]): ROLL opens it from home
_LOADED = const(0)  # Home._fetch's steps
_MADE = const(1)
_DRAWN = const(2)


def open_app(shell, index, screen=None, **kw):
    # screen: the app already made (Home._fetch)
    if screen is None:
        screen = _make(shell, index, **kw)
    modules.used()
    shell.push(screen)
    return screen


def _make(shell, index, **kw):
    a = APPS[index]
    return getattr(modules.load(a[_MODULE], fresh=True), a[_CLASS])(shell, **kw)


class Home(Screen):
    title = "Leafkeeper"

    def __init__(self, shell):
        super().__init__(shell)
        self._keep = None  # the modules at home: boot's
        self._ready = None  # [entry, step done, app, its messages] while OK was down

    def enter(self):
        super().enter()
        # back home, no app is open: forget their modules so the next one has the heap
        if self._keep is None:
            self._keep = modules.loaded()  # the first visit is at boot
        self._forget()
        # rebuilt on every visit: the game in progress may have changed. Its row goes
        # above the apps with the cursor on it, the hint saying "OK: resume": after a
        # power cut the OK of habit takes the game up, not the dice (issue 40)
        rows = APPS
        self.entries = list(range(len(rows)))
        labels = [a[_LABEL] for a in rows]
        resume = self.shell.settings.get("resume")
        for i in range(len(rows)):
            if resume and rows[i][_SAVE] == resume:
                self.entries.insert(0, i)
                labels.insert(0, "\u25ba " + rows[i][_LABEL])
        self.menu = widgets.Menu(labels)

    def _forget(self):
        # every app's code out of the heap but home's own
        keep = self._keep
        if self.shell.has_rng():
            # the shell's Rng keeps core.rng's code in the heap whatever happens here:
            # forgotten, the next app to import it (Solitaire's deals) would load a copy
            keep = keep + ["core.rng"]
        modules.back_to(keep)
        self._told()  # a file it found damaged is set aside: the player is told here

    def _told(self):
        # -> the app made while OK was down, or None; what reading its saves had for
        # the player goes to the shell now, to be shown above whatever is on top next
        ready = self._ready
        self._ready = None
        if ready is None:
            return None
        self.shell.storage.problems.extend(ready[3])
        return ready[2]

    def _fetch(self):
        # OK is down on an app: its release is most likely a short press that opens it
        # (held, it means nothing here), so the app gets ready while the finger is still
        # on the button (a tap lasts 80-150 ms), one step a tick: its code loaded, then
        # the app made (its saves read), then drawn once unseen (what its first frame
        # works out, Solitaire's rows, fonts: not shown, home draws itself again). The
        # release only shows it: on the UF2 Resume 64.4 -> 38.4 ms, History 60.6 -> 40.2
        # ms. A step a tick: a release that comes meanwhile (the .mpy files load slowly)
        # waits for one step, not for all. What the saves had to tell the player waits
        # for the release (a message shown now would take the release and go).
        entry = self.entries[self.menu.index]
        ready = self._ready
        if ready is None or ready[0] != entry:
            modules.load(APPS[entry][_MODULE], fresh=True)
            self._ready = [entry, _LOADED, None, []]
        elif ready[1] == _LOADED:
            problems = self.shell.storage.problems
            n = len(problems)
            try:
                app = _make(self.shell, entry)
            except Exception:  # noqa: BLE001 - made again at the release, where a crash is shown
                app = None
            ready[1] = _MADE
            ready[2] = app
            ready[3] = problems[n:]
            del problems[n:]
        elif ready[1] == _MADE and ready[2] is not None:
            # drawing reads too (History's pages, mended when damaged): what that has
            # for the player waits for the release as well
            problems = self.shell.storage.problems
            n = len(problems)
            ready[1] = _DRAWN
            fb = self.shell.fb
            fb.fill(0)
            try:
                ready[2].draw(fb)
            except Exception:  # noqa: BLE001 - made and drawn again at the release, where a crash is shown
                ready[2] = None
            ready[3] += problems[n:]
            del problems[n:]
            self.dirty = True

    def update(self, events, now_ms):
        buttons = self.shell.buttons
        if buttons is not None and buttons.coming(OK):
            self._fetch()
        for ev in events:
            if self._ready is not None and ev != OK:
                self._forget()  # the press made an app it did not open (held, or else)
            if ev == ROLL:
                open_app(self.shell, _DICE, roll_now=True)
                return
            r = self.menu.handle(ev)
            if r == "pick":
                open_app(self.shell, self.entries[self.menu.index], self._told())
                return
            if r:
                self.dirty = True

    def draw(self, fb):
        on_game = len(self.entries) > len(APPS) and self.menu.index == 0
        widgets.title_bar(fb, self.title, "OK: resume" if on_game else "ROLL: dice")
        self.menu.draw(fb)
