# Shared by the robustness suites (power cut, soak), on CPython and under MicroPython:
# the apps that exist (read from firmware/apps/__init__.py APPS when the suite runs, so a
# game added later is covered without editing this file), a scripted session over them,
# flash snapshots and the checks. No scenario_* functions here: not a scenario module.
#
# A game's scenario module (tests/scenarios/<save name>.py) may define
#   POWER_CUT_KEYS = "ROLL OK DOWN OK ..."
# keys (host_tools.sim.keys syntax) played from the game's line-up: a realistic game for
# the power-cut suites. Without it the game gets seeded random presses (no BACK).
import json

from host_tools.sim import keys
from tests.scenarios.util import RESUME, open_app


class Lcg:
    # a tiny seeded generator, the same numbers on CPython and MicroPython
    def __init__(self, seed):
        self.x = (seed * 2654435761 + 12345) & 0x7FFFFFFF

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 8) % n


def apps():
    # APPS of the firmware running now (apps/__init__.py: label, module, class, save name, ...)
    from apps import APPS

    return APPS


def app_index(save=None, module=None):
    a = apps()
    for i in range(len(a)):
        if (save is not None and a[i][3] == save) or (module is not None and a[i][1] == module):
            return i
    return -1


def _keys(script):
    def run(sim):
        keys.run(sim, script)

    return run


def _open(index):
    def run(sim):
        open_app(sim, apps()[index][0])

    return run


def game_keys(save):
    # the game's own power-cut script when its scenario module has one
    try:
        mod_name = "tests.scenarios." + save
        __import__(mod_name)
        import sys

        got = getattr(sys.modules[mod_name], "POWER_CUT_KEYS", None)
        del sys.modules[mod_name]
        return got
    except ImportError:
        return None


GAME_KEYS = ("ROLL", "OK", "UP", "DOWN", "OK", "ROLL", "DOWN", "OK", "ROLL", "OK:long")


def session(seed=7, game_presses=16, dice=True, settings=True, games=True):
    # -> [(label, fn(sim))]: a table session touching every app that saves: the dice
    # roller, a settings change, then each game from its line-up. One step is one
    # thing a player confirms (a few presses at most).
    steps = []
    rng = Lcg(seed)
    a = apps()
    if dice and app_index("dice") >= 0:
        d = app_index("dice")
        steps.append(("dice: open", _open(d)))
        for script in ("ROLL wait:600", "ROLL wait:600", "OK", "DOWN OK", "ROLL wait:600",
                       "OK:long OK UP OK", "ROLL ROLL", "UP OK"):
            steps.append(("dice: " + script, _keys(script)))
    if settings and app_index(module="apps.settings") >= 0:
        steps.append(("settings: open", _open(app_index(module="apps.settings"))))
        steps.append(("settings: sound", _keys("DOWN DOWN OK")))
        steps.append(("settings: flip", _keys("DOWN DOWN DOWN DOWN OK")))
    if games:
        for i in range(len(a)):
            label, save = a[i][0], a[i][3]
            if not save or save == "dice":
                continue
            steps.append((label + ": open", _open(i)))
            own = game_keys(save)
            if own:
                for word in own.split():
                    steps.append((label + ": " + word, _keys(word)))
                continue
            steps.append((label + ": start", _keys("ROLL")))
            for _ in range(game_presses):
                k = GAME_KEYS[rng.below(len(GAME_KEYS))]
                steps.append((label + ": " + k, _keys(k)))
    if dice and app_index("dice") >= 0:
        steps.append(("dice again", _open(app_index("dice"))))
        steps.append(("dice: last roll", _keys("ROLL wait:600")))
    return steps


# -- flash ---------------------------------------------------------------------------
def snapshot(flash, pool=None):
    # the saves on flash: {file name: bytes} of every *.json (temporary files and the
    # crash log are not saves). pool: {bytes: bytes} shares equal contents between
    # snapshots (a session's snapshots would not fit MicroPython's heap otherwise)
    out = {}
    for name in flash.listdir():
        if name.endswith(".json"):
            out[name] = _shared(pool, flash.read(name))
    return out


def _untimed(data):
    # a journal's start stamp ("at": [seconds, run], core/when.py) read as [0]: the second a
    # game starts in is the tick its press landed on, and a session replayed up to a
    # power cut can land a tick apart, across a second. The rest must match to the byte.
    i = data.find(b'"at": [')
    while i >= 0:  # the game's and its "before"'s (an undo across a new game)
        j = data.find(b"]", i)
        data = data[:i] + b'"at": [0' + data[j:]
        i = data.find(b'"at": [', i + 8)
    return data


# under MicroPython a session's snapshots would crowd the heap: keep SHA-256 digests
DIGESTS = False


def _shared(pool, data):
    if data is None:
        return None
    data = _untimed(data)
    if DIGESTS:
        import hashlib

        data = hashlib.sha256(data).digest()
    if pool is None:
        return data
    return pool.setdefault(data, data)


def _saved(flash, name):
    raw = flash.read(name + ".json")
    return None if raw is None else json.loads(raw)["data"]


def _norm(x):
    return json.loads(json.dumps(x))


def unsaved(sim):
    # -> None when everything the screens hold as confirmed is on flash, else what is
    # not. Checked after every tick: the screen must never show what is not saved.
    if not sim.on:
        return None
    ui = sim.loop.ui
    st = ui.storage
    if st.full or st._pending:
        return None  # flash full: the player was told, the game is kept in RAM
    flash = st.flash
    if _saved(flash, "settings") is not None and _saved(flash, "settings") != _norm(ui.settings):
        return "settings in RAM differ from flash"
    for scr in ui._stack:
        j = getattr(scr, "journal", None)
        name = getattr(scr, "NAME", None)
        if j is not None and name and _saved(flash, name) != _norm(j.doc()):
            if not j.actions and not getattr(scr, "LINEUP", True) and _saved(flash, name) is None:
                continue  # a game for one dealt as it opened: saved with its first action
            return name + ": the journal on screen is not the one on flash"
        if scr.__class__.__name__ == "DiceApp":
            d = _saved(flash, "dice")
            if d is not None:
                ram = [scr.n, scr.sides, scr.row.values, scr.row.held, scr.history, scr.rolls]
                disk = [d["n"], d["sides"], d["values"], d["held"], d["history"], d["rolls"]]
                if _norm(ram) != disk:
                    return "dice: the roll on screen is not the one on flash"
    return None


def record_commits(flash, log, pool=None):
    # every completed save (a rename over name.json) appends (name, bytes) to log: a
    # step may save a file more than once (the line-up, then the game in progress)
    rename = flash.rename

    def recorded(old, new):
        rename(old, new)
        if new.endswith(".json"):
            log.append((new, _shared(pool, flash.read(new))))

    flash.rename = recorded


def allowed(before, commits, after):
    # {file: [versions]}: as before the step, any version completed during it, as after
    out = {}
    for n in list(before) + list(after) + [c[0] for c in commits]:
        if n not in out:
            vs = []
            for v in [before.get(n)] + [c[1] for c in commits if c[0] == n] + [after.get(n)]:
                if v not in vs:
                    vs.append(v)
            out[n] = vs
    return out


def check_resumed(sim, versions):
    # after a cut during a step and a boot: -> None when every save is one of its
    # `versions` (see allowed(): as confirmed before the step, after it, or a version
    # completed during it: nothing lost, nothing mixed, nothing damaged) and the device
    # is on its home screen; else what is wrong
    if not sim.on:
        return "did not boot"
    sim.advance(300)
    now = snapshot(sim.flash)
    plain = now if not DIGESTS else None
    for name in sim.flash.listdir():
        if name.endswith(".bad"):
            return "a save was found damaged: " + name
    names = list(now)
    for n in versions:
        if n not in names:
            names.append(n)
    for n in names:
        got = now.get(n)
        if got not in versions.get(n, [None]):
            if got is None:
                return n + " is gone"
            return n + " is neither the confirmed state nor the one before"
    text = sim.text()
    if "Leafkeeper" not in text:
        return "not on the home screen after boot:\n" + text
    # the game in progress resumes as saved
    if RESUME in text:
        sim.press("OK")  # the cursor starts on the game's row
        if not sim.on:
            return "died on resume"
        top = sim.loop.ui.top
        j = getattr(top, "journal", None)
        name = getattr(top, "NAME", None)
        if name and j is not None:
            raw = sim.flash.read(name + ".json") if plain is None else plain.get(name + ".json")
            shown = json.loads(_untimed(json.dumps(j.doc()).encode()))  # as the saved one
            if raw is None or json.loads(_untimed(raw))["data"] != shown:
                return name + ": the resumed game is not the saved one"
        elif name:
            return name + ": the resumed game did not load"
    return None
