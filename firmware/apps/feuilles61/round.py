# 61 Feuilles d'Automne: the round, the face of the game while it runs (the app shows
# this view; once the game is over apps/feuilles61/tally.py's takes over). A view, not a
# screen on the stack: the app stays the one screen there, so BACK leaves the feuilles61.
#   nothing rolled: who rolls (big), "ROLL: roll", who leads the leaf race
#   rolling:        the dice tumble big across the middle (the dice roller's DiceRow)
#   leaf tracks:    the dice in a column, each beside its key (UP / OK / DOWN): ONE press
#                   takes that die for the player named on the right, and each row shows
#                   the total it makes and any goalpost it unlocks; BACK steps back a
#                   seat to correct; ROLL asks before rolling the round again
#   leaves all in:  the round's unlocks, "OK: zones", "ROLL: next" (or "end")
#   dice only:      the three dice in a row and "ROLL: next round"
from core import sound
from core.buttons import BACK, DOWN, OK, ROLL, UP
from core.ticks import ticks_diff
from micropython import const
from rules import feuilles61
from ui import text, widgets
from ui.dice import DiceRow, draw_die
from ui.screen import Screen

NEWS_MS = const(3000)  # a goalpost announcement stays in the title bar this long
KEYS = (UP, OK, DOWN)  # the key beside each die of the column, top to bottom
KEY_LABELS = ("▲", "OK", "▼")
DIE = const(16)
ROW_Y = (12, 30, 48)
PANEL_X = const(67)  # the right-hand panel: whose leaf, or the round's summary
PANEL_MID = const(97)


def reward_words(reward, short=False):
    if reward == "X":
        return "X"
    if short:
        return "+" + str(reward)
    return "+" + str(reward) + (" point" if reward == 1 else " points")


def name_box(fb, name, mid, y, most):
    # a name as a lit label centred on mid: whose turn it is stands out
    s = text.short(name, most - 6)
    w = text.width(s) + 6
    fb.fill_rect(mid - w // 2, y - 1, w, 11, 1)
    text.draw(fb, s, mid, y, color=0, align=text.CENTER)


class RoundView(Screen):
    # owns what the round shows besides the game's state: the dice on screen and their
    # roll animation, the seat whose leaf is being corrected, the seat the next leaf is
    # asked from, and the latest goalpost announcement
    def __init__(self, app):
        super().__init__(app.shell)
        self.app = app
        self.row = None  # the dice on screen and their roll animation
        self.fix = -1  # the seat whose leaf is being corrected (BACK), or -1
        self.after = 0  # the next leaf is asked from this seat on
        self.news = None  # [words, since_ms] of the latest goalpost announcement

    def changed(self):
        # whatever changed (undo, a new roll), the leaves are asked in seat order again
        self.fix = -1
        self.after = 0

    def picker(self):
        # the seat whose leaf is asked now, or -1 when every leaf of the round is in
        st = self.app.state
        if not st["dice"] or not self.app.sheets():
            return -1
        return self.fix if self.fix >= 0 else feuilles61.waiting(st, self.after)

    def roll(self, now_ms):
        vals = [1 + self.app.shell.rng.randbelow(6) for _ in range(feuilles61.DICE)]
        if self.app.act(["roll", vals]):  # saved before the dice land on screen
            self.row = DiceRow(6, vals)
            self.row.start(now_ms, vals)

    def confirm_reroll(self):
        st = self.app.state
        q = "Roll round " + str(st["round"]) + " again? New dice for everyone"
        q += "; the leaves entered this round are cleared." if self.app.sheets() else "."
        self.app.shell.push(widgets.Confirm(self.app.shell, "Roll again", q, lambda: self.roll(self.app.shell.now_ms)))

    def pick(self, p, i):
        if not self.app.act(["leaf", p, self.app.state["dice"][i]]):
            return
        names = self.app.players()
        got = feuilles61.round_unlocks(self.app.state, p)
        for total, post in got:  # two at once only with edited goalposts: the last shows
            self.news = [names[p] + " " + str(total) + ": " + reward_words(post[1]), self.app.shell.now_ms]
        if got:
            self.app.shell.sound.play(sound.UNLOCK)
        else:
            self.app.shell.beep(1500, 20)
        self.after = p + 1

    def next_round(self):
        if not self.app.act(["next"]):
            return
        self.news = None  # the new round's title: its number and roller
        st = self.app.state
        if st["ended"]:
            if not self.app.journal.over:  # over, the app has played its tune already
                self.app.shell.sound.play(sound.WIN)
            more = " Now count each sheet." if self.app.sheets() else " Count your sheets."
            self.app.shell.notify(self.app.words(feuilles61.end_reason(st)) + more, "Game over")

    def update(self, events, now_ms):
        if self.news and ticks_diff(now_ms, self.news[1]) >= NEWS_MS:
            self.news = None
            self.dirty = True
        row = self.row
        if row is not None and row.rolling:
            if events:  # a key during the roll only lands the dice
                row.skip()
                self.dirty = True
                return
            if row.update(now_ms):
                self.dirty = True
                if row.rolling:
                    self.app.shell.beep(1800 + 200 * (row.phase() % 3), 8)
            return
        for ev in events:
            if self._key(ev, now_ms):
                return

    def _key(self, ev, now_ms):
        # -> True when the rest of this tick's events should wait (a screen opened)
        st = self.app.state
        p = self.picker()
        if ev == ROLL:
            if not st["dice"]:
                self.roll(now_ms)
            elif p >= 0:
                self.confirm_reroll()
            else:
                self.next_round()
            return True
        if ev == BACK:
            if p > 0 or (p < 0 and st["dice"] and self.app.sheets()):
                self.fix = (p if p > 0 else len(self.app.players())) - 1  # correct the one before
                self.news = None
                self.dirty = True
                return False
            self.app.shell.pop()
            return True
        if ev in KEYS and p >= 0:
            self.pick(p, KEYS.index(ev))
            return False
        if ev == OK and self.app.sheets():
            self.app.open_zones()
            return True
        return False

    def leds(self, leds, now_ms):
        leds.seats(len(self.app.players()), feuilles61.roller(self.app.state))

    def draw(self, fb):
        st = self.app.state
        names = self.app.players()
        who = names[feuilles61.roller(st)]
        if self.news:
            widgets.title_bar(fb, self.news[0])
        else:
            right = text.short(who, 48) + " rolls" if st["dice"] else ""
            widgets.title_bar(fb, "Round " + str(st["round"]) + "/" + str(feuilles61.ROUNDS), right)
        row = self.row
        if row is not None and row.rolling:
            row.draw(fb, 24)  # the dice tumble big across the middle
            return
        if not st["dice"]:
            first = st["round"] == 1 and not self.app.journal.actions
            # SMALL only: the MEDIUM font would not fit beside this app in the heap
            name_box(fb, who, 64, 14, 120)
            text.draw(fb, "rolls first" if first else "rolls the dice", 64, 28, align=text.CENTER)
            text.draw(fb, "ROLL: roll", 64, 40, align=text.CENTER)
            widgets.footer(fb, self._foot(st))
            return
        if not self.app.sheets():
            if row is None or row.values != st["dice"]:
                self.row = row = DiceRow(6, list(st["dice"]))
            row.draw(fb, 14)
            text.draw(fb, "ROLL: next round", 64, 42, align=text.CENTER)
            text.draw(fb, "hold OK: menu", 64, 53, align=text.CENTER)
            return
        self._draw_column(fb, st)

    def _foot(self, st):
        # under "ROLL": who leads the leaf race (the game ends when anyone reaches 61)
        if not self.app.sheets():
            return "hold OK: menu"
        t = feuilles61.totals(st)
        best = 0
        for p in range(len(t)):
            if t[p] > t[best]:
                best = p
        return "Top leaf: " + text.short(self.app.players()[best], 54) + " " + str(t[best]) + "/61"

    def _draw_column(self, fb, st):
        # the dice in a column, each beside its key; for the player being asked, the leaf
        # total each die makes and what it unlocks; on the right who is asked, or the
        # round's summary once every leaf is in
        p = self.picker()
        dice = st["dice"]
        base = 0
        if p >= 0:
            track = st["leaves"][p]
            for v in track[: st["round"] - 1]:
                base += v
        chosen = st["leaves"][p][-1] if p >= 0 and feuilles61.entered(st, p) else None
        for i in range(feuilles61.DICE):
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
            for post in feuilles61.goalposts_reached(base, base + dice[i], st["goalposts"], st["exact"]):
                s += " " + reward_words(post[1], True)
            text.draw(fb, s, 34, y + 4)
        fb.vline(PANEL_X - 2, 11, 53, 1)
        if p >= 0:
            self._draw_player(fb, st, p, base)
        else:
            self._draw_summary(fb, st)

    def _draw_player(self, fb, st, p, base):
        names = self.app.players()
        name_box(fb, names[p], PANEL_MID, 13, 60)
        text.draw(fb, "leaf " + str(base), PANEL_MID, 28, align=text.CENTER)
        pts, marks = feuilles61.rewards(st, p)
        if pts or marks:
            text.draw(fb, str(marks) + "X  " + str(pts) + " pts", PANEL_MID, 38, align=text.CENTER)
        text.draw(fb, "sheet " + str(p + 1) + "/" + str(len(names)), PANEL_MID, 54, align=text.CENTER)

    def _draw_summary(self, fb, st):
        names = self.app.players()
        text.draw(fb, "Leaves in", PANEL_MID, 12, align=text.CENTER)
        y = 23
        for p in range(len(names)):
            for total, post in feuilles61.round_unlocks(st, p):
                if y <= 32:
                    s = text.short(names[p], 34) + " " + reward_words(post[1], True)
                    text.draw(fb, s, PANEL_MID, y, align=text.CENTER)
                y += 9
        text.draw(fb, "OK: zones", PANEL_MID, 43, align=text.CENTER)
        ends = feuilles61.game_over(st["round"], feuilles61.totals(st))
        text.draw(fb, "ROLL: end" if ends else "ROLL: next", PANEL_MID, 54, align=text.CENTER)
