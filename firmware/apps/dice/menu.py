# The dice roller's menu (hold OK): how many dice (1-6) and which kind (d4 to d20),
# releasing every hold, the last 20 rolls, and per-face statistics this session with a
# chi-square check of fairness.
from rules import dice
from ui import dialogs


class DiceMenu(dialogs.MenuScreen):
    # how many dice and which kind, releasing the holds, the last rolls, the statistics
    def __init__(self, app):
        self.app = app
        items = [
            "Dice: " + str(app.n),
            "Kind: d" + str(app.sides),
            "Release all holds",
            "History",
            "Statistics",
        ]
        super().__init__(app.shell, "Dice setup", items, self._pick)

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
        else:
            shell.push(dialogs.TextList(shell, "Stats d" + str(app.sides), self.stats_lines()))

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
        sides = self.app.sides
        counts = self.app.counts.get(sides) or [0] * sides
        out = []
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
        out.append("n=" + str(sum(counts)) + " chi2=" + _fmt(stat) + " df=" + str(df))
        if p is None:
            out.append(word + " for a verdict")
        else:
            out.append("p=" + _fmt(p, 3) + ": " + word)
        return out


def _fmt(x, places=1):
    # fixed decimals without f-string format specs (MicroPython has them, but keep it
    # simple and identical everywhere)
    scale = 10**places
    v = int(x * scale + 0.5)
    s = str(v // scale) + "." + str(v % scale + scale)[1:]
    return s
