# Solitaire: Toby Ord's Autumn Leaves for one player (rule text seed 002), on the device.
# The deals are numbered 1 to 1,000,000 as in the host tools (rules/solitaire.py), so
# "try 617" is the same deal everywhere; a new game takes the next deal not played yet.
# The app is the game (GameApp's hooks, no line-up: LINEUP = False); what it shows is
# its view: the table (table.py) while the deal is on, the win (won.py) once it is won.
# Held OK opens the menu: a hint, a new deal, a deal by number, this deal again, the
# statistics (stats.py, their own small save) and undo. The rules, the numbered deals,
# the hint and the journal's actions: rules/solitaire.py.
from core import modules, sound
from rules.solitaire import NUMBERS
from ui import widgets

from apps.game import GameApp

TABLE = "apps.solitaire.table"
WON = "apps.solitaire.won"
STATS = "apps.solitaire.stats"
DEAL = [-1, -1, 0]  # Rule 5's deal, as the journal keeps it
# the suits in rules.solitaire's order S H D C: glyphs of the fonts (host_tools/fonts)
SUITS = "\u2660\u2665\u2666\u2663"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def card(c):
    # "10♦"
    return RANKS[c % 13] + SUITS[c // 13]


def run(hi, lo):
    # the cards from hi down to lo, one suit: "9-8♣", or "9♣" for one card
    return card(hi) if hi == lo else RANKS[hi % 13] + "-" + card(lo)


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
    VERSION = 1
    title = "Solitaire"
    MIN_PLAYERS = 1
    MAX_PLAYERS = 1
    LINEUP = False
    RULES = "rules.solitaire"

    def __init__(self, shell, **kw):
        self._stats = None
        super().__init__(shell, **kw)
        # a win a power cut kept from the statistics is counted now
        if self.won() and self.stats().d["wins"] != self.journal.setup["game"]:
            self.stats().won(self.journal.setup, len(self.journal.actions))

    def stats(self):
        if self._stats is None:
            self._stats = modules.load(STATS).Stats(self.shell)
        return self._stats

    def won(self):
        return self.journal is not None and self.journal.over and self.rules.won(self.state)

    def deal_number(self):
        return self.journal.setup["deal"]

    # -- the game: GameApp's hooks ----------------------------------------------------------
    def new_setup(self, names, number):
        # number: a deal chosen by number, or None for the next one
        return self.stats().new_game(self.journal.setup if self.journal else None, number)

    def commit(self, action):
        super().commit(action)
        self.stats().played(self.journal.setup)  # counted once, at the game's first move

    def finished(self):
        if self.won():
            self.stats().won(self.journal.setup, len(self.journal.actions))
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
            return self.face(WON, "WonView")
        return self.face(TABLE, "TableView")

    def menu_items(self):
        return [
            ("Hint", self.hint),
            ("New deal", lambda: self.leave_for(None)),
            ("Choose deal", self.choose),
            ("Restart this deal", lambda: self.leave_for(self.deal_number())),
            ("Stats", lambda: self.stats().show()),
        ]

    # -- the menu's entries -------------------------------------------------------------------
    def hint(self):
        h = self.rules.hint(self.state)
        if h is None:
            self.shell.notify("No move I can see makes progress. Undo, or start a new deal.", "Hint")
        elif h[0] < 0:
            self.shell.notify("Deal the next six cards: ROLL.", "Hint")
        else:
            self.face(TABLE, "TableView").suggest(h)
            self.shell.notify(self.describe(h) + ". Picked up: OK puts it down.", "Hint")

    def leave_for(self, number):
        # a new game: deal `number`, or the next deal when None; asked first when this
        # one is under way (it then counts as played and not won)
        def go():
            self.start(None, number)

        if self.journal.over or not self.journal.actions:
            go()
            return
        what = "Deal " + str(self.deal_number()) + " again from the start?" if number == self.deal_number() else (
            "Leave deal " + str(self.deal_number()) + " unfinished for " + ("a new deal?" if number is None else "deal " + str(number) + "?")
        )
        self.shell.push(widgets.Confirm(self.shell, "Solitaire", what, go))

    def choose(self):
        self.shell.push(
            modules.load("ui.digits").DigitEntry(self.shell, "Deal number", 1, NUMBERS, self.leave_for)
        )
