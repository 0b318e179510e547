# The dice roller: 1-6 dice of one kind (d4..d20), 3d6 by default. ROLL rolls (a
# second ROLL skips the animation), UP/DOWN pick a die and OK holds or releases it, a
# long OK opens the menu: number and kind of dice, release holds, the last 20 rolls,
# and per-face statistics with a chi-square fairness check (apps/dice/menu.py, loaded
# when it opens). The setup, last result, history and statistics are saved, so a pulled
# cable loses nothing; the holds are for one sitting: the next power-on holds nothing,
# so ROLL at home never keeps dice nobody remembers holding.
from core.buttons import BACK, DOWN, LONG, OK, ROLL, UP, is_step
from core.leds import colour
from core.rng import run_of
from rules import dice
from ui import text, widgets
from ui.dice import DiceRow
from ui.screen import Screen

NAME = "dice"
VERSION = 1
# run: the power-on the holds were made in (core/rng.py run_of); counts: rules/dice.py's, []
# rebuilt from the history
DEFAULTS = {
    "n": 3,
    "sides": 6,
    "values": [],
    "held": [],
    "run": 0,
    "history": [],
    "rolls": 0,
    "counts": [],
}
# every value's check (core/storage.py): a bad one goes back to its default, the file is
# kept as .bad and the player told; the values and holds must fit the dice besides
VALID = {
    "n": ("dice", lambda v: type(v) is int and 1 <= v <= dice.MAX_DICE),
    "sides": ("kind", lambda v: type(v) is int and v in dice.KINDS),
    "values": ("last roll", lambda v: type(v) is list and all(type(x) is int and 1 <= x <= 20 for x in v)),
    "held": ("holds", lambda v: type(v) is list and all(x is True or x is False for x in v)),
    "history": ("history", lambda v: type(v) is list and len(v) <= dice.HISTORY),
    "rolls": ("roll count", lambda v: type(v) is int and 0 <= v <= dice.MAX_ROLLS),
    "run": ("holds", lambda v: type(v) is int and v >= 0),
    "counts": ("statistics", dice.counts_ok),
}


def label(n, sides):
    return str(n) + "d" + str(sides)


def _history_entry(h):
    # [roll number, sides, [values], held mask] as roll() writes it: a roll the
    # statistics can count (rules/dice.py recount), so at least one die not held
    return (
        type(h) is list
        and len(h) == 4
        and type(h[0]) is int
        and 1 <= h[0] <= dice.MAX_ROLLS
        and h[1] in dice.KINDS
        and type(h[2]) is list
        and 1 <= len(h[2]) <= dice.MAX_DICE
        and all(type(v) is int and 1 <= v <= h[1] for v in h[2])
        and type(h[3]) is int
        and 0 <= h[3] < (1 << len(h[2])) - 1
    )


class DiceApp(Screen):
    title = "Dice"

    def __init__(self, shell, roll_now=False):
        super().__init__(shell)
        st = shell.load(NAME, DEFAULTS, VERSION, valid=VALID)
        self.n = st["n"]
        self.sides = st["sides"]
        # a file of the right shape can still hold nonsense: keep only what makes sense
        values = st["values"] if len(st["values"]) == self.n else []
        if not all(type(v) is int and 1 <= v <= self.sides for v in values):
            values = []
        # holds made before this power-on are let go: nobody remembers them next evening
        self.run = run_of(shell.board)
        same = st["run"] == self.run
        held = st["held"] if len(st["held"]) == self.n and values and same else [False] * self.n
        held = [h is True for h in held]
        self.row = DiceRow(self.sides, values, held)
        self.history = [h for h in st["history"][: dice.HISTORY] if _history_entry(h)]
        self.rolls = st["rolls"]
        # the per-face counts (rules/dice.py), saved with the history they agree with;
        # counts of rolls never made (each value possible, not together) are made again
        counts = st["counts"]
        if not dice.counts_fit(counts, self.rolls):
            shell.storage.tell(NAME, "statistics counted rolls never made: counted again")
            counts = []
        self.counts = counts or dice.recount(self.history, self.rolls)
        self.cursor = 0
        self._roll_now = roll_now
        self._unsaved = False  # a roll not on flash yet

    # -- state ----------------------------------------------------------------------
    def save(self):
        self.shell.save(
            NAME,
            {
                "n": self.n,
                "sides": self.sides,
                "values": self.row.values,
                "held": self.row.held,
                "run": self.run,
                "history": self.history,
                "rolls": self.rolls,
                "counts": self.counts,
            },
            VERSION,
        )

    def setup(self, n=None, sides=None):
        self.n = n or self.n
        self.sides = sides or self.sides
        self.row = DiceRow(self.sides, [], [False] * self.n)
        self.cursor = 0
        self.save()
        self.dirty = True

    def roll(self, now_ms):
        row = self.row
        if all(row.held) and row.values:
            self.shell.notify("All dice are held. Release one to roll.", "Dice")
            return
        final = dice.roll(self.shell.rng, self.sides, row.values, row.held)
        if self.rolls >= dice.MAX_ROLLS:
            # the count's last number (decades of rolling): it starts again at 1, the
            # last rolls and the statistics with it, as "Clear rolls & stats" does
            self.rolls = 0
            self.history = []
            self.counts = dice.counted(1)
        self.rolls += 1
        held_mask = 0
        for i in range(self.n):
            if row.held[i] and row.values:
                held_mask |= 1 << i
        dice.count(self.counts, self.sides, final, held_mask)
        self.history.insert(0, [self.rolls, self.sides, final, held_mask])
        del self.history[dice.HISTORY :]
        row.start(now_ms, final)
        # the tumbling dice go on the glass now; the result is saved on the next tick,
        # long before the animation shows it (a flash erase can take 50 ms: the roll
        # starts at the press, not after it)
        self._unsaved = True
        self.dirty = True

    def clear(self):
        # the last rolls and the statistics go together, so they never disagree; the
        # rolls' numbers go on, and the counts start from the next one
        self.history = []
        self.counts = dice.counted(self.rolls + 1)
        self.save()

    def toggle_hold(self):
        if not self.row.values:
            return
        self.row.held[self.cursor] = not self.row.held[self.cursor]
        self.save()
        self.dirty = True

    # -- screen ---------------------------------------------------------------------
    def exit(self):
        if self._unsaved:  # left within the tick of a roll: it is saved all the same
            self._unsaved = False
            self.save()

    def update(self, events, now_ms):
        if self._unsaved:
            self._unsaved = False
            self.save()
        if self._roll_now:
            self._roll_now = False
            self.roll(now_ms)
        for ev in events:
            if ev == ROLL:
                if self.row.rolling:
                    self.row.skip()
                    self.dirty = True
                else:
                    self.roll(now_ms)
            elif ev == OK:
                self.toggle_hold()
            elif ev == OK | LONG:
                self.open_menu()
                return
            elif is_step(ev, UP) or is_step(ev, DOWN):
                step = 1 if is_step(ev, DOWN) else -1
                self.cursor = (self.cursor + step) % self.n
                self.dirty = True
            elif ev == BACK:
                self.shell.pop()
                return
        if self.row.update(now_ms):
            self.dirty = True
            if self.row.rolling:
                self.shell.beep(1800 + 200 * (self.row.phase() % 3), 8)

    def leds(self, leds, now_ms):
        if self.row.rolling:
            # a light chasing round the ring while the dice tumble
            lit = self.row.phase() % leds.count
            for i in range(leds.count):
                leds.set(i, colour(1) if i == lit else (0, 0, 0))
        else:
            leds.off()

    def draw(self, fb):
        row = self.row
        title = label(self.n, self.sides)
        hint = ""
        if row.values and not row.rolling:
            hint = "OK: release" if row.held[self.cursor] else "OK: hold"
        if self.rolls:
            # the roll's number where it fits beside the hint ("#1000" does not by
            # "OK: release"): the dice and the hint come first
            numbered = title + " #" + str(self.rolls)
            if text.width(numbered) + text.width(hint) + 8 <= widgets.W:
                title = numbered
        widgets.title_bar(fb, title, hint)
        if not row.values:
            text.draw(fb, "Press ROLL", 64, 22, align=text.CENTER)
            text.draw(fb, "hold OK for the menu", 64, 44, align=text.CENTER)
            return
        row.draw(fb, 13, self.cursor)
        if row.rolling:
            return
        total = 0
        for v in row.values:
            total += v
        text.draw(fb, "Total", 2, 46)
        text.draw(fb, str(total), 126, 37, font=text.BIG, align=text.RIGHT)

    def open_menu(self):
        from apps.dice.menu import DiceMenu

        self.shell.push(DiceMenu(self))
