# Autumn Leaves at the table, through the Simulator API only: a group of four scores
# hands, ties for play order, corrects a past hand, undoes, loses power, finishes six
# hands and starts again. Expected numbers are worked out from the rule text:
# the winner scores minus their leaf pile, everyone else max(0, highest - pile), which
# the table works out and enters as their points (the winner enters their pile).
import json

from host_tools.bench.tour import LONG_NAMES, TYPICAL_HAND
from host_tools.sim.keys import run as keys  # -> how many presses
from tests.scenarios.util import (
    FOUR,
    RESUME,
    booted_with,
    boxes,
    check,
    choose,
    confirm,
    cursor_row,
    end_stays,
    ink,
    line_with,
    new_match,
    open_app,
    open_game,
    says,
    shown_as,
    table,
)


def start(names=FOUR, seed=1):
    sim = table(names, seed)
    open_game(sim, "Autumn Leaves")
    check(line_with(sim, "Hand 1/6") is not None, "hand 1 of 6", sim)
    return sim


def standings(sim):
    # the score table as (place, name, total) in screen order: rows of "place name
    # total", one player a row, or two side by side (five and six players)
    out = []
    for line in sim.text().split("\n")[1:]:
        parts = line.split(" ")
        if len(parts) not in (3, 6) or not all(p.isdigit() for p in parts[::3]):
            continue
        for i in range(0, len(parts), 3):
            out.append((int(parts[i]), parts[i + 1], int(parts[i + 2])))
    return out


def table_boxes(sim):
    # the score table as the firmware drew it: [place, name, total] boxes (see
    # util.boxes) per player in screen order, between the title bar and the hint line
    b = [e for e in boxes() if 0 < e[1] < 54]
    return [b[i : i + 3] for i in range(0, len(b), 3)]


def quick_hand(sim, ending_moves=""):
    # a hand with the pre-filled values (the winner's pile 7, everyone else 0 points):
    # the winner scores -7, everyone else 0. ending_moves picks the ending ("" = the
    # first player, "UP" = "Deck ran out", the last item)
    keys(sim, "ROLL " + ending_moves + " OK ROLL")


def scenario_typical_hand_of_four_in_twenty_presses():
    # AL-10: a typical hand of four, scored as a table scores it on paper
    # Anna went out with 5 leaves; Ben pile 6 highest 9; Cara pile 4 highest 10;
    # Dan pile 7 highest 8. By the rules: Anna -5, Ben 9 - 6 = 3, Cara 10 - 4 = 6,
    # Dan 8 - 7 = 1: the table enters Anna's pile and the others' points
    sim = start()
    played = []

    def play(script):
        played.append(script)
        return keys(sim, script)

    presses = play("ROLL")  # score the hand
    check(line_with(sim, "How hand 1 ended") is not None, "first: how it ended", sim)
    presses += play("OK")  # "Anna went out" (the cursor starts there)
    check(line_with(sim, "Anna 7 -7 -7") is not None, "Anna's pile pre-filled 7: -7, her new total -7", sim)
    presses += play("DOWN DOWN OK")  # Anna's pile is 5: on to Ben
    presses += play("UP UP UP OK")  # Ben 3
    check(line_with(sim, "Ben 3 3") is not None, "Ben's 3 shows as it is entered, and his total", sim)
    presses += play("UP UP UP UP UP UP OK")  # Cara 6
    presses += play("UP")  # Dan 1
    check(line_with(sim, "Dan 1 1") is not None, "Dan's 1 shows", sim)
    presses += play("OK")  # last cell: the hand is added
    check(presses <= 20, "a typical hand in 20 presses or fewer, took " + str(presses))
    check(" ".join(played).split() == TYPICAL_HAND.split(), "the bench counts this very hand")
    check(line_with(sim, "Hand 2/6") is not None, "on to hand 2", sim)
    check(
        standings(sim) == [(1, "Anna", -5), (2, "Dan", 1), (3, "Ben", 3), (4, "Cara", 6)],
        "lowest first, Anna's minus shown",
        sim,
    )


def scenario_a_dealt_hand_in_few_presses_as_a_table_scores_it():
    # issue 28 item 6: a hand as the rules deal it (the fourth of the bench's dealt
    # hands, host_tools/bench/table.py): Cara went out with 7 leaves; Anna pile 3
    # highest 4, Ben 5 and 4, Dan 8 and 4. The table says: Cara's pile 7, Anna 4 - 3 = 1,
    # Ben 0 (4 < 5), Dan 0 (4 < 8): ROLL, DOWN DOWN OK (Cara went out), UP OK (Anna 1),
    # ROLL (the rest as pre-filled): 7 presses, where a pile and a highest card for
    # every player took 30
    sim = start()
    presses = keys(sim, "ROLL DOWN DOWN OK")  # Cara went out: the grid opens on Anna
    check(line_with(sim, "Anna 0 0") is not None and line_with(sim, "Cara 7 -7 -7") is not None,
          "Anna's points pre-filled 0, Cara's pile 7", sim)
    check(line_with(sim, "card-pile, ROLL: done") is not None, "the note says how to work out Anna's points, and finish", sim)
    presses += keys(sim, "UP OK")  # Anna 1
    presses += keys(sim, "ROLL")  # Ben 0, Cara 7, Dan 0, as shown
    check(presses == 7, "7 presses, took " + str(presses))
    check(
        standings(sim) == [(1, "Cara", -7), (2, "Ben", 0), (2, "Dan", 0), (4, "Anna", 1)],
        "Cara -7, Ben and Dan 0, Anna 1",
        sim,
    )


def scenario_the_deck_ran_out_every_row_is_points():
    # AL-10: nobody went out: nobody scores minus a pile, every row is points
    sim = start(["Anna", "Ben", "Cara"])
    keys(sim, "ROLL UP OK")  # Deck ran out, the last row of the list
    check(line_with(sim, "-1 a leaf") is None, "no winner's row", sim)
    check([line_with(sim, n) for n in ("Anna 0 0", "Ben 0 0", "Cara 0 0")] == ["Anna 0 0", "Ben 0 0", "Cara 0 0"],
          "three rows of points, pre-filled 0", sim)
    heading = sim.text().split("\n")[0]
    check("pile" not in heading and "pts" in heading,
          "no pile heading: nobody's pile is entered (issue 40.11)", sim)
    keys(sim, "UP UP OK OK UP*4")  # Anna 2, Ben 0, Cara 4
    check(line_with(sim, "Cara 4 4") is not None, "Cara's 4", sim)
    keys(sim, "OK")
    check(standings(sim) == [(1, "Ben", 0), (2, "Anna", 2), (3, "Cara", 4)], "the points as entered", sim)
    keys(sim, "OK:long")
    choose(sim, "Hands")
    check(line_with(sim, "Hand 1: deck ran out") is not None, "listed as the deck running out", sim)


def scenario_rule_text_examples_on_screen():
    # AL-10: the rule text's examples: "highest 9, six in the pile: 3 points; highest
    # 4: 0 points"; the winner subtracts one per card in her leaf pile. The screen
    # says how the points are worked out, and takes them
    sim = start()
    keys(sim, "ROLL OK")  # Anna went out
    keys(sim, "DOWN")  # Anna's pile: 6
    check(line_with(sim, "Anna 6 -6 -6") is not None, "winner: minus her pile", sim)
    check(line_with(sim, "-1 a leaf, ROLL: done") is not None, "explained, and how to finish", sim)
    keys(sim, "OK UP UP UP")  # Ben: highest 9, pile 6: 3 points
    check(line_with(sim, "Ben 3 3") is not None, "9 - 6 -> 3", sim)
    check(line_with(sim, "card-pile, ROLL: done") is not None, "the points explained", sim)
    keys(sim, "OK DOWN")  # Cara: highest 4, pile 6: 0, and never below it
    check(line_with(sim, "Cara 0 0") is not None, "4 - 6 -> 0, never below zero", sim)
    keys(sim, "ROLL")  # add the hand as it stands (Dan keeps 0)
    check(
        standings(sim) == [(1, "Anna", -6), (2, "Cara", 0), (2, "Dan", 0), (4, "Ben", 3)],
        "Anna -6, Cara 0, Dan 0, Ben 3",
        sim,
    )


def scenario_impossible_hand_is_refused_in_plain_words():
    # AL-12, issue 28: what cannot happen is out of reach or refused in plain words.
    # A highest card is at most 10 and a leaf pile at least 1: nobody scores 10 or more
    # (UP stops at 9). Three players: the two who did not go out each have a leaf pile
    # and a card in hand, so the winner's pile holds at most 55 - 4 = 51 of the deck
    sim = start(["Anna", "Ben", "Cara"])
    keys(sim, "ROLL OK")  # Anna went out
    keys(sim, "UP*45")  # her pile 7 -> 52
    keys(sim, "ROLL")
    check(says(sim, "Anna's leaf pile must be 1 to 51 cards"), "told why", sim)
    check("Player" not in sim.text(), "players named, not numbered", sim)
    sim.press("OK")  # dismiss
    check(line_with(sim, "Anna 52 -52") is not None, "back on the entry, values kept", sim)
    keys(sim, "DOWN OK")  # 51 after all
    keys(sim, "UP*12")  # Ben: 12 UPs from 0
    check(line_with(sim, "Ben 9 9") is not None, "9 points at most: 10 is out of reach", sim)
    keys(sim, "ROLL")
    check(line_with(sim, "Hand 2/6") is not None, "now it is taken", sim)
    check(standings(sim) == [(1, "Anna", -51), (2, "Cara", 0), (3, "Ben", 9)], "as entered", sim)


def scenario_only_the_winner_has_an_empty_hand():
    # AL-9: a hand saved by firmware before issue 28 (a leaf pile and a highest card per
    # player), one where Ben, who didn't go out, had "none" (firmware before issue 28's
    # item 3 took it, and it scores 0): it loads, totals as it did, and its correction
    # opens on its points
    old = {"setup": {"players": list(FOUR)}, "over": False,
           "actions": [["add", [-1, [5, 5, 5, 5], [10, 0, 10, 10]]]]}
    sim = booted_with(table(FOUR), {"autumn_leaves.json": old, "settings.json": {"resume": "autumn_leaves"}})
    choose(sim, RESUME)
    check(line_with(sim, "Hand 2/6") is not None and standings(sim)[0] == (1, "Ben", 0),
          "the saved game loads as it was: Ben 0, the others 5", sim)
    keys(sim, "OK:long")
    choose(sim, "Hands")
    choose(sim, "Hand 1")
    keys(sim, "OK")  # the deck ran out, as before
    check([line_with(sim, n + " ") for n in FOUR] == ["Anna 5 5", "Ben 0 0", "Cara 5 5", "Dan 5 5"],
          "the saved hand as its points", sim)
    keys(sim, "OK UP*3 ROLL")  # Ben's highest card was an 8: 8 - 5 = 3
    check(standings(sim)[0] == (1, "Ben", 3), "taken: Ben 3", sim)


def scenario_an_old_saved_hand_is_corrected_on_its_points():
    # issue 28 item 6: a game saved with piles and highest cards (hand 1: Ben went out
    # with 9 leaves; Anna pile 3 highest 7, Cara 6 and 2, Dan 2 and 10 -> 4, -9, 0, 8)
    # and a hand as points (hand 2: Anna went out with 4 leaves, Ben 1, Cara 0, Dan 2)
    # loads and totals as before: Anna 0, Ben -8, Cara 0, Dan 10. Hand 1 corrected opens
    # the points grid on its scores, Ben's pile of 9 kept; Dan's 8 was a 6
    old = {"setup": {"players": list(FOUR)}, "over": False,
           "actions": [["add", [1, [3, 9, 6, 2], [7, 0, 2, 10]]], ["add", [0, [-4, 1, 0, 2]]]]}
    sim = booted_with(table(FOUR), {"autumn_leaves.json": old, "settings.json": {"resume": "autumn_leaves"}})
    choose(sim, RESUME)
    check(standings(sim) == [(1, "Ben", -8), (2, "Anna", 0), (2, "Cara", 0), (4, "Dan", 10)],
          "both forms total as they were", sim)
    keys(sim, "OK:long")
    choose(sim, "Hands")
    choose(sim, "Hand 1")
    check(cursor_row(sim) == "Ben went out", "opens with its ending", sim)
    keys(sim, "OK")
    # the totals beside them: the other hands' (-4, 1, 0, 2) and this one's
    check([line_with(sim, n + " ") for n in FOUR] == ["Anna 4 0", "Ben 9 -9 -8", "Cara 0 0", "Dan 8 10"],
          "the old hand's points, Ben's pile kept", sim)
    keys(sim, "OK OK OK DOWN DOWN ROLL")  # Dan 6
    check(standings(sim) == [(1, "Ben", -8), (2, "Anna", 0), (2, "Cara", 0), (4, "Dan", 8)], "Dan 8", sim)
    check(line_with(sim, "Hand 3/6") is not None, "still hand 3 next", sim)


def scenario_correct_a_past_hand_and_totals_follow():
    # KEEP-2: a past hand corrected, the totals follow, the correction undone
    sim = start()
    quick_hand(sim)  # hand 1: Anna out: -7, 0, 0, 0
    quick_hand(sim, "DOWN")  # hand 2: Ben out: 0, -7, 0, 0
    check(standings(sim)[0] == (1, "Anna", -7), "Anna -7 after two hands", sim)
    keys(sim, "OK:long")
    choose(sim, "Hands")
    check(line_with(sim, "Hand 1: Anna out") is not None, "the hands listed", sim)
    choose(sim, "Hand 1")
    check(cursor_row(sim) == "Anna went out", "opens with its ending", sim)
    keys(sim, "OK UP UP")  # Anna's pile was 9, not 7
    check(line_with(sim, "Anna 9 -9 -9") is not None, "the old values, corrected, her total with them", sim)
    keys(sim, "ROLL")
    check(line_with(sim, "Hand 3/6") is not None, "still hand 3 next", sim)
    check(standings(sim)[0] == (1, "Anna", -9), "Anna's total follows: -9 + 0", sim)
    # and the correction itself can be undone
    keys(sim, "OK:long")
    choose(sim, "Undo")
    check(says(sim, "Undone: correction of hand 1"), "says what was undone", sim)
    sim.press("OK")
    check(standings(sim)[0] == (1, "Anna", -7), "back to -7", sim)


def scenario_undo_many_steps():
    # KEEP-2: undo as far back as there are hands
    sim = start()
    quick_hand(sim)
    quick_hand(sim)
    quick_hand(sim)
    check(line_with(sim, "Hand 4/6") is not None, "three hands in", sim)
    for left in (3, 2, 1):
        keys(sim, "OK:long")
        choose(sim, "Undo")
        check(says(sim, "Undone: hand " + str(left)), "undid hand " + str(left), sim)
        sim.press("OK")
        check(line_with(sim, "Hand " + str(left) + "/6") is not None, "hand count back", sim)
    check([s[2] for s in standings(sim)] == [0, 0, 0, 0], "all back to zero", sim)
    keys(sim, "OK:long")
    choose(sim, "Undo")
    check(says(sim, "Nothing to undo"), "and no further", sim)


def scenario_game_survives_a_power_cut():
    # KEEP-1: nothing confirmed is lost to a power cut
    sim = start()
    quick_hand(sim)  # Anna -7, others 0
    keys(sim, "ROLL DOWN OK OK")  # hand 2 half entered (Ben out) when the power goes
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    check(line_with(sim, RESUME + "Autumn Leaves") is not None, "home offers the game", sim)
    sim.press("OK")  # the cursor starts on the game's row
    check(line_with(sim, "Hand 2/6") is not None, "where it was", sim)
    check(standings(sim)[0] == (1, "Anna", -7), "hand 1 kept", sim)
    # a cut in the middle of saving the next hand: either before or after, never lost
    sim.arm_power_cut(1)
    quick_hand(sim)
    sim.boot()
    sim.advance(100)
    sim.press("OK")
    hand2 = line_with(sim, "Hand 2/6") is not None
    hand3 = line_with(sim, "Hand 3/6") is not None
    check(hand2 or hand3, "the game is there, with or without the last hand", sim)
    # the undo history survived too
    keys(sim, "OK:long")
    choose(sim, "Undo")
    sim.press("OK")
    check(line_with(sim, "Hand 1/6" if hand2 else "Hand 2/6") is not None, "undo after boot", sim)


def scenario_six_hands_then_standings_with_shared_place_and_rematch():
    # AL-11: six hands, lowest first, equal totals share a place
    sim = start(["Anna", "Ben", "Cara"])
    quick_hand(sim)  # Anna out: -7 0 0
    quick_hand(sim, "DOWN")  # Ben out: 0 -7 0
    for _ in range(4):
        quick_hand(sim, "UP")  # deck ran out: 0 0 0 each time
    # Anna -7, Ben -7, Cara 0: Anna and Ben share first place
    check(line_with(sim, "2 share 1st") is not None, "the shared win said", sim)
    check(
        standings(sim) == [(1, "Anna", -7), (1, "Ben", -7), (3, "Cara", 0)],
        "equal totals share a place, the next place is skipped",
        sim,
    )
    sim.advance(300)
    lit = [c for c in sim.leds() if c != (0, 0, 0)]
    check(len(lit) >= 1, "the ring celebrates", sim)
    sim.advance(7000)
    blue = (0, 16, 48)  # seat 1's colour under the brightness cap
    orange = (48, 20, 0)
    check(blue in sim.leds() and orange in sim.leds(), "the winners' seats glow", sim)
    check((0, 41, 11) not in sim.leds(), "Cara's seat stays dark", sim)
    end_stays(sim)  # a new match, same players, chosen from the menu
    check(line_with(sim, "Hand 1/6") is not None, "a new match", sim)
    check(standings(sim) == [(1, "Anna", 0), (1, "Ben", 0), (1, "Cara", 0)], "same players", sim)


def scenario_a_new_match_undone_brings_the_final_standings_back():
    # AL-11 (issue 15): a new match chosen on the final standings, then undo brings the
    # finished sheet back, totals and all
    sim = start(["Anna", "Ben", "Cara"])
    quick_hand(sim)  # Anna out: -7 0 0
    quick_hand(sim, "DOWN")  # Ben out: 0 -7 0
    for _ in range(4):
        quick_hand(sim, "UP")  # 0 0 0 each time
    final = [(1, "Anna", -7), (1, "Ben", -7), (3, "Cara", 0)]
    check(standings(sim) == final, "the final standings", sim)
    new_match(sim)
    check(line_with(sim, "Hand 1/6") is not None, "a new match started", sim)
    keys(sim, "OK:long DOWN")
    check(cursor_row(sim).startswith("Undo"), "Undo is the second row of the menu", sim)
    sim.press("OK")
    check(says(sim, "last one is back"), "undo says the finished game is back", sim)
    keys(sim, "OK")
    check(standings(sim) == final, "the finished sheet is back", sim)
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    open_app(sim, "Autumn Leaves")
    check(standings(sim) == final, "and it survives a power cut", sim)


def scenario_back_on_an_entry_with_changes_asks_first():
    # issue 15: BACK on the first cell of the hand entry must not throw numbers away
    sim = start()
    keys(sim, "ROLL OK")  # the hand grid, on Anna's pile
    keys(sim, "UP UP")  # pile 9
    sim.press("BACK")
    check(says(sim, "Discard hand 1?"), "asks before throwing the hand away", sim)
    sim.press("BACK")  # keep it
    check(line_with(sim, "Anna") is not None and "9" in line_with(sim, "Anna"), "the 9 kept", sim)
    sim.press("BACK")
    sim.press("OK")  # the cursor starts on "Keep entering"
    check(line_with(sim, "Anna") is not None and "9" in line_with(sim, "Anna"), "the 9 kept on OK at once", sim)
    sim.press("BACK")
    confirm(sim)  # discard
    check(line_with(sim, "How hand 1 ended") is not None, "back where the hand began", sim)
    # no change: BACK leaves at once
    keys(sim, "OK BACK")
    check(line_with(sim, "How hand 1 ended") is not None, "an untouched entry leaves at once", sim)
    sim.press("BACK")
    check(line_with(sim, "Hand 1/6") is not None and standings(sim)[0][2] == 0, "no hand", sim)


def scenario_tie_draw_shuffles_the_tied_players_and_lights_them():
    # AL-4: the Tie screen draws the order of the tied players
    sim = start()
    # issue 40: "OK: tie" read as a tied score; the title bar says what OK gives
    check(sim.text().split("\n")[0].endswith("OK: order") and not says(sim, "OK: tie"), "OK gives the play order", sim)
    sim.press("OK")  # the tie helper
    check(line_with(sim, "Who tied?") is not None, "asks who is tied", sim)
    keys(sim, "DOWN OK DOWN DOWN OK")  # tick Ben and Dan
    sim.press("ROLL")
    check(line_with(sim, "play in order") is not None, "shows the order", sim)
    firsts = []
    for _ in range(12):
        text = sim.text()
        one = line_with(sim, "1 ")
        check(one in ("1 Ben", "1 Dan"), "only the tied players", sim)
        check(("2 Dan" in text) != ("2 Ben" in text), "both, once each", sim)
        check("Anna" not in text and "Cara" not in text, "nobody else", sim)
        firsts.append(one)
        # the first in the order is the seat lit on the ring right now
        leds = sim.leds()
        seat = 1 if one == "1 Ben" else 3
        check(leds[seat * 3] != (0, 0, 0), "the first one's seat lit", sim)
        sim.press("ROLL")  # draw again
    check("1 Ben" in firsts and "1 Dan" in firsts, "either can come first")
    sim.press("BACK")
    check(line_with(sim, "Who tied?") is not None, "BACK: the ticks again, for the next tie", sim)
    sim.press("ROLL")
    sim.press("OK")
    check(line_with(sim, "Hand 1/6") is not None, "OK: done, back to the score table", sim)


def scenario_six_players_all_on_the_table():
    # AL-1: six players
    names = ["Anna", "Ben", "Cara", "Dan", "Eve", "Finn"]
    sim = start(names)
    quick_hand(sim, "DOWN DOWN DOWN DOWN DOWN")  # Finn went out: -7, the rest 0
    rows = standings(sim)
    check(len(rows) == 6, "six rows on the screen", sim)
    check(rows[0] == (1, "Finn", -7), "Finn first", sim)


def scenario_totals_in_large_digits_at_every_table_size():
    # issue 15: the totals are read from across the table: MEDIUM digits, 10 px tall
    # (SMALL's are 7), every player's on the screen, for three, four and six players;
    # with three the names are MEDIUM too
    six = FOUR + ["Eve", "Finn"]
    for names in (FOUR[:3], FOUR, six):
        sim = start(names)
        # Anna out (her pile 7 as pre-filled: -7), the others 1, 2, ... points (totals
        # apart: a column of 0s is too much ink for the reading of each one's height)
        keys(sim, "ROLL OK OK " + " ".join("UP*" + str(k) + " OK" for k in range(1, len(names))))
        want = [(1, "Anna", -7)] + [(k + 1, names[k], k) for k in range(1, len(names))]
        check(standings(sim) == want, str(len(names)) + " players: every total, in order", sim)
        rows = table_boxes(sim)
        check(len(rows) == len(names), "a row per player", sim)
        for place, name, total in rows:
            check(ink(sim, total) == (10, False), total[4] + ": 10 px digits, lit on dark", sim)
            if len(names) == 3:
                check(ink(sim, name)[0] >= 10, name[4] + ": a MEDIUM name", sim)


def scenario_the_winner_stands_out_on_the_final_standings():
    # issue 15 (AL-11): after six hands the winner's row is lit, the others are not
    sim = start()
    for _ in range(6):
        quick_hand(sim, "DOWN")  # Ben out every hand: -42, the others 0
    check(line_with(sim, "Ben wins!") is not None, "the title says who won", sim)
    check(standings(sim)[0] == (1, "Ben", -42), "Ben first", sim)
    lit = [ink(sim, row[1])[1] for row in table_boxes(sim)]
    check(lit == [True, False, False, False], "Ben's row lit, and only his", sim)
    check(ink(sim, table_boxes(sim)[0][2])[0] == 10, "his total in MEDIUM digits on the lit bar", sim)


def scenario_ten_letter_names_nothing_cut_off():
    # issue 15: six players with 10-letter names play a whole match: nothing is cut off
    # (every scenario fails on cut text), every name and total on the table (the names
    # shortened by design in two columns), the winner named in the title
    sim = start(LONG_NAMES)
    quick_hand(sim, "DOWN")  # Alexandria out: -7, the rest 0
    rows = standings(sim)
    check(len(rows) == 6, "six players on the screen", sim)
    want = [(1, "Alexandria", -7)] + [(2, n, 0) for n in LONG_NAMES if n != "Alexandria"]
    check(
        all(r[0] == w[0] and shown_as(r[1], w[1]) and r[2] == w[2] for r, w in zip(rows, want)),
        "each place, name and total",
        sim,
    )
    for _ in range(5):
        quick_hand(sim, "DOWN")
    head = sim.text().split("\n")[0]
    check(shown_as(head.split(" wins!")[0], "Alexandria") and "Final" in head, "the winner in the title", sim)
    # four of them: one column, the names whole
    sim = start(LONG_NAMES[:4])
    quick_hand(sim)
    want = [(1, LONG_NAMES[0], -7)] + [(2, n, 0) for n in LONG_NAMES[1:4]]
    check(standings(sim) == want, "four long names whole, with their totals", sim)


def scenario_ending_a_game_from_its_menu_takes_a_deliberate_choice():
    # issue 28: the game menu wrapped from "Undo last" onto "New players", and its
    # question took the same OK: hold OK, UP, OK, OK ended a game in progress. Now the
    # menu stops at its top and the question starts on "Keep playing"
    sim = start()
    quick_hand(sim)
    sim.hold("OK")
    sim.press("UP")
    check(cursor_row(sim) == "Enter hand 2", "UP at the top stays on the first row", sim)
    choose(sim, "New players")
    check(says(sim, "End this game and choose new players?"), "asked first", sim)
    check(cursor_row(sim) == "Keep playing", "on the answer that keeps the game", sim)
    sim.press("OK")
    check(line_with(sim, "Hand 2/6") is not None, "the game goes on", sim)
    sim.hold("OK")
    choose(sim, "Same players again")
    sim.press("ROLL")  # ROLL answers nothing here either
    sim.press("OK")
    check(line_with(sim, "Hand 2/6") is not None, "still the same game", sim)
    sim.hold("OK")
    choose(sim, "Same players again")
    confirm(sim)
    check(line_with(sim, "Hand 1/6") is not None, "a deliberate choice starts the new match", sim)


def _again(sim):
    # "Same players again" from the menu, answered yes when the game on the table is asked
    # about (a match with hands in it)
    new_match(sim)
    if says(sim, "?"):
        confirm(sim)
    check(line_with(sim, "Hand 1/6") is not None, "a new match", sim)


def scenario_new_matches_with_no_hands_keep_the_finished_one():
    # issue 28: a match replaced before any hand was entered took the finished one's
    # place for undo, so a second "Same players again" (or a hand undone, then a new
    # match) lost the finished sheet for good
    sim = start(["Anna", "Ben", "Cara"])
    quick_hand(sim)  # Anna out: -7 0 0
    for _ in range(5):
        quick_hand(sim, "UP")  # the deck ran out: 0 0 0 each time
    final = [(1, "Anna", -7), (2, "Ben", 0), (2, "Cara", 0)]
    check(standings(sim) == final, "the final standings", sim)
    new_match(sim)
    _again(sim)  # a second rematch, the first one empty
    quick_hand(sim)  # a hand, then undone: the match is empty again
    keys(sim, "OK:long")
    choose(sim, "Undo")
    keys(sim, "OK")  # the notice saying what was undone
    check(line_with(sim, "Hand 1/6") is not None, "the hand undone", sim)
    _again(sim)
    keys(sim, "OK:long")
    choose(sim, "Undo")
    check(says(sim, "last one is back"), "undo brings the finished match back", sim)
    keys(sim, "OK")
    check(standings(sim) == final, "the finished sheet, totals and all", sim)


def _fix_hand(sim, hand, moves="", enter="ROLL"):
    # the menu's hands list, hand `hand` opened on its ending, OK, then `moves` on its
    # grid and `enter` (ROLL saves the correction)
    keys(sim, "OK:long")
    choose(sim, "Hands")
    choose(sim, "Hand " + str(hand) + ":")
    keys(sim, "OK " + moves + " " + enter)


def scenario_a_folded_game_views_and_corrects_every_hand():
    # issue 39.8: six hands, then hand 6 corrected 58 times (a table checking it again
    # and again): 64 actions, the journal folds (apps/game FOLD). "Hands: view, fix"
    # crashed every time after that; now every hand is still listed and opens, hand 1
    # corrected moves the totals, and so after a power cut
    sim = start()
    for _ in range(6):
        quick_hand(sim)  # Anna out: -7 a hand
    check(standings(sim)[0] == (1, "Anna", -42), "six hands: Anna -42", sim)
    for _ in range(58):
        _fix_hand(sim, 6)  # saved as it was
    check("base" in json.loads(sim.flash.read("autumn_leaves.json"))["data"], "the journal folded", sim)
    keys(sim, "OK:long")
    choose(sim, "Hands")
    check(line_with(sim, "Hand 6: Anna out") is not None and not says(sim, "too old"), "the list opens", sim)
    keys(sim, "BACK")
    _fix_hand(sim, 1, "UP UP")  # Anna's pile in hand 1 was 9, not 7
    check(standings(sim)[0] == (1, "Anna", -44), "hand 1 corrected: -44", sim)
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    open_app(sim, "Autumn Leaves")
    check(not says(sim, "damaged") and standings(sim)[0] == (1, "Anna", -44), "kept after a power cut", sim)
    _fix_hand(sim, 2, "UP")  # hand 2: 8
    check(standings(sim)[0] == (1, "Anna", -45), "hand 2 corrected: -45", sim)


def scenario_a_game_folded_by_earlier_firmware_says_which_hands_it_no_longer_holds():
    # issue 39.8: firmware before it folded hands 1-5 of such a game into its totals (a
    # checkpoint keeps only their sum): the list says so on its first row, and opening
    # that row says why; hand 6, still held, opens and is corrected
    hand = [0, [-7, 0, 0, 0]]
    old = {
        "setup": {"players": list(FOUR)},
        "base": {"n": 14, "state": {"folded": 5, "base": [-35, 0, 0, 0], "entries": [hand]}},
        "actions": [["edit", 5, hand]] * 50,
        "over": True,
    }
    sim = booted_with(table(FOUR), {"autumn_leaves.json": old})
    open_app(sim, "Autumn Leaves")
    check(standings(sim)[0] == (1, "Anna", -42), "the final standings", sim)
    keys(sim, "OK:long")
    choose(sim, "Hands")
    check(line_with(sim, "Hands 1-5: too old") is not None, "says which hands are gone", sim)
    check(line_with(sim, "Hand 6: Anna out") is not None, "hand 6 listed", sim)
    choose(sim, "Hands 1-5")
    check(says(sim, "Hands 1-5 are only in the totals now: too old to view or correct."), "why", sim)
    keys(sim, "OK")
    choose(sim, "Hand 6:")
    check(cursor_row(sim) == "Anna went out", "hand 6 opens with its ending", sim)
    keys(sim, "OK UP UP ROLL")  # Anna's pile in hand 6 was 9
    check(standings(sim)[0] == (1, "Anna", -44), "hand 6 corrected: -44", sim)
