# 61 Feuilles d'Automne: the companion for the roll & write. Each round says the round
# (n/20) and who rolls (their seat glows); ROLL rolls the three dice with the dice
# roller's animation; then each player's leaf die is ONE press (UP / OK / DOWN beside
# the three dice), goalposts are announced as they unlock ("Léa 23: +2 points") without
# stopping the next player; OK opens the zone race and ROLL ends the round. The end of
# round 20, or of the round a leaf total reaches 61, ends the game: the final tally and
# the ranking follow. "Dice only" keeps just rounds, roller and dice.
# This module is the game (journal hooks, menu); the screens are helpers imported only
# while needed, as the heap is small: the setup (apps/feuilles61_setup.py), the round
# (apps/feuilles61_round.py), the zone race (apps/feuilles61_zones.py), the end and the
# final tally (apps/feuilles61_tally.py). The journal replay is rules/feuilles61_game.py.
import gc
import sys

from rules import feuilles61_game as game

from apps.game import GameApp

END_TUNE = ((1047, 90), (1319, 90), (1568, 90), (2093, 220))


def drop(name):
    # a helper module no longer needed, out of sys.modules and off its package so the
    # heap gets it back (as apps.home.unload does on the way home)
    if name in sys.modules:
        del sys.modules[name]
    pkg, _, short = name.partition(".")
    parent = sys.modules.get(pkg)
    if parent is not None and short in parent.__dict__:
        delattr(parent, short)


def load(name):
    # import a helper module into a freshly collected heap: its code is long-lived, so
    # it should take whole free runs, not holes between the garbage of the last presses
    mod = sys.modules.get(name)
    if mod is None:
        gc.collect()
        __import__(name)
        mod = sys.modules[name]
    return mod


class Feuilles61App(GameApp):
    NAME = "feuilles61"
    VERSION = 1
    title = "61 Feuilles"
    MIN_PLAYERS = 1
    MAX_PLAYERS = 6

    def __init__(self, shell, **kw):
        self.row = None  # the dice on screen and their roll animation
        self.fix = -1  # the seat whose leaf is being corrected (BACK), or -1
        self.after = 0  # the next leaf is asked from this seat on
        self.news = None  # [words, since_ms] of the latest goalpost announcement
        self.cursor = 0  # the end screens' cursor
        self._opts = None
        self._setup = None  # the setup and number of actions self.state was made from
        self._done = 0
        super().__init__(shell, **kw)

    # -- the game: GameApp's hooks ----------------------------------------------------------
    def start(self, names, opts=None):
        if opts is None:  # first the setup: mode, who rolls first, goalposts
            def back():
                self._asked = False  # to the line-up again

            self.shell.push(load("apps.feuilles61_setup").Setup(self, names, back))
            return
        self._opts = opts
        GameApp.start(self, names)

    def enter(self):
        GameApp.enter(self)
        # back on the round screen: the setup and zone screens are closed, so their
        # modules leave the heap (imported again if opened again)
        drop("apps.feuilles61_setup")
        drop("apps.feuilles61_zones")

    def rematch(self):
        prefs = load("apps.feuilles61_setup").load_prefs(self.shell, len(self.players()))
        self.start(list(self.players()), prefs)

    def replay(self, setup, actions):
        # A new entry on top of the state shown is applied to it in place; anything else
        # (undo, a new game, the first load) replays the journal. Same state either way
        # (rules/feuilles61_game.step is what replay does per entry), but a press costs
        # one step, not a whole game's replay: fast on the Pico, and little garbage to
        # break the small heap into pieces.
        st = self.state
        if st is not None and setup is self._setup and len(actions) == self._done + 1:
            game.step(st, actions[-1])
        else:
            st = game.replay(setup, actions)
        self._setup = setup
        self._done = len(actions)
        return st

    def words(self, msg):
        # the rules say "Player 2"; the table knows her as Bo
        names = self.players()
        for p in range(len(names)):
            msg = msg.replace("Player " + str(p + 1), names[p])
        return msg

    def finished(self):
        self.shell.sound.play(END_TUNE)

    def new_setup(self, names):
        o = self._opts
        first = o["first"]
        if not 0 <= first < len(names):  # "random": drawn once, kept in the journal
            first = self.shell.rng.randbelow(len(names))
        return game.new_setup(names, first, o["mode"], o["exact"], o["goalposts"])

    def is_over(self, state):
        return game.over(state)

    def _changed(self):
        GameApp._changed(self)
        # whatever changed (undo, a new roll), the leaves are asked in seat order again
        self.fix = -1
        self.after = 0
        self.cursor = min(self.cursor, len(self.players()) - 1)

    def describe(self, a):
        return load("apps.feuilles61_setup").describe(self, a)

    def act(self, action):
        # commit, or refuse in plain words and change nothing -> True when taken
        msg = game.problem(self.state, action)
        if msg is not None:
            self.shell.notify(self.words(msg), "Can't do that")
            return False
        # collect first: the long-lived new entry then lands in the lowest free hole and
        # not amid the garbage of the last replay, which keeps the small heap in one piece
        gc.collect()
        self.commit(action)
        return True

    def sheets(self):
        return self.state["mode"] == game.SHEETS

    def picker(self):
        # the seat whose leaf is asked now, or -1 when every leaf of the round is in
        st = self.state
        if not st["dice"] or not self.sheets():
            return -1
        return self.fix if self.fix >= 0 else game.waiting(st, self.after)

    # -- actions ------------------------------------------------------------------------------
    # -- the screen: the round, or the end once the game is over ------------------------------
    def part(self):
        # only one of the two is in the heap at a time
        if self.state["ended"]:
            drop("apps.feuilles61_round")
            return load("apps.feuilles61_tally")
        drop("apps.feuilles61_tally")
        return load("apps.feuilles61_round")

    def play(self, events, now_ms):
        self.part().play(self, events, now_ms)

    def leds(self, leds, now_ms):
        if self.journal is None:
            leds.off()
        else:
            self.part().leds(self, leds, now_ms)

    def draw(self, fb):
        if self.journal is not None:
            self.part().draw(self, fb)

    def confirm_reroll(self):
        self.part().confirm_reroll(self)

    # -- the game menu (its pages are in apps/feuilles61_setup.py) ----------------------------
    def menu_items(self):
        return load("apps.feuilles61_setup").menu_entries(self)

    def open_zones(self):
        self.shell.push(load("apps.feuilles61_zones").ZoneBoard(self))

    def correct_sheet(self):
        load("apps.feuilles61_tally").choose_sheet(self)
