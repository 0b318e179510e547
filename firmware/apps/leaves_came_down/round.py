# How the Leaves Came Down: the round, the face of the game while acorns are left. A
# new game first spins a light onto the first dropper; then the round: "Drop leaves"
# (the grab countdown), each player in the round's turn order with their cache (OK: what
# they did with acorns), "Next round" (also ROLL, which the screen says).
from core import sound
from core.buttons import BACK, OK, ROLL
from core.shows import Spinner
from core.ticks import ticks_diff
from micropython import const
from rules import leaves_came_down
from ui import dialogs, text, widgets
from ui.screen import View

SHOW_FIRST_MS = 1500  # "Anna drops first" stays this long after the spin
# A new round says so big for this long (or until a press, which then acts as usual):
# ROLL moves on at once, so a stray or doubled one must not skip a round unseen (issue 40)
SHOW_ROUND_MS = 1500
# The dropper's bar is a MEDIUM row (accents and descenders inside it), then a dark row
# apart from the list's cursor bar, the list's three rows, the key hint, and the acorns
# on and under the board, their ink on the screen's last 8 rows (no rule: no pixel left
# for it). A fourth row leaves no room for the hint (issue 40): the list scrolls
_HEAD_H = const(14)
_SMALL_DOWN = const(4)  # SMALL drawn this much lower shares MEDIUM's baseline
_ROWS = const(3)
_HINT_Y = const(45)  # under the list's last row (_HEAD_H + 1 + _ROWS * ROW_H)
_FOOT_Y = const(55)
HINT = "ROLL: next round"


class RoundView(View):
    # owns the menu of the round and the spin that opens a new game
    def __init__(self, app):
        super().__init__(app)
        self.menu = widgets.Menu([], 0, rows=_ROWS)
        self.spin = None
        self.news = None  # when the round began by a press here: its banner shows
        if app.spin_due:  # a game just started: the ring shows who drops first
            app.spin_due = False
            st = app.state
            self.spin = Spinner(self.shell.now_ms, st["first"], len(st["heads"]), self.shell.leds.count)

    def changed(self):
        if self.menu.index > len(self.app.state["heads"]) + 1:  # fewer players than before
            self.menu.index = 0
            self.menu.first = 0

    def _items(self):
        names = self.app.players()
        items = ["Drop leaves"]
        k = 1
        for p in leaves_came_down.round_order(self.app.state):
            items.append(str(k) + " " + text.short(names[p], 66))
            k += 1
        items.append("Next round")
        return items

    def update(self, events, now_ms):
        if self.spin is not None:
            self._play_spin(events, now_ms)
            # the press that ends the answer's show is not eaten: UP, DOWN and ROLL act
            # on the round too (as on a notice: ui/widgets.py Message); OK, BACK do not
            if self.spin is not None or OK in events or BACK in events:
                return
        if self.news is not None and (events or ticks_diff(now_ms, self.news) >= SHOW_ROUND_MS):
            self.news = None  # no press is eaten: it acts on the round under the banner
            self.dirty = True
        for ev in events:
            if ev == BACK:
                self.shell.pop()
                return
            r = "next" if ev == ROLL else self.menu.handle(ev)
            if r == "pick":
                i = self.menu.index
                if i == len(self.menu.items) - 1:
                    r = "next"
                elif i == 0:
                    from apps.leaves_came_down import countdown

                    self.shell.push(countdown.Countdown(self.app, now_ms))
                    return
                else:
                    self.shell.push(AcornMenu(self.app, leaves_came_down.round_order(self.app.state)[i - 1]))
                    return
            if r == "next":
                if self.app.act(["next"]):
                    self.menu.index = 0
                    self.menu.first = 0
                    self.news = now_ms
            elif r:
                self.dirty = True

    def _play_spin(self, events, now_ms):
        sp = self.spin
        if not sp.done:
            if events:  # any key: the answer now
                sp.skip()
            if sp.update(now_ms):
                self.shell.beep(2600, 4)
            if sp.done:
                sp.t0 = now_ms  # from now on: how long the answer has been shown
                self.shell.sound.play(sound.CHOSEN)
            self.dirty = True
        elif events or ticks_diff(now_ms, sp.t0) >= SHOW_FIRST_MS:
            self.spin = None
            self.dirty = True

    def leds(self, leds, now_ms):
        if self.spin is not None:
            if self.spin.done:
                leds.seats(len(self.app.players()), self.app.state["first"])
            else:
                self.spin.draw(leds)
        else:
            leds.seats(len(self.app.players()), leaves_came_down.round_dropper(self.app.state))

    def draw(self, fb):
        if self.spin is not None:
            self._draw_spin(fb)
            return
        st = self.app.state
        names = self.app.players()
        # the dropper's name and the round on a lit bar, to be read from across the
        # table: both in MEDIUM, the name shortened if it must be (the first row of the
        # list under it is the dropper's, whole), "Round" in SMALL
        med = text.MEDIUM
        fb.fill_rect(0, 0, widgets.W, _HEAD_H, 1)
        r = str(st["round"])
        x = widgets.W - 2 - text.width(r, med)
        text.draw(fb, r, x, 0, font=med, color=0)
        x -= 3 + text.width("Round")
        text.draw(fb, "Round", x, _SMALL_DOWN, color=0)
        # a glyph's advance ends in a blank column: 3 more make the gap before "Round"
        name = text.short(names[leaves_came_down.round_dropper(st)], x - 4, med)
        text.draw(fb, name, 1, 0, font=med, color=0)
        led = st["ledger"]
        text.draw(fb, "Board " + str(led["board"]), 2, _FOOT_Y)
        text.draw(fb, "Under " + str(led["under"]), 126, _FOOT_Y, align=text.RIGHT)
        if self.news is not None:
            text.draw(fb, "Round " + r, 64, _HEAD_H + 6, font=med, align=text.CENTER)
            text.draw(fb, HINT, 64, _HEAD_H + 24, align=text.CENTER)
            text.draw(fb, "hold OK: undo", 64, _HEAD_H + 32, align=text.CENTER)
            return
        self.menu.items = self._items()  # undo, a resume, a new dropper: always current
        self.menu.draw(fb, _HEAD_H + 1)
        text.draw(fb, HINT, 64, _HINT_Y, align=text.CENTER)
        order = leaves_came_down.round_order(st)
        for row in range(self.menu.rows):
            i = self.menu.first + row
            y = _HEAD_H + 2 + row * widgets.ROW_H
            if i == 0:
                # beside "Drop leaves": the heading of the caches' column, which says
                # what the "+1" in "2 +1" is once an acorn is hidden: beside a 10-letter
                # name a row has room for 7 characters, not for "2 +1 hidden"
                head = "+hidden" if sum(led["hidden"]) else "acorns"
                text.draw(fb, head, 121, y, align=text.RIGHT)
            elif i <= len(order):
                text.draw(fb, leaves_came_down.shown_words(led, order[i - 1]), 121, y, align=text.RIGHT)

    def _draw_spin(self, fb):
        names = self.app.players()
        widgets.title_bar(fb, "Who drops first?")
        sp = self.spin
        if not sp.done:
            seat = sp.seat()
            if seat >= 0:
                text.draw(fb, names[seat], 64, 28, align=text.CENTER)
            return
        text.draw(fb, names[self.app.state["first"]], 64, 20, font=text.MEDIUM, align=text.CENTER)
        text.draw(fb, "drops first", 64, 38, align=text.CENTER)

    # -- the game menu's pages ---------------------------------------------------------------


class AcornMenu(dialogs.MenuScreen):
    # What one player did with acorns this turn. Every entry says what it needs, and an
    # impossible one is refused with the reason (the menu stays open).
    def __init__(self, app, p):
        self.app = app
        self.p = p
        st = app.state
        led = st["ledger"]
        names = app.players()
        self.actions = [["take", p], ["grab", p], ["hide", p]]
        items = [
            "Took one from board",
            "Grab from under (" + str(led["under"]) + ")",
            "Hide one (" + str(led["visible"][p]) + " shown)",
        ]
        # names shortened by design to fit the rows and the title (the round shows them whole)
        for v in range(len(names)):
            if v != p:
                self.actions.append(["dig", p, v])
                shown = " (" + str(led["visible"][v]) + " shown)"
                room = widgets.W - 8 - text.width("Dig " + shown)
                items.append("Dig " + text.short(names[v], room) + shown)
        acorns = ": " + leaves_came_down.cache_words(led, p)  # the rows say they are acorns
        title = text.short(names[p], widgets.W - 6 - text.width(acorns)) + acorns
        super().__init__(app.shell, title, items, self._chosen)

    def _chosen(self, i):
        action = self.actions[i]
        if leaves_came_down.problem(self.app.state, action) is None:
            self.shell.pop()
        self.app.act(action)

    def leds(self, leds, now_ms):
        leds.seats(len(self.app.players()), self.p)
