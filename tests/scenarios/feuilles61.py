# 61 Feuilles d'Automne at the table, through the Simulator API only: the roller moves on
# each round, each leaf is one press (UP / OK / DOWN beside the three dice) and the ring
# lights whoever is choosing, goalposts are announced as they unlock (all of them, and
# not on a pass under "exact landing") and the round's summary lists every one, edited
# goalposts say so, the game ends after round 20 or the round a leaf total reaches 61,
# the zone race is shared and then closed, the final tally adds up to the maximum for a
# full sheet, dice only takes one ROLL a round, and a power cut loses nothing. The
# sheets' readings, old saves and long names: feuilles61_sheets.py; helpers: f61.py.
from tests.scenarios.f61 import (
    ROLL_MS,
    dice,
    lit_seats,
    new_game,
    picker,
    reroll_until,
    roll,
    take,
    take_value,
)
from tests.scenarios.util import (
    RESUME,
    check,
    choose,
    confirm,
    end_stays,
    line_with,
    numbers,
    open_app,
    open_game,
    run_together,
    says,
    table,
)


def scenario_a_20_round_game_for_four_played_through():
    # F61-1, F61-3, F61-14, F61-15: a whole game of 20 rounds
    sim = new_game(4, seed=2)
    first = None
    for r in range(1, 21):
        lines = sim.text().split("\n")
        check(lines[0].startswith("Round " + str(r) + "/20"), "round " + str(r), sim)
        roller = int(lines[1][1:]) - 1  # who rolls, on the lit bar: "P3"
        if first is None:
            first = roller
        check(roller == (first + r - 1) % 4, "the roller moves on one seat a round", sim)
        check(lit_seats(sim, 4) == [roller], "the roller's seat glows", sim)
        roll(sim)
        for p in range(4):
            check(picker(sim) == p, "the leaves are asked in seat order", sim)
            check(lit_seats(sim, 4) == [p], "the seat choosing a die glows", sim)
            take(sim, min)  # the lowest leaf: nobody reaches 61
        check("OK: zones" in sim.text(), "every leaf is in: the summary", sim)
        check(lit_seats(sim, 4) == [roller], "the roller's seat again", sim)
        sim.press("ROLL")
    check("Game over" in sim.text(), "the game ends after round 20", sim)
    check("Round 20 was the last round." in " ".join(sim.text().split("\n")), "and says why", sim)
    sim.press("OK")
    check("Count the sheets" in sim.text(), "the sheets are counted next", sim)
    for _ in range(4):
        sim.press("ROLL")  # the next sheet to count
        check(line_with(sim, "ROLL: done") is not None, "a sheet's tally", sim)
        sim.press("ROLL")  # nothing else on these sheets: leaf points only
    check("Final tally" in sim.text(), "the ranking", sim)
    ranked = [line for line in sim.text().split("\n")[1:] if line[:1].isdigit()]
    check(len(ranked) == 4, "four sheets ranked", sim)
    end_stays(sim)  # issue 28: the ranking stays until the menu starts a new match
    check(line_with(sim, "Round 1/20") is not None, "a new match", sim)


def _ten_then_a_2(sim):
    # P1 alone takes a 4 and a 6 (10), then rolls until a die shows 2: -> its row
    roll(sim)
    take_value(sim, 4)
    sim.press("ROLL")
    roll(sim)
    take_value(sim, 6)
    sim.press("ROLL")
    roll(sim)
    reroll_until(sim, 2)
    return dice(sim)[[r[0] for r in dice(sim)].index(2)]


def scenario_goalpost_11_unlocks_on_a_step_from_10_to_12_by_default():
    # F61-5: 10 -> 12 unlocks 11 by default
    sim = new_game(1, seed=5)
    row = _ten_then_a_2(sim)
    check(row[1] == 12 and row[2] == "X", "the die of 2 shows it unlocks X", sim)
    take_value(sim, 2)
    sim.advance(2000)  # the pick's echo in the title ("P1 at 12") has gone
    check(sim.text().split("\n")[0] == "Round 3/20 leaves in" and line_with(sim, "P1 12: X") is not None,
          "the round's summary: P1 12: X", sim)
    sim.hold("OK")
    choose(sim, "Leaf tracks")
    check(numbers(line_with(sim, "P1")) == [1, 12, 1, 0], "P1 12, 1 X, 0 points", sim)


def scenario_goalpost_11_is_not_unlocked_by_passing_it_under_exact_landing():
    # F61-5: under exact landing, passing 11 unlocks nothing
    sim = new_game(1, seed=5, setup=("DOWN", "DOWN", "DOWN", "OK"))  # Goalpost: land on it
    row = _ten_then_a_2(sim)
    check(row[1] == 12 and row[2] == "", "no X beside the die of 2", sim)
    take_value(sim, 2)
    check(sim.text().split("\n")[0].startswith("Round 3/20"), "nothing announced", sim)
    sim.hold("OK")
    choose(sim, "Leaf tracks")
    check(numbers(line_with(sim, "P1")) == [1, 12, 0, 0], "P1 12, no X", sim)


def scenario_a_leaf_total_of_61_ends_the_round_then_the_tally_scores_79():
    # F61-13, F61-14, F61-15: 61 ends the game after its round; 79 at most
    # two sheets take the highest die; P1 completes every zone in round 1 alone and so
    # holds all six bonuses; P2 fills a whole sheet later (no bonus)
    sim = new_game(2, seed=7)
    roll(sim)
    take(sim, max)
    take(sim, max)
    for z in range(6):
        sim.press("OK")  # the zones, from the round's summary
        for _ in range(z):
            sim.press("DOWN")
        sim.press("OK")  # this zone
        sim.press("OK")  # tick P1
        sim.press("ROLL")
        sim.press("BACK")
    sim.press("OK")
    check(numbers(line_with(sim, "Pumpkins")) == [1, 1], "Pumpkins: round 1, P1", sim)
    sim.press("BACK")
    sim.press("ROLL")
    r = 2
    while "Game over" not in sim.text():
        check(r <= 20, "61 is reached before round 20", sim)
        roll(sim)
        take(sim, max)
        take(sim, max)
        ends = line_with(sim, "ROLL: end") is not None
        sim.press("ROLL")
        check(ends == ("Game over" in sim.text()), "the round that reaches 61 ends the game", sim)
        r += 1
    words = " ".join(sim.text().split("\n"))
    check("Leaves reached 61 in round " + str(r - 1) in words, "the game says why", sim)
    sim.press("OK")
    sim.press("ROLL")  # P1's sheet zone by zone: every zone already complete (the bonuses)
    check(line_with(sim, "Total 79") is not None, "P1: the maximum, 79", sim)
    sim.press("ROLL")
    sim.press("ROLL")  # P2's sheet, filled row by row: DOWN fills a row, OK goes on
    for _ in range(10):
        sim.press("DOWN")
        sim.press("OK")
    check("Final tally" in sim.text(), "both sheets counted", sim)
    rows = sim.text().split("\n")[1:]
    check(numbers(rows[0]) == [1, 1, 79], "P1 first with 79", sim)
    check(numbers(rows[1]) == [2, 2, 61], "P2: 51 on the sheet + 10 leaf points", sim)


def scenario_the_zone_race_is_shared_in_a_round_then_closed():
    # F61-13: the zone race is shared in a round, then closed
    sim = new_game(3, seed=4)
    roll(sim)
    sim.hold("OK")
    choose(sim, "Zones")
    sim.press("OK")  # Pumpkins
    sim.press("OK")  # tick P1
    sim.press("ROLL")
    sim.press("OK")  # Pumpkins again, same round: who else?
    check("and who?" in sim.text(), "the same round asks who else", sim)
    sim.press("DOWN")
    sim.press("OK")  # tick P3 (P1 already holds it)
    sim.press("ROLL")
    check(numbers(line_with(sim, "Pumpkins")) == [1, 1, 3], "P1 and P3 share it", sim)
    sim.press("BACK")
    for _ in range(3):
        take(sim, min)
    sim.press("ROLL")
    roll(sim)
    sim.hold("OK")
    choose(sim, "Zones")
    sim.press("OK")  # Pumpkins, round 2: P2 is too late
    check("its bonus is gone" in " ".join(sim.text().split("\n")), "closed for everyone else", sim)


def scenario_resume_after_power_cut_mid_round():
    # KEEP-1: a power cut mid-round loses nothing; F61-1: the same dice
    sim = new_game(4, seed=9)
    roll(sim)
    before = dice(sim)
    take(sim, min)
    take(sim, min)
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    check(sim.text().split("\n")[1].startswith(RESUME + "61 Feuilles"), "home offers the game", sim)
    sim.press("OK")  # the cursor starts on it
    check(line_with(sim, "Round 1/20") is not None, "round 1 again", sim)
    check([r[0] for r in dice(sim)] == [r[0] for r in before], "the same dice", sim)
    check(picker(sim) == 2, "P3's leaf is asked next", sim)
    # a roll is saved before it is shown: cut the power as the dice land
    for _ in range(2):
        take(sim, min)
    sim.press("ROLL")
    roll(sim)
    landed = [r[0] for r in dice(sim)]
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    sim.press("OK")
    check([r[0] for r in dice(sim)] == landed, "round 2's dice survive", sim)


def scenario_dice_only_takes_one_roll_a_round():
    # F61-1, F61-14: dice only: after the first roll, ONE press of ROLL a round goes on
    # to the next round and rolls its dice; the roller moves on; round 20's ROLL ends it
    sim = new_game(3, seed=3, setup=("DOWN", "OK", "UP"))  # Mode: dice only
    roll(sim)
    first = None
    for r in range(1, 21):
        title = sim.text().split("\n")[0]
        # one ROLL: the next round, its dice on the screen
        check(title.startswith("Round " + str(r) + "/20") and line_with(sim, "ROLL: next round") is not None,
              "round " + str(r), sim)
        roller = int(title.split(" P")[1].split(" ")[0]) - 1
        first = roller if first is None else first
        check(roller == (first + r - 1) % 3, "the roller moves on one seat a round", sim)
        check(lit_seats(sim, 3) == [roller], "the roller's seat glows", sim)
        sim.press("ROLL")
        sim.advance(ROLL_MS)
    check("Game over" in sim.text(), "the game ends after round 20", sim)
    check("Round 20 was the last round." in " ".join(sim.text().split("\n")), "and says why", sim)


def scenario_the_ring_lights_the_player_choosing_a_die():
    # F61-1: the roller's seat glows until the dice land, then the seat choosing a die
    sim = new_game(3, seed=6)
    roller = int(sim.text().split("\n")[1][1:]) - 1
    check(lit_seats(sim, 3) == [roller], "the roller's seat glows", sim)
    roll(sim)
    for p in range(3):
        check(lit_seats(sim, 3) == [p], "the seat choosing a die glows", sim)
        take(sim, min)
    check(lit_seats(sim, 3) == [roller], "the roller's seat again", sim)
    sim.press("BACK")  # correct P3's leaf
    check(picker(sim) == 2 and lit_seats(sim, 3) == [2], "the seat choosing a die glows", sim)


EDIT_21_TO_12 = ("DOWN",) * 4 + ("OK", "DOWN", "OK") + ("DOWN",) * 9 + ("OK", "OK", "BACK")
# the setup's Goalposts row, its "At 21" row, the threshold 21 down to 12, its reward
# (+2) kept, back to the setup


def scenario_every_goalpost_of_a_round_is_listed_and_a_double_unlock_announced_whole():
    # F61-4, F61-5: goalposts edited to 11 -> X and 12 -> +2; four sheets go 6, then 12:
    # each pick unlocks both, the announcement says both, and the round's summary lists
    # all four players' (UP/DOWN scroll it)
    sim = new_game(4, seed=8, setup=EDIT_21_TO_12)
    roll(sim)
    reroll_until(sim, 6)
    for _ in range(4):
        take_value(sim, 6)
    sim.press("ROLL")
    roll(sim)
    reroll_until(sim, 6)
    k = [r[0] for r in dice(sim)].index(6)
    check(dice(sim)[k][1] == 12 and "+2" in sim.text().split("\n")[1 + k], "the die of 6 shows both", sim)
    take_value(sim, 6)
    check(line_with(sim, "P1 12: X,") is not None and line_with(sim, "+2 points") is not None,
          "both announced, over two lines of the panel", sim)
    for _ in range(3):
        take_value(sim, 6)
    seen = " ".join(sim.text().split("\n"))
    for _ in range(3):
        sim.press("DOWN")
        seen += " " + " ".join(sim.text().split("\n"))
    for p in range(1, 5):
        check("P" + str(p) + " 12: X +2" in seen, "P" + str(p) + "'s two goalposts in the summary", sim)
    check(line_with(sim, "P1 12") is None, "scrolled", sim)
    sim.press("UP")
    check(line_with(sim, "P1 12") is not None, "scrolled back", sim)


def scenario_edited_goalposts_say_so_when_a_game_starts():
    # F61-4: a game started with edited goalposts says they are not the sheet's
    sim = new_game(2, seed=8)
    check(line_with(sim, "Goalposts: printed") is not None, "the sheet's own", sim)
    sim = new_game(2, seed=8, setup=EDIT_21_TO_12)
    check(line_with(sim, "Goalposts: edited") is not None, "edited goalposts say so", sim)
    # the same players again: the new game starts with the edited goalposts, and says so
    sim.hold("OK")
    choose(sim, "Same players again")
    confirm(sim)
    check(line_with(sim, "Round 1/20") is not None and line_with(sim, "Goalposts: edited") is not None,
          "the rematch says so too", sim)
    sim.hold("OK")
    choose(sim, "Goalpost values")
    choose(sim, "Sheet values")
    sim.press("BACK")
    check(line_with(sim, "Goalposts: printed") is not None, "back to the sheet's: no warning", sim)


def scenario_the_round_title_keeps_the_roller_s_name():
    # issue 28: from five letters on, the roller's name dropped out of the round title.
    # The title bar's 122 px hold "Round 1/20" (60) and "Anna rolls" (60); "Lucas
    # rolls" (66) takes the "/20"'s room ("Round 2": 42); "Maximilian" then has
    # 122 - 42 - 36 (" rolls") = 44 px: five 6-px letters and "…"... six: "Maximi…" (42)
    names = ["Anna", "Lucas", "Maximilian"]
    sim = table(names, seed=4)
    open_game(sim, "61 Feuilles")
    sim.press("DOWN")
    sim.press("DOWN")
    sim.press("OK")  # the setup's "First: random" made "First: Anna"
    sim.press("ROLL")
    want = ["Round 1/20 Anna rolls", "Round 2 Lucas rolls", "Round 3 Maximi\u2026 rolls"]
    for r in range(3):
        roll(sim)
        check(sim.text().split("\n")[0] == want[r], "the round's title: " + want[r], sim)
        check(run_together() == [], "its two parts apart", sim)
        while picker(sim, names) is not None:
            take(sim, min)
        sim.press("ROLL")


def scenario_the_pick_says_it_is_the_leaf_die_being_chosen():
    # issue 28: the three dice beside P1's name, and nothing said what the press takes
    sim = new_game(2, seed=3)
    roll(sim)
    check(line_with(sim, "\u25c4 leaf die") is not None, "P1's leaf die is being chosen, in words", sim)
    take(sim, min)
    check(line_with(sim, "\u25c4 leaf die") is not None and picker(sim) == 1, "then P2's", sim)


def scenario_a_goalpost_announcement_leaves_the_round_title_on_screen():
    # issue 28: "P1 12: X" took the title bar for 3 s; now it stands in the panel in
    # place of the next player's leaf total, under their name, and the round stays
    sim = new_game(2, seed=5)
    for r in (1, 2):
        roll(sim)
        take_value(sim, 6)  # P1: 6, then 12 (goalpost 11: an X)
        if r == 1:
            take(sim, min)
            sim.press("ROLL")
    lines = sim.text().split("\n")
    check(lines[0].startswith("Round 2/20"), "the round's title stays", sim)
    check(line_with(sim, "P1 12: X") is not None and picker(sim) == 1, "announced, as P2 chooses", sim)
    sim.advance(3000)
    check(line_with(sim, "P1 12") is None and picker(sim) == 1, "gone after 3 s: P2's total is back", sim)


REROLLS = 1600  # a round rolled again: the whole journal passed storage's 32 KB at ~1,490


def scenario_a_round_rolled_again_1600_times_is_saved_and_resumed():
    # issue 39.7: a table rolling the round again and again grows the journal without
    # end; every roll is saved (no "too big ... not written": the journal folds), and
    # after a power cut the round, its dice and the leaves taken from them come back
    sim = new_game(3, seed=3)
    roll(sim)
    for _ in range(REROLLS):
        sim.press("ROLL")
        confirm(sim)
        sim.advance(ROLL_MS)
    check(not says(sim, "too big") and len(dice(sim)) == 3, "every roll saved", sim)
    for _ in range(3):
        take(sim, min)
    sim.press("ROLL")  # the next round
    roll(sim)
    check(line_with(sim, "Round 2/20") is not None, "round 2", sim)
    round2 = dice(sim)  # its dice, and the leaf total each makes for the one choosing
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    open_app(sim, "61 Feuilles")
    check(not says(sim, "damaged") and line_with(sim, "Round 2/20") is not None, "round 2 again", sim)
    check(dice(sim) == round2, "its dice, and round 1's leaf kept", sim)


def scenario_a_pick_is_echoed_on_the_next_player_s_screen():
    # issue 40 item 13: a pick moved on to the next player with no echo of it; the title
    # says whose pick went in and the leaf total it made, for 2 s, then the roller again
    sim = table(["Anna", "Maximilian"], seed=3)
    open_game(sim, "61 Feuilles")
    sim.press("ROLL")  # the setup starts the game
    roll(sim)
    made = take(sim, max)[1]
    title = sim.text().split("\n")[0]
    check(title.endswith("Anna at " + str(made)) and picker(sim, ("Anna", "Maximilian")) == 1,
          "Maximilian's pick, Anna's in the title", sim)
    roll_title = title
    sim.advance(1000)
    check(sim.text().split("\n")[0] == roll_title, "still there a second later", sim)
    sim.advance(1200)
    check("Anna at" not in sim.text() and "rolls" in sim.text().split("\n")[0], "gone after 2 s", sim)
    made = take(sim, max)[1]
    title = sim.text().split("\n")[0]
    check(title.startswith("Round 1") and title.endswith(" at " + str(made)) and "Maxim" in title,
          "the last pick of the round echoed too, a long name shortened to fit", sim)
