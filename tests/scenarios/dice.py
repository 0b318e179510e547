# The dice roller as a player uses it, through the Simulator API only.
from host_tools.sim import Simulator
from tests.scenarios.util import booted_with, check, line_with, lit, numbers


def dice_values(sim):
    # the dice row is the text row right under the title
    return numbers(sim.text().split("\n")[1])


def total(sim):
    line = line_with(sim, "Total")
    return numbers(line)[0] if line else None


def scenario_home_lists_the_dice_roller():
    sim = Simulator(seed=1)
    sim.advance(100)
    check("Dice roller" in sim.text(), "home menu shows the dice roller", sim)


def scenario_roll_from_home_rolls_3d6_at_once():
    # DICE-1: 3d6 to start with; DICE-2: values in range
    sim = Simulator(seed=1)
    sim.press("ROLL")
    sim.advance(600)
    check(line_with(sim, "3d6") is not None, "title says 3d6", sim)
    vals = dice_values(sim)
    check(len(vals) == 3 and all(1 <= v <= 6 for v in vals), "three d6 values", sim)
    check(total(sim) == sum(vals), "total is the sum of the dice", sim)
    check(lit(sim.pixels(), 0, 12, 128, 34) > 60, "dice drawn on the panel")


def scenario_same_seed_same_dice():
    # RND-2: the same seed, the same dice
    rolls = []
    for seed in (5, 5, 6):
        sim = Simulator(seed=seed)
        seq = []
        for _ in range(4):
            sim.press("ROLL")
            sim.advance(600)
            seq.append(dice_values(sim))
        rolls.append(seq)
        sim = None  # one device at a time: the MicroPython lane has a small heap
    check(rolls[0] == rolls[1], "same seed, same dice")
    check(rolls[0] != rolls[2], "another seed, other dice")


def scenario_animation_is_short_and_a_second_press_skips_it():
    sim = Simulator(seed=2)
    sim.press("ROLL")  # 230 ms: the roll started when the button was released
    check(total(sim) is None, "still tumbling right after the press", sim)
    sim.advance(400)  # 480 ms after the release: done
    check(total(sim) is not None, "result within 600 ms", sim)
    sim.press("ROLL")
    check(total(sim) is None, "new roll tumbling", sim)
    sim.button_down("ROLL")
    sim.advance(40)
    sim.button_up("ROLL")
    sim.advance(20)  # one tick after the release
    check(total(sim) is not None, "a second press shows the result at once", sim)


def scenario_leds_chase_while_rolling_and_go_dark_after():
    sim = Simulator(seed=3)
    sim.press("ROLL")  # 150 ms into the animation
    lit_leds = [c for c in sim.leds() if c != (0, 0, 0)]
    check(len(lit_leds) == 1, "one LED chases round the ring while rolling")
    where = sim.leds().index(lit_leds[0])
    sim.advance(120)
    check(sim.leds().index(lit_leds[0]) != where, "the light moves")
    sim.advance(600)
    check(all(c == (0, 0, 0) for c in sim.leds()), "ring dark after the roll")


def scenario_held_die_keeps_its_value():
    # DICE-3: a held die keeps its value; all held, no roll
    sim = Simulator(seed=4)
    sim.press("ROLL")
    sim.advance(600)
    first = dice_values(sim)
    sim.press("OK")  # hold die 1 (the cursor starts there)
    check("OK: release" in sim.text(), "hint offers to release the held die", sim)
    changed = False
    for _ in range(8):
        sim.press("ROLL")
        sim.advance(600)
        vals = dice_values(sim)
        check(vals[0] == first[0], "held die kept its value", sim)
        changed = changed or vals[1:] != first[1:]
    check(changed, "the other dice rolled")
    sim.press("DOWN")
    sim.press("OK")
    sim.press("DOWN")
    sim.press("OK")  # now all three are held
    sim.press("ROLL")
    check(line_with(sim, "All dice are held") is not None, "refuses to roll all-held dice", sim)


def scenario_setup_5d20_remembered_after_power_cut():
    # DICE-1: 5d20; KEEP-1: the setup and the last result survive a power cut
    sim = Simulator(seed=5)
    sim.press("OK")  # open the dice roller from home
    sim.hold("OK")  # menu
    check(line_with(sim, "Dice: 3") is not None, "menu shows the dice count", sim)
    sim.press("OK")  # Dice: 3
    sim.press("UP")
    sim.press("UP")
    check(line_with(sim, "5") is not None, "stepper shows 5", sim)
    sim.press("OK")
    sim.hold("OK")
    sim.press("DOWN")
    sim.press("OK")  # Kind
    for _ in range(4):
        sim.press("DOWN")  # d6 -> d20
    sim.press("OK")
    check(line_with(sim, "5d20") is not None, "title says 5d20", sim)
    sim.press("ROLL")
    sim.advance(600)
    vals = dice_values(sim)
    check(len(vals) == 5 and all(1 <= v <= 20 for v in vals), "five d20", sim)
    sim.power_cut()
    check(sim.text() == "", "dark while the power is off")
    sim.boot()
    sim.advance(100)
    sim.press("OK")
    check(line_with(sim, "5d20") is not None, "setup remembered after a power cut", sim)
    check(dice_values(sim) == vals, "last result remembered too", sim)


def scenario_history_lists_the_last_rolls_newest_first():
    # DICE-4: the history, newest first
    sim = Simulator(seed=6)
    totals = []
    for _ in range(3):
        sim.press("ROLL")
        sim.advance(600)
        totals.append(total(sim))
    sim.hold("OK")
    sim.press("DOWN")
    sim.press("DOWN")
    sim.press("DOWN")
    sim.press("OK")  # History
    lines = sim.text().split("\n")[1:]
    check(len(lines) == 3, "three rolls in the history", sim)
    for i in range(3):
        check(lines[i].startswith("#" + str(3 - i)), "newest first", sim)
        check(lines[i].endswith("=" + str(totals[2 - i])), "history total matches", sim)


def open_stats(sim):
    sim.hold("OK")
    for _ in range(4):
        sim.press("DOWN")
    sim.press("OK")  # Statistics


def face_counts(sim):
    counts = []
    for line in sim.text().split("\n")[1:3]:
        counts += numbers(line)[1::2]  # "1:4  2:7  3:5" -> face, count, face, count...
    return counts


def scenario_statistics_count_every_die_and_judge_fairness():
    # DICE-5, DICE-6: the counts by face, the chi-square statistic
    sim = Simulator(seed=7)
    for _ in range(3):
        sim.press("ROLL")
        sim.press("ROLL")  # skip the animation
    open_stats(sim)
    counts = face_counts(sim)
    check(len(counts) == 6 and sum(counts) == 9, "9 dice counted by face", sim)
    # a verdict needs 5 expected per face: 30 dice, so 21 more
    check(line_with(sim, "Need 21 more") is not None, "too few rolls for a verdict", sim)
    sim.press("BACK")  # to the menu
    sim.press("BACK")  # to the dice
    for _ in range(7):
        sim.press("ROLL")
        sim.press("ROLL")
    open_stats(sim)
    counts = face_counts(sim)
    check(sum(counts) == 30, "30 dice counted", sim)
    # chi-square by hand: sum of (count - 5)^2 / 5, shown to one decimal
    stat10 = 0
    for c in counts:
        stat10 += (c - 5) * (c - 5) * 2  # tenths: x/5 = 2x/10
    want = "chi2=" + str(stat10 // 10) + "." + str(stat10 % 10)
    check(line_with(sim, want) is not None, "chi-square shown: " + want, sim)
    verdict = line_with(sim, "p=")
    check(verdict is not None and ("fair" in verdict or "unfair" in verdict or "Doubtful" in verdict), "verdict", sim)


def scenario_long_back_goes_home():
    sim = Simulator(seed=8)
    sim.press("OK")
    sim.hold("OK")
    sim.press("DOWN")
    sim.press("OK")
    sim.hold("BACK")
    check("Dice roller" in sim.text() and "Leafkeeper" in sim.text(), "home after long BACK", sim)


def scenario_the_thousandth_roll_keeps_its_title_whole():
    # the soak found "3d10 #1000" cut beside "OK: release": past roll 999 the title
    # gives the roll's number up before anything is cut (the runner fails on cut text)
    sim = booted_with(Simulator(seed=1), {"dice.json": {"n": 3, "sides": 10, "rolls": 999}})
    sim.press("ROLL")
    sim.advance(600)
    check(line_with(sim, "3d10 #1000") is not None, "the roll's number beside OK: hold", sim)
    sim.press("OK")  # hold the first die: the hint is "OK: release", longer
    check(line_with(sim, "OK: release") is not None and line_with(sim, "3d10") is not None,
          "the dice and the hint, whole", sim)
