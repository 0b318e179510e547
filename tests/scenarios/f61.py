# 61 Feuilles d'Automne at the table through the Simulator API: the helpers the
# scenarios of tests/scenarios/feuilles61.py and feuilles61_sheets.py share (a module of
# its own, so that each MicroPython lane process loads only the scenarios it runs: the
# lane's heap is shared with them, strings and names included).
from host_tools.sim import Simulator
from host_tools.sim.keys import run as keys
from tests.scenarios.util import check, choose, confirm, line_with, numbers, open_app, shown_as

KEYS = ("UP", "OK", "DOWN")  # the key beside each die, top to bottom
ROLL_MS = 500  # the roll animation has landed


def new_game(players, seed=1, setup=()):
    # a fresh device, 61 Feuilles opened with `players` sheets P1.., `setup` = presses
    # on the setup screen before Start: round 1, nothing rolled yet
    sim = Simulator(seed=seed)
    sim.advance(100)
    open_app(sim, "61 Feuilles")
    keys(sim, "DOWN OK" + " UP" * (players - 1) + " OK")  # "Players: 1" made `players`
    sim.press("ROLL")  # the line-up starts
    check("Mode: leaf tracks" in sim.text(), "the setup screen", sim)
    for key in setup:
        sim.press(key)
    sim.press("ROLL")  # the setup starts the game
    check(line_with(sim, "Round 1/20") is not None, "round 1 on screen", sim)
    return sim


def dice(sim):
    # the three dice of the column -> [(die, leaf total it makes, its goalpost or "")],
    # read off where each is drawn (a goalpost announcement beside them is not theirs):
    # a die's face at x 15, 16 px tall (its pips' meaning as text), what it makes at x 33
    from ui import text

    sim.text()  # the text layer of this simulator
    out = []
    for x, y, s, h in text.layer:
        if x == 15 and h == 16:
            made = next(e[2] for e in text.layer if e[0] == 33 and y <= e[1] <= y + 4).split(" ")
            out.append((int(s), int(made[0]), made[1] if len(made) > 1 else ""))
    return out


def picker(sim, names=("P1", "P2", "P3", "P4", "P5", "P6")):
    # the seat whose leaf die is asked ("◄ leaf die" under the panel): the name on its
    # lit bar at the panel's top (x 67 on, y 12; shortened by design when long) -> its
    # seat among `names`
    from ui import text

    if line_with(sim, "leaf die") is None:
        return None
    shown = next(e[2] for e in text.layer if e[0] >= 67 and e[1] == 12)
    return next(p for p in range(len(names)) if shown_as(shown, names[p]))


def roll(sim):
    sim.press("ROLL")
    sim.advance(ROLL_MS)


def take(sim, best):
    # one press: the die whose leaf total best() chooses among the three
    rows = dice(sim)
    totals = [r[1] for r in rows]
    k = totals.index(best(totals))
    sim.press(KEYS[k])
    return rows[k]


def reroll_until(sim, value, tries=40):
    # roll this round again (confirmed) until a die shows `value`
    for _ in range(tries):
        if value in [r[0] for r in dice(sim)]:
            return
        sim.press("ROLL")
        check("New dice for round" in sim.text(), "a re-roll asks first", sim)
        confirm(sim)
        sim.advance(ROLL_MS)
    check(False, "a die showed " + str(value), sim)


def take_value(sim, value):
    reroll_until(sim, value)
    sim.press(KEYS[[r[0] for r in dice(sim)].index(value)])


def lit_seats(sim, players):
    # the seats whose LEDs glow, in seat order
    leds = sim.leds()
    per = len(leds) // players
    return [s for s in range(players) if all(c != (0, 0, 0) for c in leds[s * per:(s + 1) * per])]


def play_to_the_end(sim):
    # every sheet takes its highest die each round until the game ends (61 is reached)
    while "Game over" not in sim.text():
        roll(sim)
        while line_with(sim, "leaf die") is not None:
            take(sim, max)
        sim.press("ROLL")


def final_total(sim):
    # the ranking's first row: "1 P1 24" -> 24
    return numbers(sim.text().split("\n")[1])[-1]


def menu_row(sim, label):
    # the game menu, then the row starting with `label` (OK on it)
    sim.hold("OK")
    choose(sim, label)


def scrolled_to(sim, label):
    # DOWN through a menu (it wraps) until a row starting with `label` shows
    for _ in range(16):
        if line_with(sim, label) is not None:
            return True
        sim.press("DOWN")
    return False
