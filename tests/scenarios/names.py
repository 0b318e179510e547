# Players' names in the line-up (issue 14): no two seats with one name, and the same
# capital letters on the Pico and in the simulator. Runs on CPython and MicroPython.
import json

from host_tools.sim import Simulator
from tests.scenarios.util import check, line_with


def _letters():
    from apps.game import LETTERS

    return LETTERS


def _open_line_up(sim):
    # Autumn Leaves (the second entry of the home menu) opens on its line-up
    sim.advance(200)
    sim.press("DOWN")
    sim.press("OK")
    check(line_with(sim, "Start") is not None and line_with(sim, "1 P1") is not None, "the line-up", sim)


def _type_name(sim, seat, word):
    # from the line-up (cursor on Start): the seat's row, "Type a name", the letters, done
    for _ in range(seat + 2):
        sim.press("DOWN")
    sim.press("OK")
    check(line_with(sim, "Type a name") is not None, "the seat's name menu", sim)
    sim.press("OK")
    letters = _letters()
    for ch in word:
        for _ in range(letters.index(ch)):
            sim.press("DOWN")
        sim.press("OK")
    sim.press("ROLL")


def _back_to_start(sim, seat):
    for _ in range(seat + 2):
        sim.press("UP")


def scenario_a_name_already_in_the_line_up_is_refused():
    sim = Simulator(seed=1)
    _open_line_up(sim)
    _type_name(sim, 0, "ada")
    check(line_with(sim, "1 Ada") is not None, "seat 1 is Ada", sim)
    _back_to_start(sim, 0)
    _type_name(sim, 1, "ada")
    seen = sim.text().replace("\n", " ")
    check("Ada" in seen and "already" in seen, "the player is told: " + seen)
    sim.press("OK")  # the message
    check(line_with(sim, "2 P2") is not None and line_with(sim, "2 Ada") is None, "seat 2 keeps its name", sim)
    _back_to_start(sim, 1)
    sim.press("OK")  # Start
    s = json.loads(sim.flash.read("settings.json"))["data"]
    check(s["lineup"] == ["Ada", "P2", "P3"], "the line-up saved: " + str(s["lineup"]))
    check(s["names"] == ["Ada"], "Ada remembered once: " + str(s["names"]))
    game = json.loads(sim.flash.read("autumn_leaves.json"))["data"]
    check(game["setup"]["players"] == ["Ada", "P2", "P3"], "the game's players")


def scenario_capital_letters_are_the_same_on_the_pico_and_in_the_simulator():
    # MicroPython's str.upper() changes only ASCII letters, CPython's every letter:
    # the firmware capitalises with its own rule, the same on both
    sim = Simulator(seed=1)
    _open_line_up(sim)
    _type_name(sim, 0, "élo")
    check(line_with(sim, "1 Élo") is not None, "a capital É, as on the Pico", sim)
    from core.case import capitalise

    check(capitalise("ßen") == "ßen", "no SS for ß (CPython would make it SSen)")
    check(capitalise("ÿvon") == "ÿvon", "no Ÿ, which the fonts do not have")
    check(capitalise("ñu") == "Ñu" and capitalise("1a") == "1a", "Latin-1 letters only")
    from rules import autumn_ash

    check(autumn_ash.stage("BLAC\u212a") is None, "the Kelvin sign is not a K")  # CPython: "black"
    check(autumn_ash.stage(" Blue ") == ("rainbow", 3), "colours are read in any case")
