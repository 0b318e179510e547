# The clock set by buttons (issue 42 item 2): Settings' "Date & time" on the shared entry
# grid, for a box no computer sets. Games filed before it are undated, after it dated;
# the entry takes only what core/when.py set_clock takes. Runs on CPython and MicroPython.
from host_tools.sim.keys import run as keys
from tests.scenarios.history import leaves_game, quick_hand, table
from tests.scenarios.util import FOUR, check, choose, new_match, open_app, open_game, says


def _entry(sim):
    # Settings, "Date & time": -> its two rows ("Date 1 1 2025", "Time 12 00")
    open_app(sim, "Settings")
    choose(sim, "Date & time")
    lines = sim.text().split("\n")
    check(lines[0] == "Clock", "the date entry", sim)
    return lines[1:3]


def _title(sim):
    return sim.text().split("\n")[0]


def scenario_a_date_set_by_buttons_dates_the_games_filed_after_it():
    # game 1 ends on a clock never set: undated. The entry opens on 1.1.2025 12:00 (no
    # date to start from); 14.3.2026 19:05 keyed in (day +13, month +2, year +1, hours
    # +7, minutes +5) and taken with ROLL; game 2 (a few seconds of play) ends then
    sim = table(FOUR)
    open_game(sim, "Autumn Leaves")
    leaves_game(sim)
    check(_entry(sim) == ["Date 1 1 2025", "Time 12 00"], "a clock never set: the default", sim)
    keys(sim, "UP*13 OK UP*2 OK UP OK UP*7 OK UP*5 ROLL")
    check(says(sim, "Set to 14.3.26 19:05. Games are dated from now on."), "set, and said", sim)
    sim.press("OK")
    check(sim.text().split("\n")[-1] == "Date & time", "back in Settings", sim)
    open_app(sim, "Autumn Leaves")
    new_match(sim)
    leaves_game(sim)
    open_app(sim, "History")
    check(_title(sim) == "History 14.3.26 19:05", "game 2 is dated", sim)
    sim.press("DOWN")
    check(_title(sim) == "History undated", "game 1, filed before, stays undated", sim)
    sim.press("BACK")
    check(_entry(sim) == ["Date 14 3 2026", "Time 19 05"], "the entry opens on the clock's time", sim)


def scenario_the_date_entry_takes_only_dates_the_clock_takes():
    # 29.2.2025 is no date (refused in words, nothing set); 29.2.2028 is. The year stops
    # at 2099 and 2024, as its note line says: 2100 and 2023 cannot be keyed in
    sim = table(FOUR)
    _entry(sim)
    keys(sim, "UP*28 OK UP OK ROLL")
    check(says(sim, "There is no 29.2.2025."), "refused", sim)
    sim.press("OK")
    check(sim.text().split("\n")[1] == "Date 29 2 2025", "the entry as it was", sim)
    keys(sim, "UP*3 ROLL")
    check(says(sim, "Set to 29.2.28 12:00."), "a leap day taken", sim)
    sim.press("OK")
    choose(sim, "Date & time")
    keys(sim, "OK OK")
    check(sim.text().split("\n")[-1] == "2024-2099, ROLL: done", "the year's bounds said", sim)
    keys(sim, "UP*80")
    check(sim.text().split("\n")[1] == "Date 29 2 2099", "no year past 2099", sim)
    keys(sim, "DOWN*80")
    check(sim.text().split("\n")[1] == "Date 29 2 2024", "nor before 2024", sim)


def scenario_a_games_sheet_says_when_it_ended_and_how_long_it_took():
    # issue 42 item 4: the list's title bar said a game's date, its sheet neither that
    # nor its length. Game 1 starts on the clock set by buttons to 14.3.2026 19:05; the
    # clock (a host's, as `leafkeeper clock`) says 20:30 before its sixth hand: it ends
    # then, 1 h 25 min after it started. Game 2, after a power cut (the clock unset
    # again), starts and ends undated, on the uptime of one run: its length still known
    sim = table(FOUR)
    _entry(sim)
    keys(sim, "UP*13 OK UP*2 OK UP OK UP*7 OK UP*5 ROLL OK")
    open_game(sim, "Autumn Leaves")
    for _ in range(5):
        quick_hand(sim)
    sim.set_clock((2026, 3, 14, 20, 30, 0))
    quick_hand(sim)
    check(says(sim, "wins!"), "the game is over after six hands", sim)
    open_app(sim, "History")
    sim.press("OK")
    lines = sim.text().split("\n")
    check(lines[0] == "AL #1 14.3.26 20:30", "the sheet says when the game ended", sim)
    check(lines[-1] == "1 h 25 min  OK: hands", "and how long it took", sim)
    sim.power_cut()
    sim.boot()
    sim.advance(500)
    open_app(sim, "Autumn Leaves")
    new_match(sim)
    leaves_game(sim)
    open_app(sim, "History")
    sim.press("OK")
    lines = sim.text().split("\n")
    check(lines[0] == "AL #2 undated" and lines[-1] == "0 min  OK: hands", "undated, its length known", sim)
