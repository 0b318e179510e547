# 61 Feuilles d'Automne: the round screen, while the game runs (apps/feuilles61.py
# hands it play/leds/draw; once the game is over apps/feuilles61_tally.py takes over
# and this module leaves the heap). Functions of the app rather than a screen of their
# own, so the app stays the one screen on the stack and BACK leaves the game.
#   nothing rolled: who rolls (big), "ROLL: roll", who leads the leaf race
#   rolling:        the dice tumble big across the middle (the dice roller's DiceRow)
#   leaf tracks:    the dice in a column, each beside its key (UP / OK / DOWN): ONE press
#                   takes that die for the player named on the right, and each row shows
#                   the total it makes and any goalpost it unlocks; BACK steps back a
#                   seat to correct; ROLL asks before rolling the round again
#   leaves all in:  the round's unlocks, "OK: zones", "ROLL: next" (or "end")
#   dice only:      the three dice in a row and "ROLL: next round"
from core.buttons import BACK, DOWN, OK, ROLL, UP
from core.ticks import ticks_diff
from micropython import const
from rules import feuilles61 as f
from rules import feuilles61_game as game
from ui import text, widgets
from ui.dice import DiceRow, draw_die

NEWS_MS = const(3000)  # a goalpost announcement stays in the title bar this long
KEYS = (UP, OK, DOWN)  # the key beside each die of the column, top to bottom
KEY_LABELS = ("▲", "OK", "▼")
DIE = const(16)
ROW_Y = (12, 30, 48)
PANEL_X = const(67)  # the right-hand panel: whose leaf, or the round's summary
PANEL_MID = const(97)
UNLOCK_TUNE = ((1568, 60), (2093, 120))


def reward_words(reward, short=False):
    if reward == "X":
        return "X"
    if short:
        return "+" + str(reward)
    return "+" + str(reward) + (" point" if reward == 1 else " points")


def name_box(fb, name, mid, y, most):
    # a name as a lit label centred on mid: whose turn it is stands out
    s = text.fit(name, most - 6)
    w = text.width(s) + 6
    fb.fill_rect(mid - w // 2, y - 1, w, 11, 1)
    text.draw(fb, s, mid, y, color=0, align=text.CENTER)


def roll(app, now_ms):
    vals = [1 + app.shell.rng.randbelow(6) for _ in range(game.DICE)]
    if app.act(["roll", vals]):  # saved before the dice land on screen
        app.row = DiceRow(6, vals)
        app.row.start(now_ms, vals)


def confirm_reroll(app):
    st = app.state
    q = "Roll round " + str(st["round"]) + " again? New dice for everyone"
    q += "; the leaves entered this round are cleared." if app.sheets() else "."
    app.shell.push(widgets.Confirm(app.shell, "Roll again", q, lambda: roll(app, app.shell.now_ms)))


def pick(app, p, i):
    if not app.act(["leaf", p, app.state["dice"][i]]):
        return
    names = app.players()
    got = game.round_unlocks(app.state, p)
    for total, post in got:  # two at once only with edited goalposts: the last shows
        app.news = [names[p] + " " + str(total) + ": " + reward_words(post[1]), app.shell.now_ms]
    if got:
        app.shell.sound.play(UNLOCK_TUNE)
    else:
        app.shell.beep(1500, 20)
    app.after = p + 1


def next_round(app):
    if not app.act(["next"]):
        return
    app.news = None  # the new round's title: its number and roller
    st = app.state
    if st["ended"]:
        app.finished()
        more = " Now count each sheet." if app.sheets() else " Count your sheets."
        app.shell.notify(app.words(game.end_reason(st)) + more, "Game over")

# -- the round screen --------------------------------------------------------------------

def play(app, events, now_ms):
    if app.news and ticks_diff(now_ms, app.news[1]) >= NEWS_MS:
        app.news = None
        app.dirty = True
    row = app.row
    if row is not None and row.rolling:
        if events:  # a key during the roll only lands the dice
            row.skip()
            app.dirty = True
            return
        if row.update(now_ms):
            app.dirty = True
            if row.rolling:
                app.shell.beep(1800 + 200 * (row.phase() % 3), 8)
        return
    for ev in events:
        if _key(app, ev, now_ms):
            return


def _key(app, ev, now_ms):
    # -> True when the rest of this tick's events should wait (a screen opened)
    st = app.state
    p = app.picker()
    if ev == ROLL:
        if not st["dice"]:
            roll(app, now_ms)
        elif p >= 0:
            confirm_reroll(app)
        else:
            next_round(app)
        return True
    if ev == BACK:
        if p > 0 or (p < 0 and st["dice"] and app.sheets()):
            app.fix = (p if p > 0 else len(app.players())) - 1  # correct the one before
            app.news = None
            app.dirty = True
            return False
        app.shell.pop()
        return True
    if ev in KEYS and p >= 0:
        pick(app, p, KEYS.index(ev))
        return False
    if ev == OK and app.sheets():
        app.open_zones()
        return True
    return False


def leds(app, leds, now_ms):
    leds.seats(len(app.players()), game.roller(app.state))


def draw(app, fb):
    st = app.state
    names = app.players()
    who = names[game.roller(st)]
    if app.news:
        widgets.title_bar(fb, app.news[0])
    else:
        right = text.fit(who, 48) + " rolls" if st["dice"] else ""
        widgets.title_bar(fb, "Round " + str(st["round"]) + "/" + str(f.ROUNDS), right)
    row = app.row
    if row is not None and row.rolling:
        row.draw(fb, 24)  # the dice tumble big across the middle
        return
    if not st["dice"]:
        first = st["round"] == 1 and not app.journal.actions
        # SMALL only: the MEDIUM font would not fit beside this app in the heap
        name_box(fb, who, 64, 14, 120)
        text.draw(fb, "rolls first" if first else "rolls the dice", 64, 28, align=text.CENTER)
        text.draw(fb, "ROLL: roll", 64, 40, align=text.CENTER)
        fb.hline(0, 52, 128, 1)
        text.draw(fb, _foot(app, st), 64, 54, align=text.CENTER)
        return
    if not app.sheets():
        if row is None or row.values != st["dice"]:
            app.row = row = DiceRow(6, list(st["dice"]))
        row.draw(fb, 14)
        text.draw(fb, "ROLL: next round", 64, 42, align=text.CENTER)
        text.draw(fb, "hold OK: menu", 64, 53, align=text.CENTER)
        return
    _draw_column(app, fb, st)


def _foot(app, st):
    # under "ROLL": who leads the leaf race (the game ends when anyone reaches 61)
    if not app.sheets():
        return "hold OK: menu"
    t = game.totals(st)
    best = 0
    for p in range(len(t)):
        if t[p] > t[best]:
            best = p
    return "Top leaf: " + text.fit(app.players()[best], 54) + " " + str(t[best]) + "/61"


def _draw_column(app, fb, st):
    # the dice in a column, each beside its key; for the player being asked, the leaf
    # total each die makes and what it unlocks; on the right who is asked, or the
    # round's summary once every leaf is in
    p = app.picker()
    dice = st["dice"]
    base = 0
    if p >= 0:
        track = st["leaves"][p]
        for v in track[: st["round"] - 1]:
            base += v
    chosen = st["leaves"][p][-1] if p >= 0 and game.entered(st, p) else None
    for i in range(game.DICE):
        y = ROW_Y[i]
        draw_die(fb, 15, y, DIE, 6, dice[i])
        if p < 0:
            continue
        c = 1
        if dice[i] == chosen:  # a correction: the die taken before is marked
            fb.fill_rect(0, y + 2, 14, 11, 1)
            c = 0
        text.draw(fb, KEY_LABELS[i], 7, y + 3, color=c, align=text.CENTER)
        s = "→" + str(base + dice[i])
        for post in f.goalposts_reached(base, base + dice[i], st["goalposts"], st["exact"]):
            s += " " + reward_words(post[1], True)
        text.draw(fb, s, 34, y + 4)
    fb.vline(PANEL_X - 2, 11, 53, 1)
    if p >= 0:
        _draw_player(app, fb, st, p, base)
    else:
        _draw_summary(app, fb, st)


def _draw_player(app, fb, st, p, base):
    names = app.players()
    name_box(fb, names[p], PANEL_MID, 13, 60)
    text.draw(fb, "leaf " + str(base), PANEL_MID, 28, align=text.CENTER)
    pts, marks = game.rewards(st, p)
    if pts or marks:
        text.draw(fb, str(marks) + "X  " + str(pts) + " pts", PANEL_MID, 38, align=text.CENTER)
    text.draw(fb, "sheet " + str(p + 1) + "/" + str(len(names)), PANEL_MID, 54, align=text.CENTER)


def _draw_summary(app, fb, st):
    names = app.players()
    text.draw(fb, "Leaves in", PANEL_MID, 12, align=text.CENTER)
    y = 23
    for p in range(len(names)):
        for total, post in game.round_unlocks(st, p):
            if y <= 32:
                s = text.fit(names[p], 34) + " " + reward_words(post[1], True)
                text.draw(fb, s, PANEL_MID, y, align=text.CENTER)
            y += 9
    text.draw(fb, "OK: zones", PANEL_MID, 43, align=text.CENTER)
    ends = f.game_over(st["round"], game.totals(st))
    text.draw(fb, "ROLL: end" if ends else "ROLL: next", PANEL_MID, 54, align=text.CENTER)
