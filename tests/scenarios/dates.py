# Time and numbers over a device's life (issue 39): every date the host link takes files
# a game that reads back after a power cut, a device at game 99,998 goes on past
# 100,000 with its renames, and a game corrected days after its end keeps its own start
# and end. Runs on CPython and MicroPython.
from host_tools.sim.keys import run as keys
from tests.scenarios.history import _answer, _rename, leaves_game, rows, table
from tests.scenarios.util import FOUR, check, choose, new_match, open_app, open_game, says

# (the time the host sets, what the History's title then says of a quick game's end:
# six hands of four presses take a few seconds). The turns the formats care about:
# 2**30 s after 2000-01-01 (2034-01-09 13:37:04: the Pico's small ints end, and the
# history's bound was there), 2**31 s (2068-01-19 03:14:08: a signed 32-bit count),
# 2038 (the Unix one), leap days, and the link's last second: a game that ends in 2100,
# a date no host sets, is undated (a pull in the same run dates it)
DATES = (
    ((2024, 1, 1, 0, 0, 0), "1.1.24 0:00"),
    ((2028, 2, 29, 23, 59, 59), "1.3.28 0:00"),
    ((2034, 1, 9, 13, 37, 3), "9.1.34 13:37"),
    ((2037, 12, 31, 23, 59, 59), "1.1.38 0:00"),
    ((2038, 1, 19, 3, 14, 7), "19.1.38 3:14"),
    ((2068, 1, 19, 3, 14, 7), "19.1.68 3:14"),
    ((2096, 2, 29, 12, 0, 0), "29.2.96 12:00"),
    ((2099, 12, 31, 23, 59, 0), "31.12.99 23:59"),
    ((2099, 12, 31, 23, 59, 53), "undated"),
)


def _ended(sim):
    # the History's title: "History " and when the game under the cursor ended (the
    # word "Hist." by design beside a long date)
    title = sim.text().split("\n")[0]
    check(title.startswith("Hist"), "the History", sim)
    return title.split(" ", 1)[1]


def _set(sim, t):
    said = _answer(sim, "LK-CLOCK " + " ".join(str(x) for x in t) + "\n")
    check(said[:2] == ["LK-CLOCK", "OK"], "the link takes " + str(t), sim)


def scenario_every_date_the_host_link_takes_files_a_game_that_reads_back():
    # issue 39 item 1: from 2034-01-09 13:37:04 on every game was set aside as damaged
    # the moment it was filed ("Saved hist_0 damaged", History empty)
    sim = table(FOUR)
    for bad in ("2100 1 1 0 0 0", "2023 12 31 23 59 59", "2100 2 29 0 0 0", "2097 2 29 0 0 0"):
        check(_answer(sim, "LK-CLOCK " + bad + "\n") == ["LK-CLOCK", "BAD"], "refused: " + bad, sim)
    for i in range(len(DATES)):
        t, shown = DATES[i]
        _set(sim, t)
        if i:
            open_app(sim, "Autumn Leaves")
            new_match(sim)
        else:
            open_game(sim, "Autumn Leaves")
        leaves_game(sim)
        open_app(sim, "History")
        check(not says(sim, "damaged") and _ended(sim) == shown, "game %d filed, ended %s" % (i + 1, shown), sim)
        check(len(rows(sim)) == min(i + 1, 4), "every game so far listed (a screenful: 4)", sim)
    sim.power_cut()
    sim.boot()
    sim.advance(500)
    check(not says(sim, "damaged"), "nothing set aside at boot", sim)
    open_app(sim, "History")
    for i in range(len(DATES) - 1, -1, -1):
        check(_ended(sim) == DATES[i][1], "game %d read back" % (i + 1), sim)
        check(rows(sim)[min(len(DATES) - 1 - i, 3)].startswith(str(i + 1) + " AL Anna -42"), "its row", sim)
        sim.press("DOWN")


def _played(sim, ending):
    # the finished match again from the menu (held OK), then six quick hands
    open_app(sim, "Autumn Leaves")
    new_match(sim)
    leaves_game(sim, ending)


def scenario_a_device_at_game_99998_goes_on_past_100000():
    # issue 39 item 3: after game 99,999 the settings were saved with game number
    # 100,001, which the next boot called damaged (every rename reset), and the game's
    # save was set aside as damaged when its app opened. Now numbers go on (to
    # 9,999,999): games 99,998 to 100,001 are all filed, across a reboot, the rename
    # of Anna (for the games before it) kept, nothing set aside
    sim = table(FOUR)
    sim.loop.ui.settings["game_no"] = 99998
    open_game(sim, "Autumn Leaves")
    leaves_game(sim)  # game 99,998: Anna out every hand
    _rename(sim, "Anna", "Annie")
    for ending in ("DOWN", "DOWN", "DOWN"):  # games 99,999 to 100,001: Ben
        _played(sim, ending)
        check(not says(sim, "damaged") and not says(sim, "stays in its app"), "filed", sim)
    sim.power_cut()
    sim.boot()
    sim.advance(500)
    check(not says(sim, "damaged"), "nothing set aside at boot", sim)
    open_app(sim, "History")
    want = ["100001 AL Ben -42", "100000 AL Ben -42", "99999 AL Ben -42", "99998 AL Annie -42"]
    check(rows(sim) == want, "every game, the rename kept", sim)
    open_app(sim, "Autumn Leaves")
    check(not says(sim, "damaged") and says(sim, "Ben wins!"), "game 100,001's save opens", sim)
    _played(sim, "")  # game 100,002: filed as well
    open_app(sim, "History")
    # a rematch plays under today's names (issue 39 item 4): Anna is Annie now
    check(rows(sim)[0] == "100002 AL Annie -42" and not says(sim, "damaged"), "and the next", sim)


def _stamps(sim, n):
    # the start and end the history keeps for game n (core/when.py stamps)
    from core import history

    e = history.find(sim.loop.ui.storage, n)
    return e.get("ts"), e.get("te")


def _fix_hand_1(sim, presses):
    # the finished game's menu (held OK): Hands, hand 1 corrected by `presses`, taken
    open_app(sim, "Autumn Leaves")
    keys(sim, "OK:long")
    choose(sim, "Hands")
    choose(sim, "Hand 1")
    keys(sim, "OK " + presses + " ROLL")
    check(says(sim, "wins!"), "the game still ended", sim)


def scenario_a_game_corrected_days_later_keeps_its_own_start_and_end():
    # issue 39 item 5: a correction refiled the game with the correction's time as its
    # end (a match played 27.11 said 5.12, 10,975 minutes long). Played 27.11.25 at
    # 19:58 (a few seconds), corrected on 5.12 (changing nothing, then Anna's pile 7 ->
    # 9), then again after an older firmware's save (no end kept in it) came back: the
    # History says 27.11.25 19:58 each time, the start and end stamps as filed
    sim = table(FOUR)
    _set(sim, (2025, 11, 27, 19, 58, 50))
    open_game(sim, "Autumn Leaves")
    leaves_game(sim)
    when = _stamps(sim, 1)
    check(0 <= when[0][0] - 817588730 < when[1][0] - 817588730 < 60, "played 27.11.25 from 19:58:50", sim)
    _set(sim, (2025, 12, 5, 18, 55, 0))
    for presses in ("", "UP UP"):
        _fix_hand_1(sim, presses)
        open_app(sim, "History")
        check(_ended(sim) == "27.11.25 19:58" and _stamps(sim, 1) == when, "its own start and end", sim)
    check(rows(sim) == ["1 AL Anna -44"], "the correction filed", sim)
    # the save as a firmware that kept no end wrote it
    import json

    raw = json.loads(sim.flash.read("autumn_leaves.json"))
    del raw["data"]["end"]
    sim.flash.write("autumn_leaves.json", json.dumps(raw).encode())
    sim.power_cut()
    sim.boot()
    sim.advance(500)
    _set(sim, (2025, 12, 6, 10, 0, 0))
    _fix_hand_1(sim, "DOWN DOWN")  # 9 -> 7 again
    open_app(sim, "History")
    check(_ended(sim) == "27.11.25 19:58" and _stamps(sim, 1) == when, "kept after the update", sim)
    check(rows(sim) == ["1 AL Anna -42"], "the correction filed", sim)


def scenario_the_uptime_a_host_reads_is_the_runs_after_a_game():
    # what dates a run's undated games on the host (`leafkeeper pull`): the seconds
    # since power-up the firmware answers a clock line with. The clock set, a game
    # played and home again (its code, core/when.py with it, out of the heap): the next
    # answer still counts from power-up, not from 2021-01-01 (years: a game dated 2021)
    sim = table(FOUR)
    first = _answer(sim, "LK-CLOCK 2025 3 14 19 5 0\n")
    open_game(sim, "Autumn Leaves")
    leaves_game(sim)
    sim.hold("BACK")
    sim.advance(1000)
    second = _answer(sim, "LK-CLOCK 2025 3 14 19 6 0\n")
    check(second[2] == first[2] and 0 < int(second[3]) - int(first[3]) < 60, "the run's uptime: " + str((first, second)), sim)
