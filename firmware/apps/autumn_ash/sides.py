# Autumn Ash before the first turn: who plays Rainbow, who Xeno, who starts, with the
# line-up's two names. OK on a side swaps the two players, OK on "First" hands the
# first turn over, "Other players" opens the line-up (whose Start starts the match with
# these sides); Start (or ROLL) begins: one Start, not the line-up's and then this one's.
# The line-up order stays the seat order, so the LEDs stay at each seat.
from ui import widgets

from apps.game.lineup import LineUp, StartMenu

OTHERS = "Other players"


class Sides(StartMenu):
    title = "Sides"

    def __init__(self, app):
        self.app = app
        # the two names the line-up would offer (its pre-filling: the last line-up)
        self.names = LineUp(app.shell, 2, 2, None).names
        self.rainbow = 0
        self.first = 0
        super().__init__(app.shell)

    def items(self):
        return [
            "Start",
            "Rainbow: " + self.names[self.rainbow],
            "Xeno: " + self.names[1 - self.rainbow],
            "First: " + self.names[self.first],
            OTHERS,
        ]

    def change(self, i):
        if i == 4:
            self.shell.push(LineUp(self.shell, 2, 2, self.start_with, self.app.title))
        elif i == 3:
            self.first = 1 - self.first
        else:
            self.rainbow = 1 - self.rainbow

    def start_with(self, names):
        # the line-up's Start: this screen goes too, the match starts
        self.shell.pop()
        self.names = names
        self.start()

    def start(self):
        self.app.start(self.names, (self.rainbow, self.first))

    def leds(self, leds, now_ms):
        leds.seats(2, self.first)

    def draw(self, fb):
        widgets.title_bar(fb, "Autumn Ash", "sides")
        self.menu.draw(fb)
        self.start_hint(fb)
