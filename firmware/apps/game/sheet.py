# SheetGame: a GameApp whose journal is a score sheet (Autumn Leaves, Autumn Ash): see
# apps/game/__init__.py for what a game gives and gets.
from core.buttons import OK, ROLL
from core.leds import ALL
from core.shows import Party
from ui.screen import View

from apps.game import GameApp


class SheetGame(GameApp):
    # see apps/game/__init__.py
    LINES = "Lines"  # what its lines are called in a list of them: "Hands", "Turns"

    def describe(self, action):
        from rules import scoresheet

        return scoresheet.describe(action, scoresheet.lines(self.state), self.line_name)

    def line_name(self, k, entry):
        # k: the line's number from the game's first (rules/scoresheet.py), from 0
        return "line " + str(k + 1)

    def enter_line(self, k, entry):
        # k = -1: a new line; else the line state["entries"][k] corrected (a long game's
        # sheet holds only its last lines: the action numbers them from the first). ->
        # plain words why not, or None when it is saved (before it is shown as done)
        action = ["add", entry] if k < 0 else ["edit", self.state["folded"] + k, entry]  # rules/scoresheet.py's actions
        msg = self.refusal(action)
        if msg is None:
            self.commit(action)
        return msg

    def open_sheet(self, title, lines):
        # lines: the lines to list, as state["entries"] numbers them; picking one opens
        # it for correction. A long game's oldest lines, folded into its totals (rules/
        # scoresheet.py), are no longer kept: the list's first row says which
        from ui import dialogs  # opened on a press: the heap does without it till then

        folded = self.state["folded"]
        if not lines and not folded:
            self.shell.notify("Nothing entered yet.", title)
            return
        which = self.LINES + " 1-" + str(folded) if folded > 1 else self.LINES[:-1] + " 1"
        gone = [which + ": too old"] if folded else []
        labels = gone + [self.line_label(k) for k in lines]

        def pick(i):
            if i < len(gone):
                are = " are" if folded > 1 else " is"
                self.shell.notify(which + are + " only in the totals now: too old to view or correct.", title)
                return
            self.shell.pop()  # once corrected, back to the totals it changed
            self.correct(lines[i - len(gone)])

        self.shell.push(dialogs.MenuScreen(self.shell, title, labels, pick, len(labels) - 1))

    def scoretable(self):
        # the score table, ui/scoretable.py: loaded when a sheet is first shown, so a
        # game that opens on its line-up does without it
        from ui import scoretable

        return scoretable

    # -- provided by each game -----------------------------------------------------------
    def winners(self):
        # the seats of a game that is over
        return []

    def line_label(self, k):
        return str(k + 1)

    def correct(self, k):
        pass


class SheetView(View):
    # the main screen of a score-sheet game; the ring: every seat while the game is
    # on (or the game's own lights: playing_leds), the winners' chase once it is won
    def __init__(self, app):
        super().__init__(app)
        self._party = None  # the win celebration on the ring, once the game is won

    def update(self, events, now_ms):
        # ROLL: the game's main entry (on_roll); once it is won nothing: the final
        # standings stay on the table until a new match is chosen from the menu (held
        # OK, docs/ui.md). OK: on_ok(), True when it took the press
        for ev in events:
            if ev == ROLL:
                if not self.app.state["over"]:
                    self.on_roll()
                return
            if ev == OK and self.on_ok():
                return
        super().update(events, now_ms)  # BACK leaves

    def on_roll(self):
        pass

    def on_ok(self):
        return False

    def leds(self, leds, now_ms):
        app = self.app
        if app.state["over"]:
            if self._party is None:
                self._party = Party(now_ms)
            self._party.draw(leds, app.winners(), len(app.players()), now_ms)
        else:
            self._party = None
            self.playing_leds(leds)

    def playing_leds(self, leds):
        # every seat in its colour: the OLED shows names, the ring shows who is who
        leds.seats(len(self.app.players()), ALL)
