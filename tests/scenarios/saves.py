# Saves under stress, as a player meets them: a full flash, damaged or hostile files
# left on the board (issue 14). Runs on CPython and under MicroPython.
import json

from host_tools.sim import Simulator
from tests.scenarios.util import check, line_with, numbers


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
