# How the Leaves Came Down: the end, the face of the game once no acorn is left on or
# under the board: the ranking (most acorns, then most hidden), and when players are
# still tied, the acorn-tile drop: ROLL drops the tied players' tiles (the throws are
# drawn at once and saved with the game, then shown one by one), UP/DOWN switch between
# the ranking and the throws. It stays until a new match is chosen from the menu (held
# OK), as every game's end screen (docs/ui.md).
from core import sound
from core.buttons import BACK, DOWN, ROLL, UP, is_step
from core.ticks import ticks_diff
from rules import leaves_came_down
from ui import text, widgets
from ui.screen import View

from apps.game import END_HINT

REVEAL_MS = 900  # one throw on the screen after another


class EndView(View):
    # owns the reveal: the page (0 the ranking, 1 the throws), how many throws are shown
    # (-1: all, as after a resume) and since when
    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.shown = -1
        self.t = 0

    def update(self, events, now_ms):
        st = self.app.state
        throws = st["throws"]
        for ev in events:
            if ev == BACK:
                self.app.shell.pop()
                return
            if ev == ROLL:
                if leaves_came_down.needs_tile_drop(st):
                    if self.app.act(leaves_came_down.drop_tiles(st, self.app.shell.rng)):
                        self.page = 1
                        self.shown = 0
                        self.t = now_ms
                    return
                self.shown = -1  # a second ROLL: all throws now
                self.dirty = True
            elif (is_step(ev, UP) or is_step(ev, DOWN)) and throws:
                self.page = 1 - self.page
                self.dirty = True
        if not throws:
            self.page = 0
        elif self.shown >= 0 and ticks_diff(now_ms, self.t) >= REVEAL_MS * self.shown:
            self.shown += 1
            self.dirty = True
            if self.shown >= len(throws):
                self.shown = -1
                self.app.shell.sound.play(sound.DECIDED)
            else:
                self.app.shell.beep(900, 40)  # the tiles hit the table

    def leds(self, leds, now_ms):
        st = self.app.state
        w = leaves_came_down.winner(st)
        leds.seats(len(st["heads"]), w if w is not None else leaves_came_down.leaders(st))

    def draw(self, fb):
        if self.page == 1:
            self._draw_throws(fb)
        else:
            self._draw_ranking(fb)

    def _draw_ranking(self, fb):
        from ui import dialogs  # opened on a press: the heap does without it till then

        st = self.app.state
        names = self.app.players()
        led = st["ledger"]
        w = leaves_came_down.winner(st)
        if w is not None:
            # from the history: its number, as every past game's sheet ("#12")
            widgets.title_bar(fb, getattr(self.app, "number", "Game over"), dialogs.who_won(names[w], 68))
        else:
            widgets.title_bar(fb, "Tie!", "ROLL: drop tiles")
        places = leaves_came_down.places(st)
        order = leaves_came_down.ranking_order(st)
        y = 10 if len(order) < 6 else 9  # six rows of 9 px: the last one's descenders on the screen
        caches = leaves_came_down.caches(led)
        for p in order:
            if p == w:
                text.draw(fb, "\u25ba", 0, y)
            # the acorns, and where they tie with another's the hidden ones that rank
            # them, in plain words ("8, 2 hidden"); a long name beside those is
            # shortened by design (the round shows it whole)
            words = str(caches[p])
            if caches.count(caches[p]) > 1:
                words = leaves_came_down.cache_words(led, p)
            lead = str(places[p]) + " "
            room = 122 - text.width(words) - 8 - text.width(lead)
            text.draw(fb, lead + text.short(names[p], room), 8, y)
            text.draw(fb, words, 126, y, align=text.RIGHT)
            y += 9
        if st["throws"]:
            widgets.footer(fb, "DOWN: tile drop", rule=False)
        elif w is not None and len(order) < 6:
            widgets.footer(fb, END_HINT, rule=False)

    def _draw_throws(self, fb):
        st = self.app.state
        names = self.app.players()
        throws = st["throws"]
        shown = len(throws) if self.shown < 0 else min(self.shown, len(throws))
        widgets.title_bar(fb, "Tile drop", "throw " + str(shown) + "/" + str(len(throws)))
        players = [p for p, _ in throws[0]]
        col = (128 - 22) // len(players)
        for k in range(len(players)):
            x = 22 + k * col + col // 2
            text.draw(fb, text.short(names[players[k]], col - 2), x, 11, align=text.CENTER)
        fb.hline(0, 20, 128, 1)
        y = 22
        for j in range(max(0, shown - 3), shown):  # the last three throws
            text.draw(fb, "#" + str(j + 1), 0, y)
            for p, hidden_up in throws[j]:
                x = 22 + players.index(p) * col + col // 2
                text.draw(fb, str(hidden_up), x, y, align=text.CENTER)
            y += 9
        if shown == len(throws):
            widgets.footer(fb, text.short(names[st["winner"]], 50) + " shows more!", rule=False)
        else:
            widgets.footer(fb, "dropping...", rule=False)
