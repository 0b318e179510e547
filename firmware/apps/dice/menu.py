# The dice roller's menu (hold OK): how many dice (1-6) and which kind (d4 to d20),
# releasing every hold, the last 20 rolls, per-face statistics with a chi-square check
# of fairness, and clearing those two together.
from rules import dice
from ui import dialogs


class DiceMenu(dialogs.MenuScreen):
    # how many dice and which kind, releasing the holds, the last rolls, the statistics,
    # clearing them: a row that erases, so the menu stops at its ends (docs/ui.md)
    def __init__(self, app):
        self.app = app
        items = [
            "Dice: " + str(app.n),
            "Kind: d" + str(app.sides),
            "Release all holds",
            "Last rolls",
            "Statistics",
            "Clear rolls & stats",
        ]
        # a held DOWN stops beside "Clear rolls & stats" (issue 40)
        super().__init__(app.shell, "Dice setup", items, self._pick, 0, False, (5,))

    def _pick(self, i):
        shell = self.shell
        app = self.app
        if i == 0:
            shell.pop()
            shell.push(dialogs.Stepper(shell, "How many dice", app.n, 1, dice.MAX_DICE, self._set_n))
        elif i == 1:
            shell.pop()
            kinds = ["d" + str(k) for k in dice.KINDS]
            index = dice.KINDS.index(app.sides)
            shell.push(dialogs.MenuScreen(shell, "Kind of dice", kinds, self._set_kind, index))
        elif i == 2:
            shell.pop()
            app.row.held = [False] * app.n
            app.save()
        elif i == 3:
            shell.push(dialogs.TextList(shell, "Last rolls", self.history_lines()))
        elif i == 4:
            shell.push(dialogs.TextList(shell, "Stats d" + str(app.sides), self.stats_lines()))
        else:
            q = "Last rolls and the statistics of every kind go, for good."
            do = "Clear rolls & stats"
            again = "Sure? The counts of every roll so far go too."
            dialogs.confirm_twice(shell, "Clear rolls", q, again, self._clear, do, "Keep them")

    def _clear(self):
        self.shell.pop()  # back to the dice, as after releasing the holds
        self.app.clear()

    def _set_n(self, n):
        self.app.setup(n=n)

    def _set_kind(self, i):
        self.shell.pop()
        self.app.setup(sides=dice.KINDS[i])

    def history_lines(self):
        if not self.app.history:
            return ["No rolls yet"]
        out = []
        for no, sides, values, held_mask in self.app.history:
            total = 0
            parts = []
            for i in range(len(values)):
                total += values[i]
                parts.append(str(values[i]) + ("*" if held_mask & (1 << i) else ""))
            out.append("#" + str(no) + " d" + str(sides) + " " + " ".join(parts) + " =" + str(total))
        return out

    def stats_lines(self):
        # how many rolls the counts cover, since which, and how many of them Last rolls
        # lists (20 of every kind at most), then the counts and the check
        app = self.app
        sides = app.sides
        since = app.counts[0]
        c = app.counts[1 + dice.KINDS.index(sides)] or [0] * (sides + 1)
        rolls = c[0]
        counts = c[1:]
        if not rolls:
            out = ["No rolls since #" + str(since) if since <= app.rolls else "No rolls yet"]
        else:
            listed = 0
            for h in app.history:
                if h[1] == sides and h[0] >= since:
                    listed += 1
            out = [
                str(rolls) + (" roll" if rolls == 1 else " rolls") + " since #" + str(since),
                _listed(listed, rolls),
            ]
        line = ""
        for face in range(sides):
            cell = str(face + 1) + ":" + str(counts[face])
            line = cell if not line else line + "  " + cell
            if face % 3 == 2:
                out.append(line)
                line = ""
        if line:
            out.append(line)
        word, stat, df, p = dice.verdict(counts)
        # the verdict first, then its numbers in words, a line each (no line wraps): the
        # chi-square as how far the counts are "from" even over the faces, p as the luck
        # (how often fair dice land this uneven)
        if p is None:
            out.append(word + " for a verdict")
        else:
            out.append(word)
            out.append(_fmt(stat) + " from " + str(df + 1) + " faces")
            luck = int(p * 100 + 0.5)
            out.append("luck: " + (str(luck) + "%" if luck else "under 1%"))
        out.append(str(sum(counts)) + " dice counted")
        return out


def _listed(listed, rolls):
    # how many of the rolls counted Last rolls lists, in a line that fits beside the
    # scroll bar
    if listed == rolls:
        return "All of them listed"
    if not listed:
        return "None of them listed"
    return "The last " + str(listed) + " listed"


def _fmt(x, places=1):
    # fixed decimals without f-string format specs (MicroPython has them, but keep it
    # simple and identical everywhere)
    scale = 10**places
    v = int(x * scale + 0.5)
    s = str(v // scale) + "." + str(v % scale + scale)[1:]
    return s
