# Bad files and a full flash, through the device (CPython simulator, hypothesis).
# For the settings and for every app of firmware/apps/__init__.py APPS that saves: its
# file is replaced by a truncated save, garbage bytes, valid JSON of the wrong shape, a
# right envelope around wrong-shaped data, or an old or a future schema version. The
# device must boot, open the app, tell the player in plain words, keep the bad file as
# <name>.bad, start that app fresh and lose nothing else; a future version (a newer
# Leafkeeper's) is no damage: left as it is, the player told. A full flash: a clear
# message, the game goes on in RAM, and saving resumes when space returns.
import importlib
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host_tools.sim import Simulator
from tests.scenarios import robust
from tests.scenarios.util import open_app

_good = {}


def good_saves():
    # {file name: bytes}: real saves of every app, from a played table session
    if not _good:
        sim = Simulator(seed=5)
        sim.advance(200)
        for label, fn in robust.session(seed=5, game_presses=6):
            fn(sim)
        _good.update(robust.snapshot(sim.flash))
        _good.setdefault("randomizer.json", json.dumps({"v": 1, "data": {"n": 8, "k": 3, "lo": 1, "hi": 60}}).encode())
    return _good


def targets():
    # (save name, schema version, APPS index or -1 for the settings loaded at boot)
    out = [("settings", importlib.import_module("core.settings").VERSION, -1)]
    for i, (label, module, cls, save, *_history) in enumerate(robust.apps()):
        if not save:
            continue
        mod = importlib.import_module(module)
        version = getattr(getattr(mod, cls), "VERSION", None) or getattr(mod, "VERSION", 1)
        out.append((save, version, i))
    # saves an app keeps beside its game: the randomizer's N, K and range, the last 61
    # Feuilles setup and Solitaire's statistics, all read when the app opens or starts
    out.append(("randomizer", 1, robust.app_index(module="apps.randomizer")))
    out.append(("feuilles61_setup", 1, robust.app_index(save="feuilles61")))
    out.append(("sol_stats", 1, robust.app_index(save="solitaire")))
    return out


TARGETS = targets()
# the 61 Feuilles setup is read when a new game is set up: no game to resume, and OK on
# the line-up; Solitaire's statistics are read when it deals a new game, which it does
# at once when there is no game to resume
SETUP_FIRST = {"feuilles61_setup": ("feuilles61.json", ("OK",)), "sol_stats": ("solitaire.json", ())}
# a game that starts afresh at once when its save is set aside (no line-up): Solitaire
# deals the next deal, so its statistics count that deal out (their other values stay
# as they were), and the presses check_device plays make it a game to resume
MOVES_ON = {"solitaire": {"sol_stats.json": ("next", "ahead", "game")}}
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
# keys the apps really use, so the wrong-shaped data hits their code paths
KEYS = ["n", "sides", "values", "held", "run", "history", "rolls", "counts", "setup", "actions", "over",
        "players", "names", "lineup", "resume", "contrast", "leds", "sound", "flip"]
shaped = st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), json_values, max_size=6)


# one value of a good save changed: the damage that parses (a float for a count, a
# number far out of range, a name that is a number, a list cut short)
hostile_leaf = st.sampled_from([2.0, 6.5, 0.001, -1, 99, 10**12, -(10**12), "x", "", None, True,
                                [], [11], [[11]], {}, [7, "Bo"]])


def _paths(value, path=()):
    # every place in a JSON document, as the keys and indexes that reach it
    yield path
    if isinstance(value, dict):
        for k in value:
            yield from _paths(value[k], path + (k,))
    elif isinstance(value, list):
        for i in range(len(value)):
            yield from _paths(value[i], path + (i,))


def _mutated(doc, path, leaf):
    doc = json.loads(json.dumps(doc))
    path = ("data",) + path
    box = doc
    for k in path[:-1]:
        box = box[k]
    box[path[-1]] = leaf
    return json.dumps(doc).encode()


def bad_content(name, version):
    good = good_saves().get(name + ".json") or json.dumps({"v": version, "data": {}}).encode()
    doc = json.loads(good)
    paths = list(_paths(doc["data"]))
    return st.one_of(
        st.tuples(st.sampled_from(paths), hostile_leaf).map(lambda t: _mutated(doc, *t)),
        st.integers(0, len(good) - 1).map(lambda n: good[:n]),  # cut off mid-write
        st.binary(max_size=200),  # garbage
        json_values.map(lambda v: json.dumps(v).encode()),  # valid JSON, wrong shape
        shaped.map(lambda d: json.dumps({"v": version, "data": d}).encode()),
        st.integers(-3, version - 1).map(lambda v: json.dumps({"v": v, "data": doc["data"]}).encode()),
        st.integers(version + 1, 10**9).map(lambda v: json.dumps({"v": v, "data": doc["data"]}).encode()),
    )


def read_all(sim):
    # the screen as a player reads it: a long message scrolled down to its end (DOWN
    # scrolls a message that has more; a message that fits is left alone)
    seen = [sim.text().replace("\n", " ")]
    for _ in range(4):
        if sim.text().split("\n")[0] not in ("Storage", "Settings"):
            break
        px = sim.pixels()
        if not any(row[125] == "#" or row[2] == "#" for row in px[12:50]):
            break  # no scroll bar: the whole message is on the screen
        sim.press("DOWN")
        seen.append(sim.text().replace("\n", " "))
    return " ".join(seen)


def boot_with(name, raw, index):
    sim = Simulator(seed=2)
    for n, data in good_saves().items():
        sim.flash.write(n, data)
    sim.flash.write(name + ".json", raw)
    game, keys = SETUP_FIRST.get(name, ("", ()))
    if game:
        sim.flash.remove(game)
    before = robust.snapshot(sim.flash)
    sim.flash.block_writes = 0
    sim.boot()
    sim.advance(300)
    seen = [read_all(sim)]
    if index >= 0:
        open_app(sim, robust.apps()[index][0])
        for key in keys:
            sim.press(key)
        sim.advance(100)
        seen.append(read_all(sim))
    return sim, before, "\n".join(seen)


def check_device(sim, name, raw, before, seen):
    assert sim.on, "did not boot"
    assert "crash.log" not in sim.flash.files, sim.flash.read("crash.log").decode() + seen
    assert "Oops" not in seen, seen
    bad = sim.flash.read(name + ".bad")
    newer = "made by a newer Leafkeeper" in seen  # left as it is, as a set-aside file
    if newer:
        assert bad is None and sim.flash.read(name + ".json") == raw, seen
    if bad is not None:
        assert bad == raw  # kept as it was
        assert "damaged" in seen and name + ".bad" in seen, seen  # and the player told
        # set aside, or its good values saved anew without the bad ones
        assert sim.flash.read(name + ".json") != raw
    else:
        # accepted as a usable (old-compatible) file: still there, nothing said
        assert "damaged" not in seen, seen
    for n, data in before.items():  # nothing else lost
        if n in MOVES_ON.get(name, ()):
            # dealt a fresh game: the deal counter moves on, the statistics are kept
            was = json.loads(data)["data"]
            now = json.loads(sim.flash.read(n))["data"]
            for key in MOVES_ON[name][n]:
                was.pop(key)
                now.pop(key)
            assert now == was, n
        elif n != name + ".json" and n != "settings.json":
            assert sim.flash.read(n) == data, n
    if name != "settings" and "settings.json" in before:
        # the settings are kept, but for home's Resume: it no longer points at a game
        # that was set aside
        was = json.loads(before["settings.json"])["data"]
        now = json.loads(sim.flash.read("settings.json"))["data"]
        if (bad is not None or newer) and was.get("resume") == name:
            was["resume"] = ""
        if name in MOVES_ON and now.get("resume") == name:
            was["resume"] = name  # the fresh game, played on below, is one to resume
        gone = SETUP_FIRST.get(name, ("", ()))[0]
        if gone and was.get("resume", "") + ".json" == gone and now.get("resume") in ("", was["resume"]):
            # the game removed before the boot (SETUP_FIRST) is no game to resume, and
            # the fresh one played on below may be
            was["resume"] = now["resume"]
        if gone and sorted(map(str, now.get("lineups", ()))) == sorted(map(str, was.get("lineups", ()))):
            # starting that game put its line-up first among the remembered ones (most
            # recent first): the same line-ups, in another order
            was["lineups"] = now["lineups"]
        assert now == was
    # and the device goes on: dismiss, play a little, go home
    for key in ("OK", "ROLL", "OK", "DOWN", "ROLL", "OK"):
        sim.press(key)
    sim.advance(700)
    sim.hold("BACK")
    assert "crash.log" not in sim.flash.files, sim.flash.read("crash.log").decode()
    assert not newer or sim.flash.read(name + ".json") == raw, "a newer one's save written over"
    assert "Leafkeeper" in sim.text() or "Note" in sim.text() or "Storage" in sim.text(), sim.text()


def _case(name, version, index):
    @settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
    @given(raw=bad_content(name, version))
    def run(raw):
        sim, before, seen = boot_with(name, raw, index)
        check_device(sim, name, raw, before, seen)

    return run


def test_bad_files_boot_tell_keep_and_lose_nothing_else():
    assert [t[0] for t in TARGETS][:2] == ["settings", "dice"]
    for name, version, index in TARGETS:
        _case(name, version, index)()


def test_every_kind_of_damage_is_quarantined():
    # the clearly damaged ones must end up as .bad with a message, never accepted
    for name, version, index in TARGETS:
        good = good_saves().get(name + ".json") or b'{"v": 1, "data": {}}'
        for raw in (good[: len(good) // 2], b"\xff\x00garbage", b"[1, 2, 3]", b""):
            sim, before, seen = boot_with(name, raw, index)
            assert sim.flash.read(name + ".bad") == raw, (name, raw, seen)
            check_device(sim, name, raw, before, seen)


def test_a_newer_leafkeepers_save_is_left_as_it_is_and_said():
    # issue 39: an older firmware flashed over a newer one's saves neither sets them
    # aside nor writes over them, and says so; the device goes on
    for name, version, index in TARGETS:
        good = good_saves().get(name + ".json") or b'{"v": 1, "data": {}}'
        raw = json.dumps({"v": version + 1, "data": json.loads(good)["data"]}).encode()
        sim, before, seen = boot_with(name, raw, index)
        assert "Saved " + name + " made by a newer Leafkeeper" in seen, (name, seen)
        check_device(sim, name, raw, before, seen)


def test_old_versions_are_migrated():
    from core.storage import Storage

    from host_tools.sim.flash import FakeFlash

    @settings(max_examples=50, deadline=None)
    @given(old=st.integers(0, 4), n=st.integers(1, 6))
    def run(old, n):
        f = FakeFlash()
        f.write("g.json", json.dumps({"v": old, "data": {"count": n}}).encode())
        calls = []

        def migrate(v, data):
            calls.append(v)
            return {"n": data["count"], "sides": 6}

        s = Storage(f)
        assert s.load("g", {"n": 3, "sides": 4, "held": []}, version=5, migrate=migrate) == {
            "n": n, "sides": 6, "held": []}
        assert calls == [old] and not s.problems and f.read("g.bad") is None

    run()


# -- a full flash, through the screen ---------------------------------------------------
def fill(sim, leave):
    free = sim.flash.capacity - sim.flash.used()
    sim.flash.write("photo.bin", b"\0" * (free - leave))


def test_flash_full_message_game_goes_on_and_saving_resumes():
    sim = Simulator(seed=4, flash_bytes=16 * 1024)
    sim.press("ROLL")  # the dice roller, a first roll saved
    sim.advance(600)
    fill(sim, 100)  # a save of the dice no longer fits
    saved = sim.flash.read("dice.json")
    sim.press("ROLL")
    sim.advance(600)
    screen = sim.text().replace("\n", " ")
    assert "Flash full" in screen and "memory" in screen, screen  # in plain words
    assert sim.flash.read("dice.json") == saved  # the old save is intact
    assert "dice.tmp" not in sim.flash.files  # and no half file eats the space
    sim.press("OK")  # dismiss: the game goes on in RAM
    assert "Total" in sim.text(), sim.text()
    dice = sim.loop.ui.top
    ram_rolls = dice.rolls
    sim.press("ROLL")
    sim.advance(600)
    assert "crash.log" not in sim.flash.files and "Total" in sim.text(), sim.text()
    assert dice.rolls == ram_rolls + 1  # kept counting, in RAM
    sim.flash.remove("photo.bin")  # space again
    sim.press("ROLL")
    sim.advance(600)
    assert "space again" in sim.text().replace("\n", " "), sim.text()
    sim.press("OK")
    assert robust.unsaved(sim) is None  # everything on screen is on flash again
    rolls = sim.loop.ui.top.rolls
    sim.power_cut()
    sim.boot()
    sim.advance(200)
    sim.press("OK")  # the dice roller from the home menu
    assert sim.loop.ui.top.rolls == rolls == ram_rolls + 2


def test_right_types_wrong_contents_do_not_trap_the_player():
    # the right keys and types with impossible contents (dice values out of range,
    # strings for numbers inside lists, a journal of nonsense actions)
    items = st.lists(json_values, max_size=7)

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(n=st.integers(-2, 9), sides=st.sampled_from([0, 4, 6, 7, 20, -6]), values=items,
           held=items, history=items, rolls=st.integers(-5, 10**9))
    def dice(n, sides, values, held, history, rolls):
        data = {"n": n, "sides": sides, "values": values, "held": held, "history": history, "rolls": rolls}
        raw = json.dumps({"v": 1, "data": data}).encode()
        sim, before, seen = boot_with("dice", raw, 0)
        check_device(sim, "dice", raw, before, seen)

    dice()


# -- the settings, value by value ---------------------------------------------------------
# Every setting is checked by type and range when it is loaded: a bad value (a float, a
# huge number, the wrong type) goes back to its default with a message, the file is
# kept as settings.bad and the good values stay. Folders and files too big to read are
# damaged files. The device boots and goes on whatever the file holds.
def _seconds_ok(v):
    return type(v) is int and (v == 0 or 30 <= v <= 86400)


def _names_ok(most):
    def ok(v):
        return (type(v) is list and len(v) <= most
                and all(type(n) is str and 0 < len(n) <= 10 for n in v)
                and len(set(v)) == len(v))  # after the type check: a list is not hashable
    return ok


# what the device may run with, written out here rather than taken from the firmware
SETTING_OK = {
    "contrast": lambda v: type(v) is int and 0 <= v <= 255,
    "led_cap": lambda v: type(v) is int and 0 <= v <= 255,
    "sound": lambda v: type(v) is bool,
    "dim_s": _seconds_ok,
    "off_s": _seconds_ok,
    "sleep_s": _seconds_ok,
    "flip": lambda v: type(v) is bool,
    "leds": lambda v: v in (6, 12) and type(v) is int,
    "names": _names_ok(12),
    "lineup": _names_ok(6),
    "resume": lambda v: type(v) is str and len(v) <= 20,
}
GOOD_SETTINGS = {"contrast": 255, "led_cap": 12, "sound": False, "dim_s": 30, "off_s": 120,
                 "sleep_s": 1800, "flip": True, "leds": 6, "names": ["Anna", "Bo"],
                 "lineup": ["Bo", "Anna", "P3"], "resume": ""}
hostile_values = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),  # 6.5, 0.001, 1e400 (inf), NaN
    st.integers(-(10**30), 10**30),  # huge numbers
    st.integers(-100, 100_000),  # near the ranges
    st.sampled_from([6, 12, 0, 30, 86400, 86401, 255, 256, -1, True, False, "", "12", None]),
    json_values,  # wrong types, nested
    st.lists(st.text(max_size=14), max_size=14),  # names: too many, too long, repeated
)


def _settings_text(data):
    # JSON as a file on the board could hold it: infinities as 1e400 (which both
    # CPython and MicroPython read as inf), NaN as CPython writes it
    text = json.dumps({"v": 1, "data": data})
    return text.replace("-Infinity", "-1e400").replace("Infinity", "1e400").encode()


def check_settings_device(sim, raw, seen, bad_keys):
    assert sim.on, "did not boot"
    assert "Oops" not in seen and "crash.log" not in sim.flash.files, seen
    s = sim.loop.ui.settings
    for key, ok in SETTING_OK.items():
        assert ok(s[key]), (key, s[key])
    if bad_keys:
        assert sim.flash.read("settings.bad") == raw, seen  # kept as it was
        assert "settings" in seen and "settings.bad" in seen, seen  # and the player told
    else:
        assert sim.flash.read("settings.bad") is None and "damaged" not in seen, seen
    good = json.loads(raw)["data"]
    for key in SETTING_OK:  # the good values are kept, the bad ones are the defaults
        if key in bad_keys:
            from core.settings import DEFAULTS

            assert s[key] == DEFAULTS[key], key
        elif isinstance(good, dict) and key in good:
            assert s[key] == good[key], key
    # the device goes on: a roll, a game started from its line-up
    for key in ("OK", "ROLL", "BACK", "DOWN", "OK", "OK"):
        sim.press(key)
    sim.advance(300)
    assert "crash.log" not in sim.flash.files, sim.flash.read("crash.log").decode()


def test_settings_with_floats_huge_numbers_and_wrong_types_fall_back_value_by_value():
    @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
    @given(bad=st.dictionaries(st.sampled_from(sorted(SETTING_OK)), hostile_values, max_size=4))
    def run(bad):
        data = dict(GOOD_SETTINGS)
        data.update(bad)
        raw = _settings_text(data)
        parsed = json.loads(raw)["data"]
        bad_keys = [k for k in parsed if not SETTING_OK[k](parsed[k])]
        sim, _before, seen = boot_with("settings", raw, -1)
        check_settings_device(sim, raw, seen, bad_keys)

    run()


def test_a_settings_folder_or_a_settings_file_too_big_to_read_is_damaged():
    @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
    @given(kind=st.sampled_from(["folder", "oversize"]), size=st.integers(33 * 1024, 300 * 1024))
    def run(kind, size):
        sim = Simulator(seed=2)
        for n, data in good_saves().items():
            sim.flash.write(n, data)
        sim.flash.remove("settings.json")
        if kind == "folder":
            sim.flash.mkdir("settings.json")
        else:  # valid JSON, and the settings in it good: only its size is wrong
            pad = "x" * (size - len(_settings_text(GOOD_SETTINGS)))
            sim.flash.write("settings.json", _settings_text(dict(GOOD_SETTINGS, pad=pad)))
        sim.boot()
        sim.advance(300)
        seen = sim.text().replace("\n", " ")
        assert sim.on and "damaged" in seen and "settings.bad" in seen, seen
        assert (sim.flash.size("settings.bad") == -1) == (kind == "folder")
        assert sim.loop.ui.settings["contrast"] == 190  # the defaults
        assert ("folder" in seen) == (kind == "folder") and ("too big" in seen) == (kind != "folder"), seen
        for key in ("OK", "ROLL", "OK", "BACK", "DOWN", "OK", "OK", "ROLL"):
            sim.press(key)
        sim.advance(700)
        sim.hold("BACK")
        for key in ("UP", "OK", "DOWN", "DOWN", "OK"):  # Settings: sound off
            sim.press(key)
        assert "crash.log" not in sim.flash.files, sim.flash.read("crash.log").decode()
        assert json.loads(sim.flash.read("settings.json"))["data"]["sound"] is False  # saved anew

    run()
