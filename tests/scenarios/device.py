# The device as a whole: idle power states, the wake press, burn-in shift, and a damaged
# save reported in plain words.
from host_tools.sim import Simulator
from tests.scenarios.util import check, line_with


def scenario_dims_after_a_minute_and_goes_dark_after_five():
    sim = Simulator(seed=1)
    sim.advance(1000)
    bright = sim.contrast()
    sim.advance(59_000)
    check(sim.contrast() < bright, "dimmed after 60 s idle")
    check(sim.display_on() and "Dice roller" in sim.text(), "still showing while dimmed")
    sim.advance(240_000)
    check(not sim.display_on() and sim.text() == "", "panel off after 5 min idle")
    check(all(c == (0, 0, 0) for c in sim.leds()), "LEDs off too")


def scenario_the_press_that_wakes_it_only_wakes_it():
    sim = Simulator(seed=1)
    sim.advance(301_000)
    check(not sim.display_on(), "asleep")
    sim.press("ROLL")  # on the home screen ROLL would open the dice and roll
    check(sim.display_on(), "awake after the press")
    check(line_with(sim, "Dice roller") is not None, "still on the home screen", sim)
    sim.press("ROLL")
    sim.advance(600)
    check(line_with(sim, "Total") is not None, "the next press acts", sim)


def scenario_a_press_on_a_dimmed_screen_acts():
    sim = Simulator(seed=1)
    sim.advance(70_000)
    sim.press("ROLL")
    sim.advance(600)
    check(line_with(sim, "Total") is not None, "a dimmed screen can still be used", sim)


def scenario_static_screen_moves_a_pixel_against_burn_in():
    sim = Simulator(seed=1)
    sim.advance(1000)
    before = sim.pixels()
    sim.advance(180_000)
    after = sim.pixels()
    check(after != before, "the picture moved")
    # the first shift is one pixel to the right: every row, with the last column gone
    for y in range(64):
        check(after[y][1:] == before[y][:-1] and after[y][0] == ".", "row %d shifted by one" % y)


def scenario_damaged_save_is_reported_and_the_app_starts_fresh():
    sim = Simulator(seed=1)
    sim.flash.write("dice.json", b'{"v": 1, "data": {"n": 4')  # cut off mid-write
    sim.boot()
    sim.advance(100)
    sim.press("OK")  # open the dice roller
    check(line_with(sim, "damaged") is not None, "the player is told", sim)
    check(line_with(sim, "dice.bad") is not None, "and where the old file went", sim)
    check(sim.flash.read("dice.bad") is not None, "the damaged file is kept")
    sim.press("OK")  # dismiss
    check(line_with(sim, "3d6") is not None, "the dice roller starts fresh", sim)
