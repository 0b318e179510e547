# A battery-backed clock module on the OLED's bus (issue 42 item 1): the simulator's
# DS3231 (host_tools/sim/ds3231.py) keeps counting while the board is off, and the
# firmware sets its own clock from it at boot, so a game played after a power cut with
# no host in reach is dated. One whose battery went out says nothing and dates nothing;
# a board without one is as before. Runs on CPython and MicroPython.
from tests.scenarios.history import _answer, leaves_game, table
from tests.scenarios.util import FOUR, check, new_match, open_app, open_game, says


def _title(sim):
    open_app(sim, "History")
    return sim.text().split("\n")[0]


def _off_and_on(sim, off_ms):
    # the power cut for off_ms of virtual time (the clock module counts on), then a boot
    sim.power_cut()
    sim.advance(off_ms)
    sim.boot()
    sim.advance(500)


def _uptime(sim):
    # the firmware's seconds since power-up, as it answers the host link (core/when.py)
    said = _answer(sim, "LK-CLOCK 2025 03 14 19 05 00\n")
    check(said[:2] == ["LK-CLOCK", "OK"], "the link answers", sim)
    return int(said[3])


def scenario_a_clock_module_set_by_the_host_dates_games_after_a_power_cut():
    # set over the host link at 19:05:00, the power off for a minute and a half: the
    # game after the boot ends at 19:06 (a few seconds of play), not undated
    sim = table(FOUR, rtc=True)
    check(_answer(sim, "LK-CLOCK 2025 03 14 19 05 00\n")[:2] == ["LK-CLOCK", "OK"], "the host sets the time", sim)
    check(not sim.rtc.osf, "the module set, its stop flag cleared", sim)
    _off_and_on(sim, 90_000)
    check(not says(sim, "damaged") and not says(sim, "Oops"), "a quiet boot", sim)
    open_game(sim, "Autumn Leaves")
    leaves_game(sim)
    check(_title(sim) == "History 14.3.25 19:06", "the game after the power cut is dated", sim)
    # the date came from the module, the uptime is still the time since power-up
    check(_uptime(sim) < 60, "the uptime counts from the boot, not from 2021", sim)
    # the simulator's set_clock (the way pull and the web page set it) sets it too
    sim.set_clock((2026, 1, 2, 8, 0, 0))
    _off_and_on(sim, 1000)
    open_app(sim, "Autumn Leaves")
    new_match(sim)
    leaves_game(sim)
    check(_title(sim) == "History 2.1.26 8:00", "dated by the time set_clock gave the module", sim)
    sim.press("DOWN")
    check(sim.text().split("\n")[0] == "History 14.3.25 19:06", "the first game keeps its date", sim)


def scenario_a_clock_module_that_lost_its_battery_is_ignored():
    # a new module (its oscillator-stop flag set: it never kept a time), then one whose
    # coin cell went out: the board boots as one without it, says nothing of it, and its
    # games are undated until a host sets the time again
    sim = table(FOUR, rtc=True)
    open_game(sim, "Autumn Leaves")
    leaves_game(sim)
    check(_title(sim) == "History undated", "a module that never kept a time dates nothing", sim)
    _answer(sim, "LK-CLOCK 2025 03 14 19 05 00\n")
    sim.rtc.battery_out()
    _off_and_on(sim, 1000)
    check(not says(sim, "damaged") and not says(sim, "clock") and not says(sim, "Oops"), "nothing said at boot", sim)
    open_app(sim, "Autumn Leaves")
    new_match(sim)
    leaves_game(sim)
    check(_title(sim) == "History undated", "a module that lost its battery dates nothing", sim)
    # a module that keeps a time that is no date (2001: set by something else) neither
    sim.rtc.at[0] = 31_622_400
    sim.rtc.osf = False
    _off_and_on(sim, 1000)
    open_app(sim, "Autumn Leaves")
    new_match(sim)
    leaves_game(sim)
    # written only by the host's one setting (the time, then the status)
    check(_title(sim) == "History undated" and sim.rtc.writes == 2, "a time before 2024 dates nothing, left as it is", sim)
    # another chip at 0x68 keeping a good time, but whose register 0x0F is no DS3231's
    # status (bits 6-4 set: a PCF8523's timer control at its reset value, 0x38)
    sim.rtc.at[0] = 795294300  # 2025-03-14 19:05:00
    sim.rtc.status = 0x38
    _off_and_on(sim, 1000)
    check(not says(sim, "damaged") and not says(sim, "Oops"), "nothing said at boot", sim)
    open_app(sim, "Autumn Leaves")
    new_match(sim)
    leaves_game(sim)
    check(_title(sim) == "History undated", "a chip that is no DS3231 dates nothing", sim)


def scenario_a_board_without_a_clock_module_forgets_the_time_at_a_power_cut():
    # as before the module: the time a host set lasts until the power drops
    sim = table(FOUR)
    _answer(sim, "LK-CLOCK 2025 03 14 19 05 00\n")
    _off_and_on(sim, 1000)
    open_game(sim, "Autumn Leaves")
    leaves_game(sim)
    check(_title(sim) == "History undated", "the game after the power cut is undated", sim)
