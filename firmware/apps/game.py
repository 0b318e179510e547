# What every score-keeping game shares: the line-up, the journal (setup + confirmed
# actions, replayed into the state), saving each confirmed action before it is shown,
# undo many steps deep, the game menu, and resuming after a power cut.
#
# A game subclasses GameApp and provides:
#   NAME, VERSION, title, MIN_PLAYERS, MAX_PLAYERS
#   new_setup(names) -> dict         the setup of a new game
#   replay(setup, actions) -> state  the state after the actions (pure; rules/ does the work)
#   is_over(state) -> bool
#   describe(action) -> str          a few words for "Undone: ..."
#   menu_items() -> [(label, fn)]    its own entries for the game menu
#   update()/draw()/leds() of its main screen, calling self.commit(action) to confirm
from core.buttons import LONG, OK
from core.journal import Journal
from ui import widgets
from ui.screen import Screen

from apps.players import LineUp


class GameApp(Screen):
    NAME = "game"
    VERSION = 1
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6

    def __init__(self, shell, **kw):
        super().__init__(shell)
        self.journal = Journal.from_doc(shell.load(self.NAME, None, self.VERSION))
        self.state = None
        self._asked = False
        if self.journal is not None:
            try:
                self.state = self.replay(self.journal.setup, self.journal.actions)
                self.is_over(self.state)
            except Exception:  # noqa: BLE001 - a journal this game cannot replay is damaged
                shell.storage.quarantine(self.NAME)  # kept as .bad, the player is told
                self.journal = None
                self.state = None

    # -- journal ----------------------------------------------------------------------
    def players(self):
        return self.journal.setup["players"]

    def start(self, names):
        self.journal = Journal(self.new_setup(names))
        self._changed()

    def commit(self, action):
        # confirmed by the player: replayed, saved, then shown
        self.journal.add(action)
        self._changed()

    def undo(self):
        action = self.journal.undo()
        if action is None:
            self.shell.notify("Nothing to undo.", self.title)
            return
        self._changed()
        self.shell.notify("Undone: " + self.describe(action), self.title)

    def _changed(self):
        self.state = self.replay(self.journal.setup, self.journal.actions)
        self.journal.over = self.is_over(self.state)
        self.shell.save(self.NAME, self.journal.doc(), self.VERSION)
        self._set_resume(not self.journal.over)
        self.dirty = True

    def _set_resume(self, in_progress):
        s = self.shell.settings
        want = self.NAME if in_progress else ""
        if s.get("resume", "") != want and (in_progress or s.get("resume") == self.NAME):
            s["resume"] = want
            self.shell.save_settings()

    def rematch(self):
        # a new match with the same players, in one press
        self.start(list(self.players()))

    # -- screens ----------------------------------------------------------------------
    def update(self, events, now_ms):
        if self.journal is None:
            if self._asked:  # the line-up was left without starting
                self.shell.pop()
                return
            self._asked = True
            self.shell.push(LineUp(self.shell, self.MIN_PLAYERS, self.MAX_PLAYERS, self.start, self.title))
            return
        for ev in events:
            if ev == OK | LONG:
                self.open_menu()
                return
        self.play(events, now_ms)

    def play(self, events, now_ms):
        Screen.update(self, events, now_ms)

    def open_menu(self):
        entries = self.menu_items() + [
            ("Undo last", self.undo),
            ("New match, same players", self._confirm_rematch),
            ("New players", self._confirm_new_players),
        ]
        labels = [e[0] for e in entries]

        def pick(i):
            self.shell.pop()
            entries[i][1]()

        self.shell.push(widgets.MenuScreen(self.shell, self.title, labels, pick))

    def _confirm_rematch(self):
        if self.journal.over:
            self.rematch()
            return
        self.shell.push(
            widgets.Confirm(self.shell, "New match", "End this game and start again with the same players?", self.rematch)
        )

    def _confirm_new_players(self):
        def go():
            self._asked = False
            self.journal = None
            self.dirty = True

        if self.journal.over:
            go()
            return
        self.shell.push(widgets.Confirm(self.shell, "New players", "End this game and choose new players?", go))

    def menu_items(self):
        return []

    def describe(self, action):
        return str(action[0]) if action else "?"

    # -- provided by each game (see the top of this file) -----------------------------
    def new_setup(self, names):
        raise NotImplementedError

    def replay(self, setup, actions):
        raise NotImplementedError

    def is_over(self, state):
        raise NotImplementedError
