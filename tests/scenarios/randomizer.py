# The randomizer at the table, through the Simulator API only: the light spins and
# settles on the first player's seat, the play order names everyone once, and the
# coin, K of N and the number come out in range.
from host_tools.sim import Simulator
from tests.scenarios.util import OFF, check, line_with, numbers, open_app


def randomizer(seed=1, leds=12):
    sim = Simulator(seed=seed, leds=leds)
    sim.advance(100)
    open_app(sim, "Randomizer")
    check(line_with(sim, "First player") is not None, "the randomizer's list", sim)
    return sim


def lineup(sim, players):
    # on a fresh line-up (2 seats, cursor on Start): make it `players` seats, Start
    sim.press("DOWN")
    sim.press("OK")
    for _ in range(players - 2):
        sim.press("UP")
    sim.press("OK")
    sim.press("UP")
    sim.press("OK")


def lit_leds(sim):
    return [i for i, c in enumerate(sim.leds()) if c != OFF]


def scenario_first_player_spins_and_settles_on_a_seat():
    # RND-4: the first player, any seat
    sim = randomizer(seed=2)
    sim.press("OK")  # First player: asks who plays first
    lineup(sim, 4)
    check(len(lit_leds(sim)) == 1, "one light runs round the ring", sim)
    where = lit_leds(sim)
    sim.advance(100)
    check(lit_leds(sim) != where, "the light moves")
    sim.advance(4000)
    rows = sim.text().split("\n")
    check(rows[2] == "goes first", "P? goes first", sim)
    seat = numbers(rows[1])[0] - 1
    check(0 <= seat < 4 and rows[3].startswith("seat " + str(seat + 1)), "seat named", sim)
    check(lit_leds(sim) == [3 * seat, 3 * seat + 1, 3 * seat + 2], "the chosen seat glows", sim)
    seen = {seat}
    for _ in range(12):
        sim.press("ROLL")  # spin again
        sim.press("ROLL")  # a second ROLL: the answer at once
        seen.add(numbers(sim.text().split("\n")[1])[0] - 1)
    check(seen == {0, 1, 2, 3}, "every seat comes up: " + str(seen), sim)


def scenario_play_order_names_everyone_once():
    # RND-3: a play order names everyone once
    sim = randomizer(seed=3)
    sim.press("DOWN")
    sim.press("OK")  # Play order
    lineup(sim, 5)
    sim.advance(600)
    rows = sim.text().split("\n")[1:]
    check(len(rows) == 6 and rows[5] == "ROLL: again", "five rows, then the hint", sim)
    seats = []
    for k in range(5):
        parts = rows[k].replace("\u25ba ", "").split(" ")  # the walking marker
        check(parts[0] == str(k + 1), "numbered", sim)
        seats.append(int(parts[1][1:]))
    check(sorted(seats) == [1, 2, 3, 4, 5], "everyone once", sim)
    check(
        rows[0].split(" ")[-1] in ("blue", "orange", "green", "magenta", "yellow", "cyan"),
        "seat colour",
        sim,
    )
    sim.press("ROLL")
    sim.press("ROLL")  # the new order at once
    check(sim.text().count("\n") == 6 and "1 P" in sim.text(), "a new order", sim)


def scenario_coin_pick_k_and_number():
    # RND-5, RND-6, RND-7: K of N, the coin, a number
    sim = randomizer(seed=4)
    sim.press("DOWN")
    sim.press("DOWN")
    sim.press("OK")  # Pick 3 of 10
    sim.advance(600)
    got = numbers(" ".join(sim.text().split("\n")[1:3]))
    check(
        len(got) == 3 and len(set(got)) == 3 and all(1 <= v <= 10 for v in got), "3 of 1..10", sim
    )
    sim.press("BACK")
    sim.press("DOWN")
    sim.press("OK")  # Coin toss
    sim.advance(600)
    check(("Heads" in sim.text()) != ("Tails" in sim.text()), "one side up", sim)
    check(len(lit_leds(sim)) == 12, "the ring shows the coin")
    sim.press("BACK")
    sim.press("DOWN")
    sim.press("OK")  # Number 1 to 100
    for _ in range(5):
        sim.advance(600)
        v = numbers(sim.text().split("\n")[1])
        check(len(v) == 1 and 1 <= v[0] <= 100, "a number from 1 to 100", sim)
        sim.press("ROLL")
