# The promise, held by a soak (issue 39 item 13): every game the screen showed as
# finished is in the History with the same totals under today's names, and nothing is
# set aside as damaged without the screen saying so, after every step of a seeded
# random evening: presses, long presses and held UP/DOWN (a held press repeats), power
# cuts at block writes, the clock set by the host link, renames and forgets in
# Settings, Erase all data, and a firmware change between two save formats. Runs on
# CPython (tests/test_promise.py imports it) and under the MicroPython unix port:
#   micropython -X heapsize=416k tests/mp_promise.py [STEPS [SEED [ACTIONS]]]
# ACTIONS: the kinds of step to take (ACTIONS below by default), "all" for every kind,
# or the default with "+kind" added / "-kind" taken away, comma separated.
# Prints "promise: seed S, N steps, F finished, ..." and, on a failure, "BROKEN at seed
# S step N (kind): what", the steps before it and the screen; exits 1 then. The same
# seed and actions replay the same run step for step.
#
# The oracle is kept apart from the code under test where it can be:
# - "shown as finished": a game app on the screen stack whose journal (RAM, what the end
#   screen draws) is over; its totals, places and rounds replayed here from a copy of
#   that journal with its rules module (rules/*.py start/restore/apply/result: pure),
#   not the app's filing code;
# - the History: its pages read raw from the flash (json, not core/history.py), the
#   newest page's "since" the oldest game kept (core/history.py's own commit rule);
# - today's names: the renames this soak made, learnt from the screen's "X is now Y."
#   message, applied to the names a game had when the soak first saw it (a game in
#   progress or finished before the rename is the renamed player's; issue 39 item 4);
#   the History's names are read through the device's own rename table (rules/records.py
#   current(), what History, records and `pull` show);
# - a name renamed away is retired: a game first seen after it that plays under it
#   split a player (item 4: "Same players again" after a rename);
# - "the screen saying so": every Message screen on top after any tick (ui/widgets.py
#   Message, which goes by itself after a few seconds) is kept; a new .bad file on the
#   flash needs one that names it. A game missing from the History is allowed only
#   when such a message said the History's bounds or a full flash took it ("games a-b
#   dropped", "History full ... the oldest games make room" for one below the oldest
#   kept, "game N could not be saved (flash full)").
import json
import os
import sys

sys.path.insert(0, ".")
if os.getenv("LEAFKEEPER_HOST"):  # the harness precompiled (see tests/mp.py)
    sys.path.insert(0, os.getenv("LEAFKEEPER_HOST"))

from host_tools.bench.tour import type_name
from host_tools.sim import Simulator, keys
from tests.scenarios import robust
from tests.scenarios.util import choose, confirm, cursor_row, open_app, says

# The kinds of step taken (CI, both lanes; LEAFKEEPER_PROMISE_ACTIONS=-kind leaves one out):
#   "clock_late"  the host link's clock from 2034-01-09 to 2099 (issue 39 item 1)
#   "number_late" a device near game 99,999 (item 3: game 100,000)
#   "rename"      a rename whatever games play the name, those in progress and finished
#                 ones a rematch repeats too (item 4); "rename_idle" renames only a
#                 name no game save holds
#   "erase_cut"   Erase all data with the power cut among its writes (item 12)
#   "times"       a check more: a finished game keeps the start and end the History gave
#                 it while it stays finished, corrected or not (item 5)
ALL = ("press", "hold", "cut", "table", "clock", "rename_idle", "forget", "older", "erase",
       "clock_late", "number_late", "rename", "erase_cut", "times")
ACTIONS = ALL

ROUND = 250  # steps in a game before the next app of the rotation opens (40 in another)
# (weight, what): a key, or (key, hold ms): a long press, UP/DOWN held to repeat
PRESSES = (
    (22, "UP"), (22, "DOWN"), (26, "OK"), (18, "ROLL"), (4, "BACK"),
    (3, ("OK", 1200)), (1, ("ROLL", 1200)), (1, ("BACK", 1200)),
)
HOLDS = ((2, ("UP", 1500)), (2, ("DOWN", 900)), (1, ("UP", 3000)), (1, ("DOWN", 2400)))
# a game's own moves, one step each: random presses alone finish a game in thousands
# of steps (Autumn Leaves' quick hand of tests/scenarios/history.py, Autumn Ash's turns
# of its ash_game(), a round of 61 Feuilles: host_tools/bench/tour.py)
MOVES = {
    "autumn_leaves": ("ROLL OK ROLL", "ROLL UP OK ROLL", "ROLL DOWN OK ROLL", "ROLL DOWN DOWN OK ROLL"),
    "autumn_ash": ("ROLL DOWN*4 OK UP OK OK DOWN OK", "ROLL DOWN DOWN OK ROLL", "ROLL DOWN OK UP OK DOWN OK OK"),
    "feuilles61": ("ROLL wait:500 OK OK OK OK ROLL",),
}
MOVE = 200  # per 1000 steps in such a game: one of its moves
SPECIAL = 12  # per 1000 steps: one of the scripted kinds (clock, rename, ...), by weight
SPECIALS = ((8, "clock"), (8, "clock_late"), (2, "number_late"), (12, "rename"), (12, "rename_idle"),
            (4, "forget"), (6, "older"), (1, "erase"))
TABLE = 12  # per 1000 steps in a game for several: a new table sits down (do_table)
TABLE_AFTER = 150  # the same on its end screen: a table often gets up after a match
CUTS = 50  # per 1000 presses or moves: the power cut after 1..CUT_MAX block writes of it
CUT_MAX = 12
# the four players the device knows at the start, and the stems renames make new names
# from: none a common first name (apps/game/firstnames.py) a random line-up could type
START_NAMES = ["Quo", "Wex", "Yul", "Zaf"]
STEMS = "bdgkvz"
# dates the formats care about (core/when.py: the host link takes 2024..2099): a year's
# turn, a leap day, and 2034-01-09 13:37, where a stamp passes 0x3FFFFFFF s
EDGES = ((2024, 1, 1, 0, 0, 0), (2024, 2, 29, 23, 59, 50), (2033, 12, 31, 23, 59, 55))
LATE_EDGES = ((2034, 1, 9, 13, 37, 30), (2038, 1, 19, 3, 14, 0), (2099, 12, 31, 23, 59, 50),
              (2068, 12, 31, 23, 59, 57))


class Broken(Exception):
    pass


class Watched(Simulator):
    # a Simulator that keeps every message the screen showed, tick by tick
    said = None

    def advance(self, ms):
        self._owed_ms += ms
        while self._owed_ms >= 20:
            Simulator.advance(self, 20)
            if self.on:
                top = self.loop.ui.top
                if top.__class__.__name__ == "Message" and top is not self._last:
                    self._last = top
                    self.said.append(" ".join([x if type(x) is str else " ".join(x) for x in top.body.lines]))

    _last = None


def _days_in(y, m):
    if m == 2:
        return 29 if y % 4 == 0 and (y % 100 != 0 or y % 400 == 0) else 28
    return 30 if m in (4, 6, 9, 11) else 31


def _read(flash, name):
    # -> the json of a file, None when there is none or it is not json
    try:
        raw = flash.read(name)
        return None if raw is None else json.loads(raw)
    except (ValueError, OSError):
        return None


def history(flash):
    # -> {n: summary} of the games the History holds, read raw from the flash
    pages = []
    for f in flash.listdir():
        if f.startswith("hist_") and f.endswith(".json") and f[5:-5].isdigit():
            pages.append(int(f[5:-5]))
    pages.sort()
    out = {}
    since = 0
    for k in pages:
        doc = _read(flash, "hist_" + str(k) + ".json")
        if type(doc) is not dict or type(doc.get("data")) is not dict:
            continue
        for e in doc["data"].get("games", ()):
            out[e["n"]] = e
        since = doc["data"].get("since", since)
    for n in list(out):
        if n < since:
            del out[n]
    return out


def current(name, alias, n):
    # rules/records.py current(): the device's own rule for today's name (the History,
    # the records and `pull` read names with it); imported from the firmware
    from rules import records

    return records.current(name, alias, n)


def replayed(rules, game):
    # (totals, places, rounds) of a journal, replayed here by its rules
    st = rules.start(game["setup"]) if game.get("base") is None else rules.restore(game["setup"], game["base"]["state"])
    for a in game["actions"]:
        rules.apply(st, a)
    t, pl, r = rules.result(st)
    return json.loads(json.dumps([t, pl, r]))


class Promise:
    def __init__(self, seed, kinds):
        self.seed = seed
        self.kinds = kinds
        self.rng = robust.Lcg(seed)
        self.step = 0
        self.kind = ""
        self.log = []  # the last steps, for the report
        self.said = []  # the messages the screen showed since the last check
        self.gone = []  # (a, b): the screen said games a to b are not in the History
        self.ends = {}  # n -> [start, end] the History first gave a finished game ("times")
        self.finished = {}  # n -> [game, names (as first seen), first seen, totals, places, rounds, step]
        self.seen = {}  # a game (its save name, setup, start) -> the step it was first seen
        self.cache = None  # (a finished game on screen as json, the oracle's entry for it)
        self.renames = []  # (old, new, step): the renames the screen confirmed
        self.retired = []  # names renamed away
        self.used = list(START_NAMES)
        self.bad = []  # .bad files the screen has told of
        self.writes = -1
        self.sim = None
        self.counts = {}

    # -- the device ------------------------------------------------------------------
    def start(self):
        sim = Watched(seed=self.seed)
        sim.said = self.said
        doc = {"v": 2, "data": {"lineup": START_NAMES, "names": START_NAMES}}
        sim.flash.write("settings.json", json.dumps(doc))
        sim.boot()
        sim.advance(300)
        self.sim = sim
        # Settings only by the scripted steps: random presses there would erase everything
        # every few hundred steps (the oracle starts again at each erase)
        self.apps = [a for a in robust.apps() if a[1] != "apps.settings"]
        self.app = -1
        self.until = 0

    def booted(self):
        # after a power cut: on again, at home
        if not self.sim.on:
            self.sim.boot()
            self.sim.advance(300)

    def settings(self):
        return self.sim.loop.ui.settings

    # -- the steps --------------------------------------------------------------------
    def pick(self, table):
        total = 0
        for w, _ in table:
            total += w
        r = self.rng.below(total)
        for w, what in table:
            if r < w:
                return what
            r -= w
        return table[-1][1]

    def take_step(self):
        sim = self.sim
        if self.step == self.until:
            self.app = (self.app + 1) % len(self.apps)
            self.until += ROUND if len(self.apps[self.app]) > 4 else 40
            self.do("open " + self.apps[self.app][0], self.reopen)
            return
        r = self.rng.below(1000)
        specials = [s for s in SPECIALS if s[1] in self.kinds]
        if r < SPECIAL and specials:
            k = self.pick(specials)
            self.do(k, getattr(self, "do_" + k))
            self.do("back", self.reopen)
            return
        app = self.game_app()
        playing = app.NAME if app else ""
        after = TABLE_AFTER if app and app.journal is not None and app.journal.over else TABLE
        if "table" in self.kinds and playing and SPECIAL <= r < SPECIAL + after:
            self.do("table", self.do_table)
            return
        # a press, or a game's move; with the power cut after a few of its block writes
        cut = 0
        if "cut" in self.kinds and self.rng.below(1000) < CUTS:
            cut = 1 + self.rng.below(CUT_MAX)
        moves = MOVES.get(playing, ())
        if moves and r >= 1000 - MOVE:
            script = moves[self.rng.below(len(moves))]
            label = script

            def play():
                keys.run(sim, script)
        else:
            what = self.pick(PRESSES + (HOLDS if "hold" in self.kinds else ()))
            label = what if isinstance(what, str) else what[0] + ":" + str(what[1])

            def play():
                if isinstance(what, str):
                    sim.press(what)
                else:
                    sim.hold(what[0], what[1])

        def step():
            if cut:
                sim.arm_power_cut(cut)
            play()
            if sim.on:
                sim.flash.disarm()

        self.do(label + (" cut:" + str(cut) if cut else ""), step)

    def reopen(self):
        open_app(self.sim, self.apps[self.app][0])

    def game_app(self):
        # the game app on the screen stack, or None
        for scr in self.sim.loop.ui._stack:
            if hasattr(scr, "players_of"):
                return scr
        return None

    def do(self, kind, fn):
        # one step: fn, the power back on if it went, then the promise checked
        self.kind = kind
        self.log.append(str(self.step) + " " + kind)
        del self.log[:-12]
        word = kind.split(" ")[0].split(":")[0]  # counted by kind: the key, the step's name
        self.counts[word] = self.counts.get(word, 0) + 1
        try:
            fn()
        except AssertionError as e:  # a scripted step whose menu did not offer its row
            self.log[-1] += " (" + str(e).split("\n")[0] + ")"
        if not self.sim.on:
            self.counts["power cut"] = self.counts.get("power cut", 0) + 1
            self.booted()
        self.check()

    def do_clock(self, late=False):
        rng = self.rng
        edges = LATE_EDGES if late else EDGES
        if rng.below(3) == 0:
            t = edges[rng.below(len(edges))]
        else:
            y = 2034 + rng.below(66) if late else 2024 + rng.below(10)
            m = 1 + rng.below(12)
            t = (y, m, 1 + rng.below(_days_in(y, m)), rng.below(24), rng.below(60), rng.below(60))
        if late and t < (2034, 1, 9, 13, 37, 30):
            t = (2034, 1, 9, 13, 37, 30)
        self.sim.serial_read()
        self.sim.serial_write("LK-CLOCK " + " ".join([str(x) for x in t]) + "\n")
        self.sim.advance(100)
        got = self.sim.serial_read()
        if "LK-CLOCK OK" not in got:
            raise Broken("the host link refused the clock " + repr(t) + ": " + repr(got))
        self.log[-1] += " " + repr(t)

    def do_clock_late(self):
        self.do_clock(True)

    def do_number_late(self):
        # a device that has filed nearly 99,999 games: the next game number set so (as
        # a long life would leave it), the power cycled
        sim = self.sim
        sim.power_cut()
        doc = _read(sim.flash, "settings.json")
        if doc is not None:
            doc["data"]["game_no"] = max(doc["data"].get("game_no", 1), 99990 + self.rng.below(9))
            sim.flash.write("settings.json", json.dumps(doc))
        self.booted()

    def do_older(self):
        # a firmware change between two save formats: the device ran the firmware that
        # kept renames as [old, new] pairs (settings version 1) and Leaves Came Down's
        # save as "leaves"; today's boots over what it left (core/settings.py migrate,
        # RENAMED)
        sim = self.sim
        sim.power_cut()
        flash = sim.flash
        doc = _read(flash, "settings.json")
        if doc is not None and doc.get("v") == 2:
            data = doc["data"]
            data["alias"] = [[a[0], a[1]] for a in data.get("alias", [])]
            if flash.read("leaves_came_down.json") is not None and flash.read("leaves.json") is None:
                flash.rename("leaves_came_down.json", "leaves.json")
                if data.get("resume") == "leaves_came_down":
                    data["resume"] = "leaves"
            flash.write("settings.json", json.dumps({"v": 1, "data": data}))
        self.booted()

    def names_in_saves(self):
        # the player names every game save holds (the game, the one it replaced); each
        # game seen there is seen now
        out = []
        for a in robust.apps():
            if len(a) < 5:
                continue
            doc = _read(self.sim.flash, a[3] + ".json")
            if doc is None:
                continue
            for g in (doc.get("data") or {}, (doc.get("data") or {}).get("before") or {}):
                setup = g.get("setup")
                if type(setup) is dict and type(setup.get("players")) is list:
                    self.seen_game(a[3], g, setup["players"])
                    out += setup["players"]
        return out

    def seen_game(self, save, game, names):
        key = hash(save + json.dumps(game.get("setup")) + json.dumps(game.get("at")))
        if key not in self.seen:
            self.seen[key] = self.step
            for name in names:
                if name in self.retired:
                    raise Broken(save + " game first seen now plays under " + name + ", renamed away: a rename"
                                 " split a player (issue 39 item 4)")
        return self.seen[key]

    def do_table(self):
        # a new table sits down at the game on the screen: "New players", every seat
        # named with a name never used before, and the game started; the names of the
        # tables before it, once no save holds them, are what "rename_idle" renames
        sim = self.sim
        self.reopen()  # the game's own screen, where a held OK opens its menu
        top = sim.loop.ui.top
        if not hasattr(top, "players_of") or not top.LINEUP or top.journal is None:
            return
        sim.hold("OK")
        choose(sim, "New players")
        if "End this game" in sim.text():
            confirm(sim)
        top = sim.loop.ui.top
        if top.__class__.__name__ == "Sides":  # Autumn Ash: the line-up is a row of its sides
            choose(sim, "Other players")
            top = sim.loop.ui.top
        if top.__class__.__name__ != "LineUp":
            return
        for seat in range(len(top.names)):
            for _ in range(10):
                if (cursor_row(sim) or "").startswith(str(seat + 1) + " "):
                    break
                sim.press("DOWN")
            sim.press("OK")
            if sim.loop.ui.top.__class__.__name__ == "NameChooser":
                sim.press("OK")  # "Type a name"
            if sim.loop.ui.top.__class__.__name__ != "NameEntry":
                return
            name = self.new_name()
            type_name(sim, name)
            self.log[-1] += " " + name
        sim.press("ROLL")  # the line-up starts the game from any row
        if sim.loop.ui.top.__class__.__name__ != sim.loop.ui._stack[1].__class__.__name__:
            sim.press("ROLL")  # a setup screen (sides, mode) starts it too

    def do_rename_idle(self):
        self.do_rename(True)

    def do_rename(self, idle=False):
        sim = self.sim
        busy = self.names_in_saves()
        names = [n for n in self.settings()["names"] if not (idle and n in busy)]
        if not names:
            return
        old = names[self.rng.below(len(names))]
        others = [n for n in self.settings()["names"] if n != old]
        # now and then into a name the device knows: the two players merged (asked first)
        new = others[self.rng.below(len(others))] if others and self.rng.below(4) == 0 else self.new_name()
        self._player_menu(old)
        if cursor_row(sim) != "Rename":
            return
        sim.press("OK")
        type_name(sim, new)
        if "Merge" in sim.text() or says(sim, "Every game of theirs follows."):
            confirm(sim)
        sim.advance(50)
        said = self.said[-1] if self.said else ""
        m = " is now "
        if said.startswith(old + m):
            to = said[len(old + m) : -1]
            self.counts["renamed"] = self.counts.get("renamed", 0) + 1
            for n in self.finished:  # a rename the History's names must follow
                e = self.finished[n]
                if e[7] and old in self.today(e[1], e[2]):
                    self.counts["renamed, with finished games"] = self.counts.get("renamed, with finished games", 0) + 1
                    break
            self.renames.append((old, to, self.step))
            self.retired.append(old)
            self.log[-1] += " " + old + " -> " + to
        else:
            self.log[-1] += " " + old + ": " + said

    def new_name(self):
        # a name never used in this run: a consonant, a vowel, a consonant
        while True:
            r = self.rng
            name = STEMS[r.below(6)].upper() + "aeiou"[r.below(5)] + "xqwj"[r.below(4)]
            if name not in self.used:
                self.used.append(name)
                return name

    def _player_menu(self, name):
        sim = self.sim
        open_app(sim, "Settings")
        choose(sim, "Player names")
        for _ in range(16):
            if cursor_row(sim) == name:
                sim.press("OK")
                return
            sim.press("DOWN")

    def do_forget(self):
        sim = self.sim
        names = self.settings()["names"]
        if not names:
            return
        if self.rng.below(6) == 0:
            open_app(sim, "Settings")
            choose(sim, "Player names")
            choose(sim, "Forget all names")
            confirm(sim)
            self.log[-1] += " all"
            return
        name = names[self.rng.below(len(names))]
        self._player_menu(name)
        if cursor_row(sim) != "Rename":
            return
        sim.press("DOWN")
        sim.press("OK")
        confirm(sim)
        self.log[-1] += " " + name

    def do_erase(self):
        sim = self.sim
        open_app(sim, "Settings")
        choose(sim, "Erase all data")
        sim.press("DOWN")
        cut = "erase_cut" in self.kinds and self.rng.below(2)
        if cut:
            sim.arm_power_cut(1 + self.rng.below(40))
        sim.press("OK")
        if sim.on:
            sim.flash.disarm()
        self.log[-1] += " (cut)" if cut else ""

    # -- the promise ------------------------------------------------------------------
    def check(self):
        sim = self.sim
        flash = sim.flash
        if "crash.log" in flash.listdir():
            raise Broken("crashed:\n" + flash.read("crash.log").decode())
        said = self.said[:]
        del self.said[:]  # read once: the heap is shared with the device (MicroPython)
        for m in said:
            if "rased" in m:  # "All data erased.": what the oracle knew goes with it
                self.finished = {}
                self.ends = {}
                self.counts["erased"] = self.counts.get("erased", 0) + 1
                self.renames = []
                self.retired = []
                self.told_full = False
                self.gone = []
            self.note_gone(m)
        self.observe()
        for f in flash.listdir():
            if f.endswith(".bad") and f not in self.bad:
                if not [m for m in said if f in m]:
                    raise Broken(f + " was set aside and the screen never said so")
                self.bad.append(f)
        if flash.block_writes != self.writes or self.dirty:
            self.writes = flash.block_writes
            self.dirty = False
            self.in_history()

    told_full = False  # the screen said the oldest games make room from now on
    shown = 0  # games shown as finished, over the whole run
    dirty = True  # the oracle changed: the History is read again

    def observe(self):
        # the games on the screen stack: each seen, and one that is over shown as finished
        ui = self.sim.loop.ui
        for scr in ui._stack:
            j = getattr(scr, "journal", None)
            if j is None or not hasattr(scr, "players_of"):
                continue
            names = list(scr.players_of(j))
            first = self.seen_game(scr.NAME, {"setup": j.setup, "at": j.at}, names)
            if not j.over:
                self.ends.pop(j.no, None)  # undone past its end: its next end is another
                continue
            if j.no is None:
                raise Broken(scr.NAME + " shown as finished with no game number: not filed")
            text = json.dumps(j.game())  # the game as it is: an undo and a new hand are another
            if self.cache == (text, self.finished.get(j.no)):
                continue
            game = json.loads(text)
            t, pl, r = replayed(scr.rules, game)
            entry = [scr.NAME, names, first, t, pl, r, self.step, scr.LINEUP]
            old = self.finished.get(j.no)
            if old is None or old[:6] != entry[:6]:
                if old is None:
                    self.shown += 1
                self.finished[j.no] = entry
                self.dirty = True
            self.cache = (text, self.finished[j.no])

    def today(self, names, first):
        # the names of a game first seen at step `first`, under the renames made since
        out = []
        for name in names:
            for old, new, at in self.renames:
                if at > first and name == old:
                    name = new
            out.append(name)
        return out

    def note_gone(self, m):
        # a message that says games are not (or no longer) in the History for what the
        # History is promised to do with them: its oldest dropped for its bounds or for
        # room on the flash ("games a-b dropped", "History full: ... From now on the
        # oldest games make room"), or a game kept in its app for a full flash ("game N
        # could not be saved (flash full)"). Any other reason is a broken promise.
        if "History full" in m:
            self.told_full = True
        i = m.find("game")
        while i >= 0:
            words = m[i:].split(" ")
            if len(words) > 1 and ("flash full" in m or "dropped" in m):
                span = words[1].split("-")
                if span[0].isdigit() and span[-1].isdigit():
                    self.gone.append((int(span[0]), int(span[-1])))
            i = m.find("game", i + 4)

    def told(self, n, below):
        if below and self.told_full:
            return True
        for a, b in self.gone:
            if a <= n <= b:
                return True
        return False

    def in_history(self):
        held = history(self.sim.flash)
        alias = self.settings()["alias"]
        low = min(held) if held else 0
        for n in self.finished:
            game, names, first, t, pl, r, step, lineup = self.finished[n]
            e = held.get(n)
            where = "game " + str(n) + " (" + game + ", shown as finished at step " + str(step) + ")"
            if e is None:
                if self.told(n, n < low):
                    continue
                raise Broken(where + " is not in the History; the History holds " + repr(sorted(held))[:200])
            want = [game, t, pl, r]
            got = [e.get("g"), e.get("t"), e.get("pl"), e.get("r")]
            if got != want:
                raise Broken(where + ": the History says " + repr(got) + ", the game " + repr(want))
            if "times" in self.kinds:
                was = self.ends.setdefault(n, [e.get("ts"), e.get("te")])
                if was != [e.get("ts"), e.get("te")]:
                    raise Broken(where + ": its start and end in the History moved from " + repr(was) + " to "
                                 + repr([e.get("ts"), e.get("te")]) + " (issue 39 item 5)")
            want = self.today(names, first) if lineup else names
            got = [current(p, alias, n) for p in e.get("p")] if lineup else e.get("p")
            if got != want:
                raise Broken(where + ": the History's players under today's names are " + repr(got)
                             + ", the game's " + repr(want) + " (filed as " + repr(e.get("p")) + ", renames "
                             + repr(alias) + ")")

    def report(self):
        return ("promise: seed " + str(self.seed) + ", " + str(self.step) + " steps, "
                + str(self.shown) + " games shown finished, "
                + str(len(self.bad)) + " set aside (told), "
                + ", ".join([k + " x" + str(self.counts[k]) for k in sorted(self.counts)]))


def run(steps, seed, kinds=ACTIONS):
    # -> None when the promise held for `steps` steps, else what broke (with the seed,
    # the step and the steps before it)
    p = Promise(seed, kinds)
    p.start()
    try:
        while p.step < steps:
            p.take_step()
            p.step += 1
    except Broken as e:
        print(p.report())
        screen = p.sim.text() if p.sim.on else "(off)"
        return ("BROKEN at seed " + str(seed) + " step " + str(p.step) + " (" + p.kind + "): " + str(e)
                + "\nsteps before it: " + "; ".join(p.log) + "\nkinds: " + ",".join(kinds)
                + "\n--- screen ---\n" + screen)
    print(p.report())
    return None


def kinds_of(spec):
    # "all", "" (ACTIONS) or ACTIONS changed by "+kind" / "-kind", comma separated
    if spec == "all":
        return ALL
    out = list(ACTIONS)
    for part in spec.split(","):
        part = part.strip()
        if part[:1] == "+" and part[1:] not in out:
            out.append(part[1:])
        elif part[:1] == "-" and part[1:] in out:
            out.remove(part[1:])
    return tuple(out)


def main(argv):
    steps = int(argv[0]) if argv else 3000
    seeds = argv[1] if len(argv) > 1 else "1"
    kinds = kinds_of(argv[2] if len(argv) > 2 else "")
    lo, _, hi = seeds.partition("-")
    broken = 0
    for seed in range(int(lo), int(hi or lo) + 1):
        why = run(steps, seed, kinds)
        if why:
            print(why)
            broken += 1
    return broken


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1:]) else 0)
