# What every game shares: the line-up, the journal (setup + confirmed actions, replayed
# into the state), refusing an impossible action in plain words, saving each confirmed
# action before it is shown, undo many steps deep, the game menu, and resuming after a
# power cut. The save is read once and checked once: its setup, and every action in
# order, must be what the game's rules accept, or the file is kept aside as damaged.
#
# A game subclasses GameApp and gives:
#   NAME, VERSION, title, MIN_PLAYERS, MAX_PLAYERS
#   RULES             its rules module: valid_setup(setup), start(setup) -> state,
#                     apply(state, action) (in place), problem(state, action) -> plain
#                     words ("Player 2" for a player) or None, over(state)
#   new_setup(names, options) -> the journal's setup; options: what setup_screen chose
#   setup_screen(names, go, back) -> the screen that asks what the game needs before it
#                     starts (sides, mode, ...) and calls go(options), or back() to see
#                     the line-up again; None (the default): the game starts at once
#   describe(action) -> a few words for "Undone: ..."
#   menu_items()     -> [(label, fn)]: its own entries of the game menu (held OK)
#   play(events, now_ms), draw(fb), leds(leds, now_ms): its main screen; or, for a game
#                     with more than one face (the round, the final tally), view(): the
#                     face to show now, a Screen that owns what it shows besides the
#                     game's state, taken from face(module, class) and told of every
#                     change by its changed()
#   changed()        the state has just changed (an action, undo, a new game)
#   finished()       the game has just ended (a tune by default)
from core import modules, sound
from core.buttons import LONG, OK
from ui import widgets
from ui.screen import Screen


class Journal:
    # A game as its setup plus the list of confirmed actions. The state is always a
    # replay of the actions, so undo is dropping the last action, a correction is one
    # more action, and saving the journal saves the game and its whole undo history in
    # one atomic file. Plain lists and dicts: it is the JSON that is saved.
    def __init__(self, setup, actions=None, over=False):
        self.setup = setup
        self.actions = actions if actions is not None else []
        self.over = over

    def doc(self):
        return {"setup": self.setup, "actions": self.actions, "over": self.over}


class GameApp(Screen):
    NAME = "game"
    VERSION = 1
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    RULES = None  # each game sets its rules module (hence the pyright ignores below)

    def __init__(self, shell, **kw):
        super().__init__(shell)
        self.journal = None
        self.state = None
        self._asked = False  # the line-up was shown for this game
        self._face = None  # the view shown, for a game with several (face())
        doc = shell.load(self.NAME, None, self.VERSION)
        if doc is not None:
            self._resume(doc)

    def _resume(self, doc):
        # a save this game can replay, every action checked as it was when played; any
        # other is damaged: kept as .bad and the player told (core/storage.py)
        rules = self.RULES
        try:
            setup = doc["setup"]
            actions = doc["actions"]
            if not isinstance(actions, list) or not rules.valid_setup(setup):  # pyright: ignore[reportOptionalMemberAccess]
                raise ValueError("setup")
            st = rules.start(setup)  # pyright: ignore[reportOptionalMemberAccess]
            for a in actions:
                if rules.problem(st, a) is not None:  # pyright: ignore[reportOptionalMemberAccess]
                    raise ValueError("action")
                rules.apply(st, a)  # pyright: ignore[reportOptionalMemberAccess]
        except Exception:  # noqa: BLE001 - any damage at all: the file is set aside
            self.shell.storage.quarantine(self.NAME)
            return
        self.journal = Journal(setup, actions, rules.over(st))  # pyright: ignore[reportOptionalMemberAccess]
        self.state = st

    # -- the journal --------------------------------------------------------------------
    def players(self):
        return self.journal.setup["players"]

    def words(self, msg):
        # the rules number players from 1 ("Player 2"); at the table they have names
        names = self.players()
        for i in range(len(names)):
            msg = msg.replace("Player " + str(i + 1), names[i])
        return msg

    def refusal(self, action):
        # -> why the rules refuse the action, in the table's words, or None
        msg = self.RULES.problem(self.state, action)  # pyright: ignore[reportOptionalMemberAccess]
        return self.words(msg) if msg else None

    def act(self, action):
        # the player's action: saved and shown, or refused in plain words with nothing
        # changed. -> True when it was taken
        msg = self.refusal(action)
        if msg:
            self.shell.notify(msg, "Can't do that")
            return False
        self.commit(action)
        return True

    def commit(self, action):
        # confirmed (and checked): one step onto the state shown, not a replay of the
        # whole game; saved; then shown
        self.journal.actions.append(action)
        self.RULES.apply(self.state, action)  # pyright: ignore[reportOptionalMemberAccess]
        self._changed()

    def start(self, names, options=None):
        setup = self.new_setup(names, options)
        self._face = None  # a new game shows new faces (a spin, a fresh round)
        self.journal = Journal(setup)
        self.state = self.RULES.start(setup)  # pyright: ignore[reportOptionalMemberAccess]
        self._changed()

    def undo(self):
        actions = self.journal.actions
        if not actions:
            self.shell.notify("Nothing to undo.", self.title)
            return
        action = actions.pop()
        self.state = self.replay(self.journal.setup, actions)
        self._changed()
        self.shell.notify("Undone: " + self.describe(action), self.title)

    def replay(self, setup, actions):
        rules = self.RULES
        st = rules.start(setup)  # pyright: ignore[reportOptionalMemberAccess]
        for a in actions:
            rules.apply(st, a)  # pyright: ignore[reportOptionalMemberAccess]
        return st

    def _changed(self):
        was_over = self.journal.over
        over = self.RULES.over(self.state)  # pyright: ignore[reportOptionalMemberAccess]
        self.journal.over = over
        self.shell.save(self.NAME, self.journal.doc(), self.VERSION)
        self._set_resume(not over)
        self.dirty = True
        if self._face is not None:
            self._face.changed()
        self.changed()
        if over and not was_over and self.journal.actions:
            self.finished()

    def _set_resume(self, in_progress):
        s = self.shell.settings
        want = self.NAME if in_progress else ""
        if s.get("resume", "") != want and (in_progress or s.get("resume") == self.NAME):
            s["resume"] = want
            self.shell.save_settings()

    def rematch(self):
        # a new match with the same players (and the same setup choices), in one press
        self.start(list(self.players()), self.rematch_options())

    def rematch_options(self):
        return None

    def changed(self):
        pass

    def finished(self):
        # the game has just ended: a little tune for the table
        self.shell.sound.play(sound.WIN)

    # -- setting up: the line-up, then the game's own setup screen ----------------------
    def _lined_up(self, names):
        def go(options):
            self.start(names, options)

        def back():
            self._asked = False  # to the line-up again

        screen = self.setup_screen(names, go, back)
        if screen is None:
            go(None)
        else:
            self.shell.push(screen)

    def setup_screen(self, names, go, back):
        return None

    # -- the screen ------------------------------------------------------------------------
    def update(self, events, now_ms):
        if self.journal is None:
            if self._asked:  # the line-up was left without starting
                self.shell.pop()
                return
            self._asked = True
            from apps.game.lineup import LineUp

            self.shell.push(LineUp(self.shell, self.MIN_PLAYERS, self.MAX_PLAYERS, self._lined_up, self.title))
            return
        for ev in events:
            if ev == OK | LONG:
                self.open_menu()
                return
        self.play(events, now_ms)

    def view(self):
        return None  # one face: the game draws itself

    def face(self, module, cls):
        # the view `cls` of `module` (loaded on first use), made when it is to be shown
        # and kept while it is the one shown
        v = self._face
        if v is None or type(v).__name__ != cls:
            v = self._face = getattr(modules.load(module), cls)(self)
        return v

    def play(self, events, now_ms):
        v = self.view()
        if v is None:
            Screen.update(self, events, now_ms)  # BACK leaves
            return
        v.update(events, now_ms)
        if v.dirty:
            v.dirty = False
            self.dirty = True

    def leds(self, leds, now_ms):
        v = self.view() if self.journal is not None else None
        if v is None:
            leds.off()
        else:
            v.leds(leds, now_ms)

    def draw(self, fb):
        v = self.view() if self.journal is not None else None
        if v is not None:
            v.draw(fb)

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

    # -- provided by each game (see the top of this file) ---------------------------------
    def new_setup(self, names, options):
        raise NotImplementedError
