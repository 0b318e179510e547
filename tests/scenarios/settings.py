# The settings app: changes apply at once, persist across a power cut, and "erase all"
# asks first. About says what runs, for a support question.
import gc
import sys

from host_tools.sim import Simulator
from host_tools.sim.keys import run as keys
from tests.scenarios.util import check, choose, confirm, cursor_row, line_with, says


def open_settings(sim):
    sim.press("UP")  # the menu wraps: Settings is the last entry
    sim.press("OK")
    check(line_with(sim, "Erase all data") is not None or line_with(sim, "Screen:") is not None, "settings open", sim)


def title_rows_lit(sim, rows):
    # the title bar is a lit band 9 px tall with dark text in it: mostly lit
    px = sim.pixels()
    return sum(px[y].count("#") for y in rows) > 600


def scenario_brightness_and_flip_apply_at_once_and_survive_a_power_cut():
    sim = Simulator(seed=1)
    open_settings(sim)
    check(line_with(sim, "Screen: 4/5") is not None, "default brightness 4 of 5", sim)
    before = sim.contrast()
    choose(sim, "Screen:")
    sim.press("DOWN")  # 4/5 -> 5/5
    sim.press("OK")
    check(sim.contrast() == 255 and before < 255, "full contrast sent to the panel")
    check(line_with(sim, "Screen: 5/5") is not None, "the menu shows the new value", sim)
    check(title_rows_lit(sim, range(9)), "title bar at the top before the flip")
    choose(sim, "Flip screen")
    check(line_with(sim, "Flip screen: yes") is not None, "flip on", sim)
    check(title_rows_lit(sim, range(55, 64)) and not title_rows_lit(sim, range(9)), "picture turned 180 degrees")
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    check(sim.contrast() == 255, "brightness kept after a power cut")
    check(title_rows_lit(sim, range(55, 64)), "still flipped after a power cut")


def scenario_sound_toggle_and_led_brightness():
    sim = Simulator(seed=1)
    open_settings(sim)
    choose(sim, "Sound:")
    check(line_with(sim, "Sound: off") is not None, "sound off", sim)
    sim.press("UP")  # the list stops at its ends: LEDs is the row above
    choose(sim, "LEDs:")
    sim.press("UP")
    sim.press("UP")
    sim.press("UP")  # 3/5 -> off
    sim.press("OK")
    check(line_with(sim, "LEDs: off") is not None, "LEDs off", sim)
    choose(sim, "LEDs:")  # the seat colours show while this entry is chosen: all dark now
    check(all(c == (0, 0, 0) for c in sim.leds()), "cap 0 means dark")


def scenario_erase_all_asks_first_then_forgets_everything():
    sim = Simulator(seed=1)
    sim.press("ROLL")  # a dice roll leaves a save behind
    sim.advance(600)
    sim.hold("BACK")
    open_settings(sim)
    choose(sim, "Screen:")
    sim.press("DOWN")
    sim.press("OK")
    choose(sim, "Erase all")
    check(line_with(sim, "for good.") is not None, "asks first", sim)
    sim.press("BACK")  # no
    check(sim.flash.read("dice.json") is not None, "nothing erased on BACK")
    choose(sim, "Erase all")
    sim.press("OK")  # the cursor starts on "Keep everything": no
    check(sim.flash.read("dice.json") is not None, "nothing erased on OK at once")
    choose(sim, "Erase all")
    confirm(sim)
    check(says(sim, "Sure?") and cursor_row(sim) == "Keep everything", "asked again, on the answer that keeps", sim)
    sim.press("OK")  # the OK of habit keeps there too
    check(sim.flash.read("dice.json") is not None, "nothing erased on the second question's OK")
    choose(sim, "Erase all")
    confirm(sim)
    confirm(sim)
    check(line_with(sim, "erased") is not None, "says it is done", sim)
    check(sim.flash.read("dice.json") is None, "saved games gone")
    sim.press("OK")
    check(sim.contrast() == 190, "settings back to their defaults (brightness 4/5)")


def all_rows(sim):
    # every row of a list that scrolls, under its title: each DOWN brings one more in
    rows = sim.text().split("\n")[1:]
    for _ in range(8):
        before = sim.text()
        sim.press("DOWN")
        if sim.text() == before:
            return rows
        rows.append(sim.text().split("\n")[-1])
    check(False, "the list ends", sim)


def scenario_about_says_what_runs_and_the_room_left():
    from core.about import VERSION  # pyproject's version: tests/test_about.py

    sim = Simulator(seed=1)
    # 20 KB of the simulator's 512 KB flash taken, a page at a time (the lane's heap,
    # which the fake flash shares, may have no 20 KB block for one piece)
    sim.flash.write("notes.txt", (b"x" * 256 for _ in range(80)))
    open_settings(sim)
    choose(sim, "About")  # its last row
    check(sim.text().startswith("About"), "About opens", sim)
    # the Python running this scenario runs the firmware too: the unix port says
    # "1.29.0-preview" (its version's fourth part); CPython is the simulator on a
    # computer, said so in words, with no heap of its own to count
    impl = sys.implementation
    v = impl.version
    words = " ".join(all_rows(sim)).split()
    if impl.name == "micropython":
        python = ["MicroPython", "%d.%d.%d" % v[:3] + ("-" + v[3] if v[3] else "")]
        want = ["Leafkeeper", VERSION] + python + ["Firmware", "files", "Heap", "free"]
    else:
        want = ["Leafkeeper", VERSION, "Simulator", "on", "a", "computer", "Firmware", "files"]
    if impl.name == "micropython":
        # what is free here a moment later, give or take the scenario's own objects
        gc.collect()
        shown, here = int(words[len(want)]), gc.mem_free() // 1024
        check(abs(shown - here) <= 4, "heap free %d KB, %d KB here" % (shown, here))
        want += [words[len(want)], "KB"]
    want += ["Flash", "free", "492", "KB"]  # 512 KB less the 20 KB taken
    check(words == want, "every row of About: %r" % words, sim)
    sim.press("BACK")
    check(sim.text().startswith("Settings") and line_with(sim, "About"), "back in Settings", sim)


def _counted(sim, script):
    # the presses of a keys script run on sim: one a click or a hold
    keys(sim, script)
    return len([k for k in script.split() if not k.startswith("wait")])


def scenario_about_and_a_rename_are_a_few_presses_from_home():
    # issue 40 item 15: the README's way to About ("from the top, UP then OK") stopped at
    # the top of Settings. Its ways now (tour.py, quoted by the README and held to it by
    # tests/test_readme_paths.py): About in at most 12 presses, a rename in at most 20,
    # with a game in progress too (home's cursor then starts on its Resume row)
    from host_tools.bench.tour import ABOUT_KEYS, RENAME_OPEN, type_name
    from tests.scenarios.util import FOUR, open_game, table

    for playing in (False, True):
        sim = table(FOUR)
        if playing:
            open_game(sim, "Autumn Leaves")
            sim.hold("BACK")
        n = _counted(sim, ABOUT_KEYS)
        check(sim.text().startswith("About") and n <= 12, "About in %d presses" % n, sim)
        sim.hold("BACK")
        n = _counted(sim, RENAME_OPEN)
        while cursor_row(sim) != "Ben":
            sim.press("DOWN")
            n += 1
        n += _counted(sim, "OK OK")  # Ben, Rename
        n += type_name(sim, "Benno")
        check(says(sim, "Rename Ben to Benno?"), "the rename asks", sim)
        n += _counted(sim, "DOWN OK")
        check(sim.loop.ui.settings["names"][1] == "Benno" and n <= 20, "renamed in %d presses" % n, sim)


def scenario_erase_all_is_out_of_reach_of_habit_presses():
    # issue 28: "DOWN×8 OK UP UP OK OK" erased everything (the list wrapped from its
    # first row onto About, then Erase all data, and its question took the same OK).
    # Now the list stops at its top, and the question starts on "Keep everything"
    sim = Simulator(seed=1)
    sim.press("ROLL")  # a dice roll leaves a save behind
    sim.advance(600)
    sim.hold("BACK")
    for _ in range(8):
        sim.press("DOWN")
    sim.press("OK")
    sim.press("UP")
    check(cursor_row(sim) == "Screen: 4/5", "UP at the top stays on the top row", sim)
    sim.press("UP")
    sim.press("OK")
    sim.press("OK")
    check(sim.flash.read("dice.json") is not None and not says(sim, "erased"), "nothing erased", sim)
    sim.hold("BACK")
    open_settings(sim)
    choose(sim, "Erase all")
    check(cursor_row(sim) == "Keep everything", "the question starts on the answer that keeps", sim)
    sim.press("UP")  # the answers stop at their ends too
    sim.press("OK")
    check(sim.flash.read("dice.json") is not None and line_with(sim, "Erase all data"), "kept, back in Settings", sim)


def scenario_a_held_scroll_stops_beside_erase_all_and_a_question_asks_twice():
    # issue 40: home DOWN:long OK DOWN:long DOWN OK DOWN OK erased everything: a held
    # DOWN ran to the end of Settings, onto "Erase all data". Now a held scroll never
    # lands on a row that erases (a click steps on), nor on a question's answer that
    # does it, and erasing everything asks twice
    sim = Simulator(seed=1)
    sim.press("ROLL")  # a dice roll leaves a save behind
    sim.advance(600)
    sim.hold("BACK")
    sim.press("UP")  # Settings, the last row
    sim.press("OK")
    sim.hold("DOWN")
    check(cursor_row(sim) == "Player names", "held, the cursor stops beside Erase all data", sim)
    sim.press("DOWN")
    check(cursor_row(sim) == "Erase all data", "a click steps on", sim)
    sim.press("OK")
    sim.hold("DOWN")
    check(cursor_row(sim) == "Keep everything", "a held DOWN stays on the answer that keeps", sim)
    sim.press("DOWN")
    sim.press("OK")
    check(says(sim, "Sure?") and cursor_row(sim) == "Keep everything", "asked again", sim)
    sim.hold("DOWN")
    sim.press("OK")
    check(sim.flash.read("dice.json") is not None and not says(sim, "erased"), "nothing erased", sim)
