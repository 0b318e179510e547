# 61 Feuilles d'Automne: the zone race, from the round (apps/feuilles61/round.py).
#   ZoneBoard     the six zones: open, or who holds the bonus since which round; OK on
#                 an open zone (or one completed this round) says who completed it
#   WhoCompleted  tick the players who completed it this round; they share the bonus
#   BonusAsk      at the tally: a zone complete on a sheet, its bonus never claimed for
#                 that player in play
from core import sound
from core.buttons import BACK
from rules import feuilles61
from ui import dialogs, text, widgets


class ZoneBoard(dialogs.MenuScreen):
    # all six zones at once (9-px rows): "open", or the round and who holds the bonus;
    # OK or ROLL on one says who completed it
    def __init__(self, app):
        super().__init__(app.shell, "Zones", [z[1] for z in feuilles61.ZONES])
        self.app = app

    def on_roll(self):
        self.pick(self.menu.index)
        return True

    def pick(self, index):
        app = self.app
        msg = feuilles61.problem(app.state, ["zone", index, [0]])
        if msg:
            self.shell.notify(app.words(msg), "Zone bonus")
            return
        self.shell.push(WhoCompleted(app, index))

    def draw(self, fb):
        app = self.app
        st = app.state
        # the round is on each held zone's row ("r2"): the title's end says what OK does
        widgets.title_bar(fb, "Zones", "OK: who got it")
        names = app.players()
        for z in range(len(feuilles61.ZONES)):
            y = 9 + 9 * z
            label = feuilles61.ZONES[z][1]
            c = 1
            if z == self.menu.index:
                # the bar covers the zone's name only, as in every menu: a cursor move
                # then changes few columns of the panel
                fb.fill_rect(0, y, text.width(label) + 4, 9, 1)
                c = 0
            text.draw(fb, label, 2, y, color=c)
            held = st["race"][z]
            if held is None:
                s = "open"
            else:
                # who holds it, shortened to the room the zone's name leaves
                s = "r" + str(held[0]) + " "
                room = 124 - text.width(label) - 6 - text.width(s)
                s += text.short("+".join([names[p] for p in held[1]]), room)
            text.draw(fb, s, 126, y, align=text.RIGHT)


class WhoCompleted(dialogs.MenuScreen):
    # OK ticks a player (or takes the last row), ROLL takes the ticks at once. Players who
    # already hold this zone's bonus from this round are not asked again.
    def __init__(self, app, zone):
        self.app = app
        self.zone = zone
        held = feuilles61.bonus_winners(app.state["race"], zone)
        self.seats = [p for p in range(len(app.players())) if p not in held]
        self.ticked = []
        self.ask = "and who?" if held else "who?"  # beside the longest zone's name
        super().__init__(app.shell, feuilles61.ZONES[zone][1], self._items())

    def _items(self):
        names = self.app.players()
        items = [("[x] " if p in self.ticked else "[ ] ") + names[p] for p in self.seats]
        return items + ["ROLL: done"]  # the row says the key that does it from any row

    def pick(self, index):
        if index == len(self.seats):
            self.done()
            return
        p = self.seats[index]
        if p in self.ticked:
            self.ticked.remove(p)
        else:
            self.ticked.append(p)
        self.menu.items = self._items()
        self.dirty = True

    def on_roll(self):
        self.done()
        return True

    def done(self):
        if self.app.act(["zone", self.zone, self.ticked]):
            self.shell.pop()
            self.shell.sound.play(sound.ZONE)

    def draw(self, fb):
        widgets.title_bar(fb, self.title, self.ask)
        self.menu.draw(fb)


class BonusAsk(dialogs.Confirm):
    # a zone complete on the sheet being counted that nobody claimed for its player in
    # play: a bonus lost without a word is the tally's mistake, so ask. "Bonus": the
    # player was among the first to complete it (F61-13); "No bonus" (where the cursor
    # starts, as on every question) or BACK: none
    def __init__(self, grid, z):
        self.grid = grid
        self.z = z
        # three lines with a 10-letter name
        question = "Never claimed in play. Was " + grid.app.players()[grid.p] + " among the first?"
        super().__init__(grid.shell, feuilles61.ZONES[z][1] + " bonus?", question, None, "Bonus", "No bonus")

    def update(self, events, now_ms):
        for ev in events:
            r = "pick" if ev == BACK else self.menu.handle(ev)
            if r == "pick":
                self.shell.pop()
                self.grid.answered(self.z, ev != BACK and self.menu.index == 1)
                return
            if r:
                self.dirty = True
