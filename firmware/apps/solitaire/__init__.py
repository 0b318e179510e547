# Solitaire: Toby Ord's Autumn Leaves for one player (rule text seed 002), on the device.
# The deals are numbered 1 to 1,000,000 as in the host tools (rules/solitaire.py), so
# "try 617" is the same deal everywhere; a new game takes the next deal not played yet.
# The app is the game (GameApp's hooks, no line-up: LINEUP = False); what it shows is
# its view: the table (TableView, below) while the deal is on, the win (won.py) once it
# is won. Held OK opens the menu: undo, a hint, a new deal (the next one, or the next
# easy, medium or hard one: the rated deals of rules/solitaire_levels.py), a deal by
# number, this deal again, the statistics (Stats, below: their own small save). The
# rules, the numbered deals and the journal's actions: rules/solitaire.py; the hint:
# rules/solitaire_hint.py.
# One module for the app, its table and its statistics: each import costs the Pico about
# 10-20 ms of file-system lookups and names, and opening the app needs all three.
from core import sound
from core.buttons import BACK, DOWN, OK, ROLL, UP, is_step
from micropython import const
from rules import solitaire
from rules.solitaire import NUMBERS
from ui import text, widgets
from ui.screen import View

from apps.game import GameApp

TABLE = "apps.solitaire"  # the table is in this module: it is shown whenever the app opens
WON = "apps.solitaire.won"
DEAL = [-1, -1, 0]  # Rule 5's deal, as the journal keeps it
# the suits in rules.solitaire's order S H D C: glyphs of the fonts (host_tools/fonts)
# (Tuples of strings made once: on the Pico each new string, a character taken out of
# one included, costs a search of every name MicroPython knows, and a frame draws many.)
LEVELS = ("Easy", "Medium", "Hard")  # rules/solitaire_levels.LEVELS, in its order
SUITS = ("\u2660", "\u2665", "\u2666", "\u2663")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PILE_NOS = ("1", "2", "3", "4", "5", "6")


def card(c):
    # "10♦"
    return RANKS[c % 13] + SUITS[c // 13]


def run(hi, lo):
    # the cards from hi down to lo, one suit: "9-8♣", or "9♣" for one card
    if hi == lo:
        return card(hi)
    return "%s-%s%s" % (RANKS[hi % 13], RANKS[lo % 13], SUITS[lo // 13])


def with_suits(msg):
    # the rules' words with their card labels ("10D") in suit glyphs ("10♦")
    words = msg.split(" ")
    for i in range(len(words)):
        w = words[i]
        n = len(w.rstrip(":,."))
        if n >= 2 and "SHDC".find(w[n - 1]) >= 0 and w[: n - 1] in RANKS:
            words[i] = w[: n - 1] + SUITS["SHDC".find(w[n - 1])] + w[n:]
    return " ".join(words)


class SolitaireApp(GameApp):
    NAME = "solitaire"
    title = "Solitaire"
    MIN_PLAYERS = 1
    MAX_PLAYERS = 1
    LINEUP = False
    RULES = "rules.solitaire"

    def __init__(self, shell, **kw):
        self._stats = None
        self._level = None  # (deal, its level): level()
        super().__init__(shell, **kw)
        # a win a power cut kept from the statistics is counted now
        if self.won() and self.stats().d["wins"] != self.journal.setup["game"]:
            self.stats().won(self.journal.setup, self.journal.moves())
        if self.journal is None:
            # no game to go on with: the deal is dealt now (saved with its first move), not
            # as the table is shown, so home makes it while OK is still down (apps/home.py)
            self.ask_players()

    def stats(self):
        if self._stats is None:
            self._stats = Stats(self.shell)
        return self._stats

    def won(self):
        return self.journal is not None and self.journal.over and self.rules.won(self.state)

    def deal_number(self):
        return self.journal.setup["deal"]

    def level(self):
        # the level of the deal on the table (-1: not rated), looked up once a deal
        n = self.deal_number()
        if self._level is None or self._level[0] != n:
            self._level = (n, level_of(n))
        return self._level[1]

    def players_of(self, j):
        # the history's one seat: the deal, so its list reads "Deal 617 won"; no
        # player's record counts it (rules/records.SOLO)
        return ["Deal " + str(j.setup["deal"])]

    # -- the game: GameApp's hooks ----------------------------------------------------------
    def new_setup(self, names, number):
        # number: a deal chosen by number, a level's name (LEVELS) for that level's next
        # deal, or None for the next deal
        if number in LEVELS:
            number = self.stats().rated(LEVELS.index(number))
        j = self.journal
        return self.stats().new_game(j.setup if j else None, number, j is not None and not j.over)

    def commit(self, action):
        super().commit(action)
        self.stats().played(self.journal.setup)  # counted once, at the game's first move

    def finished(self):
        if self.won():
            self.stats().won(self.journal.setup, self.journal.moves())
            self.shell.sound.play(sound.WIN)
        else:
            self.shell.notify(
                "No move and no deal left: deal " + str(self.deal_number()) + " is lost. Undo, or hold OK for a new deal.",
                "No moves",
            )

    def words(self, msg):
        return with_suits(msg)

    def describe(self, a):
        # an action about to be taken (a hint), or just undone: "9-8♣ onto K♣"
        if a[0] < 0:
            return "the deal"
        piles = self.state.piles
        src = piles[a[0]]
        dst = piles[a[1]]
        onto = card(dst[-1]) if dst else "empty pile " + str(a[1] + 1)
        return run(src[-a[2]], src[-1]) + " onto " + onto

    def view(self):
        if self.won():
            return self.view_of(WON, "WonView")
        return self.view_of(TABLE, "TableView")

    def menu_items(self):
        # after GameApp's "Undo last", in the order
        return [
            ("Restart this deal", lambda: self.leave_for(self.deal_number())),
            ("Hint", self.hint),
            ("New deal", self.new_deal),
            ("Choose deal", self.choose),
            ("Stats", lambda: self.stats().show()),
        ]

    # -- the menu's entries -------------------------------------------------------------------
    def hint(self):
        from rules import solitaire_hint  # the first hint loads it: opening does without

        h = solitaire_hint.hint(self.state)
        if h is None:
            self.shell.notify("No move I can see makes progress. Undo, or start a new deal.", "Hint")
        elif h[0] < 0:
            self.shell.notify("Deal the next six cards: ROLL.", "Hint")
        else:
            self.view_of(TABLE, "TableView").suggest(h)
            # it stays until a press: gone by itself, the OK meant to close it would put
            # the cards down unseen (issue 40)
            self.shell.push(widgets.Message(self.shell, "Hint", self.describe(h) + ". Picked up: OK puts it down.", stay=True))

    def new_deal(self):
        # the next deal as ever first (a habit's OK OK still deals it), then the levels
        from ui import dialogs  # opened on a press: the heap does without it till then

        def pick(i):
            self.shell.pop()
            self.leave_for(LEVELS[i - 1] if i else None)

        self.shell.push(dialogs.MenuScreen(self.shell, "New deal", ("Next deal",) + LEVELS, pick))

    def leave_for(self, number):
        # a new game: deal `number`, a level's next deal (its name), or the next deal
        # when None; asked first when this one is under way (left unfinished it is not
        # counted: Stats.new_game)
        from ui import dialogs  # opened on a press: the heap does without it till then

        def go():
            self.start(None, number)

        if self.journal.over or not self.journal.moves():
            go()
            return
        if number == self.deal_number():
            what, do = "Deal " + str(number) + " again from the start?", "Start again"
        else:
            if number is None:
                new = "a new deal?"
            elif number in LEVELS:
                new = "the next " + number + " deal?"
            else:
                new = "deal " + str(number) + "?"
            what = "Leave deal " + str(self.deal_number()) + " unfinished for " + new
            do = "Leave this deal"
        self.shell.push(dialogs.Confirm(self.shell, "Solitaire", what, go, do, "Keep playing"))

    def choose(self):
        from ui.digits import DigitEntry

        self.shell.push(
            DigitEntry(self.shell, "Deal number", 1, NUMBERS, self.leave_for)
        )


# -- the table ----------------------------------------------------------------------------
# Solitaire's table, the view of a deal in play. The six piles are six rows, pile 1 on
# top, each read from its bottom card (left) to its top card (right): the pile's number
# (lit for the cursor), its face-down cards as small bars, then its face-up cards, each
# run of one suit as one piece, "K-9♦", its highest and lowest card (the rule text
# stacks a run so that its bottom card still shows). The title bar: the deal's number and
# ROLL's deal with the deals left; while cards are picked up, what goes where.
# Keys: UP/DOWN move along the piles. OK picks up the top card; OK again on that pile
# takes the next card of its run too (after the whole run, one card again); OK on another
# pile puts the cards there, or says in plain words why not. BACK puts them back, ROLL
# deals.
# A row longer than the screen closes its gaps up, then its lowest pieces give way to
# "«n" (n cards not shown), and while the cursor is on that pile the title bar lists
# them: no card is ever cut or drawn over another.
ROW_Y = const(10)  # the first row, under the title bar
ROW_H = const(9)  # the small font's capitals are 7 px tall (8 with Q's tail)
CARDS_X = const(9)  # where a row's cards start, after the pile's number
GAP = const(3)  # between two pieces of a row; 1 when the row is tight


def pieces(g, p, n):
    # pile p's face-up cards as runs, bottom first: [(highest, lowest)]; the top n cards
    # (those picked up) are a piece of their own
    a = g.piles[p]
    top = len(a) - n
    out = []
    i = g.down[p]
    while i < len(a):
        j = i
        while j + 1 < len(a) and j + 1 != top and a[j + 1] == a[j] - 1 and a[j + 1] % 13 != 12:
            j += 1
        out.append((a[i], a[j]))
        i = j + 1
    return out


def fit(widths, hidden, room):
    # -> (pieces to leave out from the bottom, gap) for a row of pieces `widths` wide in
    # `room` px; hidden(k): the width of the mark for the first k pieces left out
    k = len(widths)
    total = sum(widths)
    if total + GAP * (k - 1) <= room:
        return 0, GAP
    first = 0
    while first < k - 1 and total + (k - first - 1) + (hidden(first) + 1 if first else 0) > room:
        total -= widths[first]
        first += 1
    return first, 1


class TableView(View):
    def __init__(self, app):
        super().__init__(app)
        self.cursor = 0
        self.src = -1  # the pile cards are picked up from; -1: none
        self.n = 0  # how many
        # each pile's row as _layout() made it: a cursor move draws the rows again
        # without making their words again (on the Pico each string made, and each
        # object, costs time in a heap an app has cut into small pieces)
        self._rows = {}

    def changed(self):
        # a move, a deal, an undo: nothing is picked up any more
        self.src = -1
        self.dirty = True
        self._rows.clear()

    def suggest(self, move):
        # a hint: its cards picked up, the cursor on where they go
        self.src, self.cursor, self.n = move
        self.dirty = True

    def update(self, events, now_ms):
        app = self.app
        for ev in events:
            if is_step(ev, UP):
                self.cursor = (self.cursor - 1) % solitaire.PILES
            elif is_step(ev, DOWN):
                self.cursor = (self.cursor + 1) % solitaire.PILES
            elif ev == OK:
                self._ok()
            elif ev == ROLL:
                self.src = -1
                app.act(DEAL)
            elif ev == BACK:
                if self.src < 0:
                    self.shell.pop()
                    return
                self.src = -1
            else:
                continue
            self.dirty = True
            if self.shell.top is not app:
                return  # a refusal in words: the next presses are its own

    def _ok(self):
        g = self.app.state
        c = self.cursor
        if self.src < 0:
            if g.piles[c]:
                self.src = c
                self.n = 1
            else:
                self.app.shell.notify("Pile " + str(c + 1) + " is empty.", "Can't do that")
        elif c == self.src:
            self.n = self.n + 1 if self.n < solitaire.run_len(g, c) else 1
        else:
            self.app.act([self.src, c, self.n])

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, fb):
        g = self.app.state
        under = None  # the cards the cursor's row leaves out
        for p in range(solitaire.PILES):
            left = self._row(fb, g, p, ROW_Y + ROW_H * p)
            if left and p == self.cursor:
                under = left
        self._title(fb, g, under)

    def _layout(self, g, p, x):
        # -> pile p's row, its face-up cards from x on: (cards picked up from it,
        # [words], [their widths], pieces left out at the bottom, the "«n" mark for them
        # or None, gap, what it leaves out as ([words], [how many cards each]) or None);
        # kept until the state (x with it) or the cards picked up change
        n = self.n if p == self.src else 0
        row = self._rows.get(p)
        if row is not None and row[0] == n:
            return row
        runs = pieces(g, p, n)
        words = [run(hi, lo) for hi, lo in runs]
        widths = [text.width(w) for w in words]

        def mark(k):
            # "«5": the cards of the k lowest pieces, not shown
            c = 0
            for hi, lo in runs[:k]:
                c += hi - lo + 1
            return "\u00ab" + str(c)

        first, gap = fit(widths, lambda k: text.width(mark(k)), widgets.W - x)
        under = (words[:first], [hi - lo + 1 for hi, lo in runs[:first]]) if first else None
        row = (n, words, widths, first, mark(first) if first else None, gap, under)
        self._rows[p] = row
        return row

    def _row(self, fb, g, p, y):
        # -> the pieces left out of the row, ([words], [how many cards each]), or None
        h = text.height()
        on = p == self.cursor
        if on:
            fb.fill_rect(0, y, 7, ROW_H, 1)
            text.alt(0, y, "\u25ba", h)  # the cursor, for whoever reads the screen as text
        text.draw(fb, PILE_NOS[p], 1, y, color=0 if on else 1)
        x = CARDS_X
        down = g.down[p]
        if down:
            for i in range(down):
                fb.fill_rect(x + 3 * i, y + 1, 2, 7, 1)
            text.alt(x, y, "[%d]" % down, h)
            x += 3 * down + 2
        if not g.piles[p]:
            text.draw(fb, "no cards", x, y)  # no descenders: the last row has no room for them
            return None
        n, words, widths, first, mark, gap, under = self._layout(g, p, x)
        if first:
            x = text.draw(fb, mark, x, y) + gap
        for i in range(first, len(words)):
            if n and i == len(words) - 1:  # the cards picked up: lit
                fb.fill_rect(x - 1, y, widths[i] + 1, ROW_H, 1)
                text.draw(fb, words[i], x, y, color=0)
            else:
                text.draw(fb, words[i], x, y)
            x += widths[i] + gap
        return under

    def _under(self, fb, words, counts):
        # the title bar lists the pieces the cursor's row leaves out, "«" first; when
        # even that is too long, its lowest pieces give way to "«n" as in a row
        fb.fill_rect(0, 0, widgets.W, widgets.TITLE_H - 1, 1)
        widths = [text.width(w) for w in words]
        first = 0
        gap = GAP
        mark = "\u00ab"
        while first < len(words) - 1:
            rest = sum(widths[first:])
            k = len(words) - first - 1
            if text.width(mark) + GAP + rest + GAP * k <= widgets.W - 4:
                break
            if text.width(mark) + 1 + rest + k <= widgets.W - 4:
                gap = 1
                break
            first += 1
            mark = "\u00ab" + str(sum(counts[:first]))
        x = text.draw(fb, mark, 2, 0, color=0) + gap
        for i in range(first, len(words)):
            x = text.draw(fb, words[i], x, 0, color=0) + gap

    def _title(self, fb, g, under):
        if self.src >= 0:
            a = g.piles[self.src]
            what = run(a[-self.n], a[-1])
            if self.cursor == self.src:
                more = self.n < solitaire.run_len(g, self.src)
                widgets.title_bar(fb, what + (": OK takes more" if more else ": where to?"))
                return
            b = g.piles[self.cursor]
            widgets.title_bar(fb, what + " onto " + (card(b[-1]) if b else "pile " + str(self.cursor + 1)))
            return
        if under is not None:
            self._under(fb, under[0], under[1])
            return
        app = self.app
        left = g.left() // 6
        # ROLL's deal said on the title bar with the deals left, "ROLL: deal ×5" (issue
        # 40: the table said no key); a rated deal's level beside its number where it
        # fits, the deals left then given way first, then the level
        short = ""  # the deal hint without the count
        if app.journal.over:
            right = "no moves left"
        elif left:
            short = "ROLL: deal"
            right = short + " \u00d7" + str(left)
        else:
            right = "no deals left"
        name = "#%d" % app.deal_number()
        level = app.level()
        room = widgets.W - 6
        if level >= 0:
            rated = name + " " + LEVELS[level]
            if short and text.width(rated + right) > room and text.width(rated + short) <= room:
                right = short
            if text.width(rated + right) <= room:
                name = rated
        if text.width(name + right) > room:  # deal 1,000,000
            right = short
        widgets.title_bar(fb, name, right)


# -- the statistics -------------------------------------------------------------------
# Solitaire's statistics: a small save of their own beside the game's journal: deals
# played and won, the win rate, the current and the best streak of won deals, the
# fewest moves each won deal took, and which deal number comes next.
#
# A deal counts as played at its first move (one only looked at is not), as won when it
# is won; a lost one ends the streak, and one left unfinished (a new deal, a restart)
# is counted no more, as the history does not file it. Each game has a
# serial in its setup ("game"), and the statistics remember the serial they last counted
# as played and as won: counting is then idempotent, so an undone and replayed winning
# move is not a second win, and the app can count again, when it opens, what a power cut
# between the game's save and this one left uncounted.
#
# The next deal is the lowest number above the last one dealt that was not chosen by
# number already: a chosen number above it is remembered (the last AHEAD of them) and
# skipped when the count reaches it. After deal 1,000,000 come 1, 2, ... again.
#
# A level's next deal (rated()) is the first of its table (rules/solitaire_levels.py)
# after the last one it dealt that was not played already: below the next deal, or
# chosen ahead of it (the same record as above, which it joins). When every one was,
# they come again in turn. A deal of a level's table counts in that level's played and
# won however it was dealt: its level is the deal's, as its number is.
STATS_FILE = "sol_stats"
STATS_VERSION = 1
AHEAD = const(32)
FEWEST = const(20)  # won deals whose fewest moves are kept, the latest first


def _count(v):
    return type(v) is int and v >= 0


def _deal(v):
    return type(v) is int and 1 <= v <= NUMBERS


def _levels(v):
    # [[played, won]] a level, in LEVELS' order
    return type(v) is list and len(v) == 3 and all(
        type(e) is list and len(e) == 2 and _count(e[0]) and _count(e[1]) and e[1] <= e[0] for e in v
    )


def _fewest(v):
    # [[deal, moves], ...]
    return type(v) is list and len(v) <= FEWEST and all(
        type(e) is list and len(e) == 2 and _deal(e[0]) and type(e[1]) is int and e[1] > 0 for e in v
    )


DEFAULTS = {
    "played": 0,
    "won": 0,
    "streak": 0,
    "best": 0,
    "fewest": [],
    "next": 1,
    "ahead": [],
    "game": 0,  # the serial of the last game set up
    "counted": 0,  # the serial last counted as played
    "wins": 0,  # the serial last counted as won
    "rated": [0, 0, 0],  # the last deal each level dealt (0: none yet)
    "levels": [[0, 0], [0, 0], [0, 0]],  # each level's deals played and won
}
# every value's check (core/storage.py): a bad one goes back to its default, the file
# is kept as .bad and the player told
VALID = {
    "played": ("played", _count),
    "won": ("won", _count),
    "streak": ("streak", _count),
    "best": ("best streak", _count),
    "fewest": ("fewest moves", _fewest),
    "next": ("next deal", _deal),
    "ahead": ("chosen deals", lambda v: type(v) is list and len(v) <= AHEAD and all(_deal(n) for n in v)),
    "game": ("game count", _count),
    "counted": ("game count", _count),
    "wins": ("game count", _count),
    "rated": ("level deals", lambda v: type(v) is list and len(v) == 3 and all(n == 0 or _deal(n) for n in v)),
    "levels": ("level counts", _levels),
}


def rated_deals(level):
    # the deals of a level (LEVELS' order), ascending: rules/solitaire_levels.py keeps
    # them three bytes each; it is loaded the first time a level is dealt or counted
    from rules.solitaire_levels import LEVELS as TABLE

    t = TABLE[level]
    return [t[i] << 16 | t[i + 1] << 8 | t[i + 2] for i in range(0, len(t), 3)]


def level_of(deal):
    # -> the level whose table holds the deal, or -1
    for level in range(3):
        if deal in rated_deals(level):
            return level
    return -1


class Stats:
    def __init__(self, shell):
        self.shell = shell
        self.d = shell.load(STATS_FILE, DEFAULTS, STATS_VERSION, valid=VALID)

    def save(self):
        self.shell.save(STATS_FILE, self.d, STATS_VERSION)

    def new_game(self, setup, number=None, unfinished=False):
        # -> the setup of a new game: deal `number`, or the next deal when None. The game
        # left behind, if it was played and lost, ends the streak; left unfinished it is
        # not counted at all, as the history does not file it (issue 40)
        d = self.d
        opening = setup is None and number is None
        if setup is not None and d["counted"] == setup["game"] and d["wins"] != setup["game"]:
            if unfinished:
                d["counted"] = 0
                if d["played"] > d["won"]:
                    d["played"] -= 1
                self._count_level(setup, 0, -1)
            else:
                d["streak"] = 0
        if number is None:
            number = self._next()
        elif number >= d["next"] and number not in d["ahead"]:
            d["ahead"].append(number)
            del d["ahead"][:-AHEAD]
        d["game"] += 1
        if not opening:
            self.save()
        # else: the deal the app deals as it opens, saved with its first move (_seen):
        # until then, a power cut and the app opened again deal the same number
        return {"deal": number, "game": d["game"]}

    def _seen(self, setup):
        # a game's first move: the statistics catch up with a deal the app dealt as it
        # opened and did not save then (new_game), the same number _next() gave it
        d = self.d
        if d["game"] < setup["game"]:
            d["game"] = setup["game"]
            self._next()

    def _next(self):
        d = self.d
        n = d["next"]
        while n in d["ahead"]:
            n = n % NUMBERS + 1
        d["next"] = n % NUMBERS + 1
        d["ahead"] = [a for a in d["ahead"] if a >= d["next"]]
        return n

    def rated(self, level):
        # -> the level's next deal, now counted as dealt (new_game() then saves it)
        d = self.d
        deals = rated_deals(level)
        k = len(deals)
        start = 0
        while start < k and deals[start] <= d["rated"][level]:
            start += 1
        n = deals[start % k]  # every deal played: the one after the last, in turn
        for i in range(k):
            c = deals[(start + i) % k]
            if c >= d["next"] and c not in d["ahead"]:
                n = c
                break
        d["rated"][level] = n
        return n

    def _count_level(self, setup, i, by=1):
        # the deal's level, if it has one, counts it: i = 0 as played, 1 as won (by -1:
        # a played deal left unfinished, uncounted). A win its level did not count played
        # (a new table came between the two) is left out: won never exceeds played,
        # which the save's check holds to
        level = level_of(setup["deal"])
        if level >= 0:
            c = self.d["levels"][level]
            if by < 0:
                if c[0] > c[1]:  # played never below won
                    c[0] -= 1
            elif i == 0 or c[1] < c[0]:
                c[i] += 1

    def played(self, setup):
        # the game's first move
        d = self.d
        if d["counted"] != setup["game"]:
            self._seen(setup)
            d["counted"] = setup["game"]
            d["played"] += 1
            self._count_level(setup, 0)
            self.save()

    def won(self, setup, moves):
        # the game is won in `moves` moves -> the fewest moves this deal has been won in
        d = self.d
        g = setup["game"]
        if d["wins"] != g:
            if d["counted"] != g:  # its first move was not counted: a power cut
                self._seen(setup)
                d["counted"] = g
                d["played"] += 1
                self._count_level(setup, 0)
            d["wins"] = g
            d["won"] += 1
            self._count_level(setup, 1)
            d["streak"] += 1
            d["best"] = max(d["best"], d["streak"])
        best = moves
        fewest = d["fewest"]
        for e in fewest:
            if e[0] == setup["deal"]:
                best = min(best, e[1])
                fewest.remove(e)
                break
        fewest.insert(0, [setup["deal"], best])
        del fewest[FEWEST:]
        self.save()
        return best

    def rate(self):
        # the win rate in whole percent, "-" before any deal is played
        d = self.d
        return str((100 * d["won"] + d["played"] // 2) // d["played"]) + "%" if d["played"] else "-"

    def lines(self):
        d = self.d
        out = [
            "Played " + str(d["played"]) + ", won " + str(d["won"]),
            "Win rate " + self.rate(),
            "Streak " + str(d["streak"]) + ", best " + str(d["best"]),
        ]
        for level in range(3):
            p, w = d["levels"][level]
            out.append(LEVELS[level] + ": won " + str(w) + " of " + str(p))
        if d["fewest"]:
            out.append("Fewest moves:")
            for deal, moves in d["fewest"]:
                out.append("  #" + str(deal) + ": " + str(moves))
        return out

    def show(self):
        from ui import dialogs  # opened on a press: the heap does without it till then

        self.shell.push(dialogs.TextList(self.shell, "Solitaire stats", self.lines()))
