# The randomizer's number tools: K of N, a coin, a number in a range. Imported when
# one of them is opened (apps/randomizer/__init__.py holds the list and the shared Tool).
from rules import randomizer
from ui import text, widgets

from apps.randomizer import MAX_K, MAX_N, MAX_NUMBER, Tool

GOLD = (255, 170, 0)
SILVER = (150, 150, 170)


class PickK(Tool):
    def __init__(self, app):
        super().__init__(app, "Pick")

    def heading(self):
        c = self.app.cfg
        return "Pick " + str(c["k"]) + " of " + str(c["n"])

    def pick(self):
        c = self.app.cfg
        return randomizer.pick_k(self.shell.rng, c["n"], c["k"])

    def options(self):
        k_most = min(self.app.cfg["n"], MAX_K)
        return [self.setting("How many", "k", 1, k_most), self.setting("Out of", "n", 1, MAX_N)]

    def draw_body(self, fb):
        n = self.app.cfg["n"]
        words = []
        for v in self.result:
            if self.rolling:  # the numbers tumble before they settle
                v = (v + 7 * (self.frame + 1)) % n
            words.append(str(v + 1))
        # big digits when they fit in three rows, else small ones in five
        font = text.MEDIUM if len(words) <= 12 else text.SMALL
        rows = widgets.wrap(" ".join(words), 124) if font is text.SMALL else _wrap_medium(words)
        y = 12 if font is text.MEDIUM else 11
        step = 14 if font is text.MEDIUM else 9
        for line in rows:
            text.draw(fb, line, 64, y, font=font, align=text.CENTER)
            y += step
        if len(rows) <= 2 and font is text.MEDIUM:
            widgets.footer(fb, "ROLL: again  OK: set", rule=False)


def _wrap_medium(words):
    # at most 4 numbers a row in the medium font, evenly: 6 -> 3 + 3, not 4 + 2
    rows = (len(words) + 3) // 4
    per = (len(words) + rows - 1) // rows if rows else 1
    return [" ".join(words[i : i + per]) for i in range(0, len(words), per)]


class Coin(Tool):
    right = "ROLL: again"  # the coin and its tally fill the foot
    def __init__(self, app):
        super().__init__(app, "Coin toss")
        self.tally = [0, 0]

    def pick(self):
        side = randomizer.coin(self.shell.rng)
        self.tally[side] += 1
        return side

    def face(self):
        if self.rolling:
            return (self.result + self.frame + 1) % 2
        return self.result or 0  # start() has picked a side before anything is drawn

    def ring(self, leds):
        leds.fill(GOLD if self.face() == randomizer.HEADS else SILVER)

    def draw_body(self, fb):
        # a coin: a 3-px rim round a face wide enough for the word
        fb.ellipse(64, 37, 26, 26, 1, True)
        fb.ellipse(64, 37, 23, 23, 0, True)
        word = randomizer.COIN[self.face()]
        text.draw(fb, word, 64, 30, font=text.MEDIUM, align=text.CENTER)
        if not self.rolling:
            text.draw(fb, "H " + str(self.tally[0]), 2, 54)
            text.draw(fb, "T " + str(self.tally[1]), 126, 54, align=text.RIGHT)


class Number(Tool):
    def __init__(self, app):
        super().__init__(app, "Number")

    def heading(self):
        c = self.app.cfg
        return "Number " + str(min(c["lo"], c["hi"])) + " to " + str(max(c["lo"], c["hi"]))

    def pick(self):
        c = self.app.cfg
        return randomizer.number(self.shell.rng, c["lo"], c["hi"])

    def options(self):
        return [self.setting("From", "lo", 0, MAX_NUMBER), self.setting("To", "hi", 0, MAX_NUMBER)]

    def draw_body(self, fb):
        c = self.app.cfg
        lo = min(c["lo"], c["hi"])
        v = self.result
        if self.rolling:
            v = lo + (v - lo + 37 * (self.frame + 1)) % (abs(c["hi"] - c["lo"]) + 1)
        text.draw(fb, str(v), 64, 18, font=text.BIG, align=text.CENTER)
        if not self.rolling:
            widgets.footer(fb, "ROLL: again  OK: set", rule=False)
