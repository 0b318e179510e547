# The home screen: a menu of the apps that exist. An app's module is imported only
# when it is opened, so the heap holds one app at a time. ROLL opens the dice roller
# and rolls at once: the most common wish at a table is "a number, now".
import sys

from core.buttons import ROLL
from ui import widgets
from ui.screen import Screen

# (menu label, module, class): the only list to edit when an app is added
APPS = (
    ("Dice roller", "apps.dice", "DiceApp"),
)


def open_app(shell, index, **kw):
    label, module, cls = APPS[index]
    __import__(module)
    screen = getattr(sys.modules[module], cls)(shell, **kw)
    shell.push(screen)
    return screen


class Home(Screen):
    title = "Leafkeeper"

    def __init__(self, shell):
        super().__init__(shell)
        self.menu = widgets.Menu([a[0] for a in APPS])

    def update(self, events, now_ms):
        for ev in events:
            if ev == ROLL:
                open_app(self.shell, 0, roll_now=True)
                return
            r = self.menu.handle(ev)
            if r == "pick":
                open_app(self.shell, self.menu.index)
                return
            if r:
                self.dirty = True

    def draw(self, fb):
        widgets.title_bar(fb, self.title, "ROLL: dice")
        self.menu.draw(fb)
