# Habit presses (issues 28 and 40): every sequence of up to DEPTH presses from the home
# screen, on a device with a game in progress (Autumn Leaves, a hand in), finished games
# in the history, remembered names, a rename and a dice save, and whether one of them
# loses any of it: erased, forgotten, renamed, rolls or statistics cleared, a hand
# undone with no redo, or a game no longer on flash (ended, it stays under "before",
# where undo brings it back). A press is a click or a hold of any button: a held UP or
# DOWN scrolls (the README's "hold to repeat"), so it counts as one press however far
# it goes. tests/test_habits.py holds the answer to none; `leafkeeper bench` prints
# the search.
#
# A depth-first search that forks the simulator at each state (CPython on Linux or
# macOS: a fork costs a millisecond or two, a replay from boot 40 ms), and does not go
# on from a state already reached in as few presses: a state is the words on the
# screen (_state), the cursor with them, and the flash's files but the dice roller's
# rolls, which count for nothing here (what they must never lose is checked apart).
# One process runs at a time (each waits for its child), so
# the search is the same as a plain recursion, and each child hands its parent what it
# found through a pipe.
import hashlib
import json
import os
import pickle

KEYS = ("UP", "DOWN", "OK", "BACK", "ROLL", "UP:long", "DOWN:long", "OK:long", "BACK:long", "ROLL:long")
DEPTH = 8
NAMES = ["Anna", "Ben", "Cara", "Dan"]
GAME = "autumn_leaves.json"
DICE = "dice.json"  # its rolls change with every ROLL: its state is what it must keep


def device(history=3):
    # -> a Simulator at home: a hand of Autumn Leaves in, `history` finished games filed
    # (host_tools/bench/games.py), the four names remembered (Ben renamed from Benny),
    # the dice rolled once
    import host_tools.sim  # noqa: F401  (the firmware on the path)
    from host_tools.bench import games
    from host_tools.sim import Simulator

    sim = Simulator(seed=7)
    files = games.files(history)
    for name, blob in files.items():
        sim.flash.write(name, blob)
    doc = json.loads(files["settings.json"])
    doc["data"].update({"lineup": NAMES, "names": NAMES, "alias": [["Benny", "Ben", 1]]})
    sim.flash.write("settings.json", json.dumps(doc).encode())
    sim.boot()
    sim.advance(100)
    for k in ("ROLL", "BACK", "DOWN", "OK", "OK", "ROLL", "OK", "ROLL"):  # a roll; AL, Start, a hand
        sim.press(k)
        sim.advance(600)
    sim.hold("BACK")
    sim.advance(100)
    return sim


def _game(flash):
    # the game in progress as its save keeps it: its setup and start stamp, with every
    # action it holds (those undone too: a redo puts them back), itself and the one it
    # replaced (undo brings that back)
    blob = flash.read(GAME)
    if blob is None:
        return []
    d = json.loads(blob)["data"]
    out = []
    for g in (d, d.get("before")):
        if g:
            moves = g["actions"] + list(reversed(g.get("redo") or []))
            out.append((json.dumps([g["setup"], g.get("at")]), json.dumps(moves)))
    return out


def _dice(flash):
    # (rolls made, rolls the statistics count): neither may go down
    blob = flash.read(DICE)
    if blob is None:
        return (0, 0)
    d = json.loads(blob)["data"]
    counted = sum(c[0] for c in d.get("counts", [])[1:] if c)
    return (d.get("rolls", 0), counted)


def held(sim):
    # what must not be lost, as the flash holds it now
    f = sim.flash
    s = json.loads(f.read("settings.json"))["data"]
    return {
        "files": sorted(n for n in f.listdir() if not n.endswith(".tmp")),
        "names": s.get("names", []),
        "renames": [a[:2] for a in s.get("alias", [])],
        "game": _game(f),
        "dice": _dice(f),
    }


def lost(sim, start):
    # -> what of `start` (held()) the device no longer holds, in words, or None
    now = held(sim)
    gone = [n for n in start["files"] if n not in now["files"]]
    gone += ["name " + n for n in start["names"] if n not in now["names"]]
    gone += ["rename " + " > ".join(a) for a in start["renames"] if a not in now["renames"]]
    setup, moves = start["game"][0]
    if not any(g[0] == setup and g[1].startswith(moves[:-1]) for g in now["game"]):
        gone.append("the game in progress, or a move of it")
    if now["dice"][0] < start["dice"][0]:
        gone.append("dice rolls")
    if now["dice"][1] < start["dice"][1]:
        gone.append("dice statistics")
    return ", ".join(gone) or None


def _state(sim):
    # the screen's words without their digits (a roll's faces, a count: what changes
    # with them is on the flash or loses nothing), the cursor (the rows lit at the left
    # edge) and the flash, the dice's save left out (each roll changes it)
    words = "".join(c for c in sim.text() if not "0" <= c <= "9")
    h = hashlib.sha1((words + "".join(row[1] for row in sim.pixels())).encode())
    for n in sorted(sim.flash.listdir()):
        if n != DICE:
            h.update(n.encode() + (sim.flash.read(n) or b""))
    return h.digest()


def _press(sim, key):
    if key.endswith(":long"):
        sim.hold(key[:-5])
    else:
        sim.press(key)


def search(sim, keys=KEYS, depth=DEPTH):
    # -> {"states": distinct states reached, "sequences": sequences pressed, "depth":
    # depth, "lost": [(keys, what was lost)]}: every sequence of up to `depth` of `keys`
    # from where `sim` is
    start = held(sim)
    seen = {_state(sim): 0}  # state -> the fewest presses it was reached in

    def visit(path):
        # the sequences one press longer than `path` (sim is where it leads), and on:
        # -> (the states first reached, sequences pressed, losses)
        news, tried, losses = {}, 0, []
        for key in keys:
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:  # the child: the press, then on from there
                os.close(r)
                try:
                    out = step(path + [key])
                except BaseException as e:  # noqa: BLE001 - the parent raises it
                    out = repr(e)
                with os.fdopen(w, "wb") as f:
                    pickle.dump(out, f)
                os._exit(0)
            os.close(w)
            with os.fdopen(r, "rb") as f:
                out = pickle.load(f)
            os.waitpid(pid, 0)
            if isinstance(out, str):
                raise RuntimeError(" ".join(path + [key]) + ": " + out)
            seen.update(out[0])
            news.update(out[0])
            tried += out[1]
            losses += out[2]
        return news, tried, losses

    def step(path):
        _press(sim, path[-1])
        what = lost(sim, start)
        if what:
            return {}, 1, [(" ".join(path), what)]
        s = _state(sim)
        if seen.get(s, depth + 1) <= len(path):  # reached already, in as few presses
            return {}, 1, []
        seen[s] = len(path)
        news, tried, losses = visit(path) if len(path) < depth else ({}, 0, [])
        news[s] = len(path)
        return news, tried + 1, losses

    _, tried, losses = visit([])
    return {"states": len(seen), "sequences": tried, "depth": depth, "lost": losses}


def report():
    # `leafkeeper bench`: the search and what it found
    import time

    sim = device()
    t = time.time()
    r = search(sim)
    print(
        "Habit presses: every sequence of up to %d of %s from home (a game in progress,"
        " history, names): %d sequences, %d distinct states, %.0f s"
        % (r["depth"], " ".join(KEYS), r["sequences"], r["states"], time.time() - t)
    )
    if not r["lost"]:
        print("  none erases data, forgets a name or discards a game")
    for keys, what in r["lost"][:10]:
        print("  LOST %s: %s" % (what, keys))
