# Autumn Ash before the first turn: who plays Rainbow, who Xeno, who starts. OK on a
# side swaps the two players, OK on "First" hands the first turn over; Start (or ROLL)
# begins. The line-up order stays the seat order, so the LEDs stay at each seat.
from ui import widgets

from apps.game.lineup import StartMenu


class Sides(StartMenu):
    title = "Sides"

    def __init__(self, shell, names, on_start, on_back):
        self.names = names
        self.rainbow = 0
        self.first = 0
        self.on_start = on_start
        self.on_back = on_back
        super().__init__(shell)

    def items(self):
        return [
            "Start",
            "Rainbow: " + self.names[self.rainbow],
            "Xeno: " + self.names[1 - self.rainbow],
            "First: " + self.names[self.first],
        ]

    def change(self, i):
        if i == 3:
            self.first = 1 - self.first
        else:
            self.rainbow = 1 - self.rainbow

    def start(self):
        self.on_start((self.rainbow, self.first))

    def back(self):
        self.on_back()

    def leds(self, leds, now_ms):
        leds.seats(2, self.first)

    def draw(self, fb):
        widgets.title_bar(fb, "Autumn Ash", "sides")
        self.menu.draw(fb)
