# Saves under stress, as a player meets them: a full flash, damaged or hostile files
# left on the board (issue 14). Runs on CPython and under MicroPython.
import json

from host_tools.sim import Simulator
from tests.scenarios.util import (
    RESUME,
    booted_with,
    check,
    choose,
    confirm,
    line_with,
    numbers,
    open_app,
)


def _fill(sim, leave):
    # a photo on the board's flash: only `leave` bytes stay free
    free = sim.flash.capacity - sim.flash.used()
    sim.flash.write("photo.bin", b"\0" * (free - leave))


def _dismiss(sim, word):
    # the storage message, when it shows, takes the next press
    if line_with(sim, word) is not None:
        sim.press("OK")


def _rolls(sim):
    # the roll counter in the dice roller's title: "3d6 #4"
    line = sim.text().split("\n")[0]
    return numbers(line.split("#")[1])[0] if "#" in line else 0


def _saved_rolls(sim):
    return json.loads(sim.flash.read("dice.json"))["data"]["rolls"]


def scenario_rolls_made_on_a_full_flash_survive_leaving_the_app():
    # roll, the flash fills up, three more rolls, BACK, reopen: the four rolls are there,
    # and they are what is written once there is space again
    sim = Simulator(seed=4, flash_bytes=16 * 1024)
    sim.press("ROLL")
    sim.advance(600)
    check(_saved_rolls(sim) == 1, "the first roll saved")
    _fill(sim, 100)
    for _ in range(3):
        sim.press("ROLL")
        sim.advance(600)
        _dismiss(sim, "Flash full")
    check(_rolls(sim) == 4, "four rolls on screen", sim)
    check(_saved_rolls(sim) == 1, "the flash still holds the first")
    sim.press("BACK")
    check(line_with(sim, "Dice roller") is not None, "home", sim)
    sim.press("OK")  # the dice roller again
    check(_rolls(sim) == 4, "reopened: the rolls made while the flash was full are there", sim)
    sim.press("ROLL")
    sim.advance(600)
    check(_rolls(sim) == 5, "and the next roll counts on from them", sim)
    sim.flash.remove("photo.bin")
    sim.press("ROLL")
    sim.advance(600)
    _dismiss(sim, "Flash has")
    check(_rolls(sim) == 6 and _saved_rolls(sim) == 6, "space again: all six rolls written", sim)


def _damage_and_open_dice(sim, raw):
    sim.flash.write("dice.json", raw)
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    sim.press("OK")  # the dice roller
    sim.advance(100)
    return sim.text().replace("\n", " ")


def scenario_a_second_damaged_save_does_not_overwrite_the_first():
    sim = Simulator(seed=1)
    first = _damage_and_open_dice(sim, b'{"v": 1, "data": {"n": 4')
    check("damaged" in first and "dice.bad" in first, "the first is kept as dice.bad: " + first)
    second = _damage_and_open_dice(sim, b"\xff\xfe garbage")
    check("damaged" in second and "dice-2.bad" in second, "the second is kept as dice-2.bad: " + second)
    check(sim.flash.read("dice.bad") == b'{"v": 1, "data": {"n": 4', "the first damaged file is still there")
    check(sim.flash.read("dice-2.bad") == b"\xff\xfe garbage", "and so is the second")


def scenario_damaged_files_keep_to_a_flash_budget_oldest_dropped_first():
    from core import damaged, storage

    from host_tools.sim.flash import FakeFlash

    flash = FakeFlash()
    said = []
    for i in range(1, 25):
        flash.write("dice.json", b"garbage " + str(i).encode() + b" " + b"x" * 3000)
        s = storage.Storage(flash)
        s.load("dice", {"n": 3})
        said += s.problems
    kept = [f for f in flash.listdir() if f.endswith(".bad")]
    blocks = 0
    for f in kept:
        blocks += (len(flash.read(f)) + 4095) // 4096
    check(len(kept) >= 8, "as many damaged files as fit are kept: " + str(kept))
    check(blocks * 4096 <= damaged.BAD_BUDGET, "but they keep to the budget")
    check(("dice-24.bad" in kept) and flash.read("dice-24.bad").startswith(b"garbage 24 "), "the newest is kept")
    check("dice.bad" not in kept, "the oldest went first")
    newest = 24 - len(kept) + 1
    check(sorted(kept) == sorted(["dice-" + str(i) + ".bad" for i in range(newest, 25)]),
          "the newest ones are kept: " + str(kept))
    check(any("Deleted" in m and "old damaged" in m for m in said), "and the player is told: " + str(said))


# -- a folder on the host's disk for the device's flash (core.storage.OsFlash) ----------
def _host_folder():
    import os

    base = (os.getenv("TMPDIR") or "/tmp") + "/lk-scenario-"
    for b in os.urandom(6):
        base += "0123456789abcdef"[b >> 4] + "0123456789abcdef"[b & 15]
    os.mkdir(base)
    return base


def _remove_folder(path):
    import os

    for name in os.listdir(path):
        p = path + "/" + name
        if os.stat(p)[0] & 0x4000:
            _remove_folder(p)
        else:
            os.remove(p)
    os.rmdir(path)


def scenario_a_save_too_big_for_the_heap_is_kept_aside_and_the_device_boots():
    # 200 KB of settings: reading it whole needs more heap than the device has
    # (MemoryError, not OSError); it must be found too big before it is read
    from core.storage import OsFlash

    root = _host_folder()
    try:
        import os

        os.mkdir(root + "/data")
        with open(root + "/data/settings.json", "wb") as f:
            f.write(b'{"v": 1, "data": {"names": ["')
            chunk = b"x" * 1024
            for _ in range(200):
                f.write(chunk)
            f.write(b'"]}}')
        size = os.stat(root + "/data/settings.json")[6]
        sim = Simulator(seed=1, flash=OsFlash(root + "/data"))
        sim.advance(300)
        seen = sim.text().replace("\n", " ")
        check("damaged" in seen and "settings.bad" in seen, "the player is told: " + seen)
        check(sim.flash.size("settings.bad") == size, "the big file is kept as it was")
        sim.press("OK")
        check(line_with(sim, "Dice roller") is not None, "the device is on its home screen", sim)
        check(sim.loop.ui.settings["names"] == [], "with the default settings")
        sim = None
    finally:
        _remove_folder(root)


def _erase_all(sim):
    # Settings -> "Erase all data" -> yes
    open_app(sim, "Settings")
    choose(sim, "Erase all")
    check(line_with(sim, "for good.") is not None, "erase asks first", sim)
    confirm(sim)
    confirm(sim)  # and a second time
    check(line_with(sim, "erased") is not None, "erased", sim)
    sim.press("OK")


def scenario_folders_where_saves_should_be_are_kept_aside_like_damaged_files():
    # a host tool left folders named like the settings and the dice saves
    sim = Simulator(seed=1)
    sim.flash.mkdir("settings.json")
    sim.flash.mkdir("dice.json")
    sim.power_cut()
    sim.boot()
    sim.advance(300)
    seen = sim.text().replace("\n", " ")
    check("settings" in seen and "damaged" in seen, "the player is told: " + seen)
    sim.press("OK")
    # a game starts (the line-up is saved in the settings at Start) and is saved
    sim.press("DOWN")
    sim.press("OK")  # Autumn Leaves: its line-up
    sim.press("OK")  # Start
    sim.advance(100)
    check(line_with(sim, "Oops") is None, "the game starts", sim)
    check(sim.flash.read("autumn_leaves.json") is not None, "and is saved")
    check(sim.flash.read("settings.json") is not None, "so are the settings")
    sim.hold("BACK")
    sim.press("ROLL")  # the dice roller
    sim.advance(600)
    sim.press("OK")  # the message about dice.json
    sim.press("ROLL")
    sim.advance(600)
    check(line_with(sim, "Total") is not None and line_with(sim, "Oops") is None, "the dice roll", sim)
    check(sim.flash.read("dice.json") is not None, "and are saved")
    names = sim.flash.listdir()
    check(not [n for n in names if n.endswith(".tmp")], "no half-written file left: " + str(names))
    check(sim.flash.size("settings.bad") == -1, "the settings folder kept aside: " + str(names))
    _erase_all(sim)
    names = sim.flash.listdir()
    check(names == ["settings.json"], "erase all removes the folders too: " + str(names))


def scenario_a_folder_that_appears_where_a_save_goes_is_kept_aside_at_the_next_save():
    # on a real folder (core.storage.OsFlash): the folder shows up while the app is open
    import os

    from core.storage import OsFlash

    root = _host_folder()
    try:
        sim = Simulator(seed=1, flash=OsFlash(root + "/data"))
        sim.advance(200)
        sim.press("ROLL")
        sim.advance(600)
        os.remove(root + "/data/dice.json")
        os.mkdir(root + "/data/dice.json")
        os.mkdir(root + "/data/dice.json/inside")
        sim.press("ROLL")
        sim.advance(600)
        check(line_with(sim, "Oops") is None, "no crash", sim)
        names = sorted(os.listdir(root + "/data"))
        check("dice.tmp" not in names, "no half-written file left: " + str(names))
        check(sim.flash.size("dice.json") > 0, "the roll is saved: " + str(names))
        check(sim.flash.size("dice.bad") == -1, "the folder is kept aside: " + str(names))
        _erase_all(sim)
        names = os.listdir(root + "/data")
        check(names == ["settings.json"], "erase all removes the folder too: " + str(names))
        sim = None
    finally:
        _remove_folder(root)


def _boot_with_settings(text):
    sim = Simulator(seed=1)
    sim.flash.write("settings.json", text)
    sim.power_cut()
    sim.boot()  # before issue 14: OverflowError here for "contrast": 1e400
    sim.advance(300)
    return sim


def scenario_settings_of_the_wrong_type_or_out_of_range_fall_back_one_by_one():
    # each bad value back to its default, the good ones kept, the file kept as .bad
    cases = (
        ('"contrast": 1e400, "flip": true', "screen"),  # int(inf): the device never booted
        ('"leds": 6.5, "flip": true', "LED count"),  # a TypeError on every tick, a crash loop
        ('"sleep_s": 0.001, "flip": true', "sleep"),  # every press only woke it
        ('"contrast": 99999999999999999999999, "dim_s": -5, "flip": true', "dim"),
        ('"sound": 1, "names": ["Anna", 7], "flip": true', "names"),
    )
    for body, key in cases:
        raw = '{"v": 1, "data": {' + body + "}}"
        sim = _boot_with_settings(raw)
        check(sim.on, "boots with " + body)
        seen = sim.text().replace("\n", " ")
        check("settings" in seen and key in seen and "settings.bad" in seen, "the player is told: " + seen)
        check(sim.flash.read("settings.bad") == raw.encode(), "the file is kept as it was")
        s = sim.loop.ui.settings
        check(s["flip"] is True, "the good values are kept: " + body)
        check(s["contrast"] == 190 and s["leds"] == 12 and s["sleep_s"] == 600 and s["dim_s"] == 60,
              "the bad ones are back to their defaults: " + str(s))
        check(s["sound"] is True and s["names"] == [], "wrong types too: " + str(s))
        saved = json.loads(sim.flash.read("settings.json"))["data"]
        check(saved["contrast"] == 190 and saved["flip"] is True, "and the mended settings are saved")
        sim.press("OK")  # the message
        sim.advance(2000)
        sim.press("ROLL")  # a press acts (it does not only wake the device)
        sim.advance(600)
        check(line_with(sim, "Total") is not None, "the dice roll: " + body, sim)
        check(sim.flash.read("crash.log") is None, "and nothing crashed")
        sim = None


# Saves that parse but hold nonsense (issue 14, item 6): before, each crashed its app on
# every open (or at the first ROLL), was never set aside, and "Resume" kept pointing at it.
_LCD = {"setup": {"players": ["Anna", "Bo"], "first": 0, "heads": [0, 0], "knockout": False},
        "actions": [["take", 0], ["next"]], "over": False}
_GOALPOSTS = [[11, "X"], [21, 2], [31, "X"], [41, 3], [51, "X"], [61, 5]]
_F61 = {"setup": {"players": ["Anna", "Bo"], "first": 1, "mode": "dice", "exact": False,
                  "goalposts": _GOALPOSTS}, "actions": [], "over": False}


def _with(data, key, value):
    data = json.loads(json.dumps(data))
    data["setup"][key] = value
    return data


def _boot_with_save(name, data, resume):
    return booted_with(Simulator(seed=3), {name + ".json": data, "settings.json": {"resume": resume}})


def _told_and_playable(sim, name, label, what):
    seen = sim.text().replace("\n", " ")
    check("damaged" in seen and name + ".bad" in seen, what + ": the player is told: " + seen)
    check(sim.flash.read(name + ".bad") is not None, what + ": the file is kept aside")
    sim.press("OK")  # the message: a fresh line-up
    sim.hold("BACK")
    sim.advance(300)
    row = line_with(sim, RESUME)
    check(row is None or label[:8] not in row, what + ": Resume no longer points at it", sim)
    open_app(sim, label)
    for key in ("OK", "OK", "ROLL", "OK", "ROLL"):  # a fresh game started and rolled
        sim.press(key)
        sim.advance(300)
    check(sim.flash.read("crash.log") is None, what + ": nothing crashed", sim)


def scenario_saves_that_parse_but_hold_nonsense_are_set_aside():
    # KEEP-3: a setup that is not a possible game is set aside
    games = (
        ("leaves_came_down", "Leaves Came Down", _with(_LCD, "players", [7, "Bo"]), "players [7, 'Bo']"),
        ("leaves_came_down", "Leaves Came Down", _with(_LCD, "first", 99), "first 99"),
        ("leaves_came_down", "Leaves Came Down", _with(_LCD, "first", "x"), "first 'x'"),
        ("feuilles61", "61 Feuilles", _with(_F61, "goalposts", [[11]]), "goalposts [[11]]"),
        ("feuilles61", "61 Feuilles", _with(_F61, "first", 2.0), "first 2.0"),
    )
    for name, label, data, what in games:
        sim = _boot_with_save(name, data, name)
        check(line_with(sim, RESUME) is not None, what + ": Resume offered at boot", sim)
        choose(sim, RESUME)
        _told_and_playable(sim, name, label, what)


def scenario_last_setup_that_parses_but_holds_nonsense_is_set_aside():
    # 61 Feuilles remembers the last setup: goalposts [[11]] crashed the first ROLL
    prefs = {"mode": "sheets", "first": -1, "exact": False, "goalposts": [[11]]}
    sim = Simulator(seed=3)
    sim.flash.write("feuilles61_setup.json", json.dumps({"v": 1, "data": prefs}).encode())
    sim.power_cut()
    sim.boot()
    sim.advance(300)
    open_app(sim, "61 Feuilles")
    sim.press("OK")  # the line-up: on to the setup, which reads the last one
    seen = sim.text().replace("\n", " ")
    check("damaged" in seen and "feuilles61_setup.bad" in seen, "the player is told: " + seen)
    sim.press("OK")  # the message
    check(line_with(sim, "Goalposts: printed") is not None, "the sheet's goalposts again", sim)
    check(line_with(sim, "Mode: leaf tracks") is not None, "the good values kept", sim)
    sim.press("OK")  # Start
    sim.press("ROLL")
    sim.advance(600)
    check(sim.flash.read("crash.log") is None, "the first ROLL rolls", sim)
    check(line_with(sim, "Round 1") is not None, "the round on screen", sim)


def scenario_a_float_die_count_is_set_aside_and_roll_at_home_rolls():
    # "n": 2.0 passed as a number: range(2.0) crashed ROLL on the home screen
    data = {"n": 2.0, "sides": 6, "values": [3, 4], "held": [False, False], "history": [], "rolls": 1}
    sim = Simulator(seed=3)
    sim.flash.write("dice.json", json.dumps({"v": 1, "data": data}).encode())
    sim.power_cut()
    sim.boot()
    sim.advance(300)
    sim.press("ROLL")
    sim.advance(600)
    seen = sim.text().replace("\n", " ")
    check(sim.flash.read("crash.log") is None, "ROLL at home does not crash", sim)
    check("damaged" in seen and "dice.bad" in seen, "the player is told: " + seen)
    sim.press("OK")
    sim.press("ROLL")
    sim.advance(600)
    check(line_with(sim, "Total") is not None and sim.flash.read("crash.log") is None, "and the dice roll", sim)


def scenario_a_game_saved_under_an_older_name_resumes_under_the_new_one():
    # How the Leaves Came Down was saved as "leaves" by an older firmware: the first boot
    # that sees it renames the save and the Resume row (core/settings.py, read at boot)
    from tests.scenarios.leaves_came_down import new_game

    sim = new_game(3)
    doc = json.loads(sim.flash.read("leaves_came_down.json"))["data"]
    sim.flash.remove("leaves_came_down.json")
    sim = booted_with(sim, {"leaves.json": doc, "settings.json": {"resume": "leaves"}})
    check("leaves.json" not in sim.flash.listdir() and "leaves_came_down.json" in sim.flash.listdir(),
          "the save renamed", sim)
    check(line_with(sim, RESUME + "Leaves Came Down") is not None, "offered to resume", sim)
    choose(sim, RESUME)
    check("Round 1" in sim.text(), "the game as it was", sim)


def _newer(sim):
    # every save on flash as a newer Leafkeeper would leave it: a version above any this
    # one knows, its data as it was -> {name: bytes}
    files = {}
    for name in sim.flash.listdir():
        raw = json.dumps({"v": 100, "data": json.loads(sim.flash.read(name))["data"]}).encode()
        sim.flash.write(name, raw)
        files[name] = raw
    return files


def _said_all(sim):
    # -> every message on the screen, read and dismissed one after the other
    said = ""
    from tests.scenarios.util import says

    while says(sim, "Storage") or says(sim, "History:"):
        said += " ".join(sim.text().split("\n")) + " "
        sim.press("OK")
    return said


def scenario_saves_made_by_a_newer_leafkeeper_are_left_as_they_are():
    # issue 39: a firmware flashed back over a newer one's saves never sets them aside
    # nor writes over them; it says so, and the table plays on in RAM
    from host_tools.sim.keys import run as keys
    from tests.scenarios.util import FOUR, open_game, says, table

    sim = table(FOUR)
    open_game(sim, "Autumn Leaves")
    for _ in range(6):
        keys(sim, "ROLL OK ROLL")  # Anna goes out each hand
    check(says(sim, "Anna wins!"), "a game filed", sim)
    sim.press("ROLL")
    sim.flash.write("dice.json", json.dumps({"v": 1, "data": {"n": 2, "sides": 6}}).encode())
    files = _newer(sim)
    check("hist_0.json" in files and "settings.json" in files, "the history and the settings: " + str(files))
    sim.power_cut()
    sim.boot()
    sim.advance(300)
    said = _said_all(sim)
    check("Saved settings made by a newer Leafkeeper" in said, "told at boot: " + said, sim)
    # a whole game played: filed nowhere, the newer history and save left alone
    open_app(sim, "Autumn Leaves")
    said = _said_all(sim)
    check(line_with(sim, "Start") is not None, "a new game's line-up", sim)
    sim.press("OK")
    for _ in range(6):
        keys(sim, "ROLL OK ROLL")
        said += _said_all(sim)
    check(says(sim, "P1 wins!"), "the game plays on in RAM (the settings: defaults)", sim)
    check("autumn_leaves made by a newer Leafkeeper" in said, "the game's save: " + said, sim)
    check("made by a newer Leafkeeper); it stays in its app" in said, "not filed, and why: " + said, sim)
    sim.hold("BACK")
    choose(sim, "Dice")
    said += _said_all(sim)
    sim.press("ROLL")
    sim.advance(600)
    check("dice made by a newer Leafkeeper" in said, "the dice: " + said, sim)
    sim.hold("BACK")
    choose(sim, "History")
    said += _said_all(sim)
    check("hist_0 made by a newer Leafkeeper" in said, "the history's page, once: " + said, sim)
    check(says(sim, "Made by a newer Leafkeeper"), "the list says why it shows no game", sim)
    left = sorted(sim.flash.listdir())
    check(left == sorted(files), "no file set aside, none added: " + str(left))
    for name in files:
        check(sim.flash.read(name) == files[name], name + " byte for byte as the newer one left it")


def scenario_erase_all_cut_at_any_block_write_is_finished_at_the_next_boot():
    # issue 39 item 12: Erase all data, the power cut after each of its block writes in
    # turn: the next boot finishes the erase and says so; nothing of the games is left
    from host_tools.sim.keys import run as keys
    from tests.scenarios.util import FOUR, open_game, says, table

    sim = table(FOUR)
    open_game(sim, "Autumn Leaves")
    for _ in range(6):
        keys(sim, "ROLL OK ROLL")  # a game filed: the history's page and pack
    keys(sim, "ROLL OK")  # a rematch on, hand 1 saved
    sim.hold("BACK")
    sim.press("ROLL")  # the dice
    sim.advance(600)
    files = {}
    for name in sim.flash.listdir():
        files[name] = sim.flash.read(name)
    check(len(files) >= 5, "games, history, dice and settings on flash: " + str(sorted(files)))
    k = 0
    while True:
        k += 1
        sim = Simulator(seed=1)
        for name, raw in files.items():
            sim.flash.write(name, raw)
        sim.power_cut()
        sim.boot()
        sim.advance(300)
        open_app(sim, "Settings")
        choose(sim, "Erase all")
        confirm(sim)  # asked twice (issue 40)
        sim.press("DOWN")
        sim.arm_power_cut(k)
        sim.press("OK")  # yes: erase
        if sim.on:  # no cut: the erase had fewer block writes than k
            check(says(sim, "All data erased"), "erased", sim)
            break
        done = "erasing" not in sim.flash.listdir()  # cut after the erase's mark went: it was done
        sim.boot()
        sim.advance(300)
        told = says(sim, "Erase all data was cut short by a power cut: finished now.")
        check(told or done, "finished at boot and told, cut at write " + str(k), sim)
        # the settings, fresh (or their .tmp: a cut while the erase saved them)
        left = [f for f in sim.flash.listdir() if not f.startswith("settings.")]
        check(not left, "nothing left but the settings, cut at write " + str(k) + ": " + str(left))
        if told:
            sim.press("OK")
        open_app(sim, "History")
        check(says(sim, "No finished games"), "the history is empty", sim)
    check(k > len(files), "every block write of the erase was cut at: " + str(k))
