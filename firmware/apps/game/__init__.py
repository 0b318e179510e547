# What every game shares, in three modules: a game that needs only some of it loads
# only that (opening one is an import or two, each about 10 ms on the Pico, plus its
# names: Solitaire, played alone, needs neither the line-up nor the score sheet).
#   GameApp    (here) the journal (setup + confirmed actions, replayed into the
#              state), refusing an impossible action in plain words, saving each
#              confirmed action before it is shown, undo many steps deep, the game menu,
#              and resuming after a power cut. The save is read once and checked once:
#              its setup, and every action in order, must be what the game's rules
#              accept, or the file is kept aside as damaged. A new game of a game for
#              several asks who plays on the line-up first.
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
#   play(events, now_ms), draw(fb), leds(leds, now_ms): its main screen; or, for a game
#                     with more than one face (the round, the final tally), view(): the
#                     face to show now, a Screen that owns what it shows besides the
#                     game's state, taken from face(module, class) and told of every
#                     change by its changed()
#   changed()        the state has just changed (an action, undo, a new game)
#   finished()       the game has just ended (a tune by default)
# and its rules module gives result(state) -> (totals, places, rounds) of a finished
# game (LOWEST_WINS = True when the lowest total wins) for the history.
#
# A long game: a journal past FOLD actions folds its oldest ones into a checkpoint (the
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
from core.storage import json_pieces
from micropython import const
from ui.screen import Screen

SCORESHEET = "rules.scoresheet"
HISTORY = "core.history"
HISTORY_READ = "core.histpage"  # its reading side, which it imports
LINEUP = "apps.game.lineup"  # loaded when a game for several asks who plays
MAX_NAME = 10  # a player's name: the line-up's, its name entry's and Settings' (players)


def default_name(seat):
    return "P" + str(seat + 1)


def is_default(name):
    return name[:1] == "P" and name[1:].isdigit()


# A list is one block of heap that doubles as it grows: a journal's actions stay
# scattered over the heap for as long as they are kept, and the unix port's 320 KB
# lane heap (tests/mp.py) then had no 1 KB block for a list of 128 (a 2 KB one failed
# at 130 Autumn Ash turns before any fold). A journal under 64 actions (and a score
# sheet under 64 lines, rules/scoresheet.py) asks for 800 B at most, 400 B on the RP2040.
FOLD = const(64)  # actions a journal holds before its oldest are folded into its base
KEEP = const(50)  # actions left after a fold: how far undo reaches back, at least


class Journal:
    # A game as its setup plus the list of confirmed actions. The state is always a
    # replay of the actions, so undo is dropping the last action, a correction is one
    # more action, and saving the journal saves the game and its whole undo history in
    # one atomic file. Plain lists and dicts: it is the JSON that is saved. `before`:
    # the game this one replaced (a rematch, new players), so that undo can bring it
    # back: a stray press never destroys a game, finished or not. `no`: its number in
    # the history, from when it first ended (core/history.py). `base`: the checkpoint
    # the actions start from, None: from the setup (see the top of this file).
    def __init__(self, setup, actions=None, over=False, before=None, no=None, base=None):
        self.setup = setup
        self.actions = actions if actions is not None else []
        self.over = over
        self.before = before
        self.no = no
        self.base = base

    def moves(self):
        # every action of the game, those folded into the base too
        return (self.base["n"] if self.base else 0) + len(self.actions)

    def game(self):
        # the game alone (not `before`), as the journal keeps it
        d = {"setup": self.setup, "actions": self.actions, "over": self.over}
        if self.base is not None:
            d["base"] = self.base
        if self.no is not None:
            d["no"] = self.no
        return d

    def doc(self):
        d = self.game()
        if self.before is not None:
            d["before"] = self.before
        return d


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
        self._asked = False  # the line-up was shown for this game
        self._face = None  # the view shown, for a game with several (face())
        self._replaced = None  # the game "New players" ended, until the next starts
        doc = shell.load(self.NAME, None, self.VERSION)
        if doc is not None:
            self._resume(doc)
        if self.journal is None:  # none, or set aside: nothing for home to resume
            self._set_resume(False)

    def _resume(self, doc):
        # a save this game can replay, every action checked as it was when played (and
        # so the game it replaced, kept for undo); any other is damaged: kept as .bad
        # and the player told (core/storage.py)
        try:
            before = doc.get("before")
            if before is not None:
                self._replayed(before)
            self.state = st = self._replayed(doc)
        except Exception:  # noqa: BLE001 - any damage at all: the file is set aside
            self.shell.storage.quarantine(self.NAME)
            return
        no = doc.get("no")
        self.journal = Journal(doc["setup"], doc["actions"], self.rules.over(st), before, no, doc.get("base"))
        if self.journal.over:
            # ended: in the history as it is, or filed now (a power cut fell in between,
            # or the heap had no room then; a game filed as it is writes nothing)
            self._file(no is None)
            self._set_resume(False)

    def _replayed(self, doc):
        # -> the state of a saved game, checked action by action (and its number in the
        # history); ValueError if any part of it is not what the rules accept
        rules = self.rules
        setup = doc["setup"]
        actions = doc["actions"]
        no = doc.get("no")
        base = doc.get("base")
        if not isinstance(actions, list) or not rules.valid_setup(setup):
            raise ValueError("setup")
        if no is not None and (type(no) is not int or not 1 <= no <= 99999):  # core/histpage.py MAX_NO
            raise ValueError("number")
        if base is not None and (type(base) is not dict or type(base.get("n")) is not int or base["n"] < 1):
            raise ValueError("base")
        st = self.replay(setup, (), base)  # restore() checks the checkpoint
        for a in actions:
            if rules.problem(st, a) is not None:
                raise ValueError("action")
            rules.apply(st, a)
        return st

    # -- the journal --------------------------------------------------------------------
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
            return False
        self.commit(action)
        return True

    def commit(self, action):
        # confirmed (and checked): one step onto the state shown, not a replay of the
        # whole game; saved; then shown
        j = self.journal
        j.actions.append(action)
        self.rules.apply(self.state, action)
        if len(j.actions) >= FOLD and hasattr(self.rules, "checkpoint"):
            self._fold(j, len(j.actions) - KEEP)
        self._changed()

    def _fold(self, j, cut):
        # the first `cut` actions folded into the base: the position they lead to, and
        # how many actions it stands for (a long game's journal stays KEEP..FOLD long)
        st = self.replay(j.setup, j.actions[:cut], j.base)
        rest = j.actions[cut:]
        j.base = {"n": j.moves() - len(rest), "state": self.rules.checkpoint(st, rest)}
        j.actions = rest
        # and the state shown is the same replay (a score sheet keeps only the lines
        # after its checkpoint's fold in the heap); the old one goes first
        st = self.state = None
        self.state = self.replay(j.setup, rest, j.base)

    def start(self, names, options=None, save=True):
        # save=False: a game for one dealt as the app opens is saved with its first
        # action (until then a power cut loses nothing: opening again deals it again)
        setup = self.new_setup(names, options)
        self._face = None  # a new game shows new faces (a spin, a fresh round)
        was = self.journal or self._replaced
        self._replaced = None
        if was is not None and was.over and was.no is None:  # ended, never filed (no heap then)
            self._file(False, was, self.state)
        before = None
        if was is not None and was.moves():  # kept for undo; only the last one (with
            before = was.game()  # its number: back by undo, it is the same game of the history)
        self.journal = Journal(setup, None, False, before)
        self.state = self.rules.start(setup)
        self._changed(save)

    def undo(self):
        j = self.journal
        if not j.actions:
            if j.base is not None:  # a long game: what is older is folded into its base
                self.shell.notify("Undo goes back " + str(KEEP) + " moves at least: this is as far as it goes.", self.title)
                return
            if j.before is None:
                self.shell.notify("Nothing to undo.", self.title)
                return
            # back to the game the new one replaced, as it was
            b = j.before
            self._face = None
            self.journal = Journal(b["setup"], b["actions"], b["over"], None, b.get("no"), b.get("base"))
            self.state = self.replay(b["setup"], b["actions"], b.get("base"))
            self._changed()
            self.shell.notify("Undone: the new game. The last one is back.", self.title)
            return
        action = j.actions.pop()
        self.state = self.replay(j.setup, j.actions, j.base)
        self._changed()
        self.shell.notify("Undone: " + self.describe(action), self.title)

    def replay(self, setup, actions, base=None):
        # the state after `actions`, from the base when there is one
        rules = self.rules
        st = rules.start(setup) if base is None else rules.restore(setup, base["state"])
        for a in actions:
            rules.apply(st, a)
        return st

    def _changed(self, save=True):
        was_over = self.journal.over
        over = self.rules.over(self.state)
        self.journal.over = over
        if save:
            if over:
                self._file()
            else:
                self.shell.save(self.NAME, self.journal.doc(), self.VERSION)
            self._set_resume(not over)
        self.dirty = True
        if self._face is not None:
            self._face.changed()
        self.changed()
        if over and not was_over and self.journal.actions:
            self.finished()

    def _file(self, save=True, j=None, st=None):
        # the ended game (j, st: the journal and state; the current ones by default)
        # into the history: its number taken (and saved as taken), its save written with
        # the number, then its entry (see the top of this file). The game's own save
        # comes first whatever happens: a heap with no room for the history's code (it
        # is loaded now, MemoryError) leaves the game unfiled, and it is filed when its
        # app opens again, or before a new game replaces it.
        had = HISTORY in modules.loaded()
        try:
            self._filing(save, j or self.journal, st or self.state)
        finally:  # the history's code leaves the heap with the game filed (~13 KB)
            if not had:
                modules.forget(HISTORY)
                modules.forget(HISTORY_READ)

    def _filing(self, save, j, st):
        try:
            h = modules.load(HISTORY, fresh=True)
            if j.no is None:
                j.no = h.reserve(self.shell)
                save = True
        except MemoryError:
            h = None
        if save:
            self.shell.save(self.NAME, j.doc(), self.VERSION)
        if h is None:
            return
        totals, places, rounds = self.rules.result(st)
        low = getattr(self.rules, "LOWEST_WINS", False)
        game = self._filed(h, j, st)
        try:
            h.record(self.shell, j.no, self.NAME, self.players_of(j), totals, places, rounds, game, low)
        except MemoryError:
            pass  # filed when the app opens again (it finds the game not in the history)

    def _filed(self, h, j, st):
        # the ended game as the history keeps it (not `before`): a journal longer than
        # one of the history's packs goes in as its final position, so every pack stays
        # about PACK bytes and a game's sheet reads in a few KB of heap
        game = {"setup": j.setup, "actions": j.actions, "over": True, "no": j.no}
        if j.base is not None:
            game["base"] = j.base
        if hasattr(self.rules, "checkpoint") and _size(game) > h.PACK:
            game["base"] = {"n": j.moves(), "state": self.rules.checkpoint(st, ())}
            game["actions"] = []
        return game

    def players_of(self, j):
        return j.setup["players"]

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
    def enter(self):
        super().enter()
        # no game yet: the line-up at once, so the first frame the player sees is it
        if self.journal is None and not self._asked:
            self._ask_players()

    def _ask_players(self):
        self._asked = True
        if not self.LINEUP:
            self.start(None, None, False)
            return
        self.shell.push(modules.load(LINEUP).LineUp(self.shell, self.MIN_PLAYERS, self.MAX_PLAYERS, self._lined_up, self.title))

    def update(self, events, now_ms):
        if self.journal is None:  # the line-up (or the setup) was left without a game
            self.shell.pop()
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
        # "Undo last" first whatever the game and its state, so a hand finds it blind
        from ui import dialogs  # opened on a press: the heap does without it till then

        entries = [("Undo last", self.undo)] + self.menu_items()
        if self.LINEUP:
            entries += [
                ("Same players again", self._confirm_rematch),
                ("New players", self._confirm_new_players),
            ]
        labels = [e[0] for e in entries]

        def pick(i):
            self.shell.pop()
            entries[i][1]()

        self.shell.push(dialogs.MenuScreen(self.shell, self.title, labels, pick))

    def _confirm_rematch(self):
        from ui import dialogs  # opened on a press: the heap does without it till then

        if self.journal.over:
            self.rematch()
            return
        self.shell.push(
            dialogs.Confirm(self.shell, "New match", "End this game and start again with the same players?", self.rematch)
        )

    def _confirm_new_players(self):
        from ui import dialogs  # opened on a press: the heap does without it till then

        def go():
            self._replaced = self.journal
            self.journal = None
            self._ask_players()

        if self.journal.over:
            go()
            return
        self.shell.push(dialogs.Confirm(self.shell, "New players", "End this game and choose new players?", go))

    def menu_items(self):
        return []

    def describe(self, action):
        return str(action[0]) if action else "?"

    # -- provided by each game (see the top of this file) ---------------------------------
    def new_setup(self, names, options):
        raise NotImplementedError


def _size(value):
    # bytes of value as JSON, counted piece by piece (never one long string)
    n = 0
    for piece in json_pieces(value, ",", ":"):
        n += len(piece)
    return n
