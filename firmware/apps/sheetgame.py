# What the score-sheet games share on top of apps.game.GameApp: the sheet itself (the
# journal holds "add" and "edit" lines, replayed by rules/scoresheet.py through the
# game's own sheet module), refusing an impossible entry in plain words with the
# players' names, and the list of past lines that opens one for correction. Undo,
# saving and resume come from GameApp, so every game gets them the same way.
from core.leds import SEAT_COLOURS, seat_leds
from core.ticks import ticks_diff
from micropython import const
from rules import scoresheet
from ui import widgets

from apps.game import GameApp

PARTY_MS = const(6000)  # how long the ring celebrates a win before it settles
CHASE_MS = const(50)  # one LED step of the celebration


class SheetGame(GameApp):
    # the game's rules module: replay(setup, actions), problem(entry), valid_setup(setup),
    # valid(setup, entry); None here, each game sets it (hence the pyright ignores below)
    SHEET = None

    def __init__(self, shell, **kw):
        self._party = None  # when the win celebration on the ring started
        doc = shell.load(self.NAME, None, self.VERSION)
        if doc is not None and not self.usable(doc):
            # valid JSON but not a game this firmware wrote: kept as <name>.bad and the
            # player told, as Storage does with a file it can't parse; then a fresh game
            shell.storage._quarantine(self.NAME)
        super().__init__(shell, **kw)

    def usable(self, doc):
        if not isinstance(doc, dict):
            return False
        setup = doc.get("setup")
        actions = doc.get("actions")
        sheet = self.SHEET
        if not isinstance(setup, dict) or not sheet.valid_setup(setup):  # pyright: ignore[reportAttributeAccessIssue]
            return False

        def valid(entry):
            return sheet.valid(setup, entry)  # pyright: ignore[reportAttributeAccessIssue]

        return scoresheet.well_formed(actions, valid)

    def replay(self, setup, actions):
        return self.SHEET.replay(setup, actions)  # pyright: ignore[reportAttributeAccessIssue]

    def is_over(self, state):
        return state["over"]

    def describe(self, action):
        return scoresheet.describe(action, len(self.state["entries"]), self.line_name)

    def line_name(self, k, entry):
        return "line " + str(k + 1)

    def words(self, msg):
        # the rules number players from 1 ("Player 2"); at the table they have names
        names = self.players()
        for i in range(len(names)):
            msg = msg.replace("Player " + str(i + 1), names[i])
        return msg

    def enter_line(self, k, entry):
        # k = -1: a new line; else line k corrected. -> plain words why not, or None
        # when it is saved (before it is shown as done).
        problem = self.SHEET.problem(entry)  # pyright: ignore[reportAttributeAccessIssue]
        if problem:
            return self.words(problem)
        was_over = self.state["over"]
        self.commit(scoresheet.add(entry) if k < 0 else scoresheet.edit(k, entry))
        if self.state["over"] and not was_over:
            self.finished()
        return None

    def finished(self):
        # the game has just ended: a little tune for the table
        self.shell.sound.play(((1047, 90), (1319, 90), (1568, 90), (2093, 220)))

    def open_sheet(self, title, lines):
        # lines: the line numbers to list; picking one opens it for correction
        if not lines:
            self.shell.notify("Nothing entered yet.", title)
            return
        labels = [self.line_label(k) for k in lines]

        def pick(i):
            self.shell.pop()  # once corrected, back to the totals it changed
            self.correct(lines[i])

        self.shell.push(widgets.MenuScreen(self.shell, title, labels, pick, len(lines) - 1))

    # -- the ring ----------------------------------------------------------------------
    def leds(self, leds, now_ms):
        # no game: dark; a game won: the celebration; a game on: the game's own lights
        if self.journal is None:
            leds.off()
        elif self.state["over"]:
            self.celebrate(leds, self.winners(), now_ms)
        else:
            self._party = None
            self.playing_leds(leds)

    def playing_leds(self, leds):
        # every seat in its colour: the OLED shows names, the ring shows who is who
        leds.seats(len(self.players()), all_on=True)

    def celebrate(self, leds, seats, now_ms):
        # A win: two lights chase round the ring in the winners' colours for a few
        # seconds, then the winners' seats glow.
        if self._party is None:
            self._party = now_ms
        t = ticks_diff(now_ms, self._party)
        n = len(self.players())
        leds.off()
        if t >= PARTY_MS:
            for s in seats:
                for i in seat_leds(s, n, leds.count):
                    leds.set(i, SEAT_COLOURS[s % len(SEAT_COLOURS)])
            return
        step = t // CHASE_MS
        seat = seats[(step // leds.count) % len(seats)]
        rgb = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        leds.set(step % leds.count, rgb)
        leds.set((step + leds.count // 2) % leds.count, rgb)

    # -- provided by each game ---------------------------------------------------------
    def winners(self):
        # the seats of a game that is over
        return []

    def line_label(self, k):
        return str(k + 1)

    def correct(self, k):
        pass
