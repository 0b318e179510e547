# What every game shares, in three modules: a game that needs only some of it loads
# only that (opening one is an import or two, each about 10 ms on the Pico, plus its
# names: Solitaire, played alone, needs neither the line-up nor the score sheet).
#   journal    (here, first) the game as its setup + confirmed actions, replayed into
#              the state: the save read once and checked once (its setup, and every
#              action in order, must be what the game's rules accept, or the file is
#              kept aside as damaged), commit, undo many steps deep, the save and the
#              Resume flag, filing an ended game into the history. The tests replay
#              with it too.
#   GameApp    (here, after it) the screen: the game's view of the moment, refusing
#              an impossible action in plain words, each confirmed action saved before
#              it is shown. A new game of a game for several asks who plays on the
#              line-up first.
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
#              power cut. With it, the game menu (held OK): undo, the game's own
#              entries, the same players again, new players.
#
# A game subclasses GameApp and gives:
#   NAME, title; VERSION (1), MIN_PLAYERS (2), MAX_PLAYERS (6) where they differ (the
#                     players as its rules say: tests/test_apps.py holds them to it)
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
#   view()           its screen: the View to show now (the main screen, or for a game
#                     with more than one, the round, the final tally...), a View
#                     (ui/screen.py) that owns what it shows besides the game's state,
#                     taken from view_of(module, class) (its own module: __name__) and
#                     told of every change by its changed(); the app hands it the
#                     events (but held OK: the game menu), the drawing and the ring
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
from micropython import const
from ui.screen import Screen

# -- the journal ---------------------------------------------------------------------------
# A game's journal: its setup plus the list of confirmed actions, the state always a
# replay of them: the checked replay of a save, commit (folding a long journal), undo,
# the journal a new game starts (keeping the last for undo), the save with the Resume
# flag, filing an ended game into the history. The tests replay with it too. Here, not
# in a module of its own: on the .mpy files a second module cost every game's opening
# 19 ms (Solitaire 117.8 -> 137.0 ms, over the 120 ms budget).
HISTORY = "core.history"
HISTORY_READ = "core.histpage"  # its reading side, which it imports
MAX_NO = const(9999999)  # core/histpage.py's highest game number
MAX_NAME = 10  # a player's name: the line-up's, its name entry's and Settings' (players)
# an end screen's hint: a new game is a deliberate choice, from the menu (docs/ui.md)
END_HINT = "hold OK: new match"


def default_name(seat):
    return "P" + str(seat + 1)


def is_default(name):
    return name[:1] == "P" and name[1:].isdigit()


# A list is one block of heap that doubles as it grows: a journal's actions stay
# scattered over the heap for as long as they are kept, and the unix port's lane heap
# (tests/mp.py, then 320 KB) had no 1 KB block for a list of 128 (a 2 KB one failed
# at 130 Autumn Ash turns before any fold). A journal under 64 actions (and a score
# sheet under 64 lines, rules/scoresheet.py) asks for 800 B at most, 400 B on the RP2040.
FOLD = const(64)  # actions a journal holds before its oldest are folded into its base
KEEP = const(50)  # actions left after a fold: how far undo reaches back, at least


def replay(rules, setup, actions, base=None, check=False):
    # the state after `actions`, from the base when there is one (restore() checks it);
    # check: each action as it was checked when played, ValueError if one is refused
    # (by the rules' saved_problem where a rule came later than saves it would refuse)
    st = rules.start(setup) if base is None else rules.restore(setup, base["state"])
    problem = getattr(rules, "saved_problem", rules.problem)
    for a in actions:
        if check and problem(st, a) is not None:
            raise ValueError("action")
        rules.apply(st, a)
    return st


def checked(rules, doc):
    # -> the state of a saved game, every part of it what the rules accept; ValueError
    # (or any error of a malformed doc) if not
    setup = doc["setup"]
    actions = doc["actions"]
    no = doc.get("no")
    base = doc.get("base")
    if not isinstance(actions, list) or not rules.valid_setup(setup):
        raise ValueError("setup")
    if no is not None and (type(no) is not int or not 1 <= no <= MAX_NO):
        raise ValueError("number")
    if base is not None and (
        type(base) is not dict or type(base.get("n")) is not int or base["n"] < 1
    ):
        raise ValueError("base")
    return replay(rules, setup, actions, base, True)


def load(rules, doc):
    # -> (journal, state) of a save, the game it replaced checked too (it comes back by
    # undo); raises if any part is damaged
    before = doc.get("before")
    if before is not None:
        checked(rules, before)
    st = checked(rules, doc)
    j = Journal(
        doc["setup"], doc["actions"], rules.over(st), before, doc.get("no"), doc.get("base"), _at(doc), _at(doc, "end")
    )
    redo = doc.get("redo")
    if type(redo) is list:
        j.redo = redo  # each checked when it is redone, as any action is
    return j, st


def _at(doc, key="at"):
    # the start stamp of a saved game (or its end); a damaged one is dropped (the game
    # is not lost for it: it is only filed without it)
    at = doc.get(key)
    from core import when

    return at if at is not None and when.valid(at) else None


def begin(app, setup):
    # a new game of `app` from its setup, replacing the one on (or the one "New players"
    # ended), kept for undo when it had begun (with its number: back by undo, it is the
    # same game of the history); an ended one never filed (no heap then) is filed first
    was = app.journal or app.replaced
    app.replaced = None
    if was is not None and was.over and was.no is None:
        file(app, False, was, app.state)
    before = None
    if was is not None:
        # a game with no moves replaced keeps the one it replaced for undo (two rematches
        # in a row, or one undone to its start, must not lose a finished game)
        before = was.game() if was.moves() else was.before
    from core import when  # a game's start is stamped: a date, or the time since power-up

    app.journal = Journal(setup, None, False, before, None, None, when.stamp(app.shell.board))
    app.state = app.rules.start(setup)


class Journal:
    # Plain lists and dicts: it is the JSON that is saved, so undo is dropping the last
    # action, a correction is one more action, and one atomic file saves the game and
    # its whole undo history. `before`: the game this one replaced (a rematch, new
    # players), so that undo can bring it back: a stray press never destroys a game,
    # finished or not. `no`: its number in the history, from when it first ended
    # (core/history.py). `base`: the checkpoint the actions start from, None: from the
    # setup (see the top of this file). `at`: when it started, a core/when.py stamp
    # (None: before stamps were kept); `end`: when it ended, once it has (a correction
    # after its end keeps it: the game was played then). `redo`: the actions undone, the
    # last undone last, until another action is taken: so an undo is put back by one
    # press (issue 40).
    def __init__(self, setup, actions=None, over=False, before=None, no=None, base=None, at=None, end=None):
        self.setup = setup
        self.actions = actions if actions is not None else []
        self.over = over
        self.before = before
        self.no = no
        self.base = base
        self.at = at
        self.end = end
        self.redo = []

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
        if self.at is not None:
            d["at"] = self.at
        if self.end is not None:
            d["end"] = self.end
        return d

    def doc(self):
        d = self.game()
        if self.before is not None:
            d["before"] = self.before
        if self.redo:
            d["redo"] = self.redo  # an older firmware reads past it
        return d

    def replay(self, rules):
        return replay(rules, self.setup, self.actions, self.base)

    def commit(self, rules, st, action):
        # a confirmed (and checked) action: one step onto the state st, not a replay of
        # the whole game. -> True when the journal was folded: st is then stale, the
        # caller replays (after letting the old state go, for the heap)
        self.actions.append(action)
        rules.apply(st, action)
        if self.redo and self.redo[-1] == action:
            self.redo.pop()  # the undone action again: the rest can still be redone
        else:
            self.redo = []
        if len(self.actions) < FOLD or not hasattr(rules, "checkpoint"):
            return False
        # the first actions folded into the base: the position they lead to, and how
        # many actions it stands for (a long game's journal stays KEEP..FOLD long; a
        # game's rules may decline a checkpoint: None, the journal kept whole)
        cut = len(self.actions) - KEEP
        st = replay(rules, self.setup, self.actions[:cut], self.base)
        rest = self.actions[cut:]
        cp = rules.checkpoint(st, rest)
        if cp is None:
            return False
        self.base = {"n": self.moves() - len(rest), "state": cp}
        self.actions = rest
        return True

    def undo(self, rules):
        # -> (the journal now, its state, the action undone or None: the game before
        # came back), or the plain words why nothing can be undone
        if self.actions:
            action = self.actions.pop()
            self.redo.append(action)
            return self, self.replay(rules), action
        if self.base is not None:  # a long game: what is older is folded into its base
            return "Undo goes back " + str(KEEP) + " moves at least: this is as far as it goes."
        b = self.before
        if b is None:
            return "Nothing to undo."
        j = Journal(b["setup"], b["actions"], b["over"], None, b.get("no"), b.get("base"), _at(b), _at(b, "end"))
        return j, j.replay(rules), None


def resume(app):
    # the save of `app` read as it opens: a game it can replay, every action checked as
    # it was when played (and so the game it replaced, kept for undo); any other is
    # damaged: kept as .bad and the player told (core/storage.py)
    shell = app.shell
    doc = shell.load(app.NAME, None, app.VERSION)
    if doc is not None:
        try:
            app.journal, app.state = load(app.rules, doc)
        except Exception:  # noqa: BLE001 - any damage at all: the file is set aside
            shell.storage.quarantine(app.NAME)
    if shell.settings.get("carry"):
        carry(shell, app.NAME, doc if app.journal is not None else None, app.VERSION)
    j = app.journal
    if j is not None and j.over:
        # ended: in the history as it is, or filed now (a power cut fell in between,
        # or the heap had no room then; a game filed as it is writes nothing)
        file(app, j.no is None, j, app.state)
    if j is None or j.over:  # nothing for home to resume
        flag(app, False)


def carry(shell, name, doc, version):
    # the renames made in Settings that the game saved as `name` has not taken yet
    # (settings "carry": [[save, old, new], ...], oldest first) written into its seats
    # and its save (doc: the save as read, None: none), then off the list: a
    # game on, or one a rematch repeats, plays under today's names (apps/settings/players.py)
    s = shell.settings
    todo = [c for c in s["carry"] if c[0] == name]
    if not todo:
        return
    if doc is not None:
        for c in todo:
            reseat(doc, c[1], c[2])
        shell.save(name, doc, version)
    s["carry"] = [c for c in s["carry"] if c[0] != name]
    shell.save_settings()


def tables(doc):
    # -> the games with seats in a save: its own and the one it keeps for undo
    return [d for d in (doc, doc.get("before")) if d and d["setup"].get("players")]


def reseat(doc, old, new):
    # old's seats named new in a saved game and in the one it keeps for undo, those not
    # filed yet (a filed one goes by the renames: GameApp.players(); rewritten, it would
    # be filed again); a table new sits at already keeps old's seat (one player is never
    # two seats)
    for d in tables(doc):
        p = d["setup"]["players"]
        for i in range(len(p)):
            if p[i] == old and new not in p and d.get("no") is None:
                p[i] = new


def advance(app, action):
    # a confirmed (and checked) action onto the journal and state of `app`; folded,
    # the state is replayed from the new base, the old one let go first (the heap)
    if app.journal.commit(app.rules, app.state, action):
        app.state = None
        app.state = app.journal.replay(app.rules)


def undone(app, action):
    # -> the player's words for the undo that has just taken `action` back from the game
    # of `app` (None: the game before came back, with its own views)
    if action is None:
        app.shown = None
        return "Undone: the new game. The last one is back."
    return "Undone: " + app.describe(action)


def settle(app, save):
    # the journal's end brought up to date with the state, and saved when `save`
    # -> True when an action has just ended the game
    j = app.journal
    was_over = j.over
    j.over = app.rules.over(app.state)
    if not j.over:
        j.end = None  # undone past its end: it ends again when it is finished again
    if save:
        store(app)
    return j.over and not was_over and len(j.actions) > 0


def store(app):
    # the game of `app` as it is now onto the flash, an ended one filed into the
    # history; "Resume" on the home screen while it is on
    j = app.journal
    if j.over:
        file(app, True, j, app.state)
    else:
        app.shell.save(app.NAME, j.doc(), app.VERSION)
    flag(app, not j.over)


def flag(app, on):
    # the home screen's "Resume" row: on for this game, or off if it was this game's
    s = app.shell.settings
    want = app.NAME if on else ""
    if s.get("resume", "") != want and (on or s.get("resume") == app.NAME):
        s["resume"] = want
        app.shell.save_settings()


def file(app, save, j, st):
    # the ended game (j, st: its journal and state) of `app` into the history: its
    # number taken (and saved as taken), its save written with the number, then its
    # entry (see the top of this file). The game's own save comes first
    # whatever happens: a heap with no room for the history's code (it is loaded now,
    # MemoryError) leaves the game unfiled, and it is filed when its app opens again,
    # or before a new game replaces it.
    with modules.Lent((HISTORY, HISTORY_READ)):  # the history's code, ~13 KB
        _number_and_record(app, save, j, st)


def _number_and_record(app, save, j, st):
    from core import when

    shell = app.shell
    try:
        modules.tidy()
        from core import history as h

        if j.end is None:
            j.end = h.end_of(shell.storage, j.no, when.stamp(shell.board))
            save = True
        if j.no is None:
            if not shell.settings.get("dev"):
                # the device's id (core/settings.py): this start's entropy and the
                # moment, so that an erasure in the same start draws another one
                from core.rng import Rng

                shell.settings["dev"] = "%08x" % Rng(shell.board.seed ^ shell.now_ms).next32()
            j.no = h.reserve(shell.storage, shell.settings)
            if j.no is None:  # every number taken (told): the game stays in its app
                h = None
            else:
                shell.save_settings()  # the number taken before any save holds it
            save = True
    except MemoryError:
        h = None
    if save:
        shell.save(app.NAME, j.doc(), app.VERSION)
    if h is None:
        return
    rules = app.rules
    totals, places, rounds = rules.result(st)
    rounds = min(rounds, MAX_NO)  # the history's bound on it too: a longer game is not damage
    low = getattr(rules, "LOWEST_WINS", False)
    try:
        h.record(
            shell.storage,
            j.no,
            app.NAME,
            app.players_of(j),
            totals,
            places,
            rounds,
            _kept(rules, h, j, st),
            low,
            j.at,
            j.end,
        )
    except MemoryError:
        pass  # filed when the app opens again (it finds the game not in the history)


def _kept(rules, h, j, st):
    # the ended game as the history keeps it (not `before`): a journal longer than one
    # of the history's packs goes in as its final position, so every pack stays about
    # PACK bytes and a game's sheet reads in a few KB of heap
    game = {"setup": j.setup, "actions": j.actions, "over": True, "no": j.no}
    if j.base is not None:
        game["base"] = j.base
    if hasattr(rules, "checkpoint") and h.size(game) > h.PACK:
        cp = rules.checkpoint(st, ())
        if cp is not None:  # (None: the rules keep the journal whole)
            game["base"] = {"n": j.moves(), "state": cp}
            game["actions"] = []
    return game


# -- the screen ------------------------------------------------------------------------------


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
        self.shown = None  # the View shown (view_of()), for a game with several
        self.replaced = None  # the game "New players" ended, until the next starts
        resume(self)

    def players(self):
        # the seats under today's names: a game filed under its number goes by the renames
        # made since (rules/records.py current()), one not yet filed took them in its save
        j = self.journal
        alias = self.shell.settings.get("alias")
        if j.no is None or not alias:
            return j.setup["players"]
        from rules.records import current

        return [current(n, alias, j.no) for n in j.setup["players"]]

    def words(self, msg):
        from rules import scoresheet

        return scoresheet.named(msg, self.players())

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
        advance(self, action)
        self._record_change()

    def start(self, names, options=None, save=True):
        # save=False: a game for one dealt as the app opens is saved with its first
        # action (until then a power cut loses nothing: opening again deals it again)
        self.shown = None  # a new game shows new views (a spin, a fresh round)
        begin(self, self.new_setup(names, options))
        self._record_change(save)

    def undo(self):
        said = self.journal.undo(self.rules)  # or why nothing can be undone
        redo = None
        if type(said) is not str:
            self.journal, self.state, action = said
            said = undone(self, action)
            self._record_change()
            if action is not None:  # put back by one press: ROLL now, or the menu's Redo
                said += "\nROLL: redo"
                redo = self.redo
        self.shell.notify(said, self.title, redo)

    def redo(self):
        # the last action undone, taken again (checked as any action is)
        j = self.journal
        action = j.redo[-1]
        said = "Redone: " + self.describe(action)
        if self.act(action):
            self.shell.notify(said, self.title)
        else:
            j.redo = []  # it no longer fits the game as it is

    def _record_change(self, save=True):
        ended = settle(self, save)
        self.dirty = True
        if self.shown is not None:
            self.shown.changed()
        self.changed()
        if ended:
            self.finished()

    def players_of(self, j):  # the seats the history files the game of journal j under
        return j.setup["players"]

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
            from apps.game import lineup  # loaded when a game for several asks who plays

            lineup.ask(self)
        else:
            self.start(None, None, False)

    def update(self, events, now_ms):
        if self.journal is None:  # the line-up (or the setup) was left without a game
            self.shell.pop()
            return
        if OK | LONG in events:
            from apps.game import lineup

            lineup.game_menu(self)
            return
        v = self.view()
        v.update(events, now_ms)
        if v.dirty:
            v.dirty = False
            self.dirty = True

    def view(self):
        # -> the View (ui/screen.py) of the game to show now: taken from view_of()
        raise NotImplementedError

    def view_of(self, module, cls):
        # the View `cls` of `module` (loaded on first use), made when it is to be shown
        # and kept while it is the one shown
        v = self.shown
        if v is None or type(v).__name__ != cls:
            v = self.shown = getattr(modules.load(module), cls)(self)
        return v

    def leds(self, leds, now_ms):
        if self.journal is None:
            leds.off()
        else:
            self.view().leds(leds, now_ms)

    def draw(self, fb):
        if self.journal is not None:
            self.view().draw(fb)

    def menu_items(self):
        return []

    def describe(self, action):
        return str(action[0]) if action else "?"

    def new_setup(self, names, options):
        raise NotImplementedError
