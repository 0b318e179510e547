# The home screen: a menu of the apps that exist. An app's module is imported only
# when it is opened, so the heap holds one app at a time. ROLL opens the dice roller
# and rolls at once: the most common wish at a table is "a number, now". A game in
# progress (after a power cut, say) is offered first: "Resume ...".
import gc
import sys

from core.buttons import ROLL
from ui import widgets
from ui.screen import Screen

# (menu label, module, class, save name): the only list to edit when an app is added
APPS = (
    ("Dice roller", "apps.dice", "DiceApp", "dice"),
    ("Autumn Leaves", "apps.autumn_leaves", "AutumnLeavesApp", "autumn_leaves"),
    ("Autumn Ash", "apps.autumn_ash", "AutumnAshApp", "autumn_ash"),
    ("61 Feuilles", "apps.feuilles61", "Feuilles61App", "feuilles61"),
    ("Randomizer", "apps.randomizer", "RandomizerApp", ""),
    ("Leaves Came Down", "apps.leaves", "LeavesApp", "leaves"),
    ("Settings", "apps.settings", "SettingsApp", ""),
)


def open_app(shell, index, **kw):
    module, cls = APPS[index][1:3]
    __import__(module)
    screen = getattr(sys.modules[module], cls)(shell, **kw)
    shell.push(screen)
    return screen


def unload(keep):
    # forget every module imported since boot (`keep`: what was there at boot) but the
    # fonts (loaded once, best early): the apps and what only apps use. Out of
    # sys.modules AND off its package, or the package still holds it in the heap
    for name in list(sys.modules):
        if name in keep or name.startswith("ui.fonts."):
            continue
        pkg, _, short = name.rpartition(".")
        if pkg.split(".")[0] not in ("apps", "rules", "ui", "core"):
            continue
        del sys.modules[name]
        parent = sys.modules.get(pkg)
        if parent is not None and short in parent.__dict__:
            delattr(parent, short)


class Home(Screen):
    title = "Leafkeeper"

    def enter(self):
        super().enter()
        # back home, no app is open: drop their modules so the next one has the heap
        shell = self.shell
        if getattr(shell, "boot_modules", None) is None:
            shell.boot_modules = list(sys.modules)  # the first visit is at boot
        unload(shell.boot_modules)
        gc.collect()
        # rebuilt on every visit: the game in progress may have changed
        self.entries = list(range(len(APPS)))
        labels = [a[0] for a in APPS]
        resume = self.shell.settings.get("resume")
        for i in range(len(APPS)):
            if resume and APPS[i][3] == resume:
                self.entries.insert(0, i)
                labels.insert(0, "Resume " + APPS[i][0])
        self.menu = widgets.Menu(labels)

    def update(self, events, now_ms):
        for ev in events:
            if ev == ROLL:
                open_app(self.shell, 0, roll_now=True)
                return
            r = self.menu.handle(ev)
            if r == "pick":
                open_app(self.shell, self.entries[self.menu.index])
                return
            if r:
                self.dirty = True

    def draw(self, fb):
        widgets.title_bar(fb, self.title, "ROLL: dice")
        self.menu.draw(fb)
