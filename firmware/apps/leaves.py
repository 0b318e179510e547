# How the Leaves Came Down: the companion for one game. The round screen names the
# dropper (their seat glows), lists the round's turn order (dropper first, then round
# the table) with each player's acorn cache, starts the grab countdown ("Drop
# leaves") and records the acorn actions (OK on a player). ROLL moves to the next
# round. When no acorn is left on or under the board the screen turns into the final
# ranking, with the acorn-tile drop for a tie (apps/leaves_end.py). The countdown is
# apps/leaves_drop.py; the journal replay is rules/leaves_game.py.
from core.buttons import BACK, ROLL
from core.ticks import ticks_diff
from rules import leaves_came_down as rules
from rules import leaves_game as game
from ui import ring, text, widgets

from apps.game import GameApp

MAX_HEAD_S = 30
CHIME = ((1320, 50), (0, 25), (1760, 90))
SHOW_FIRST_MS = 1500  # "Anna drops first" stays this long after the spin


class LeavesApp(GameApp):
    NAME = "leaves"
    VERSION = 1
    title = "Leaves Came Down"
    MIN_PLAYERS = rules.MIN_PLAYERS
    MAX_PLAYERS = rules.MAX_PLAYERS

    def __init__(self, shell, **kw):
        self.menu = widgets.Menu([], 0, rows=4)
        self.spin = None  # the light choosing the first dropper of a new game
        self.end = None  # the end screen's own state (apps/leaves_end.py)
        super().__init__(shell, **kw)

    # -- the game: GameApp's hooks ------------------------------------------------------
    def new_setup(self, names):
        heads = None
        if self.journal is not None and self.journal.setup["players"] == names:
            heads = self.journal.setup["heads"]  # a rematch keeps the head starts
        return game.new_setup(names, rules.first_player(len(names), self.shell.rng), heads)

    def replay(self, setup, actions):
        return game.replay(setup, actions)

    def is_over(self, state):
        return game.over(state)

    def start(self, names):
        GameApp.start(self, names)
        # the first dropper is drawn already; the ring shows it the way the randomizer does
        self.spin = ring.Spinner(
            self.shell.now_ms, self.state["first"], len(names), self.shell.leds.count
        )

    def _changed(self):
        GameApp._changed(self)
        if self.menu.index > len(self.state["heads"]) + 1:  # fewer players than before
            self.menu.index = 0
            self.menu.first = 0

    def names(self):
        return self.journal.setup["players"]

    def named(self, msg):
        # the rules say "Player 2"; the table knows her as Bo
        names = self.names()
        for p in range(len(names)):
            msg = msg.replace("Player " + str(p + 1), names[p])
        return msg

    def act(self, action):
        # commit a player's action, or refuse it in plain words and change nothing
        msg = game.problem(self.state, action)
        if msg is not None:
            self.shell.notify(self.named(msg), "Can't do that")
            return False
        self.commit(action)
        self.shell.beep(1500, 30)
        return True

    def describe(self, a):
        names = self.names()
        kind = a[0]
        who = names[a[1]] if len(a) > 1 and isinstance(a[1], int) and 0 <= a[1] < len(names) else ""
        if kind == "next":
            return "next round"
        if kind == "dig":
            return who + " dug up " + names[a[2]] + "'s acorn"
        if kind == "tie":
            return "the tile drop"
        return who + " " + _DONE.get(kind, kind)

    def menu_items(self):
        return [
            ("Head starts", self._head_starts),
            ("Who drops this round", self._choose_dropper),
            (
                "Tie: "
                + ("leaders drop again" if self.state["knockout"] else "all tied drop again"),
                self._toggle_knockout,
            ),
        ]

    # -- the round screen ------------------------------------------------------------------
    def _items(self):
        names = self.names()
        items = ["Drop leaves"]
        k = 1
        for p in game.turn_order(self.state):
            items.append(str(k) + " " + text.fit(names[p], 66))
            k += 1
        items.append("Next round")
        return items

    def play(self, events, now_ms):
        if self.spin is not None:
            self._play_spin(events, now_ms)
            return
        if self.journal.over:
            from apps import leaves_end

            leaves_end.play(self, events, now_ms)
            return
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
                    from apps.leaves_drop import Countdown

                    self.shell.push(Countdown(self, now_ms))
                    return
                else:
                    self.shell.push(AcornMenu(self, game.turn_order(self.state)[i - 1]))
                    return
            if r == "next":
                if self.act(["next"]):
                    self.menu.index = 0
                    self.menu.first = 0
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
                self.shell.sound.play(CHIME)
            self.dirty = True
        elif events or ticks_diff(now_ms, sp.t0) >= SHOW_FIRST_MS:
            self.spin = None
            self.dirty = True

    def leds(self, leds, now_ms):
        if self.journal is None:
            leds.off()
        elif self.spin is not None:
            if self.spin.done:
                leds.seats(len(self.names()), self.state["first"])
            else:
                self.spin.draw(leds)
        elif self.journal.over:
            from apps import leaves_end

            leaves_end.leds(self, leds)
        else:
            leds.seats(len(self.names()), game.dropper(self.state))

    def draw(self, fb):
        if self.journal is None:
            return
        if self.spin is not None:
            self._draw_spin(fb)
            return
        if self.journal.over:
            from apps import leaves_end

            leaves_end.draw(self, fb)
            return
        st = self.state
        names = self.names()
        widgets.title_bar(
            fb, "Round " + str(st["round"]) + ": " + names[game.dropper(st)] + " drops"
        )
        self.menu.items = self._items()  # undo, a resume, a new dropper: always current
        self.menu.draw(fb)
        led = st["ledger"]
        order = game.turn_order(st)
        for row in range(self.menu.rows):
            i = self.menu.first + row
            if i == 0:  # beside "Drop leaves": the heading of the caches' column
                text.draw(fb, "acorns", 121, 11, align=text.RIGHT)
            elif i <= len(order):
                text.draw(fb, cache_text(led, order[i - 1]), 121, 11 + row * 10, align=text.RIGHT)
        fb.hline(0, 52, 128, 1)
        text.draw(fb, "Board " + str(led["board"]), 2, 54)
        text.draw(fb, "Under " + str(led["under"]), 126, 54, align=text.RIGHT)

    def _draw_spin(self, fb):
        names = self.names()
        widgets.title_bar(fb, "Who drops first?")
        sp = self.spin
        if not sp.done:
            seat = ring.seat_of(sp.led(), len(names), sp.count)
            if seat >= 0:
                text.draw(fb, names[seat], 64, 28, align=text.CENTER)
            return
        text.draw(fb, names[self.state["first"]], 64, 20, font=text.MEDIUM, align=text.CENTER)
        text.draw(fb, "drops first", 64, 38, align=text.CENTER)

    # -- the game menu's pages ---------------------------------------------------------------
    def _head_starts(self):
        names = self.names()
        heads = self.state["heads"]
        items = [text.fit(names[p], 80) + ": " + str(heads[p]) + " s" for p in range(len(names))]

        def chosen(p):
            self.shell.pop()

            def done(v):
                self.act(["head", p, v])

            self.shell.push(
                widgets.Stepper(
                    self.shell,
                    names[p] + ": head start",
                    heads[p],
                    0,
                    MAX_HEAD_S,
                    done,
                    fmt=lambda v: str(v) + " s",
                    hint="seconds the others wait",
                )
            )

        self.shell.push(widgets.MenuScreen(self.shell, "Head starts", items, chosen))

    def _choose_dropper(self):
        def chosen(p):
            self.shell.pop()
            self.act(["drops", p])

        self.shell.push(
            widgets.MenuScreen(
                self.shell, "Who drops", list(self.names()), chosen, game.dropper(self.state)
            )
        )

    def _toggle_knockout(self):
        self.act(["knockout", not self.state["knockout"]])


def cache_text(led, p):
    # a player's cache in a few characters: "3", or "3 (1 hid)" when some are hidden
    hid = led["hidden"][p]
    return str(led["visible"][p] + hid) + (" (" + str(hid) + " hid)" if hid else "")


_DONE = {
    "take": "took an acorn from the board",
    "grab": "grabbed an acorn from under the board",
    "hide": "hid an acorn",
    "head": "head start",
    "drops": "drops",
    "knockout": "tie rule",
}


class AcornMenu(widgets.MenuScreen):
    # What one player did with acorns this turn. Every entry says what it needs, and an
    # impossible one is refused with the reason (the menu stays open).
    def __init__(self, app, p):
        self.app = app
        self.p = p
        st = app.state
        led = st["ledger"]
        names = app.names()
        self.actions = [["take", p], ["grab", p], ["hide", p]]
        items = [
            "Took one from board",
            "Grab from under (" + str(led["under"]) + ")",
            "Hide one (" + str(led["visible"][p]) + " shown)",
        ]
        for v in range(len(names)):
            if v != p:
                self.actions.append(["dig", p, v])
                items.append(
                    "Dig " + text.fit(names[v], 60) + " (" + str(led["visible"][v]) + " shown)"
                )
        title = names[p] + ": " + cache_text(led, p) + " acorns"
        super().__init__(app.shell, title, items, self._chosen)

    def _chosen(self, i):
        action = self.actions[i]
        if game.problem(self.app.state, action) is None:
            self.shell.pop()
        self.app.act(action)

    def leds(self, leds, now_ms):
        leds.seats(len(self.app.names()), self.p)
