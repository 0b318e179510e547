# The dice roller as a player uses it, through the Simulator API only.
from host_tools.sim import Simulator
from tests.scenarios.util import (
    booted_with,
    check,
    choose,
    confirm,
    cursor_row,
    line_with,
    lit,
    numbers,
    says,
)


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
    # the menu's Statistics, read to its end -> its lines (its title left out)
    sim.hold("OK")
    choose(sim, "Statistics")
    return read_down(sim)


def read_down(sim):
    # the lines of a scrolled list, DOWN pressed until it shows nothing new
    lines = sim.text().split("\n")[1:]
    for _ in range(20):
        shown = sim.text()
        sim.press("DOWN")
        if sim.text() == shown:
            break
        lines.append(sim.text().split("\n")[-1])
    return lines


def face_counts(lines):
    # "1:4  2:7  3:5" -> the counts, face by face
    counts = []
    for line in lines:
        if ":" in line and line[0].isdigit():
            counts += numbers(line)[1::2]  # face, count, face, count...
    return counts


def last_rolls(sim):
    # the menu's Last rolls, read to its end -> its lines
    sim.hold("OK")
    choose(sim, "Last rolls")
    return read_down(sim)


def scenario_statistics_count_every_die_and_judge_fairness():
    # DICE-5, DICE-6: the counts by face, the chi-square statistic
    sim = Simulator(seed=7)
    for _ in range(3):
        sim.press("ROLL")
        sim.press("ROLL")  # skip the animation
    lines = open_stats(sim)
    counts = face_counts(lines)
    check(len(counts) == 6 and sum(counts) == 9, "9 dice counted by face", sim)
    # a verdict needs 5 expected per face: 30 dice, so 21 more
    check(any("Need 21 more" in t for t in lines), "too few rolls for a verdict", sim)
    sim.press("BACK")  # to the menu
    sim.press("BACK")  # to the dice
    for _ in range(7):
        sim.press("ROLL")
        sim.press("ROLL")
    lines = open_stats(sim)
    counts = face_counts(lines)
    check(sum(counts) == 30, "30 dice counted", sim)
    # chi-square by hand: sum of (count - 5)^2 / 5, shown to one decimal
    stat10 = 0
    for c in counts:
        stat10 += (c - 5) * (c - 5) * 2  # tenths: x/5 = 2x/10
    want = str(stat10 // 10) + "." + str(stat10 % 10) + " from 6 faces"
    check(want in lines, "chi-square shown: " + want, sim)
    at = lines.index(want)
    check(lines[at - 1] in ("Looks fair", "Looks unfair", "Doubtful"), "the verdict first", sim)


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


# -- issue 28 item 5: holds for one sitting, statistics that agree with Last rolls ------
def held_dice(sim):
    # the dice the hint says are held, from the one the arrow is under, read as a player
    # does: the arrow moved under each die in turn, "OK: release" under a held one; the
    # arrow ends where it was (it goes round)
    held = []
    for _ in range(len(dice_values(sim))):
        held.append(line_with(sim, "OK: release") is not None)
        sim.press("DOWN")
    return held


def scenario_a_power_cut_lets_the_holds_go():
    # DICE-3: held dice kept across a power cut made the next evening's ROLL at home keep
    # dice nobody remembered holding: a power-on holds nothing, the last result shows
    sim = Simulator(seed=11)
    sim.press("ROLL")  # from home: the roller, a first roll
    sim.advance(600)
    before = dice_values(sim)
    sim.press("OK")  # hold the first die
    sim.press("DOWN")
    sim.press("OK")  # and the second
    sim.press("UP")  # the arrow back under the first
    check(held_dice(sim) == [True, True, False], "two dice held", sim)
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    sim.press("OK")  # the roller from the home menu
    check(dice_values(sim) == before, "the last result still shows", sim)
    check(held_dice(sim) == [False, False, False], "nothing held after a power-on", sim)
    sim.hold("BACK")
    sim.press("ROLL")  # the quick roll at home
    sim.advance(600)
    check(held_dice(sim) == [False, False, False], "the quick roll held nothing", sim)
    newest = last_rolls(sim)[0]
    check(newest.startswith("#2 ") and "*" not in newest, "every die rolled: " + newest, sim)


def scenario_holds_stay_for_the_sitting_and_show_at_a_quick_roll():
    # DICE-3: leaving the roller and coming back, the device still on, keeps the holds; a
    # ROLL at home then keeps them on the glass (a held die drawn lit), and the next
    # power-on lets them go
    sim = Simulator(seed=12)
    sim.press("ROLL")
    sim.advance(600)
    first = dice_values(sim)[0]
    sim.press("OK")  # hold the first die
    sim.press("BACK")  # home
    sim.press("OK")  # the roller again
    check(held_dice(sim) == [True, False, False], "still held after leaving and coming back", sim)
    sim.press("BACK")
    sim.press("ROLL")  # the quick roll at home
    sim.advance(600)
    check(dice_values(sim)[0] == first, "the held die kept its value", sim)
    check(held_dice(sim) == [True, False, False], "and the screen says it is held", sim)
    # a held die is a lit square: three 20-px dice 3 px apart from x 31, y 13 (ui/dice.py),
    # inside its border (16 x 16 px) mostly lit but for the pips; a die not held, dark
    # but for them
    check(lit(sim.pixels(), 33, 15, 49, 31) > 150, "the held die is drawn lit", sim)
    check(lit(sim.pixels(), 79, 15, 95, 31) < 100, "the last die is not", sim)
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    sim.press("OK")
    check(held_dice(sim) == [False, False, False], "the next power-on holds nothing", sim)


def scenario_an_old_save_with_holds_loads_with_none_held():
    # DICE-3: a save from before holds were for one sitting: its holds are let go, its last
    # result kept
    old = {"n": 3, "sides": 6, "values": [2, 5, 6], "held": [True, False, True], "rolls": 4}
    sim = booted_with(Simulator(seed=13), {"dice.json": old})
    sim.press("OK")
    check(dice_values(sim) == [2, 5, 6], "the last result shows", sim)
    check(held_dice(sim) == [False, False, False], "nothing held", sim)


def tally(rolls):
    # per-face counts of d6 rolls worked out from what the screen showed: [(values,
    # held flags)] -> counts of faces 1..6, held dice left out
    counts = [0] * 6
    for values, held in rolls:
        for v, h in zip(values, held):
            if not h:
                counts[v - 1] += 1
    return counts


def scenario_statistics_survive_a_power_cut_and_agree_with_last_rolls():
    # DICE-4, DICE-5: the counts reset at power-on while the history stayed (n=0 beside
    # 16 listed rolls): now they are saved with it. 22 rolls, the last with a die held:
    # Stats covers all 22, says Last rolls lists the last 20, and counts what the screen
    # showed
    sim = Simulator(seed=14)
    seen = []
    for i in range(22):
        if i == 21:
            sim.press("OK")  # hold the first die for the last roll
        held = [i == 21, False, False]
        sim.press("ROLL")
        sim.press("ROLL")  # skip the animation
        seen.append((dice_values(sim), held))
    want = tally(seen)
    check(sum(want) == 21 * 3 + 2, "65 dice rolled")
    lines = open_stats(sim)
    check(lines[0] == "22 rolls since #1", "Stats says how many rolls since when", sim)
    check(lines[1] == "The last 20 listed", "and that Last rolls lists only 20", sim)
    check(face_counts(lines) == want, "the counts are the dice shown", sim)
    check("65 dice counted" in lines, "65 dice counted", sim)
    sim.press("BACK")  # the menu
    sim.press("BACK")  # the dice
    listed = last_rolls(sim)
    numbered = [t.split(" ")[0] for t in listed]
    check(numbered == ["#" + str(n) for n in range(22, 2, -1)], "Last rolls: #22 down to #3", sim)
    check(listed[0].count("*") == 1, "the held die marked", sim)
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    sim.press("OK")
    after = open_stats(sim)
    check(after == lines, "the same statistics after a power cut", sim)


def scenario_clearing_rolls_and_stats_asks_first_and_empties_both():
    # DICE-4, DICE-5: a menu row clears Last rolls and the statistics together; its
    # question starts on the answer that keeps, and the menu does not wrap onto it
    sim = Simulator(seed=15)
    for _ in range(3):
        sim.press("ROLL")
        sim.press("ROLL")
    sim.hold("OK")
    sim.press("UP")  # at the top: the menu stops there, not on its last row
    check(cursor_row(sim) == "Dice: 3", "UP at the top stays on the first row", sim)
    choose(sim, "Clear rolls & stats")
    check(line_with(sim, "Clear rolls") is not None, "a question first", sim)
    check(cursor_row(sim) == "Keep them", "the cursor starts on the answer that keeps", sim)
    sim.press("OK")  # the OK of habit keeps
    check(line_with(sim, "Dice setup") is not None, "back in the menu", sim)
    sim.press("BACK")
    check(len(last_rolls(sim)) == 3, "the three rolls kept", sim)
    sim.hold("BACK")
    sim.press("OK")
    sim.hold("OK")
    choose(sim, "Clear rolls & stats")
    confirm(sim)
    check(says(sim, "Sure?"), "asked a second time (issue 40)", sim)
    check(cursor_row(sim) == "Keep them", "the second question starts on the answer that keeps", sim)
    confirm(sim)
    check(line_with(sim, "Total") is not None, "back at the dice", sim)
    check(last_rolls(sim) == ["No rolls yet"], "Last rolls emptied", sim)
    sim.press("BACK")
    sim.press("BACK")
    lines = open_stats(sim)
    emptied = lines[0] == "No rolls yet" and sum(face_counts(lines)) == 0
    check(emptied, "the statistics emptied", sim)
    sim.press("BACK")
    sim.press("BACK")
    sim.press("ROLL")
    sim.press("ROLL")
    lines = open_stats(sim)
    check(lines[:2] == ["1 roll since #4", "All of them listed"], "counting again from #4", sim)
    sim.press("BACK")
    sim.press("BACK")
    listed = last_rolls(sim)
    check(len(listed) == 1 and listed[0].startswith("#4 "), "the roll numbers go on", sim)


def scenario_damaged_counts_are_reset_told_and_nothing_else_lost():
    # DICE-5: a count that cannot be (fewer dice than rolls): the statistics are set back
    # and the player told; the setup, the last result and Last rolls stay, and the
    # counts are made again from the rolls listed
    hist = [[3, 6, [6, 6, 1], 0], [2, 6, [2, 3, 4], 1], [1, 6, [5, 5, 5], 0]]
    counts = [1, [], [3, 1, 0, 0, 0, 0, 0, 0], [], [], [], []]  # 3 d6 rolls, 1 die
    data = {"n": 3, "sides": 6, "values": [6, 6, 1], "history": hist, "rolls": 3, "counts": counts}
    sim = booted_with(Simulator(seed=16), {"dice.json": data})
    sim.press("OK")
    told = " ".join(sim.text().split("\n"))
    check("Saved dice damaged: statistics reset. Kept as dice.bad" in told, "the player told", sim)
    check(sim.flash.read("dice.bad") is not None, "the damaged file kept aside")
    sim.press("OK")  # seen
    check(dice_values(sim) == [6, 6, 1], "the last result kept", sim)
    listed = last_rolls(sim)
    check([t.split(" ")[0] for t in listed] == ["#3", "#2", "#1"], "Last rolls kept", sim)
    sim.press("BACK")
    sim.press("BACK")
    lines = open_stats(sim)
    check(lines[:2] == ["3 rolls since #1", "All of them listed"], "counted from Last rolls", sim)
    # by hand: 6 6 1, then 3 4 (the 2 was held), then 5 5 5
    check(face_counts(lines) == [1, 0, 1, 1, 3, 2], "the listed dice counted", sim)


def scenario_counts_of_rolls_never_made_are_told_and_counted_again():
    # DICE-5: counts each possible alone but not with the roll count (from roll #50 when
    # 3 were made, or 9 rolls counted of 3): the player told, the counts made again from
    # Last rolls, the rest kept
    hist = [[3, 6, [6, 6, 1], 0], [2, 6, [2, 3, 4], 1], [1, 6, [5, 5, 5], 0]]
    for counts in (
        [50, [], [1, 0, 0, 0, 0, 0, 3], [], [], [], []],
        [1, [], [9, 27, 0, 0, 0, 0, 0], [], [], [], []],
    ):
        data = {"n": 3, "sides": 6, "values": [6, 6, 1], "history": hist, "rolls": 3, "counts": counts}
        sim = booted_with(Simulator(seed=16), {"dice.json": data})
        sim.press("OK")
        told = " ".join(sim.text().split("\n"))
        check("statistics counted rolls never made" in told, "the player told", sim)
        sim.press("OK")  # seen
        check(dice_values(sim) == [6, 6, 1], "the last result kept", sim)
        lines = open_stats(sim)
        check(lines[:2] == ["3 rolls since #1", "All of them listed"], "counted from Last rolls", sim)
        # by hand: 6 6 1, then 3 4 (the 2 was held), then 5 5 5
        check(face_counts(lines) == [1, 0, 1, 1, 3, 2], "the listed dice counted", sim)


def scenario_a_save_with_counts_of_10_to_the_300_is_damage_not_a_crash():
    # issue 39.10: a dice.json whose roll count and statistics are 10**300 (each check
    # passed: the faces add up, no more rolls counted than made): Statistics crashed on
    # every open (OverflowError; "can't convert inf to int" on MicroPython). Now the
    # counts past the bound are damage: the file is kept aside, the player told, the
    # roller counts from nothing and its statistics open
    big = 10**300
    d6 = [big, big, big, 2 * big, big, big, 0]  # 6 * 10**300 dice in 10**300 rolls
    data = {"n": 3, "sides": 6, "values": [], "held": [], "run": 0, "history": [], "rolls": big,
            "counts": [1, [], d6, [], [], [], []]}
    sim = booted_with(Simulator(seed=2), {"dice.json": data})
    sim.press("OK")  # the dice roller
    sim.advance(100)
    check(says(sim, "damaged") and says(sim, "dice.bad"), "the player is told", sim)
    sim.press("OK")
    lines = open_stats(sim)
    check(any("No rolls yet" in t for t in lines) and sum(face_counts(lines)) == 0, "statistics open", sim)
    sim.press("BACK")
    sim.press("BACK")
    sim.press("ROLL")
    sim.advance(600)
    check(line_with(sim, "3d6 #1") is not None, "the rolls counted from 1", sim)


def scenario_the_roll_count_starts_again_after_its_last_number():
    # issue 39.10: the count is bounded (rules/dice.py MAX_ROLLS, 999,999,999: decades
    # of a roll a second); the roll after the last one is #1 again, its statistics with
    # it, and the save it writes reads back without a word of damage
    last = 999999999
    d6 = [1, 0, 0, 1, 1, 1, 0]
    data = {"n": 3, "sides": 6, "values": [], "held": [], "run": 0, "history": [[last, 6, [3, 4, 5], 0]],
            "rolls": last, "counts": [last, [], d6, [], [], [], []]}
    sim = booted_with(Simulator(seed=2), {"dice.json": data})
    sim.press("OK")  # the dice roller
    sim.advance(100)
    check(not says(sim, "damaged"), "the last number is a roll count", sim)
    sim.press("ROLL")
    sim.advance(600)
    check(line_with(sim, "3d6 #1 ") is not None, "then #1", sim)
    lines = open_stats(sim)
    check(any("1 roll since #1" in t for t in lines) and sum(face_counts(lines)) == 3, "counted from it", sim)
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    sim.press("OK")
    sim.advance(100)
    check(not says(sim, "damaged") and line_with(sim, "3d6 #1 ") is not None, "read back as it was", sim)


def scenario_a_die_showing_only_sixes_looks_unfair():
    # issue 39.10 (the fairness check on large counts): 1,000 rolls of one d6 that all
    # showed 6 were called "Looks fair, p=1.000": the check's series overflowed to inf
    # and nan came out as 1. chi2 by hand: 5 faces of (0 - 166.7)^2 / 166.7 and one of
    # (1000 - 166.7)^2 / 166.7 = 833.3 + 4166.7 = 5000.0
    d6 = [1000, 0, 0, 0, 0, 0, 1000]
    data = {"n": 1, "sides": 6, "values": [], "held": [], "run": 0, "history": [], "rolls": 1000,
            "counts": [1, [], d6, [], [], [], []]}
    sim = booted_with(Simulator(seed=2), {"dice.json": data})
    sim.press("OK")  # the dice roller
    sim.advance(100)
    lines = open_stats(sim)
    at = lines.index("5000.0 from 6 faces") if "5000.0 from 6 faces" in lines else 0
    check(at and lines[at - 1] == "Looks unfair", "called unfair, chi-square 5000.0", sim)
    check(lines[at + 1] == "luck: under 1%", "p 0.000 in words", sim)
