# 61 Feuilles d'Automne: the round, the view of the game while it runs (the app shows
# this view; once the game is over apps/feuilles61/tally.py's takes over). A view, not a
# screen on the stack: the app stays the one screen there, so BACK leaves the feuilles61.
#   nothing rolled: who rolls (a lit bar), "ROLL: roll the dice", the leaf race's leader with
#                   their total in big digits (in round 1: whether the goalposts are
#                   the sheet's)
#   rolling:        the dice tumble big across the middle (the dice roller's DiceRow)
#   leaf tracks:    the dice in a column, each beside its key (UP / OK / DOWN): ONE press
#                   takes that die as the leaf die of the player named on the right (a
#                   lit bar, their seat lit, their leaf total in big digits, "◄ leaf
#                   die"), and each row shows the total it makes and any goalpost it
#                   unlocks; a goalpost the leaf before unlocked is announced in place of
#                   the big digits for a few seconds (the round's title stays); BACK
#                   steps back a seat to correct; ROLL asks before rolling the round again
#   leaves all in:  every goalpost the round unlocked (UP/DOWN scroll a long list),
#                   "OK: zones", "ROLL: next" (or "end")
#   dice only:      the three dice in a row; ROLL goes on to the next round and rolls
from core import sound
from core.buttons import BACK, DOWN, OK, ROLL, UP, is_step
from core.ticks import ticks_diff
from micropython import const
from rules import feuilles61
from ui import text, widgets
from ui.dice import DiceRow, draw_die
from ui.screen import View

NEWS_MS = const(3000)  # a goalpost announcement stays in the panel this long
ECHO_MS = const(2000)  # a pick's echo stays in the title this long
KEYS = (UP, OK, DOWN)  # the key beside each die of the column, top to bottom
KEY_LABELS = ("▲", "OK", "▼")
DIE = const(16)
ROW_Y = (12, 30, 48)
_TOTAL_X = const(33)  # what each die of the column makes, from here to the panel
PANEL_X = const(67)  # the right-hand panel: whose leaf
PANEL_MID = const(97)
_LIST_X = const(35)  # the round's summary, right of the dice, to the screen's edge
_LIST_ROWS = const(3)
_TITLE_W = const(122)  # the title bar's room for a title alone
_PANEL_W = const(60)  # the panel's room for a line: an announcement wraps to it


def reward_words(reward, short=False):
    if reward == "X":
        return "X"
    if short:
        return "+" + str(reward)
    return "+" + str(reward) + (" point" if reward == 1 else " points")


def unlocked(name, total, posts, room):
    # "Léa 23: +2 points", or every reward of one pick: "Léa 32: X, +2 points"; the
    # short rewards ("X +2") and then the name shortened when that is too wide
    tail = " " + str(total) + ": " + ", ".join([reward_words(g[1]) for g in posts])
    if text.width(name + tail) > room:
        tail = " " + str(total) + ": " + " ".join([reward_words(g[1], True) for g in posts])
    return text.short(name, room - text.width(tail)) + tail


def name_box(fb, name, mid, y, most):
    # a name as a lit label centred on mid: whose turn it is stands out (the small
    # font: the medium one would not fit beside this app and its tally in the heap)
    s = text.short(name, most - 6)
    w = text.width(s) + 6
    fb.fill_rect(mid - w // 2, y - 1, w, 11, 1)
    text.draw(fb, s, mid, y, color=0, align=text.CENTER)


class RoundView(View):
    # owns what the round shows besides the game's state: the dice on screen and their
    # roll animation, the seat whose leaf is being corrected, the seat the next leaf is
    # asked from, and the latest goalpost announcement
    def __init__(self, app):
        super().__init__(app)
        self.row = None  # the dice on screen and their roll animation
        self.fix = -1  # the seat whose leaf is being corrected (BACK), or -1
        self.after = 0  # the next leaf is asked from this seat on
        self.news = None  # [words, since_ms] of the latest goalpost announcement
        self.first = 0  # the first row of the round's summary shown (a long list scrolls)
        self.echo = None  # [seat, since_ms] of the pick just made, echoed in the title

    def changed(self):
        # whatever changed (undo, a new roll), the leaves are asked in seat order again
        self.fix = -1
        self.after = 0
        self.first = 0
        self.echo = None

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
        from ui import dialogs  # opened on a press: the heap does without it till then

        st = self.app.state

        def again():
            self.roll(self.app.shell.now_ms)

        q = "New dice for round " + str(st["round"]) + "?"
        q += " This round's leaves are cleared." if self.app.sheets() else " For everyone."
        self.app.shell.push(dialogs.Confirm(self.app.shell, "Roll again", q, again, "Roll again", "Keep these dice"))

    def pick(self, p, i):
        if not self.app.act(["leaf", p, self.app.state["dice"][i]]):
            return
        got = feuilles61.round_unlocks(self.app.state, p)
        if got:  # several at once (a big step, or edited goalposts): all in one line
            words = unlocked(self.app.players()[p], got[0][0], [u[1] for u in got], _TITLE_W)
            self.news = [words, self.app.shell.now_ms]
            self.app.shell.sound.play(sound.UNLOCK)
        else:
            self.app.shell.beep(1500, 20)
        self.after = p + 1
        # the screen moves on to the next seat: it says whose pick went in, and where
        self.echo = [p, self.app.shell.now_ms]

    def next_round(self):
        if not self.app.act(["next"]):
            return
        self.news = None  # an announcement belongs to its round
        st = self.app.state
        if not st["ended"] and not self.app.sheets():
            self.roll(self.app.shell.now_ms)  # dice only: one ROLL a round
        if st["ended"]:
            if not self.app.journal.over:  # over, the app has played its tune already
                self.app.shell.sound.play(sound.WIN)
            more = " Now count each sheet." if self.app.sheets() else " Count your sheets."
            self.app.shell.notify(self.app.words(feuilles61.end_reason(st)) + more, "Game over")

    def update(self, events, now_ms):
        if self.news and ticks_diff(now_ms, self.news[1]) >= NEWS_MS:
            self.news = None
            self.dirty = True
        if self.echo and ticks_diff(now_ms, self.echo[1]) >= ECHO_MS:
            self.echo = None
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
        if p < 0 and st["dice"] and (is_step(ev, UP) or is_step(ev, DOWN)):
            # the round's summary: a list longer than its rows scrolls
            most = max(0, len(self.summary()) - _LIST_ROWS)
            self.first = max(0, min(most, self.first + (1 if is_step(ev, DOWN) else -1)))
            self.dirty = True
            return False
        if ev == OK and self.app.sheets():
            self.app.open_zones()
            return True
        return False

    def leds(self, leds, now_ms):
        # the seat choosing a die; the roller's before the dice land and once all are in
        p = self.picker() if self.row is None or not self.row.rolling else -1
        leds.seats(len(self.app.players()), p if p >= 0 else feuilles61.roller(self.app.state))

    def summary(self):
        # the round's unlocks, a row per player: every goalpost their leaf unlocked
        st = self.app.state
        names = self.app.players()
        rows = []
        for p in range(len(names)):
            got = feuilles61.round_unlocks(st, p)
            if got:
                rows.append(unlocked(names[p], got[0][0], [u[1] for u in got], widgets.W - _LIST_X - 5))
        return rows

    def draw(self, fb):
        st = self.app.state
        names = self.app.players()
        who = names[feuilles61.roller(st)]
        p = self.picker()
        title = "Round " + str(st["round"]) + "/" + str(feuilles61.ROUNDS)
        right = ""
        if self.echo:  # "Anna at 23": the pick just made, the leaf total it made
            tail = " at " + str(feuilles61.totals(st)[self.echo[0]])
            if text.width(title + names[self.echo[0]] + tail) > _TITLE_W - 4:
                title = "Round " + str(st["round"])
            right = text.short(names[self.echo[0]], _TITLE_W - 4 - text.width(title + tail)) + tail
        elif st["dice"] and p < 0 and self.app.sheets():
            right = "leaves in"
        elif st["dice"]:
            # the roller beside the round, never left out: the round's "/20" makes room
            # for a long name first, then the name is shortened by design ("Maxim…")
            if text.width(title + who + " rolls") > _TITLE_W:
                title = "Round " + str(st["round"])
            right = text.short(who, _TITLE_W - text.width(title + " rolls")) + " rolls"
        widgets.title_bar(fb, title, right)
        row = self.row
        if row is not None and row.rolling:
            row.draw(fb, 24)  # the dice tumble big across the middle
            return
        if not st["dice"]:
            self._draw_waiting(fb, st, who)
            return
        if not self.app.sheets():
            if row is None or row.values != st["dice"]:
                self.row = row = DiceRow(6, list(st["dice"]))
            row.draw(fb, 14)
            text.draw(fb, "ROLL: next round", 64, 42, align=text.CENTER)
            text.draw(fb, "hold OK: menu", 64, 53, align=text.CENTER)
            return
        self._draw_column(fb, st, p)

    def _draw_waiting(self, fb, st, who):
        # who rolls, as a lit bar; under it the leaf race's leader and their total, big
        # (the game ends when a leaf total reaches 61)
        name_box(fb, who, 64, 14, 124)
        # the key first, as every hint says it (issue 40: "rolls the dice: ROLL")
        text.draw(fb, "ROLL: roll the dice", 64, 27, align=text.CENTER)
        if not self.app.sheets():
            widgets.footer(fb, "hold OK: menu", rule=False)
            return
        t = feuilles61.totals(st)
        best = 0
        for k in range(len(t)):
            if t[k] > t[best]:
                best = k
        if not t[best]:  # nothing on the tracks yet: which goalposts this game plays
            printed = feuilles61.printed(st["goalposts"])
            text.draw(fb, "Goalposts: " + ("printed" if printed else "edited"), 64, 42, align=text.CENTER)
            text.draw(fb, "hold OK: menu", 64, 53, align=text.CENTER)
            return
        text.draw(fb, "top leaf", 2, 42)
        text.draw(fb, text.short(self.app.players()[best], 70), 2, 52)
        text.draw(fb, str(t[best]), 126, 39, font=text.BIG, align=text.RIGHT)

    def _draw_column(self, fb, st, p):
        # the dice in a column, each beside its key; for the player being asked, the leaf
        # total each die makes and what it unlocks; on the right who is asked, or the
        # round's summary once every leaf is in
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
            posts = feuilles61.goalposts_reached(base, base + dice[i], st["goalposts"], st["exact"])
            s = str(base + dice[i])
            if len(posts) == 1:
                s += " " + reward_words(posts[0][1], True)
            text.draw(fb, s, _TOTAL_X, y + 4 if len(posts) < 2 else y, box=PANEL_X - 2 - _TOTAL_X)
            if len(posts) > 1:  # two lines: the total, then every reward
                s = "".join([reward_words(g[1], True) for g in posts])
                text.draw(fb, s, _TOTAL_X, y + 9, box=PANEL_X - 2 - _TOTAL_X)
        if p >= 0:
            fb.vline(PANEL_X - 2, 11, 53, 1)
            self._draw_player(fb, st, p, base)
        else:
            self._draw_summary(fb, st)

    def _draw_player(self, fb, st, p, base):
        # whose leaf die is chosen (a lit bar, and in words at the foot), their leaf
        # total in big digits (the X's and points it gave: "Leaf tracks" in the menu), or
        # for a few seconds what the leaf before unlocked
        name_box(fb, self.app.players()[p], PANEL_MID, 12, 60)
        if self.news:
            y = 24
            for line in widgets.wrap(self.news[0], _PANEL_W):
                text.draw(fb, line, PANEL_MID, y, align=text.CENTER)
                y += 10
        else:
            text.draw(fb, str(base), PANEL_MID, 27, font=text.BIG, align=text.CENTER)
        text.draw(fb, "\u25c4 leaf die", PANEL_MID, 54, align=text.CENTER)

    def _draw_summary(self, fb, st):
        # every goalpost the round unlocked, a row per player (scrolled with UP/DOWN when
        # longer than the rows), then what OK and ROLL do
        rows = self.summary() or ["None unlocked."]
        y = 12
        for s in rows[self.first : self.first + _LIST_ROWS]:
            text.draw(fb, s, _LIST_X, y, box=widgets.W - _LIST_X - 4)
            y += 10
        if len(rows) > _LIST_ROWS:  # a scroll bar: there is more
            h = _LIST_ROWS * 10
            bar = max(4, h * _LIST_ROWS // len(rows))
            fb.vline(widgets.W - 2, 12, h, 1)
            fb.fill_rect(widgets.W - 3, 12 + (h - bar) * self.first // (len(rows) - _LIST_ROWS), 3, bar, 1)
        mid = (_LIST_X + widgets.W) // 2
        text.draw(fb, "OK: zones", mid, 43, align=text.CENTER)
        ends = feuilles61.game_over(st["round"], feuilles61.totals(st))
        text.draw(fb, "ROLL: end" if ends else "ROLL: next", mid, 54, align=text.CENTER)
