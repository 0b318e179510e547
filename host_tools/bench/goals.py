# The press counts issue 40 set goals for (`leafkeeper bench`), each counted in the
# simulator by pressing the keys a player would, the screen checked on the way: the
# jobs that cost far more than paper, and the far rows of Settings.
from host_tools.bench import table
from host_tools.bench.tour import (
    ABOUT_KEYS,
    FEUILLES_ROUND,
    FEUILLES_SETUP,
    RENAME_OPEN,
    hold_ms,
    type_name,
)
from host_tools.sim import Simulator, keys

SHEETS = (31, 24, 38, 19)  # the zones' points four players sum on paper (0 to 52 each)


def _fail(what, sim):
    raise SystemExit("bench: %s:\n%s" % (what, sim.text()))


def _shown(sim):
    # the number on a total's screen (its first line under the title)
    digits = "".join(c if c.isdigit() else " " for c in sim.text().split("\n")[1]).split()
    if not digits:
        _fail("no total on the screen", sim)
    return int(digits[0])


def feuilles_tally():
    # 61 Feuilles, four sheets, played to the end (every sheet its first die); then
    # each sheet counted by its total: OK on the sheet, the total from what the device
    # kept (leaf points and bonuses) to the paper's sum, UP held most of the way, then
    # a press at a time, OK -> presses
    sim = Simulator(seed=7)
    sim.advance(200)
    keys.run(sim, FEUILLES_SETUP)
    for _ in range(20):
        if "Game over" in sim.text():
            break
        keys.run(sim, FEUILLES_ROUND)
    sim.press("OK")
    if "Count the sheets" not in sim.text():
        _fail("61 Feuilles did not come to its tally", sim)
    presses = 0
    for p, zones in enumerate(SHEETS):
        sim.press("OK")  # the sheet under the cursor (it goes on to the next by itself)
        presses += 1
        if not sim.text().startswith("P%d's total" % (p + 1)):
            _fail("P%d's total did not open" % (p + 1), sim)
        want = _shown(sim) + zones
        if zones > 3:
            sim.hold("UP", hold_ms(zones))
            presses += 1
        for _ in range(12):
            now = _shown(sim)
            if now == want:
                break
            sim.press("UP" if now < want else "DOWN")
            presses += 1
        if _shown(sim) != want:
            _fail("P%d's total did not reach %d" % (p + 1, want), sim)
        sim.press("OK")
        presses += 1
    if "Final tally" not in sim.text():
        _fail("four sheets counted, no final tally", sim)
    return presses


def ash_pass():
    # Autumn Ash, a match of Rosa and Xavier started (the sides, Start): Rosa's turn
    # bags nothing -> the presses after the ROLL that opens a turn
    import json

    sim = Simulator(seed=1)
    pair = ["Rosa", "Xavier"]
    sim.flash.write("settings.json", json.dumps({"v": 1, "data": {"lineup": pair, "names": pair}}).encode())
    sim.boot()
    sim.advance(200)
    _go_home_to(sim, "Autumn Ash")
    if "Rainbow: Rosa" not in sim.text():
        _fail("Autumn Ash did not ask for the sides", sim)
    keys.run(sim, "OK ROLL")  # Start, then Rosa's turn: its colours
    if "ROLL: no bag" not in sim.text():
        _fail("Rosa's turn did not open", sim)
    presses = keys.run(sim, "ROLL")
    st = sim.loop.ui.top.state
    if "ROLL: no bag" in sim.text() or st["turn"] != 1 or st["totals"] != [0, 0]:
        _fail("Rosa's turn did not pass", sim)
    return presses


def _go_home_to(sim, label):
    # home's rows, DOWN (it wraps) to `label`, OK: not counted (the job starts there)
    for _ in range(12):
        if sim.loop.ui.top.menu.items[sim.loop.ui.top.menu.index].startswith(label):
            sim.press("OK")
            return
        sim.press("DOWN")
    _fail("no %s on the home screen" % label, sim)


def about():
    # from home (a fresh device), About by the README's keys -> presses
    sim = Simulator(seed=1)
    sim.advance(200)
    presses = keys.run(sim, ABOUT_KEYS)
    if not sim.text().startswith("About"):
        _fail("About did not open", sim)
    return presses


def rename():
    # from home, the table's Ben renamed Benno: RENAME_OPEN, DOWN to Ben, OK, Rename,
    # the letters typed, yes -> presses
    import json

    names = ["Anna", "Ben", "Cara", "Dan"]
    sim = Simulator(seed=1)
    sim.flash.write("settings.json", json.dumps({"v": 1, "data": {"lineup": names, "names": names}}).encode())
    sim.boot()
    sim.advance(200)
    presses = keys.run(sim, RENAME_OPEN)
    for _ in range(8):
        menu = sim.loop.ui.top.menu
        if menu.items[menu.index] == "Ben":
            break
        presses += keys.run(sim, "DOWN")
    presses += keys.run(sim, "OK OK") + type_name(sim, "Benno")
    if "Rename Ben to Benno?" not in sim.text().replace("\n", " "):
        _fail("the rename did not ask", sim)
    presses += keys.run(sim, "DOWN OK")
    if sim.loop.ui.settings["names"][1] != "Benno":
        _fail("Ben was not renamed", sim)
    return presses


def counts():
    # -> [(the job, presses, goal)], as issue 40 names them
    from rules import autumn_leaves

    mean = table.hand_report(autumn_leaves, hands=table.realistic())[0]
    return [
        ("61 Feuilles: four sheets tallied by their totals", feuilles_tally(), 25),
        ("Autumn Ash: a turn with no bag, after its ROLL", ash_pass(), 1),
        ("Autumn Leaves: a hand as a table reports it, mean", round(mean, 1), 16),
        ("Settings' About, from home", about(), 12),
        ("A rename from home (Ben to Benno)", rename(), 20),
    ]


def report():
    print("Presses for the jobs issue 40 set goals for, pressed in the simulator:")
    print("  %-52s %7s %5s" % ("job", "presses", "goal"))
    for job, presses, goal in counts():
        print("  %-52s %7s %5d" % (job, presses, goal))
