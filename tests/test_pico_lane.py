# The Pico lane: the firmware as `leafkeeper deploy` ships it (.mpy for armv6m, viper
# code included, on littlefs), booted by the real MicroPython v1.26.1 for the RPI_PICO in
# the RP2040 emulator (host_tools/pico/). Every picture is what MicroPython's own
# machine.I2C put on the bus, and it must be the simulator's picture, pixel for pixel.
import json
import shutil

import pytest

from host_tools.bench.tour import TYPICAL_HAND
from host_tools.pico import image
from host_tools.pico.emulator import Pico, PicoError, node_runtime
from host_tools.sim import Simulator, keys
from tests.scenarios.util import FOUR


def _runtime():
    try:
        node_runtime()
    except PicoError as e:
        pytest.skip("the Pico lane cannot run here: %s" % e)


def crashes(pico):
    """What went wrong on the board, in MicroPython's own words: tracebacks on USB
    serial, the firmware's crash log on its flash, a watchdog reset. '' when nothing."""
    found = pico.traceback()
    log = image.read_file(pico.flash_image(), "data/crash.log")
    if log:
        found += "\n/data/crash.log:\n" + log.decode("utf-8", "replace")
    if pico.watchdog_resets:
        found += "\nthe watchdog reset the board %d times" % pico.watchdog_resets
    return found


def same_picture(pico, sim, what):
    got = pico.pixels()
    want = sim.pixels()
    if got != want:
        rows = [
            "%2d %s  %s" % (y, got[y], "" if got[y] == want[y] else "<- sim: " + want[y])
            for y in range(64)
        ]
        pytest.fail("%s: the Pico shows something else than the simulator\n%s" % (what, "\n".join(rows)))


def both(pico, sim, script):
    keys.run(pico, script)
    keys.run(sim, script)


@pytest.fixture(scope="module")
def fresh():
    # one board from a fresh flash for the tests that only look around
    _runtime()
    with Pico(image.build()) as pico:
        pico.advance(600)
        yield pico
        trouble = crashes(pico)
        assert not trouble, trouble


def test_boots_to_the_home_screen_as_in_the_simulator(fresh):
    sim = Simulator(seed=1)
    sim.advance(600)
    same_picture(fresh, sim, "home after boot")
    assert "Traceback" not in fresh.serial


def every_app_as_in_the_simulator(pico, sim):
    """Opens each app of the home menu in turn on the board and in the simulator, both at
    home: its first screen the same picture, and the app's own screen on the board; then
    a long BACK home again. Shared by the UF2's lane (tests/test_uf2.py)."""
    from apps import APPS  # the simulator put the firmware on the path

    for i in range(len(APPS)):
        # from the bottom of the menu (UP wraps round), the way the bench opens them
        script = "UP*%d OK wait:600" % (len(APPS) - i) if i else "OK wait:600"
        both(pico, sim, script)
        same_picture(pico, sim, "after opening " + APPS[i][0])
        assert pico.evaluate("type(loop.ui._stack[1]).__name__") == APPS[i][2]
        both(pico, sim, "BACK:long wait:300")
        same_picture(pico, sim, "home again after " + APPS[i][0])


def test_every_app_opens_as_in_the_simulator(fresh):
    sim = Simulator(seed=1)
    sim.advance(600)
    every_app_as_in_the_simulator(fresh, sim)


def four_at_the_table():
    # -> (the settings with a remembered line-up of four, as on flash; a Simulator booted
    # on them, at home)
    settings = json.dumps({"v": 1, "data": {"lineup": FOUR, "names": FOUR}}).encode()
    sim = Simulator(seed=1)
    sim.flash.write("settings.json", settings)
    sim.boot()
    sim.advance(600)
    return settings, sim


def a_hand(pico, sim):
    # from home: an Autumn Leaves hand with the remembered four, on both
    both(pico, sim, "DOWN OK OK wait:300")  # Autumn Leaves with the remembered four
    both(pico, sim, TYPICAL_HAND + " wait:300")
    same_picture(pico, sim, "the table after the hand")
    assert "Hand 2/6" in sim.text()


def hand_across_a_power_cycle(pico, sim):
    # a_hand, the power cycled, the game resumed; the board shows what the simulator
    # does at every step
    a_hand(pico, sim)
    pico.power_cycle()
    sim.power_cut()
    sim.boot()
    pico.advance(600)
    sim.advance(600)
    same_picture(pico, sim, "home after the power cycle (Resume first)")
    both(pico, sim, "OK wait:600")  # the cursor starts on Resume
    same_picture(pico, sim, "the table after resuming")
    assert "Hand 2/6" in sim.text()


def test_an_autumn_leaves_hand_survives_a_power_cycle():
    _runtime()
    settings, sim = four_at_the_table()
    with Pico(image.build(data={"settings.json": settings})) as pico:
        pico.advance(600)
        hand_across_a_power_cycle(pico, sim)
        save = json.loads(image.read_file(pico.flash_image(), "data/autumn_leaves.json"))
        assert save["data"]["setup"]["players"] == FOUR
        assert len(save["data"]["actions"]) == 1
        trouble = crashes(pico)
        assert not trouble, trouble


def test_a_clock_module_dates_a_game_played_after_a_power_cycle():
    # issue 42: a Pico with a DS3231 on the OLED's bus (the runner's fake, which counts
    # on while the power is off) set once over USB, power-cycled, then a game played with
    # no host: History dates it, on the board as in the simulator with its own module;
    # the game's end stamp on the board's flash is 14.3.25 from 19:05:00 on
    _runtime()
    settings, _ = four_at_the_table()
    sim = Simulator(seed=1, rtc=True)
    sim.flash.write("settings.json", settings)
    sim.boot()
    sim.advance(600)
    with Pico(image.build(data={"settings.json": settings}), rtc=True) as pico:
        pico.advance(600)
        for dev in (pico, sim):
            dev.serial_write("LK-CLOCK 2025 03 14 19 05 00\n")
            dev.advance(300)
        assert "LK-CLOCK OK" in pico.serial, pico.serial
        pico.power_cycle()
        sim.power_cut()
        sim.boot()
        pico.advance(600)
        sim.advance(600)
        both(pico, sim, "DOWN OK OK wait:300")  # Autumn Leaves with the remembered four
        for _ in range(6):
            both(pico, sim, "ROLL OK ROLL")  # a quick hand: Anna goes out
        both(pico, sim, "BACK:long wait:300 UP*2 OK wait:600")  # History
        assert sim.text().split("\n")[:2] == ["History 14.3.25 19:05", "1 AL Anna -42"]
        same_picture(pico, sim, "History after the power cycle")
        games = json.loads(image.read_file(pico.flash_image(), "data/hist_0.json"))["data"]["games"]
        # 2025-03-14 19:05:00 is 795,294,300 s after 2000-01-01 (Python's datetime)
        assert [len(g["te"]) for g in games] == [1] and 795294300 <= games[0]["te"][0] < 795294360, games
        trouble = crashes(pico)
        assert not trouble, trouble


def test_a_date_set_by_buttons_dates_a_game_that_stays_dated_across_a_power_cycle():
    # issue 42: a Pico with no clock module and no host: Settings' Date & time keyed in
    # (14.3.2026 19:05, from the entry's 1.1.2025 12:00), a game played, the power
    # cycled (the RP2040's clock starts at 2021 again): History still dates the game, on
    # the board as in the simulator; its end stamp on flash is 14.3.26 from 19:05:00
    _runtime()
    settings, sim = four_at_the_table()
    with Pico(image.build(data={"settings.json": settings})) as pico:
        pico.advance(600)
        both(pico, sim, "UP OK wait:600 DOWN*15 OK wait:300")  # Settings' last row
        assert sim.text().split("\n")[1:3] == ["Date 1 1 2025", "Time 12 00"], sim.text()
        both(pico, sim, "UP*13 OK UP*2 OK UP OK UP*7 OK UP*5 ROLL wait:300")
        assert "Set to 14.3.26 19:05." in sim.text().replace("\n", " "), sim.text()
        same_picture(pico, sim, "the date set")
        both(pico, sim, "OK BACK:long wait:300 DOWN OK OK wait:300")  # Autumn Leaves
        for _ in range(6):
            both(pico, sim, "ROLL OK ROLL wait:300")  # a quick hand: Anna goes out
        both(pico, sim, "wait:1000")  # the sixth: the game filed into the history
        assert "Anna wins!" in sim.text(), sim.text()
        same_picture(pico, sim, "the final standings")
        pico.power_cycle()
        sim.power_cut()
        sim.boot()
        pico.advance(600)
        sim.advance(600)
        both(pico, sim, "UP*2 OK wait:600")  # History
        assert sim.text().split("\n")[:2] == ["History 14.3.26 19:05", "1 AL Anna -42"], sim.text()
        same_picture(pico, sim, "History after the power cycle")
        games = json.loads(image.read_file(pico.flash_image(), "data/hist_0.json"))["data"]["games"]
        # 2026-03-14 19:05:00 is 826,830,300 s after 2000-01-01 (Python's datetime)
        assert [len(g["te"]) for g in games] == [1] and 826830300 <= games[0]["te"][0] < 826830360, games
        trouble = crashes(pico)
        assert not trouble, trouble


def test_a_crash_on_the_board_is_reported_with_its_traceback(tmp_path):
    # a firmware whose Settings app fails when it opens: the shell catches it, logs the
    # traceback to /data/crash.log and goes home; the lane's check brings it to the test
    _runtime()
    fw = tmp_path / "firmware"
    shutil.copytree(image.FIRMWARE_DIR, fw)
    path = fw / "apps" / "settings" / "__init__.py"
    path.write_text(path.read_text().replace("    def __init__(self, shell", "    def __init__(self, shell, _=1 // 0"))
    with Pico(image.build(src_root=str(fw))) as pico:
        pico.advance(600)
        keys.run(pico, "UP OK wait:600")
        trouble = crashes(pico)
    assert "ZeroDivisionError" in trouble and "Traceback" in trouble and "settings" in trouble
