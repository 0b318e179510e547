# What every game shares, in four modules: a game that needs only some of it loads
# only that (opening one is an import or two, each about 10 ms on the Pico, plus its
# names: Solitaire, played alone, needs neither the line-up nor the score sheet).
#   GameApp    (here) the screen: the game's view of the moment, refusing an
#              impossible action in plain words, saving each confirmed action before
#              it is shown, the game menu, the Resume flag. A new game of a game for
#              several asks who plays on the line-up first.
#   journal    (journal.py) the game as its setup + confirmed actions, replayed into
#              the state: the save read once and checked once (its setup, and every
#              action in order, must be what the game's rules accept, or the file is
#              kept aside as damaged), commit, undo many steps deep, filing an ended
#              game into the history. The tests replay with it too.
#   SheetGame  (sheet.py) a GameApp whose journal is a score sheet (Autumn Leaves,
#              Autumn Ash): lines entered from an entry grid, the list of past lines to
#              correct, the ring: every seat while the game is on, the winners' chase
#              once it is won
#   StartMenu  (lineup.py) the screen a game is set up on before it starts (the
#              line-up, Autumn Ash's sides, 61 Feuilles' mode): "Start" first with the
#              cursor on it, so a regular group starts in one press; ROLL starts from
#              any row
#   LineUp     (lineup.py) who is playing: the last line-up comes back pre-filled with
#              the cursor on "Start"; a seat's name comes from the recent names, a
#              letter entry that guesses, or plain "P1".."P6" (apps/game/names.py, loaded
#              when a name changes), and the cursor then goes on to the next seat to
#              name. Every change is saved at once, so a line-up half made survives a
#              power cut.
#
# A game subclasses GameApp and gives:
#   NAME, VERSION, title, MIN_PLAYERS, MAX_PLAYERS
#   LINEUP = False    a game for one (Solitaire): no line-up, a new game starts at once
#                     (new_setup(None, None)), saved with its first action, and the
#                     menu has no entries about players
#   RULES             its rules module's name (loaded when first needed: a new game
#                     opens on the line-up without it), as self.rules:
#                     valid_setup(setup), start(setup) -> state,
#                     apply(state, action) (in place), problem(state, action) -> plain
#                     words ("Player 2" for a player) or None, over(state)
#   new_setup(names, options) -> the journal's setup; options: what setup_screen chose
#   setup_screen(names, go, back) -> the screen that asks what the game needs before it
#                     starts (sides, mode, ...) and calls go(options), or back() to see
#                     the line-up again; None (the default): the game starts at once
#   describe(action) -> a few words for "Undone: ..."
#   menu_items()     -> [(label, fn)]: its own entries of the game menu (held OK)
#   view()           its screen: the face to show now (the main screen, or for a game
#                     with more than one, the round, the final tally...), a View
#                     (ui/screen.py) that owns what it shows besides the game's state,
#                     taken from face(module, class) (its own module: __name__) and
#                     told of every change by its changed(); the app hands it the
#                     events (but held OK: the game menu), the drawing and the ring
#   changed()        the state has just changed (an action, undo, a new game)
#   finished()       the game has just ended (a tune by default)
# and its rules module gives result(state) -> (totals, places, rounds) of a finished
# game (LOWEST_WINS = True when the lowest total wins) for the history.
#
# A long game: a journal past FOLD actions (journal.py) folds its oldest ones into a checkpoint (the
# journal's "base": {"n": how many actions it stands for, "state": the rules' own
# small record of the position then}), keeping the last KEEP to undo, so a save never
# outgrows what storage reads back (MAX_BYTES) and a 5,000-move game resumes in a few
# KB of heap. A game whose rules give checkpoint(state, later) -> that record (later:
# the actions kept after it) and restore(setup, record) -> state (ValueError when it
# is not one the rules could reach) folds; the others keep their whole journal.
#
# The history (core/history.py): a game is filed the moment it ends, under a number
# its journal keeps ("no"); changed after its end (a correction, Leaves Came Down's
# tile drop) or ended again after an undo, it is filed again under the same number,
# replacing its entry (core.history.record writes nothing when the entry is the same).
# Undoing past the end leaves the entry as it was until then. A game found ended but
# not filed when it is opened (a power cut fell in between) is filed then: "Resume"
# stays on the home screen until it is.
from core import modules, sound
from core.buttons import LONG, OK
from ui.screen import Screen

from apps.game import journal

SCORESHEET = "rules.scoresheet"
LINEUP = "apps.game.lineup"  # loaded when a game for several asks who plays


class GameApp(Screen):
    NAME = "game"
    VERSION = 1
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    LINEUP = True
    RULES = ""  # each game names its rules module

    @property
    def rules(self):
        return modules.load(self.RULES)

    def __init__(self, shell, **kw):
        super().__init__(shell)
        self.journal = None
        self.state = None
        self.asked = False  # the line-up was shown for this game
        self._face = None  # the view shown, for a game with several (face())
        self.replaced = None  # the game "New players" ended, until the next starts
        journal.resume(self)

    def players(self):
        return self.journal.setup["players"]

    def words(self, msg):
        return modules.load(SCORESHEET).named(msg, self.players())

    def refusal(self, action):
        # -> why the rules refuse the action, in the table's words, or None
        msg = self.rules.problem(self.state, action)
        return self.words(msg) if msg else None

    def act(self, action):
        # the player's action: saved and shown, or refused in plain words with nothing
        # changed. -> True when it was taken
        msg = self.refusal(action)
        if msg:
            self.shell.notify(msg, "Can't do that")
        else:
            self.commit(action)
        return not msg

    def commit(self, action):
        # confirmed (and checked): saved, then shown
        if self.journal.commit(self.rules, self.state, action):
            # folded: the state shown replayed from the new base, the old one gone first
            self.state = None
            self.state = self.journal.replay(self.rules)
        self._changed()

    def start(self, names, options=None, save=True):
        # save=False: a game for one dealt as the app opens is saved with its first
        # action (until then a power cut loses nothing: opening again deals it again)
        setup = self.new_setup(names, options)
        self._face = None  # a new game shows new faces (a spin, a fresh round)
        journal.begin(self, setup)
        self._changed(save)

    def undo(self):
        said = self.journal.undo(self.rules)  # or why nothing can be undone
        if type(said) is not str:
            self.journal, self.state, action = said
            if action is None:
                self._face = None  # the game before is back
            self._changed()
            said = "Undone: " + (self.describe(action) if action else "the new game. The last one is back.")
        self.shell.notify(said, self.title)

    def _changed(self, save=True):
        was_over = self.journal.over
        over = self.rules.over(self.state)
        self.journal.over = over
        if save:
            journal.save(self)
        self.dirty = True
        if self._face is not None:
            self._face.changed()
        self.changed()
        if over and not was_over and self.journal.actions:
            self.finished()

    def players_of(self, j):  # the seats the history files the game of journal j under
        return j.setup["players"]

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

    def setup_screen(self, names, go, back):
        return None

    def enter(self):
        super().enter()
        # no game yet: the line-up at once, so the first frame the player sees is it
        if self.journal is None and not self.asked:
            self.ask_players()

    def ask_players(self):
        self.asked = True
        if self.LINEUP:
            modules.load(LINEUP).ask(self)
        else:
            self.start(None, None, False)

    def update(self, events, now_ms):
        if self.journal is None:  # the line-up (or the setup) was left without a game
            self.shell.pop()
            return
        for ev in events:
            if ev == OK | LONG:
                self.open_menu()
                return
        v = self.view()
        v.update(events, now_ms)
        if v.dirty:
            v.dirty = False
            self.dirty = True

    def view(self):
        # -> the face of the game to show now (a View, ui/screen.py): taken from face()
        raise NotImplementedError

    def face(self, module, cls):
        # the view `cls` of `module` (loaded on first use), made when it is to be shown
        # and kept while it is the one shown
        v = self._face
        if v is None or type(v).__name__ != cls:
            v = self._face = getattr(modules.load(module), cls)(self)
        return v

    def leds(self, leds, now_ms):
        if self.journal is None:
            leds.off()
        else:
            self.view().leds(leds, now_ms)

    def draw(self, fb):
        if self.journal is not None:
            self.view().draw(fb)

    def open_menu(self):
        modules.load(LINEUP).game_menu(self)

    def menu_items(self):
        return []

    def describe(self, action):
        return str(action[0]) if action else "?"

    def new_setup(self, names, options):
        raise NotImplementedError
