# The screens a game is set up on before it starts: StartMenu, and LineUp, who is
# playing (see apps/game/__init__.py), with the players' names as the line-up keeps
# them. Loaded when a game for several asks who plays, and by the screens built on it.
from core import modules
from core.buttons import BACK, ROLL
from core.leds import ALL
from ui import text, widgets
from ui.screen import Screen

from apps.game import default_name, is_default


class StartMenu(Screen):
    # see apps/game/__init__.py. OK on a row but "Start" changes it (change(i)); BACK
    # leaves (back()). A subclass sets its fields, then calls this __init__, and gives
    # its own items(), change(i) and start().
    def __init__(self, shell):
        super().__init__(shell)
        self.menu = widgets.Menu(self.items())

    def items(self):
        return ["Start"]

    def change(self, i):
        pass

    def start(self):
        pass

    def back(self):
        pass

    def refresh(self):
        self.menu.items = self.items()
        self.dirty = True

    def update(self, events, now_ms):
        for ev in events:
            if ev == BACK:
                self.shell.pop()
                self.back()
                return
            r = self.menu.handle(ev)
            if ev == ROLL or (r == "pick" and self.menu.index == 0):
                self.shell.pop()
                self.start()
                return
            if r == "pick":
                self.change(self.menu.index)
                if self.shell.top is not self:
                    return  # change() opened a screen: the next presses are its own
                self.refresh()
            elif r:
                self.dirty = True


# -- the line-up ------------------------------------------------------------------------------
RECENT = 12
NAMES = "apps.game.names"


def same_name(a, b):
    from core import case  # loaded when a name changes, not when the line-up opens

    return case.upper(a) == case.upper(b)


def remember(shell, names):
    # newest first, no duplicates, at most RECENT; and the line-up itself
    s = shell.settings
    recent = []
    for n in names + s["names"]:
        if n and not is_default(n) and n not in recent:
            recent.append(n)
    s["names"] = recent[:RECENT]
    s["lineup"] = list(names)
    shell.save_settings()


class LineUp(StartMenu):
    title = "Players"

    def __init__(self, shell, lo, hi, on_start, title="Players"):
        self.lo = lo
        self.hi = hi
        self.on_start = on_start
        self.title = title
        names = list(shell.settings.get("lineup") or [])
        n = min(max(len(names), lo), hi)
        self.names = [names[i] if i < len(names) else default_name(i) for i in range(n)]
        for i in range(n):  # "P3" is seat 3's own name: anywhere else it would repeat it
            if is_default(self.names[i]):
                self.names[i] = default_name(i)
        self._warm = False
        super().__init__(shell)

    def update(self, events, now_ms):
        # the first quiet tick with the cursor on a seat: the name entry's code and font
        # are loaded then, so that OK on the seat opens the entry at once
        if not self._warm and not events and not self.dirty and self.menu.index >= 2:
            self._warm = True
            modules.load(NAMES)
            modules.load("ui.fonts.medium")
        super().update(events, now_ms)

    def items(self):
        items = ["Start", "Players: " + str(len(self.names))]
        for i in range(len(self.names)):
            items.append(str(i + 1) + " " + self.names[i])
        return items

    def set_count(self, n):
        while len(self.names) < n:
            self.names.append(default_name(len(self.names)))
        del self.names[n:]
        self._keep()

    def refusal(self, seat, name):
        # -> why seat may not take name, in plain words, or None: two seats with one
        # name would be one player twice
        for i in range(len(self.names)):
            if i != seat and same_name(self.names[i], name):
                return self.names[i] + " is already seat " + str(i + 1) + ". Pick another name."
        if is_default(name) and name != default_name(seat):
            return name + " is the name of seat " + name[1:] + ". Pick another name."
        return None

    def set_name(self, seat, name):
        msg = self.refusal(seat, name)
        if msg:
            self.shell.notify(msg, "Players")
            return
        self.names[seat] = name
        # on to the next seat still to name, or to Start
        row = 0
        for i in range(seat + 1, len(self.names)):
            if is_default(self.names[i]):
                row = i + 2
                break
        self.menu = widgets.Menu(self.items(), row)
        self._keep()

    def _keep(self):
        # on flash at every change, before it is shown: a power cut loses no name
        self.shell.settings["lineup"] = list(self.names)
        self.shell.save_settings()
        self.refresh()

    def change(self, i):
        from ui import dialogs  # opened on a press: the heap does without it till then

        if i == 1:
            self.shell.push(dialogs.Stepper(self.shell, "How many players", len(self.names), self.lo, self.hi, self.set_count))
        else:
            modules.load(NAMES).ask(self.shell, self, i - 2)

    def start(self):
        names = list(self.names)
        remember(self.shell, names)
        self.on_start(names)

    def leds(self, leds, now_ms):
        i = self.menu.index - 2
        leds.seats(len(self.names), i if i >= 0 else ALL)

    def draw(self, fb):
        # the seat count beside the game's name when both fit ("Players: n" says it too)
        seats = str(len(self.names)) + " seats"
        fits = text.width(self.title) + text.width(seats) + 8 <= widgets.W
        widgets.title_bar(fb, self.title, seats if fits else "")
        self.menu.draw(fb)
