# Renames and the games they meet (issue 39, items 4 and 9), as a player presses
# buttons: a line-up plays under today's names whatever it comes from (a rematch of the
# game before the rename, a game on during it, a game on when an update met renames
# kept as pairs), nothing a rename leaves behind is credited to no one, and a device
# that renames for years can always rename again. Runs on CPython and MicroPython.
# Expected numbers by hand, as tests/scenarios/history.py's: in a quick hand the one
# who went out scores -7, everyone else 0, so six of them end on -42 and 0.
import json

from host_tools.bench.tour import type_name
from tests.scenarios.history import leaves_game, quick_hand, rows, table
from tests.scenarios.util import (
    FOUR,
    check,
    choose,
    line_with,
    new_match,
    open_app,
    open_game,
    rename_to,
    says,
)


def _rename(sim, old, new):
    # Settings > Player names > old > Rename, typed; -> what the device said
    open_app(sim, "Settings")
    choose(sim, "Player names")
    choose(sim, old)
    sim.press("OK")  # Rename: the line-up's letter entry
    rename_to(sim, new)
    said = " ".join(rows(sim))
    sim.press("OK")
    return said


def _players(sim):
    # History > ROLL: the players' rows, "Bert 2 of 2"
    open_app(sim, "History")
    sim.press("ROLL")
    return rows(sim)


def scenario_a_rematch_after_a_rename_plays_under_the_new_name():
    # Ben wins game 1 and is renamed Bert; "Same players again" on game 1's end screen
    # seats Bert, who wins game 2 too: both games are Bert's, and Ben is no one's
    sim = table(FOUR)
    open_game(sim, "Autumn Leaves")
    leaves_game(sim, "DOWN")  # seat 2, Ben, goes out every hand
    check(_rename(sim, "Ben", "Bert").startswith("Ben is now Bert."), "renamed", sim)
    open_app(sim, "Autumn Leaves")
    check(says(sim, "Bert wins!"), "game 1's end screen says Bert", sim)
    new_match(sim)
    check(line_with(sim, "1 Bert 0") is not None, "the rematch seats Bert", sim)
    leaves_game(sim, "DOWN")
    open_app(sim, "History")
    check(rows(sim) == ["2 AL Bert -42", "1 AL Bert -42"], "both games are Bert's", sim)
    check(_players(sim) == ["Anna 0 of 2", "Bert 2 of 2", "Cara 0 of 2", "Dan 0 of 2"], "Bert won both", sim)
    game2 = json.loads(sim.flash.read("hist_0.json"))["data"]["games"][1]
    check(game2["p"] == ["Anna", "Bert", "Cara", "Dan"], "game 2 filed under Bert")
    return sim  # its flash for `pull --stats` (tests/test_renames.py)


def scenario_a_game_on_during_a_rename_ends_under_the_new_name():
    # three hands of game 1 (Ben out each), Ben renamed Bert, the game resumed: its
    # seats say Bert, and the game is filed as his (no game was filed before the rename,
    # so only the game on remembers it)
    sim = table(FOUR)
    open_game(sim, "Autumn Leaves")
    for _ in range(3):
        quick_hand(sim, "DOWN")
    check(_rename(sim, "Ben", "Bert").startswith("Ben is now Bert."), "renamed", sim)
    open_app(sim, "Autumn Leaves")  # the Resume row
    check(line_with(sim, "1 Bert -21") is not None, "the game on says Bert", sim)
    for _ in range(3):
        quick_hand(sim, "DOWN")
    open_app(sim, "History")
    check(rows(sim) == ["1 AL Bert -42"], "filed as Bert's", sim)
    check("Bert 1 of 1" in _players(sim), "Bert's record", sim)


def scenario_a_power_cut_in_a_rename_leaves_no_game_to_no_one():
    # the rename's last press cut after each number of block writes in turn: whatever
    # the cut kept, the game on, finished after the next boot, is filed under the name
    # the device remembers (its record counts it), and once the settings say Bert, Bert's
    from host_tools.sim import Simulator
    from tests.scenarios import util

    sim = util.table(FOUR)
    open_game(sim, "Autumn Leaves")
    for _ in range(5):
        quick_hand(sim, "DOWN")
    files = {}  # the device then, for each cut to start from
    for f in sim.flash.listdir():
        files[f] = sim.flash.read(f)
    cut = 1
    while True:
        sim = Simulator(seed=1)
        for f, data in files.items():
            sim.flash.write(f, data)
        sim.power_cut()
        sim.boot()
        sim.advance(100)
        open_app(sim, "Settings")
        choose(sim, "Player names")
        choose(sim, "Ben")
        sim.press("OK")
        sim.arm_power_cut(cut)  # the entry writes nothing until the name is done
        rename_to(sim, "Bert")
        done = sim.on  # the rename wrote fewer blocks than that: the last one cut
        if done:
            sim.flash.disarm()
        if not done:
            sim.boot()
            sim.advance(500)
        open_app(sim, "Autumn Leaves")
        quick_hand(sim, "DOWN")
        names = json.loads(sim.flash.read("settings.json"))["data"]["names"]
        who = "Bert" if "Bert" in names else "Ben"
        open_app(sim, "History")
        check(rows(sim) == ["1 AL " + who + " -42"], "cut at %d: filed as %s's" % (cut, who), sim)
        if done:
            break
        cut += 1
    check(cut > 2, "the rename's writes were cut %d ways" % (cut - 1))


def scenario_an_update_from_renames_kept_as_pairs_plays_under_the_new_name():
    # a game on (Ben out in 3 hands) when the firmware kept Ben -> Bert as a pair for
    # good, its line-up (and the game) still saying Ben: after the update the game
    # ends as Bert's, and the next line-up seats Bert
    sim = table(FOUR)
    open_game(sim, "Autumn Leaves")
    for _ in range(3):
        quick_hand(sim, "DOWN")
    v1 = {"game_no": 1, "lineup": FOUR, "names": FOUR, "alias": [["Ben", "Bert"]], "resume": "autumn_leaves"}
    sim.flash.write("settings.json", json.dumps({"v": 1, "data": v1}).encode())
    sim.power_cut()
    sim.boot()
    sim.advance(500)
    open_app(sim, "Autumn Leaves")
    check(line_with(sim, "1 Bert -21") is not None, "the game on says Bert", sim)
    for _ in range(3):
        quick_hand(sim, "DOWN")
    open_app(sim, "History")
    check(rows(sim) == ["1 AL Bert -42"], "filed as Bert's", sim)
    check(_players(sim)[:2] == ["Anna 0 of 1", "Bert 1 of 1"], "Bert's record", sim)
    open_app(sim, "Autumn Leaves")
    new_match(sim, "New players")
    check(line_with(sim, "2 Bert") is not None, "the line-up seats Bert", sim)


def scenario_renaming_works_for_a_device_s_whole_life():
    # 32 renames, ten games apart (the games filed as the device files them, without
    # the presses: 320 games, the oldest 120 gone from the history of 200): each rename
    # is made, and every game in the history goes by today's name
    import gc

    from core import settings

    from host_tools.bench import games

    sim = table(FOUR)
    store = sim.loop.ui.storage

    def name(head, i):  # Olaa, Olab, ... Olea: a name of its own for each rename
        return head + chr(97 + i // 8) + chr(97 + i % 8)

    for i in range(32):
        old = name("Ol", i)
        new = name("Ne", i)
        sim.hold("BACK")  # home: the lane's heap holds no app while the ten are filed
        gc.collect()
        games.fill(store, 10, i + 1, ("autumn_leaves",), 10 * i + 1, [old, "Pia", "Rob"])
        s = sim.loop.ui.settings
        s["game_no"] = 10 * i + 11  # as the games' own filing would leave it
        s["names"] = [old, "Pia", "Rob"]  # and their line-up
        said = _rename(sim, old, new)
        check(said.startswith(old + " is now " + new + "."), "rename %d: %s" % (i + 1, said), sim)
    alias = sim.loop.ui.settings["alias"]
    check(len(alias) <= settings.ALIASES, "the renames kept fit", sim)
    from core import history
    from rules import records

    kept = list(history.games(store))
    check(len(kept) == 200 and kept[0]["n"] == 121, "the history: games 121 to 320", sim)
    for e in kept:
        want = name("Ne", (e["n"] - 1) // 10)
        check(records.current(e["p"][0], alias, e["n"]) == want, "game %d is %s's" % (e["n"], want), sim)
    # the History list, newest first, says the same
    open_app(sim, "History")
    for r in rows(sim)[:4]:
        check(r.split(" ")[2] in (name("Ne", 31), "Pia", "Rob"), "today's names: " + r, sim)


def scenario_two_players_of_a_game_on_are_merged_once_it_is_over():
    # Ben merged into Cara while both sit at the game on would seat one player twice:
    # refused in plain words, nothing changed; once the game is over the merge is made,
    # and its Ben and Cara count once for Cara (her better place)
    from tests.scenarios.util import confirm

    sim = table(FOUR)
    open_game(sim, "Autumn Leaves")
    quick_hand(sim, "DOWN")  # Ben out
    before = sim.flash.read("settings.json")
    open_app(sim, "Settings")
    choose(sim, "Player names")
    choose(sim, "Ben")
    sim.press("OK")
    type_name(sim, "Cara")
    check(says(sim, "Merge Ben into it?"), "asked first", sim)
    confirm(sim)
    check(says(sim, "Ben and Cara play the Autumn Leaves game on. Merge them once it is over."), "refused", sim)
    sim.press("OK")
    check(sim.flash.read("settings.json") == before, "nothing changed", sim)
    open_app(sim, "Autumn Leaves")
    check(line_with(sim, "1 Ben -7") is not None, "the game on as it was", sim)
    for _ in range(5):
        quick_hand(sim, "DOWN")
    open_app(sim, "Settings")
    choose(sim, "Player names")
    choose(sim, "Ben")
    sim.press("OK")
    type_name(sim, "Cara")
    confirm(sim)
    check(says(sim, "Ben is now Cara."), "merged", sim)
    check(_players(sim) == ["Anna 0 of 1", "Cara 1 of 1", "Dan 0 of 1"], "one player, who won", sim)
