# How the Leaves Came Down: the companion for one game. The round names the dropper
# (their seat glows), lists the round's turn order (dropper first, then round the
# table) with each player's acorn cache, starts the grab countdown ("Drop leaves") and
# records the acorn actions (OK on a player); ROLL moves to the next round. A new game
# opens with a light spinning onto the first dropper. When no acorn is left on or under
# the board the game's view is the final ranking, with the acorn-tile drop for a tie.
# The views: apps/leaves_came_down/round.py and ending.py; the countdown: countdown.py;
# the rules and the journal: rules/leaves_came_down.py.
from ui import text, widgets

from apps.game import GameApp

ROUND = "apps.leaves_came_down.round"
ENDING = "apps.leaves_came_down.ending"


class LeavesCameDownApp(GameApp):
    NAME = "leaves_came_down"
    title = "Leaves Came Down"
    RULES = "rules.leaves_came_down"
    spin_due = False  # a game opened again (resumed) shows its round at once

    # -- the game: GameApp's hooks ------------------------------------------------------
    def new_setup(self, names, options):
        first = self.rules.first_player(len(names), self.shell.rng)
        return self.rules.new_setup(names, first, options)

    def start(self, names, options=None, save=True):
        self.spin_due = True  # the first dropper is spun once, as the game starts
        super().start(names, options, save)

    def rematch_options(self):
        return self.state["heads"]  # a rematch keeps the head starts

    def describe(self, a):
        names = self.players()
        kind = a[0]
        who = names[a[1]] if len(a) > 1 and isinstance(a[1], int) and 0 <= a[1] < len(names) else ""
        if kind == "next":
            return "next round"
        if kind == "dig":
            return who + " dug up " + names[a[2]] + "'s acorn"
        if kind == "tie":
            return "the tile drop"
        # (made here: an undo is rare, the words need not stay in the heap)
        words = {
            "take": "took an acorn from the board",
            "grab": "grabbed an acorn from under the board",
            "hide": "hid an acorn",
            "head": "head start",
            "drops": "drops",
            "knockout": "tie rule",
        }
        return who + " " + words.get(kind, kind)

    def menu_items(self):
        return [
            ("Head starts", self._head_starts),
            ("Who drops this round", self._choose_dropper),
            (
                "Ties: "
                + ("leaders again" if self.state["knockout"] else "all drop again"),
                self._toggle_knockout,
            ),
        ]

    def view(self):
        if self.journal.over:
            return self.view_of(ENDING, "EndView")
        return self.view_of(ROUND, "RoundView")

    # -- the game menu's pages ---------------------------------------------------------------
    def _head_starts(self):
        # the menu stays open: a table sets several seats in a row
        from ui import dialogs  # opened on a press: the heap does without it till then

        names = self.players()

        def label(p):
            return text.short(names[p], 80) + ": " + str(self.state["heads"][p]) + " s"

        def chosen(p):
            # the name whole on the title bar: its words only beside a name they fit with
            title = names[p] + ": head start"
            if text.width(title) > widgets.W - 6:
                title = names[p]

            def done(v):
                self.act(["head", p, v])
                menu.menu.items[p] = label(p)
                menu.dirty = True

            self.shell.push(
                dialogs.Stepper(
                    self.shell,
                    title,
                    self.state["heads"][p],
                    0,
                    self.rules.MAX_HEAD_S,
                    done,
                    caption="seconds others wait",  # the big font has no "s"
                )
            )

        menu = dialogs.MenuScreen(self.shell, "Head starts", [label(p) for p in range(len(names))], chosen, right="OK: set")
        self.shell.push(menu)

    def _choose_dropper(self):
        from ui import dialogs  # opened on a press: the heap does without it till then

        def chosen(p):
            self.shell.pop()
            self.act(["drops", p])

        self.shell.push(
            dialogs.MenuScreen(
                self.shell, "Who drops", list(self.players()), chosen, self.rules.round_dropper(self.state)
            )
        )

    def _toggle_knockout(self):
        self.act(["knockout", not self.state["knockout"]])
