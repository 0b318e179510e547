# The screen a game is set up on before it starts (the line-up, Autumn Ash's sides,
# 61 Feuilles' mode and goalposts): a menu whose first row is "Start", with the cursor on
# it, so a regular group starts in one press; ROLL starts from any row.
from core.buttons import BACK, ROLL

from ui import widgets
from ui.screen import Screen


class StartMenu(Screen):
    # What is set up before a game: "Start" is the first row, with the cursor on it, so a
    # regular group starts in one press, and ROLL starts from any row. OK on another row
    # changes it (change(i)); BACK leaves (back()). A subclass sets its fields, then
    # calls this __init__, and gives its own items(), change(i) and start().
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
