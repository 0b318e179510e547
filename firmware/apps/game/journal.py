# A game's journal: its setup plus the list of confirmed actions, the state always a
# replay of them (apps/game/__init__.py says what a game gives). Here: the checked
# replay of a save, commit (folding a long journal), undo, the journal a new game
# starts (keeping the last for undo) and filing an ended game into the history. The
# screen, the save and the Resume flag are GameApp's; the tests replay with this too.
from core import modules
from core.storage import json_pieces
from micropython import const

HISTORY = "core.history"
HISTORY_READ = "core.histpage"  # its reading side, which it imports
MAX_NO = const(99999)  # core/histpage.py's highest game number
# A list is one block of heap that doubles as it grows: a journal's actions stay
# scattered over the heap for as long as they are kept, and the unix port's 320 KB
# lane heap (tests/mp.py) then had no 1 KB block for a list of 128 (a 2 KB one failed
# at 130 Autumn Ash turns before any fold). A journal under 64 actions (and a score
# sheet under 64 lines, rules/scoresheet.py) asks for 800 B at most, 400 B on the RP2040.
FOLD = const(64)  # actions a journal holds before its oldest are folded into its base
KEEP = const(50)  # actions left after a fold: how far undo reaches back, at least


def replay(rules, setup, actions, base=None, check=False):
    # the state after `actions`, from the base when there is one (restore() checks it);
    # check: each action as it was checked when played, ValueError if one is refused
    st = rules.start(setup) if base is None else rules.restore(setup, base["state"])
    for a in actions:
        if check and rules.problem(st, a) is not None:
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
    return Journal(
        doc["setup"], doc["actions"], rules.over(st), before, doc.get("no"), doc.get("base")
    ), st


def begin(app, setup):
    # a new game of `app` from its setup, replacing the one on (or the one "New players"
    # ended), kept for undo when it had begun (with its number: back by undo, it is the
    # same game of the history); an ended one never filed (no heap then) is filed first
    was = app.journal or app.replaced
    app.replaced = None
    if was is not None and was.over and was.no is None:
        file(app, False, was, app.state)
    app.journal = Journal(setup, None, False, was.game() if was is not None and was.moves() else None)
    app.state = app.rules.start(setup)


class Journal:
    # Plain lists and dicts: it is the JSON that is saved, so undo is dropping the last
    # action, a correction is one more action, and one atomic file saves the game and
    # its whole undo history. `before`: the game this one replaced (a rematch, new
    # players), so that undo can bring it back: a stray press never destroys a game,
    # finished or not. `no`: its number in the history, from when it first ended
    # (core/history.py). `base`: the checkpoint the actions start from, None: from the
    # setup (see the top of apps/game/__init__.py).
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

    def replay(self, rules):
        return replay(rules, self.setup, self.actions, self.base)

    def commit(self, rules, st, action):
        # a confirmed (and checked) action: one step onto the state st, not a replay of
        # the whole game. -> True when the journal was folded: st is then stale, the
        # caller replays (after letting the old state go, for the heap)
        self.actions.append(action)
        rules.apply(st, action)
        if len(self.actions) < FOLD or not hasattr(rules, "checkpoint"):
            return False
        # the first actions folded into the base: the position they lead to, and how
        # many actions it stands for (a long game's journal stays KEEP..FOLD long)
        cut = len(self.actions) - KEEP
        st = replay(rules, self.setup, self.actions[:cut], self.base)
        rest = self.actions[cut:]
        self.base = {"n": self.moves() - len(rest), "state": rules.checkpoint(st, rest)}
        self.actions = rest
        return True

    def undo(self, rules):
        # -> (the journal now, its state, the action undone or None: the game before
        # came back), or the plain words why nothing can be undone
        if self.actions:
            action = self.actions.pop()
            return self, self.replay(rules), action
        if self.base is not None:  # a long game: what is older is folded into its base
            return "Undo goes back " + str(KEEP) + " moves at least: this is as far as it goes."
        b = self.before
        if b is None:
            return "Nothing to undo."
        j = Journal(b["setup"], b["actions"], b["over"], None, b.get("no"), b.get("base"))
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
    j = app.journal
    if j is not None and j.over:
        # ended: in the history as it is, or filed now (a power cut fell in between,
        # or the heap had no room then; a game filed as it is writes nothing)
        file(app, j.no is None, j, app.state)
    if j is None or j.over:  # nothing for home to resume
        flag(app, False)


def save(app):
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
    # entry (see the top of apps/game/__init__.py). The game's own save comes first
    # whatever happens: a heap with no room for the history's code (it is loaded now,
    # MemoryError) leaves the game unfiled, and it is filed when its app opens again,
    # or before a new game replaces it.
    had = HISTORY in modules.loaded()
    try:
        _file(app, save, j, st)
    finally:  # the history's code leaves the heap with the game filed (~13 KB)
        if not had:
            modules.forget(HISTORY)
            modules.forget(HISTORY_READ)


def _file(app, save, j, st):
    shell = app.shell
    try:
        h = modules.load(HISTORY, fresh=True)
        if j.no is None:
            j.no = h.reserve(shell)
            save = True
    except MemoryError:
        h = None
    if save:
        shell.save(app.NAME, j.doc(), app.VERSION)
    if h is None:
        return
    rules = app.rules
    totals, places, rounds = rules.result(st)
    low = getattr(rules, "LOWEST_WINS", False)
    try:
        h.record(
            shell,
            j.no,
            app.NAME,
            app.players_of(j),
            totals,
            places,
            rounds,
            _kept(rules, h, j, st),
            low,
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
    if hasattr(rules, "checkpoint") and _size(game) > h.PACK:
        game["base"] = {"n": j.moves(), "state": rules.checkpoint(st, ())}
        game["actions"] = []
    return game


def _size(value):
    # bytes of value as JSON, counted piece by piece (never one long string)
    n = 0
    for piece in json_pieces(value, ",", ":"):
        n += len(piece)
    return n
