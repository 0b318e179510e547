# The grab handicap, the rule's own remedy for a slow grabber: while the leaves fall
# the others keep their eyes closed for some seconds. The player with the largest head
# start may look at once and their seat lights; every other seat lights when that
# player's wait (largest head start - theirs) is over. The screen counts down to the
# moment everyone may look, names who is looking and who is next, ticks every second,
# chirps as each seat lights and sounds "Grab!" when the last one does.
# Time: from the tick that handled the press, through ticks_diff only, so a seat lights
# at exactly its wait in the simulator (a seat with a 3 s wait is lit from 3000 ms on).
from core import sound
from core.buttons import BACK, OK, ROLL
from core.ticks import ticks_diff
from rules import leaves_came_down
from ui import text, widgets
from ui.screen import Screen

TICK = (1000, 12)
LIT = (2400, 40)


class Countdown(Screen):
    title = "Eyes closed!"

    def __init__(self, app, now_ms):
        super().__init__(app.shell)
        self.names = app.players()
        self.round = app.state["round"]
        self.waits = leaves_came_down.waits(app.state["heads"])
        self.t0 = now_ms
        self.last = max(self.waits)
        self.elapsed = -1
        self.lit = [False] * len(self.waits)
        self.looking = []  # the seats whose eyes may open, lit on the ring
        self.grab = False
        self.tick(now_ms)  # the press itself: whoever waits 0 s looks now

    def update(self, events, now_ms):
        for ev in events:
            if ev == BACK or (self.grab and (ev == OK or ev == ROLL)):
                self.shell.pop()
                return
        self.tick(now_ms)

    def tick(self, now_ms):
        t = ticks_diff(now_ms, self.t0)
        before = self.elapsed
        self.elapsed = t
        opened = False
        for p in range(len(self.waits)):
            if not self.lit[p] and t >= self.waits[p]:
                self.lit[p] = True
                self.looking.append(p)
                opened = True
        if not self.grab and t >= self.last:
            self.grab = True
            self.shell.sound.play(sound.GRAB)
            self.dirty = True
        elif opened:
            self.shell.beep(*LIT)
            self.dirty = True
        elif not self.grab and before // 1000 != t // 1000:
            self.shell.beep(*TICK)  # one tick a second, and the number goes down
            self.dirty = True

    def leds(self, leds, now_ms):
        leds.seats(len(self.lit), self.looking)

    def _who(self, looking):
        out = []
        for p in range(len(self.lit)):
            if self.lit[p] == looking:
                out.append(self.names[p])
        return out

    def draw(self, fb):
        if self.grab:
            widgets.title_bar(fb, "Grab!", "Round " + str(self.round))
            fb.fill_rect(8, 14, 112, 34, 1)
            text.draw(fb, "GRAB!", 64, 20, font=text.MEDIUM, color=0, align=text.CENTER)
            text.draw(fb, "everyone may look", 64, 35, color=0, align=text.CENTER)
            widgets.footer(fb, "OK: done", rule=False)
            return
        # the round beside the title while both fit whole (from round 100 the title alone)
        rnd = "Round " + str(self.round)
        if text.width(self.title) + text.width(rnd) > widgets.W - 6:
            rnd = ""
        widgets.title_bar(fb, self.title, rnd)
        text.draw(fb, text.fit("Look: " + ", ".join(self._who(True)), 124), 2, 11)
        left = self.last - self.elapsed
        text.draw(fb, str((left + 999) // 1000), 64, 22, font=text.BIG, align=text.CENTER)
        # who opens their eyes next, and in how many seconds
        nxt = -1
        for p in range(len(self.waits)):
            if not self.lit[p] and (nxt < 0 or self.waits[p] < self.waits[nxt]):
                nxt = p
        if nxt >= 0:
            s = (self.waits[nxt] - self.elapsed + 999) // 1000
            text.draw(
                fb,
                text.short(self.names[nxt], 80) + " in " + str(s) + " s",
                64,
                54,
                align=text.CENTER,
            )
