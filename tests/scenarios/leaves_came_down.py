# How the Leaves Came Down at the table, through the Simulator API only: the dropper
# rotates, the grab countdown lights the right seats at the right moment, acorns move
# between board, under the board and the caches, impossible moves are refused, undo
# and a power cut lose nothing, and the end shows the ranking and breaks a tie.
from host_tools.bench.tour import LONG_NAMES
from host_tools.sim import Simulator
from host_tools.sim.keys import run as keys
from tests.scenarios.util import (
    OFF,
    RESUME,
    boxes,
    check,
    choose,
    cursor_row,
    end_stays,
    ink,
    line_with,
    numbers,
    open_app,
    open_game,
    run_together,
    says,
    shown_as,
    table,
)

# the power-cut suites play this from the line-up: start, skip the spin, take acorns,
# a next round, a hide and an undo
POWER_CUT_KEYS = "OK OK OK DOWN OK OK ROLL DOWN OK DOWN DOWN OK OK:long OK"


def new_game(players, seed=1, leds=12):
    # a fresh device, the game opened, `players` seats P1.., the first dropper's spin
    # skipped and its answer dismissed: the round screen of round 1
    sim = Simulator(seed=seed, leds=leds)
    sim.advance(100)
    open_app(sim, "Leaves Came Down")
    # "Players: 2" made `players`, then back to "Start"
    keys(sim, "DOWN OK" + " UP" * (players - 2) + " OK UP")
    sim.press("OK")
    check("Who drops first?" in sim.text(), "a light picks the first dropper", sim)
    sim.press("OK")  # skip the spin
    check("drops first" in sim.text(), "the first dropper is named", sim)
    sim.press("OK")
    check(line_with(sim, "Round 1") is not None, "round 1 on screen", sim)
    return sim


def dropper(sim):
    # the bar at the top, "P2 Round 3" -> 1 (the seat index)
    line = line_with(sim, "Round")
    return numbers(line.split(" Round")[0])[0] - 1


def round_rows(sim, each=None):
    # every row of the round's list, read as a player does: the screen shows three
    # (issue 40: the key hint took the fourth), so DOWN from "Drop leaves" to "Next
    # round" and once more, round to "Drop leaves" again, where the cursor was.
    # each(sim): called on every screen on the way
    check(cursor_row(sim) is not None and cursor_row(sim).startswith("Drop leaves"), "on Drop leaves", sim)
    seen = []
    while True:
        if each:
            each(sim)
        for line in sim.text().split("\n")[1:]:
            if line not in seen:
                seen.append(line)
        if cursor_row(sim) == "Next round":
            break
        sim.press("DOWN")
    sim.press("DOWN")
    check(cursor_row(sim).startswith("Drop leaves"), "back on Drop leaves", sim)
    return seen


def order(sim):
    # the round's turn order from the rows "1 P3 1", "2 P4 1", ... -> seat indexes
    out = []
    for line in round_rows(sim):
        parts = line.split(" ")
        if len(parts) >= 2 and parts[0].isdigit() and parts[1][:1] == "P":
            out.append(int(parts[1][1:]) - 1)
    return out


def cache(sim, seat):
    # seat's acorns from its row, the shown ones, then any hidden after a "+" (the
    # column's heading says "+hidden"): "2 P1 2 +1" -> (3, 1), all of them and the hidden
    for line in round_rows(sim):
        parts = line.split(" ")
        if len(parts) >= 3 and parts[1] == "P" + str(seat + 1):
            n = numbers(" ".join(parts[2:]))
            hid = n[1] if len(n) > 1 and parts[3][:1] == "+" else 0
            check(len(n) == 1 + (hid > 0), "a cache reads 'n' or 'n +h': " + line, sim)
            return (n[0] + hid, hid)
    return None


def board(sim):
    return numbers(line_with(sim, "Board"))  # [on the board, under it]


def act(sim, seat, entry, rows):
    # OK on seat's row in the round screen, then the `entry`-th line of its acorn menu;
    # then the cursor goes back up to "Drop leaves". rows: the players' rows in
    # turn order (under "Drop leaves"). -> the refusal message, or None
    pos = rows.index(seat) + 1
    for _ in range(pos):
        sim.press("DOWN")
    sim.press("OK")
    for _ in range(entry):
        sim.press("DOWN")
    sim.press("OK")
    refused = None
    if "Can't do that" in sim.text():
        refused = " ".join(sim.text().split("\n")[1:])
        sim.press("OK")  # dismiss the message
        sim.press("BACK")  # and leave the acorn menu
    for _ in range(pos):
        sim.press("UP")
    return refused


TAKE = 0
GRAB = 1
HIDE = 2
DIG_FIRST = 3  # then one entry per other player, in seat order


def seat_lit(sim, seat, players):
    leds = sim.leds()
    per = len(leds) // players
    return all(c != OFF for c in leds[seat * per : (seat + 1) * per])


def scenario_dropper_rotates_round_the_table_each_round():
    # LCD-5: the dropper moves on one seat a round, the turns start with them
    sim = new_game(4, seed=3)
    first = dropper(sim)
    check(
        order(sim)[:3] == [first, (first + 1) % 4, (first + 2) % 4],
        "turn order starts with the dropper",
        sim,
    )
    check(seat_lit(sim, first, 4), "the dropper's seat glows")
    for r in range(2, 7):
        sim.press("ROLL")
        check(line_with(sim, "Round " + str(r)) is not None, "round " + str(r), sim)
        d = dropper(sim)
        check(d == (first + r - 1) % 4, "the dropper moved on one seat", sim)
        check(
            seat_lit(sim, d, 4) and not seat_lit(sim, (d + 3) % 4, 4),
            "only the dropper's seat glows",
        )


def scenario_a_new_round_says_so_big_and_how_it_came():
    # issue 40 item 4: ROLL on the round moved on with no word on the screen, and a
    # second ROLL skipped round 1 unseen. A new round now shows "Round 2" big with its
    # keys for a moment; a press acts as usual (none is eaten), so a doubled ROLL shows
    # "Round 3" big: seen, and taken back by the menu's undo
    sim = new_game(4, seed=3)
    sim.press("ROLL")
    check(line_with(sim, "Drop leaves") is None and says(sim, "ROLL: next round") and says(sim, "hold OK: undo"),
          "the new round's banner says what ROLL did", sim)
    check(len([ln for ln in sim.text().split("\n") if "Round 2" in ln]) == 2, "Round 2 big under the bar", sim)
    sim.advance(1500)
    check(line_with(sim, "Drop leaves") is not None, "then the round's list", sim)
    keys(sim, "ROLL ROLL")  # a doubled ROLL
    check(round_of(sim) == 4 and says(sim, "Round 4"), "the skip is shown big", sim)
    sim.hold("OK")
    choose(sim, "Undo last")
    sim.press("OK")  # the undo's notice read
    check(round_of(sim) == 3, "one undo takes it back", sim)
    sim.press("ROLL")
    sim.press("DOWN")  # on the banner: it goes, and the cursor moves
    check(cursor_row(sim) is not None and cursor_row(sim).startswith("1 "), "no press eaten", sim)


def set_head_starts(sim, seconds):
    # seconds: {seat: s}, set in one visit to the menu, which stays open (issue 15)
    sim.hold("OK")  # the game menu
    choose(sim, "Head starts")
    at = 0
    for seat in sorted(seconds):
        for _ in range(seat - at):
            sim.press("DOWN")
        at = seat
        sim.press("OK")
        for _ in range(seconds[seat]):
            sim.press("UP")
        sim.press("OK")
        check(cursor_row(sim).endswith(": " + str(seconds[seat]) + " s"), "the menu shows it", sim)
    sim.press("BACK")


def scenario_grab_countdown_lights_each_seat_on_time():
    # LCD-4: the head starts of the rule's example, seat by seat
    # head starts 0, 2 and 5 s: P3 looks at once, P2 after 3 s, P1 after 5 s
    sim = new_game(3, seed=2)
    set_head_starts(sim, {1: 2, 2: 5})
    check(line_with(sim, "Drop leaves") is not None, "back on the round screen", sim)
    # one press starts the drop; it counts from the tick that sees the release
    sim.button_down("OK")
    sim.advance(80)
    sim.button_up("OK")
    sim.advance(20)
    check("Eyes closed!" in sim.text(), "eyes closed", sim)
    check(
        seat_lit(sim, 2, 3) and not seat_lit(sim, 1, 3) and not seat_lit(sim, 0, 3),
        "only P3 looks",
        sim,
    )
    check(numbers(sim.text().split("\n")[2]) == [5], "5 s to go", sim)
    sim.advance(2980)
    check(not seat_lit(sim, 1, 3), "P2 still waits at 2.98 s")
    sim.advance(20)
    check(
        seat_lit(sim, 2, 3) and seat_lit(sim, 1, 3) and not seat_lit(sim, 0, 3),
        "P2 looks at 3.0 s",
        sim,
    )
    check(line_with(sim, "Look") == "Look: P2, P3", "the screen says who looks", sim)
    check(numbers(sim.text().split("\n")[2]) == [2], "2 s to go", sim)
    sim.advance(1980)
    check(not seat_lit(sim, 0, 3) and "Eyes closed!" in sim.text(), "P1 still waits at 4.98 s", sim)
    sim.advance(20)
    check(all(seat_lit(sim, s, 3) for s in range(3)), "every seat lit at 5.0 s")
    check("GRAB!" in sim.text(), "Grab!", sim)
    sim.press("OK")
    check(line_with(sim, "Drop leaves") is not None, "OK returns to the round", sim)


def scenario_acorns_move_and_impossible_moves_are_refused():
    # LCD-1, LCD-8, LCD-9, LCD-10, LCD-11: acorn moves, impossible ones refused
    sim = new_game(2, seed=4)
    rows = order(sim)
    check(board(sim) == [14, 0], "14 acorns on the board, none under", sim)
    check(cache(sim, 0) == (1, 0) and cache(sim, 1) == (1, 0), "one acorn each to start", sim)
    refused = act(sim, 0, GRAB, rows)  # nothing under the board yet
    check(refused == "No acorns are under the board to grab.", "grab refused: " + str(refused), sim)
    check(board(sim) == [14, 0] and cache(sim, 0) == (1, 0), "nothing changed", sim)
    act(sim, 0, TAKE, rows)
    act(sim, 0, HIDE, rows)
    check(cache(sim, 0) == (2, 1) and board(sim) == [13, 0], "P1 took one and hid one", sim)
    act(sim, 1, DIG_FIRST, rows)  # P2 digs P1's visible acorn
    check(cache(sim, 0) == (1, 1) and board(sim) == [13, 1], "dug acorn under the board", sim)
    refused = act(sim, 1, DIG_FIRST, rows)  # P1's last acorn is hidden
    check(
        refused is not None and "P1" in refused and "hidden" in refused,
        "hidden acorns can't be dug",
        sim,
    )
    act(sim, 1, GRAB, rows)
    check(cache(sim, 1) == (2, 0) and board(sim) == [13, 0], "P2 grabbed it", sim)
    total = board(sim)[0] + board(sim)[1] + cache(sim, 0)[0] + cache(sim, 1)[0]
    check(total == 16, "still 14 + 2 acorns", sim)


def scenario_undo_many_steps_and_survive_a_power_cut():
    # KEEP-1, KEEP-2: a power cut, then undo
    sim = new_game(3, seed=5)
    rows = order(sim)
    act(sim, 0, TAKE, rows)
    act(sim, 1, TAKE, rows)
    act(sim, 1, HIDE, rows)
    sim.press("ROLL")
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    check(line_with(sim, RESUME + "Leaves") is not None, "home offers the game", sim)
    sim.press("OK")  # the cursor starts on it
    check(line_with(sim, "Round 2") is not None, "round 2 after the power cut", sim)
    check(cache(sim, 1) == (2, 1) and board(sim) == [12, 0], "acorns as they were", sim)
    for _ in range(3):  # undo: next round, the hide, P2's take
        sim.hold("OK")
        choose(sim, "Undo last")
        check("Undone" in sim.text(), "undone", sim)
        sim.press("OK")
    check(line_with(sim, "Round 1") is not None, "back in round 1", sim)
    check(
        cache(sim, 1) == (1, 0) and cache(sim, 0) == (2, 0) and board(sim) == [13, 0],
        "two steps back",
        sim,
    )


def two_take(seats, sim=None):
    # a game for two (seed 6, nothing hidden), or sim's, where seats[k] takes the k-th acorn
    sim = sim or new_game(2, seed=6)
    rows = order(sim)
    for p in seats:
        act(sim, p, TAKE, rows)
    return sim


def scenario_the_game_ends_with_the_board_empty_and_a_tie_is_dropped_out():
    # LCD-12, LCD-13, LCD-14: the end, a tie, the tile drop
    # two players take seven acorns each: 8 and 8, nothing hidden: a tie
    sim = two_take([0, 1] * 7)
    check("Tie!" in sim.text(), "no acorn left: the game is over, tied", sim)
    check("8" in line_with(sim, "P1") and "8" in line_with(sim, "P2"), "eight acorns each", sim)
    check(seat_lit(sim, 0, 2) and seat_lit(sim, 1, 2), "both tied seats glow")
    sim.press("ROLL")  # drop the tiles
    check("Tile drop" in sim.text(), "the throws are shown", sim)
    sim.advance(20000)
    winner_line = line_with(sim, "shows more")
    check(winner_line is not None, "a winner comes out of the drop", sim)
    # the last throw: the winner shows more hidden sides than the other
    rows_ = [line for line in sim.text().split("\n") if line.startswith("#")]
    last = numbers(rows_[-1])[1:]
    check(len(last) == 2 and last[0] != last[1] and max(last) <= 8, "last throw decides", sim)
    w = 0 if last[0] > last[1] else 1
    check(winner_line.startswith("P" + str(w + 1)), "the winner showed more", sim)
    sim.press("UP")  # to the ranking
    check(("P" + str(w + 1) + " wins") in sim.text(), "ranking names the winner", sim)
    # LCD-14: the drop decided first place: the winner alone is first (issue 15)
    ranking = sim.text().split("\n")[1:3]
    check(ranking == ["\u25ba 1 P" + str(w + 1) + " 8", "2 P" + str(2 - w) + " 8"], "1st and 2nd", sim)
    check(seat_lit(sim, w, 2) and not seat_lit(sim, 1 - w, 2), "the winner's seat glows")


def scenario_a_tie_of_acorns_ranked_by_the_hidden_ones_in_words():
    # issue 40 item 7: the ranking said "8 (1 hid)". P1 hides the acorn they start with,
    # then both take seven: 8 each, P1's hidden one ranks them, said in plain words
    # beside its total; a total no one shares needs no more
    sim = two_take([])
    act(sim, 0, HIDE, order(sim))
    check(cache(sim, 0) == (1, 1), "P1's acorn hidden", sim)
    sim = two_take([0, 1] * 7, sim)
    check(sim.text().split("\n")[1:3] == ["\u25ba 1 P1 8, 1 hidden", "2 P2 8"], "the tie ranked, in words", sim)


def scenario_the_ranking_stays_until_a_new_match_is_chosen():
    # issue 28: P1 takes eight acorns, P2 six: the ranking is the end screen, and it stays
    # (util.end_stays) until the menu starts a new match
    sim = two_take([0, 1] * 6 + [0, 0])
    check(line_with(sim, "Game over") is not None, "no acorn left: the game is over", sim)
    end_stays(sim)
    check(line_with(sim, "Game over") is None, "a new match", sim)


def scenario_seats_on_a_six_led_strip():
    # LCD-5: the dropper's seat lit, on a six-LED strip
    sim = new_game(3, seed=7, leds=6)
    d = dropper(sim)
    leds = sim.leds()
    check(len(leds) == 6, "six LEDs")
    lit = [i for i in range(6) if leds[i] != OFF]
    check(lit == [2 * d, 2 * d + 1], "two LEDs per seat, the dropper's lit", sim)


def header(sim):
    # the bar at the top as the firmware drew it: the round's number, the word "Round"
    # and the dropper's name, as boxes (see util.boxes)
    return [b for b in boxes() if b[1] < 10]


def scenario_the_dropper_stands_out():
    # issue 15 (LCD-5): the dropper's name dark on a lit bar, its letters 10 px tall
    # (MEDIUM; SMALL's are 7), the round's number in MEDIUM digits beside it; round
    # after round the bar names the next dropper
    sim = new_game(3, seed=3)
    first = dropper(sim)
    for r in range(1, 5):
        number, word, name = header(sim)
        check(name[4] == "P" + str((first + r - 1) % 3 + 1), "the dropper named", sim)
        check(ink(sim, name) == (10, True), "the name 10 px tall, on the lit bar", sim)
        check(word[4] == "Round" and number[4] == str(r), "round " + str(r), sim)
        check(ink(sim, number) == (10, True), "the round in MEDIUM digits", sim)
        sim.press("ROLL")


def scenario_ten_letter_names_nothing_cut_off():
    # issue 15: six players with 10-letter names take, hide and dig acorns for eleven
    # rounds: nothing cut off (every scenario fails on cut text), every row names its
    # player whole; the dropper's name in MEDIUM on the bar, whole beside a one-digit
    # round, shortened by design beside "Round 10" (the list's first row has it whole)
    sim = table(LONG_NAMES)
    open_game(sim, "Leaves Came Down")
    keys(sim, "OK OK")  # skip the spin, dismiss its answer
    first = LONG_NAMES.index(line_with(sim, "Round 1").split(" Round")[0])
    seen = []
    for _ in range(8):  # the whole list, "Drop leaves" to "Next round"
        for line in sim.text().split("\n"):
            parts = line.split(" ")
            if len(parts) == 3 and parts[0].isdigit() and parts[1] not in seen:
                seen.append(parts[1])
        sim.press("DOWN")
    want = [LONG_NAMES[(first + k) % 6] for k in range(6)]
    check(seen == want, "every player's row, whole, in turn order from the dropper", sim)
    # the dropper takes an acorn, hides one and digs up the first other seat's
    keys(sim, "DOWN OK OK OK DOWN DOWN OK OK DOWN DOWN DOWN OK UP")  # then up to "Drop leaves"
    dug = LONG_NAMES[1 if first == 0 else 0]
    # issue 40: "2 (1 hid)" ran into the name beside it ("1 Maximilian" ends at x 75,
    # it began at 67); the shown ones, "+1" under a "+hidden" heading, fit beside it
    round_rows(sim, lambda sim: check(not any(run_together(16 + 10 * r) for r in range(3)),
                                      "every row's texts apart", sim))
    check(line_with(sim, "1 " + want[0]).endswith(" 1 +1"), "took one, hid one: 1 shown +1", sim)
    check(line_with(sim, "Drop leaves").endswith(" +hidden"), "the column says what +1 is", sim)
    check(line_with(sim, " " + dug + " ").endswith(" 0"), dug + "'s acorn dug up", sim)
    check(board(sim) == [13, 1], "one taken from the board, one under it", sim)
    for r in range(1, 12):
        name = LONG_NAMES[(first + r - 1) % 6]
        shown = header(sim)[2][4]
        check(shown == name if r < 10 else shown_as(shown, name), "round " + str(r) + ": " + name, sim)
        tall, lit = ink(sim, header(sim)[2])
        check(lit and tall >= ink(sim, header(sim)[0])[0] >= 10, "MEDIUM (10+ px), lit behind", sim)
        check(line_with(sim, "1 " + name + " ") is not None, "first in the list, whole", sim)
        sim.press("ROLL")
        sim.advance(1500)  # the new round's banner (issue 40), then its list


def scenario_accented_names_whole_on_the_bar():
    # issue 15: MEDIUM's accented capitals ink its row's top line: the bar keeps the
    # whole row, so nothing is cut (every scenario fails on cut text), and each dropper
    # in turn is named on it
    names = ["Émile", "Jörg", "Zoë"]
    sim = table(names)
    open_game(sim, "Leaves Came Down")
    keys(sim, "OK OK")
    seen = []
    for _ in range(3):
        name = header(sim)[2]
        check(name[4] in names and ink(sim, name)[1], "a dropper's name on the lit bar", sim)
        seen.append(name[4])
        sim.press("ROLL")
    check(sorted(seen) == sorted(names), "each in turn", sim)


def scenario_a_game_opened_again_shows_its_round_and_takes_the_first_press():
    # issue 28: opening a game again replayed the "Who drops first?" spin, and the
    # spin ate the next press: DOWN OK stayed on "Drop leaves". The spin is the new
    # game's, once
    sim = table(["Anna", "Ben", "Cara", "Dan"])
    open_game(sim, "Leaves Came Down")
    check("Who drops first?" in sim.text(), "a new game spins for its first dropper", sim)
    sim.advance(6000)  # the spin, and its answer's show
    check(line_with(sim, "Round 1") is not None, "round 1", sim)
    open_app(sim, "Leaves Came Down")
    check(line_with(sim, "Round 1") is not None, "opened again: round 1 at once", sim)
    keys(sim, "DOWN OK")
    check(line_with(sim, "Took one from board") is not None, "the DOWN and OK reached the round", sim)


def scenario_head_starts_and_countdown_whole_with_ten_letter_names():
    # issue 28: the soak saw "Katharina: head start" (a seat's head start titled with a
    # long name) and "Eyes closed!" (the countdown's title beside "Round 100") cut off;
    # every scenario fails on cut text, so both are shown here with 10-letter names
    sim = table(LONG_NAMES)
    open_game(sim, "Leaves Came Down")
    keys(sim, "OK OK")  # skip the spin, dismiss its answer
    sim.hold("OK")
    choose(sim, "Head starts")
    sim.press("OK")  # the first seat's head start
    check(line_with(sim, LONG_NAMES[0]) is not None, "the seat named whole", sim)
    keys(sim, "UP UP OK BACK")  # 2 s, back to the round
    check(line_with(sim, "Drop leaves") is not None, "back on the round screen", sim)
    keys(sim, "ROLL*99")  # a long evening: round 100
    check(line_with(sim, "Round 100") is not None, "round 100", sim)
    sim.press("OK")  # the leaves fall: the others close their eyes
    check(sim.text().startswith("Eyes closed!"), "the countdown titled whole", sim)
    check(line_with(sim, "Look: " + LONG_NAMES[0]) is not None, "the head start looks at once", sim)


def round_of(sim):
    # the round on the bar at the top, "P2 Round 3" -> 3
    line = line_with(sim, "Round")
    return numbers(line.split("Round")[1])[0] if line else None


LONG_GAME = 5000  # rounds: the whole journal passed storage's 32 KB bound at about 3,260


def scenario_a_5000_round_game_resumes_with_its_acorns_and_undo():
    # issue 39.7, KEEP-1: a long evening of rounds is never thrown away. The dropper
    # takes an acorn, then 4,999 rounds pass with "Next round" (ROLL): every one is
    # saved (no "too big ... not written"), a power cut takes none back, the acorn
    # taken in round 1 is kept though its action is long folded away, and undo takes
    # back the last round
    sim = new_game(3, seed=5)
    rows = order(sim)
    act(sim, rows[0], TAKE, rows)
    for _ in range(LONG_GAME - 1):
        sim.press("ROLL")
    check(not says(sim, "too big") and round_of(sim) == LONG_GAME, "5,000 rounds, each saved", sim)
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    check(line_with(sim, RESUME + "Leaves") is not None, "home offers the game", sim)
    sim.press("OK")  # the cursor starts on it
    check(not says(sim, "damaged") and round_of(sim) == LONG_GAME, "round 5,000 after the power cut", sim)
    check(board(sim) == [13, 0] and cache(sim, rows[0]) == (2, 0), "the acorn taken in round 1 kept", sim)
    sim.hold("OK")
    choose(sim, "Undo last")
    check(says(sim, "Undone: next round"), "undo after the power cut", sim)
    sim.press("OK")
    check(round_of(sim) == LONG_GAME - 1, "one round back", sim)
