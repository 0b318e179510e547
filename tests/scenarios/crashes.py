# A bug that crashes a screen on every tick (issue 14): the device must neither wear out
# its flash writing the crash log nor spin re-entering the screen that crashes.
# Runs on CPython and under MicroPython.
from host_tools.sim import Simulator
from tests.scenarios.util import check, line_with


def scenario_a_screen_that_crashes_on_every_tick_writes_a_handful_of_blocks_a_minute():
    sim = Simulator(seed=1)
    sim.advance(200)
    from ui.screen import Screen

    calls = [0]
    fine = Screen.leds

    def broken(self, leds, now_ms):
        calls[0] += 1
        raise ValueError("broken LEDs")

    # the home screen and the message that reports a crash both light the ring this way:
    # each crashes as soon as it is shown
    Screen.leds = broken
    try:
        before = sim.flash_writes
        sim.advance(60_000)
        writes = sim.flash_writes - before
        check(writes <= 8, "a minute of crashes wrote " + str(writes) + " flash blocks")
        check(calls[0] <= 10, "the crashing screens were entered " + str(calls[0]) + " times in a minute")
        log = sim.flash.read("crash.log")
        check(log is not None and log.count(b"== ") == 1 and b"broken LEDs" in log, "logged once")
        check(line_with(sim, "stopped") is not None, "the screen says so", sim)
        # two minutes on: the count is in the log, still without wearing the flash
        sim.advance(120_000)
        log = sim.flash.read("crash.log")
        check(log.count(b"== ") == 1 and b" times)" in log, "the same crash, counted: " + repr(log[:60]))
        check(sim.flash_writes - before <= 16, "three minutes wrote " + str(sim.flash_writes - before))
        # the bug gone (say, the screen that had it left behind): a press brings it back
        Screen.leds = fine
        sim.press("OK")
        sim.advance(200)
        check(line_with(sim, "Dice roller") is not None, "home again", sim)
    finally:
        Screen.leds = fine
