# The device as a whole: idle power states, the wake press, burn-in shift, and a damaged
# save reported in plain words.
from host_tools.sim import Simulator
from host_tools.sim.keys import run as keys
from tests.scenarios.util import FOUR, RESUME, check, cursor_row, line_with, open_game, says, table


def scenario_dims_after_a_minute_and_goes_dark_after_five():
    sim = Simulator(seed=1)
    sim.advance(1000)
    bright = sim.contrast()
    sim.advance(59_000)
    check(sim.contrast() < bright, "dimmed after 60 s idle")
    check(sim.display_on() and "Dice roller" in sim.text(), "still showing while dimmed")
    sim.advance(240_000)
    check(not sim.display_on() and sim.text() == "", "panel off after 5 min idle")
    check(all(c == (0, 0, 0) for c in sim.leds()), "LEDs off too")


def scenario_a_game_in_play_dims_but_never_goes_dark():
    # issue 40 item 12: the screen went dark mid-hand after five minutes. While a game is
    # open and not over it dims, never darker; at home the setting rules again
    sim = table(FOUR)
    open_game(sim, "Autumn Leaves")
    shown = sim.text()
    sim.advance(61_000)
    check(sim.display_on() and sim.contrast() < 190, "dimmed after a minute", sim)
    sim.advance(3_600_000)  # an hour of talk over one hand
    check(sim.display_on() and sim.text() == shown, "the hand still on the table", sim)
    sim.hold("OK")  # its menu, over the game: still the game in play
    sim.advance(601_000)
    check(sim.display_on(), "the game's menu stays lit too")
    sim.press("BACK")
    sim.hold("BACK")  # home: the game waits there, the setting rules
    sim.advance(301_000)
    check(not sim.display_on(), "home goes dark after five minutes")


def _rolls(sim, what):
    # ROLL on the home screen opens the dice and rolls: the total is shown
    sim.press("ROLL")
    sim.advance(600)
    check(line_with(sim, "Total") is not None, what, sim)


def scenario_the_press_that_wakes_it_only_wakes_it():
    sim = Simulator(seed=1)
    sim.advance(301_000)
    check(not sim.display_on(), "asleep")
    sim.press("ROLL")  # on the home screen ROLL would open the dice and roll
    check(sim.display_on(), "awake after the press")
    check(line_with(sim, "Dice roller") is not None, "still on the home screen", sim)
    _rolls(sim, "the next press acts")


def scenario_a_press_on_a_dimmed_screen_acts():
    sim = Simulator(seed=1)
    sim.advance(70_000)
    _rolls(sim, "a dimmed screen can still be used")


def scenario_static_screen_moves_a_pixel_against_burn_in():
    sim = Simulator(seed=1)
    sim.advance(1000)
    before = sim.pixels()
    sim.advance(180_000)
    after = sim.pixels()
    check(after != before, "the picture moved")
    # the first shift is one pixel to the right: every row, with the last column gone
    for y in range(64):
        check(after[y][1:] == before[y][:-1] and after[y][0] == ".", "row %d shifted by one" % y)


def scenario_damaged_save_is_reported_and_the_app_starts_fresh():
    # KEEP-3: a damaged save is set aside and the app starts afresh
    sim = Simulator(seed=1)
    sim.flash.write("dice.json", b'{"v": 1, "data": {"n": 4')  # cut off mid-write
    sim.boot()
    sim.advance(100)
    sim.press("OK")  # open the dice roller
    check(line_with(sim, "damaged") is not None, "the player is told", sim)
    check(line_with(sim, "dice.bad") is not None, "and where the old file went", sim)
    check(sim.flash.read("dice.bad") is not None, "the damaged file is kept")
    sim.press("OK")  # dismiss
    check(line_with(sim, "3d6") is not None, "the dice roller starts fresh", sim)


def _on_the_shelf(days):
    # Left asleep for days: the device light-sleeps and ticks (here one tick an hour of
    # virtual time). It must stay dark, and then wake at a press and act at the next one,
    # however long it slept: the tick counter wraps every 12.4 days on the RP2040 and a
    # difference of two tick counts every 6.2 (the CPython lane counts like the Pico).
    sim = Simulator(seed=1)
    sim.advance(1000)
    bright = sim.contrast()
    sim.advance(601_000)  # past the ten minutes that put it to sleep
    check(not sim.display_on(), "asleep after ten minutes")
    for hour in range(days * 24):
        sim.clock.advance(3_600_000)
        sim.loop.tick()
        check(not sim.display_on(), "still dark after %d hours on the shelf" % (hour + 1))
    sim.press("ROLL")  # on the home screen ROLL would open the dice and roll
    check(sim.display_on() and sim.contrast() == bright, "a press wakes it, at its brightness")
    check(line_with(sim, "Dice roller") is not None, "the press only woke it", sim)
    _rolls(sim, "the next press acts")
    sim.advance(179_000)  # three minutes more on the same screen: the pixel shift moves on
    before = sim.pixels()
    sim.advance(181_000)
    check(sim.pixels() != before, "the burn-in shift still moves the picture")


def scenario_a_week_on_the_shelf():
    _on_the_shelf(7)


def scenario_a_month_on_the_shelf():
    _on_the_shelf(30)


def scenario_a_year_on_the_shelf():
    _on_the_shelf(365)


def _home_rows(sim):
    return sim.text().split("\n")[1:]


def scenario_after_a_power_cut_the_cursor_starts_on_resume_and_says_so():
    # issue 40 item 5: home showed the game's row but the cursor sat on the dice, so a
    # habit OK after a power cut opened the dice roller. Now the cursor starts on the
    # game in progress and the hint says, in words, what OK does there
    sim = table(FOUR)
    open_game(sim, "Autumn Leaves")  # a game in progress
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    check(cursor_row(sim) == RESUME + "Autumn Leaves", "the cursor on the game", sim)
    check(sim.text().split("\n")[0].endswith("OK: resume"), "the hint says OK resumes", sim)
    keys(sim, "OK")
    check(line_with(sim, "Hand 1/6") is not None, "one OK takes the game up", sim)
    # with no game on, the cursor starts on the first app, as before
    sim = table(FOUR)
    check(cursor_row(sim) == "Dice roller", "no game: the cursor on the dice", sim)


def scenario_an_app_loads_while_ok_is_held_and_a_press_that_does_not_open_it_unloads_it():
    # issue 12: OK held on an app at home loads its code before the finger lifts, so
    # the app shows that much sooner after the release; held long (nothing at home)
    # and then another app opened, the first one's code is out of the heap again
    import sys

    sim = table(FOUR)
    keys(sim, "DOWN*6")  # Solitaire, the seventh app
    check(cursor_row(sim) == "Solitaire", "the cursor on Solitaire", sim)
    check("apps.solitaire" not in sys.modules, "nothing loaded before the press", sim)
    sim.button_down("OK")
    sim.advance(60)  # a tap lasts longer
    check("apps.solitaire" in sys.modules, "Solitaire's code loads while OK is down", sim)
    check(sim.text().startswith("Leafkeeper"), "still at home until the release", sim)
    sim.button_up("OK")
    sim.advance(150)
    check(sim.text().startswith("#1 "), "Solitaire opens at the release: deal 1", sim)
    keys(sim, "BACK:long")
    check("apps.solitaire" not in sys.modules, "home forgets it", sim)
    for _ in range(12):
        if cursor_row(sim) == "Solitaire":
            break
        sim.press("DOWN")
    keys(sim, "OK:long")  # held on Solitaire: nothing happens at home
    check(sim.text().startswith("Leafkeeper") and cursor_row(sim) == "Solitaire", "a long OK stays at home", sim)
    keys(sim, "DOWN OK")  # History instead
    check(sim.text().startswith("History"), "History opens", sim)
    for name in ("apps.solitaire", "rules.solitaire", "apps.game"):
        check(name not in sys.modules, name + " left the heap with the press that loaded it", sim)


def scenario_an_apps_saves_are_read_while_ok_is_down_and_their_news_waits_for_the_release():
    # issue 26: the app is made while OK is down (its saves read), the release only shows
    # it; a damaged save is set aside then, and the message saying so comes at the
    # release, above the app (shown while OK was down, the release would close it)
    sim = Simulator(seed=1)
    sim.flash.write("dice.json", b'{"v": 1, "data": {"n": 4')  # cut off mid-write
    sim.boot()
    sim.advance(100)
    sim.button_down("OK")  # on the dice roller, the first app
    sim.advance(60)  # a tap lasts longer
    check(sim.flash.read("dice.bad") is not None, "the save is read while OK is down", sim)
    check(sim.text().startswith("Leafkeeper"), "still at home until the release", sim)
    sim.button_up("OK")
    sim.advance(150)
    check(line_with(sim, "damaged") is not None, "the player is told at the release", sim)
    sim.press("OK")  # dismiss
    check(line_with(sim, "3d6") is not None, "the dice roller, started fresh, is under it", sim)


def scenario_home_holds_only_the_code_it_draws_with():
    # issue 26: at home, after boot and idle, the heap holds no app's code: not the dice
    # roller (on the UF2 its frozen code loads at the press), not the settings' checks
    # (loaded to read and to write them), not the light shows nor the dialogs; ROLL still
    # rolls at once, and home forgets the roller again
    import sys

    away = ("apps.dice", "rules.dice", "core.settings", "core.shows", "ui.dialogs")
    sim = Simulator(seed=1)
    sim.advance(2000)
    for name in away:
        check(name not in sys.modules, name + " is not in the heap at home", sim)
    sim.press("ROLL")
    opened = line_with(sim, "Dice roller") is None and "apps.dice" in sys.modules
    check(opened, "ROLL opens the roller", sim)
    sim.advance(600)
    check(line_with(sim, "Total") is not None, "and rolls at once", sim)
    keys(sim, "BACK:long")
    check("apps.dice" not in sys.modules, "home forgets the roller", sim)


def _undo_first_in_the_menu(label, played):
    # issue 15: "Undo last" at the same place in every game menu, whatever the state:
    # new, and after `played` (one step of the game from its first screen). Issue 40:
    # the second row, not the first, where the OK of habit after the held OK lands; and
    # an undo is put back by one press. One game a scenario: each runs in its own
    # interpreter in the MicroPython lane
    sim = table(FOUR)
    open_game(sim, label)
    for _ in range(3):  # Ash's sides, 61 Feuilles' setup: Start again
        if (cursor_row(sim) or "").startswith("Start"):
            sim.press("OK")
    for state in ("new", "played"):
        if state == "played":
            keys(sim, played)
        keys(sim, "OK:long")
        row = cursor_row(sim)
        check(row is not None and not row.startswith("Undo"), label + ", " + state + ": not Undo first", sim)
        keys(sim, "DOWN")
        row = cursor_row(sim)
        check(row is not None and row.startswith("Undo"), label + ", " + state + ": Undo second", sim)
        keys(sim, "BACK")
    # the step played, undone, then put back by ROLL on the undo's message (each screen
    # read once a pick's echo in 61 Feuilles' title is gone)
    sim.advance(2500)
    shown = sim.text()
    keys(sim, "OK:long DOWN OK")
    check(says(sim, "ROLL: redo"), label + ": the undo says ROLL puts it back", sim)
    keys(sim, "ROLL")
    keys(sim, "OK")  # "Redone: ..."
    sim.advance(2500)
    check(sim.text() == shown, label + ": redone, the screen as before the undo", sim)


def scenario_undo_first_in_the_autumn_leaves_menu():
    _undo_first_in_the_menu("Autumn Leaves", "ROLL OK ROLL")  # a hand, pre-filled


def scenario_undo_first_in_the_autumn_ash_menu():
    _undo_first_in_the_menu("Autumn Ash", "ROLL UP OK")  # no bag: the colours' last row


def scenario_undo_first_in_the_61_feuilles_menu():
    _undo_first_in_the_menu("61 Feuilles", "ROLL wait:500 OK OK OK OK")  # dice, four leaves


def scenario_undo_first_in_the_leaves_came_down_menu():
    _undo_first_in_the_menu("Leaves Came Down", "BACK OK OK OK ROLL")  # past the spin, a drop and grab, the next round


# Two Simulators in one process are two devices: they share no screen, text, flash,
# clock or dice (DESIGN.md). Their presses interleaved: two rolls, the dice menu, home,
# then Autumn Leaves opened (code loaded while the other is elsewhere).
TWO_STEPS = ("ROLL wait:600", "ROLL wait:600", "OK:long", "BACK:long", "DOWN OK")


def _seen(sim):
    # what a player sees: the text, the glass (hashed: two lanes' heaps hold every step's)
    # and the LEDs
    return (sim.text(), hash(tuple(sim.pixels())), tuple(sim.leds()))  # no 8 KB string: row by row


def _alone(seed):
    # the expectation: a Simulator with this seed, the only one running, step by step
    sim = Simulator(seed=seed)
    sim.advance(200)
    seen = [_seen(sim)]
    for step in TWO_STEPS:
        keys(sim, step)
        seen.append(_seen(sim))
    return seen


def scenario_two_simulators_with_one_seed_play_alike():
    a = Simulator(seed=3)
    b = Simulator(seed=3)
    a.advance(200)
    b.advance(200)
    for step in ("",) + TWO_STEPS:
        keys(a, step)
        keys(b, step)
        check(a.text() != "" and a.text() == b.text(), "the same text after " + repr(step), a)
        check(a.pixels() == b.pixels(), "the same glass after " + repr(step), a)
        check(a.leds() == b.leds(), "the same LEDs after " + repr(step))


def scenario_two_simulators_with_their_own_seeds_each_play_as_alone():
    want_a = _alone(1)
    want_b = _alone(9)
    check(want_a[1][0] != want_b[1][0], "the two seeds roll differently")
    a = Simulator(seed=1)
    a.advance(200)
    keys(a, TWO_STEPS[0])
    b = Simulator(seed=9)  # made while a's dice are up: a goes on as if alone
    b.advance(200)
    check(_seen(a) == want_a[1], "a second Simulator leaves the first as it was", a)
    check(_seen(b) == want_b[0], "the second one boots as if alone", b)
    # a one step ahead of b, so that each is on another screen than the other
    for i in range(1, len(TWO_STEPS)):
        keys(a, TWO_STEPS[i])
        keys(b, TWO_STEPS[i - 1])
        check(_seen(a) == want_a[i + 1], "seed 1 as alone after " + TWO_STEPS[i], a)
        check(_seen(b) == want_b[i], "seed 9 as alone after " + TWO_STEPS[i - 1], b)
    keys(b, TWO_STEPS[-1])
    check(_seen(b) == want_b[-1], "seed 9 as alone at the end", b)
