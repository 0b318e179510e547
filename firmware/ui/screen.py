# The screen contract, after the Tildagon and flow3r badge apps: a screen gets its
# button events and the time in update(), draws the whole screen in draw(), and sets
# `dirty` when what it shows has changed. enter()/exit() bracket its time on top of
# the stack. `shell` gives it the device: storage, rng, leds, sound, settings, and the
# stack itself (push, pop, home, notify, save).
from core.buttons import BACK


class Screen:
    # title for the home menu (apps) and for crash messages
    title = ""

    def __init__(self, shell):
        self.shell = shell
        self.dirty = True

    def enter(self):
        self.dirty = True

    def exit(self):
        pass

    def update(self, events, now_ms):
        for ev in events:
            if ev == BACK:
                self.shell.pop()
                return

    def draw(self, fb):
        pass

    def leds(self, leds, now_ms):
        # light the ring for this screen; default: dark
        leds.off()


class View(Screen):
    # one view of an app (a game's round, its tally): the app, on the stack, hands it
    # its events and draws it (apps/game: view()); told of every change of the app's
    # state by changed()
    def __init__(self, app):
        super().__init__(app.shell)
        self.app = app

    def changed(self):
        pass
