# History: the finished games, newest first (core/history.py keeps them), a row each:
# its number, the game, who won and with what. UP/DOWN move, OK opens the game read-only
# (past.py: the score table it ended on, or the game's own end view), ROLL the player
# records (records.py). The title bar says when the game under the cursor ended: its
# date, or "undated" (it ended before the clock was set since power-up); the footer
# says ROLL's players (issue 40: the date stood where the key was said). The list holds
# at most two pages of summaries in the heap, whatever the history's length.
from core import histpage, when
from core.buttons import BACK, DOWN, OK, ROLL, UP, is_step
from core.histpage import SOLO  # games whose one seat is not a player
from micropython import const
from ui import text, widgets
from ui.screen import Screen

from apps import APPS  # per game: its code, rounds word and end view

# A game not in the list of apps shows the first letters of its name and the score
# table. Solitaire is played alone: its one seat is the deal ("Deal 617"), its total the
# cards home in whole suits (52: won); its row says "won" or "lost" where the others
# have the winning score.
_LABEL = const(0)  # the fields of a row of APPS that the history reads
_SAVE = const(3)
_GAME = const(4)
_ROWS = const(4)  # over the footer
_HINT = "ROLL: players"
_ROW_H = const(10)
_NUM_X = const(22)  # game numbers end here (right-aligned), further right for 4-5 digits
_CODE_X = const(27)  # the game's code, four letters at most ("Down")
_WHO_X = const(54)
_SCORE_X = const(125)  # scores end here; the scroll bar is at 127


def app(g):
    # -> the row of the list of apps of the game saved as g, or None
    for a in APPS:
        if a[_SAVE] == g:
            return a
    return None


def game_info(g):
    # -> (code, rounds word, view or None) of the game saved as g
    a = app(g)
    if a is not None and len(a) > _GAME:
        return a[_GAME]
    from core import case

    return (case.capitalise(g[:3]), "rounds", None)


def current(name, alias, n):
    # the name the player who played game n as `name` goes by now: rules/records.py's
    # current(), here so that the list needs no more code than its own (every import is
    # ~10 ms on the Pico)
    for a in alias:
        if a[0] == name and n < a[2]:
            name = a[1]
    return name


def label(g):
    # the game's name on the home menu
    a = app(g)
    return g if a is None else a[_LABEL]


def names(e, alias):
    # the players of game e as they are called now (renames: apps/settings/players.py)
    return [current(n, alias, e["n"]) for n in e["p"]]


def winner(e, alias):
    # -> (who won, their score, how many share first place with them) for the list
    pl = e["pl"]
    if not pl:
        return "no scores", "", 0
    w = [i for i in range(len(pl)) if pl[i] == 1]
    if e["g"] in SOLO:  # "Deal 617", and what became of it
        return e["p"][0], ("won" if w else "lost"), 0
    if not w:  # a game one plays alone, lost
        return "not won", (str(e["t"][0]) if e["t"] else ""), 0
    who = current(e["p"][w[0]], alias, e["n"])
    return who, (str(e["t"][w[0]]) if e["t"] else ""), len(w) - 1


def ended(e):
    # when game e ended, for the screen: "14.3.25 19:05", or "undated"
    te = e.get("te")
    if te is None:  # filed before the history kept dates
        return ""
    return when.text(te[0]) if when.dated(te) else "undated"


class HistoryApp(Screen):
    title = "History"

    def __init__(self, shell):
        super().__init__(shell)
        self.reader = histpage.Reader(
            shell.storage, histpage.page_of(shell.settings["game_no"] - 1)
        )
        self.cur = self.reader.first()  # the game under the cursor (None: no games)
        self.top = self.cur  # the first row shown
        self.row = 0  # the cursor's row on the screen
        self.index = 0  # the cursor's place in the list, from the newest
        # the columns move right as far as the newest (the widest) number needs
        self.dx = (
            max(0, text.width(str(self.reader.get(self.cur)["n"])) - _NUM_X) if self.cur else 0
        )

    def update(self, events, now_ms):
        for ev in events:
            if ev == BACK:
                self.shell.pop()
                return
            if ev == ROLL:
                from apps.history import records

                records.players(self.shell)
                return
            if self.cur is None:
                continue
            if ev == OK:
                e = self.reader.get(self.cur)
                self.reader.forget()  # the sheet's room: its game's view and replay
                from apps.history import past

                past.show(self.shell, e)
                return
            if is_step(ev, DOWN):
                self._move(1)
            elif is_step(ev, UP):
                self._move(-1)

    def _move(self, d):
        pos = self.reader.step(self.cur, d)
        if pos is None:
            return
        self.cur = pos
        self.index += d
        if 0 <= self.row + d < _ROWS:
            self.row += d
        else:
            self.top = self.reader.step(self.top, d)
        self.dirty = True

    def draw(self, fb):
        if self.cur is None:
            widgets.title_bar(fb, "History", _HINT)
            words = "No finished games yet. Each game comes here the moment it ends."
            for f in self.shell.storage.newer:
                if f.startswith(histpage.SUMMARIES):  # not read here, nor written
                    words = "Made by a newer Leafkeeper: left as it is."
            for i, line in enumerate(widgets.wrap(words, 124)):
                text.draw(fb, line, 2, 14 + i * _ROW_H)
            return
        d = ended(self.reader.get(self.cur))
        # beside a date of 14 characters ("27.11.25 19:58") "History" has no room: its
        # short form then, never cut
        title = "History" if text.width("History") <= widgets.W - 6 - text.width(d) else "Hist."
        widgets.title_bar(fb, title, d)
        alias = self.shell.settings["alias"]
        pos = self.top
        for row in range(_ROWS):
            if pos is None:
                break
            self._row(fb, self.reader.get(pos), 10 + row * _ROW_H, pos == self.cur, alias)
            pos = self.reader.step(pos, 1)
        widgets.footer(fb, _HINT)
        kept = max(self.reader.kept, self.index + 1)
        if kept > _ROWS:  # where we are in the list
            h = _ROWS * _ROW_H
            bar = max(4, h * _ROWS // kept)
            fb.fill_rect(127, 10 + (h - bar) * self.index // (kept - 1), 1, bar, 1)

    def _row(self, fb, e, y, here, alias):
        # the number (inverted under the cursor: a short bar, few bytes to the panel),
        # the game's code, the winner and the winning score
        c = 1
        dx = self.dx
        if here:
            fb.fill_rect(0, y, _NUM_X + dx + 3, _ROW_H, 1)
            c = 0
        text.draw(fb, str(e["n"]), _NUM_X + dx, y + 1, color=c, align=text.RIGHT)
        end = text.draw(fb, game_info(e["g"])[0], _CODE_X + dx, y + 1)
        w = winner(e, alias)
        more = " +" + str(w[2]) if w[2] else ""  # "Anna +1": a shared first place
        x = _WHO_X + dx
        room = _SCORE_X - 4 - text.width(w[1]) - x - text.width(more)
        if text.width(w[0]) > room and end + 3 < x:
            # a code narrower than "Down" leaves the name its room: "Sol Deal 330 lost"
            room += x - end - 3
            x = end + 3
        text.draw(fb, text.short(w[0], room) + more, x, y + 1)
        text.draw(fb, w[1], _SCORE_X, y + 1, align=text.RIGHT)
