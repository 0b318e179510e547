# Player records, from the remembered names (settings["names"]) and the history: the
# players with games won of played ("2 of 3"); OK a player's record per game (won, played, the
# last game's number, best and average total); ROLL, there or on the list, that player
# head to head with another. Counted by rules/records.py, reading the history a page
# at a time. Loaded when ROLL is pressed on the history list.
from core.buttons import ROLL
from rules import records
from ui import dialogs, text, widgets

from apps.history import label


def _games(shell):
    from core import history

    return history.games(shell.storage)


def players(shell):
    # the remembered names, most recent first, as the line-up offers them
    names = list(shell.settings["names"])
    if not names:
        shell.notify("No remembered names yet: players named in a game's line-up get a record.", "Players")
        return
    shell.push(Players(shell, names))


class Players(dialogs.MenuScreen):
    # a row per name: games won/played; OK the record, ROLL a head to head
    def __init__(self, shell, names):
        self.names = names
        self.recs = records.records(_games(shell), names, shell.settings["alias"])
        self.counts = []
        for name in names:
            played, won = records.totals(self.recs[name])
            self.counts.append(str(won) + " of " + str(played))  # "2/3" read as a place in a list
        super().__init__(shell, "Players", names, self.pick)

    def pick(self, i):
        self.shell.push(Record(self.shell, self.names[i], self.recs[self.names[i]]))

    def update(self, events, now_ms):
        if ROLL in events:
            rival(self.shell, self.names[self.menu.index])
            return
        super().update(events, now_ms)

    def draw(self, fb):
        # the names as a menu, each one's won/played at the right (left of the scroll bar)
        widgets.title_bar(fb, "Players", "games won")
        m = self.menu
        m.draw(fb)
        for row in range(m.rows):
            i = m.first + row
            if i >= len(self.counts):
                break
            text.draw(fb, self.counts[i], widgets.W - 6, widgets.TITLE_H + row * widgets.ROW_H + 1, align=text.RIGHT)


class Record(dialogs.TextList):
    # one player: per game, three lines, under "Anna's record" (no "1/13" of the lines
    # beside it: it read as the "4 of 4" games won of the list before; a scroll bar
    # says there is more)
    def __init__(self, shell, name, pairs):
        self.name = name
        lines = []
        for g, rec in pairs:
            lines.append(label(g))
            lines.append(("  won " + str(rec[records.WON]) + " of " + str(rec[records.PLAYED]), "last #" + str(rec[records.LAST])))
            if rec[records.SCORED]:
                avg = records.average(rec[records.SUM], rec[records.SCORED])
                lines.append(("  best " + str(rec[records.BEST]), "avg " + avg))
        if not lines:
            lines.append("No games in the history yet.")
        # four lines over the footer, which says ROLL's head to head (issue 40: as the
        # last line it showed only once scrolled to)
        title = text.short(name, widgets.W - 4 - text.width("'s record")) + "'s record"
        super().__init__(shell, title, lines, widgets.ROWS - 1)

    def update(self, events, now_ms):
        if ROLL in events:
            rival(self.shell, self.name)
            return
        super().update(events, now_ms)

    def draw(self, fb):
        widgets.title_bar(fb, self.title)
        self.body.draw(fb)
        widgets.footer(fb, "ROLL: head to head")


def rival(shell, a):
    # choose b for a head to head with a
    others = [n for n in shell.settings["names"] if n != a]
    if not others:
        shell.notify("Only " + a + " is remembered: a head to head needs two names.", "Players")
        return

    def pick(i):
        shell.pop()
        title = text.short(a, 40) + " v " + text.short(others[i], 40)  # beside "1/7"
        shell.push(dialogs.TextList(shell, title, head_to_head(shell, a, others[i])))

    shell.push(dialogs.MenuScreen(shell, a + " against", others, pick))


def head_to_head(shell, a, b):
    # -> the lines of a against b: the games they played together, who came ahead
    h2h = records.head_to_head(_games(shell), a, b, shell.settings["alias"])
    sums = [0, 0, 0, 0]
    for pair in h2h:
        for k in range(4):
            sums[k] += pair[1][k]
    lines = [
        ("Games together", str(sums[records.TOGETHER])),
        (a + " ahead", str(sums[1])),
        (b + " ahead", str(sums[2])),
        ("Tied games", str(sums[records.LEVEL])),
    ]
    if len(h2h) > 1:  # game by game: a's wins, b's wins
        for g, rec in h2h:
            lines.append((label(g), str(rec[1]) + "-" + str(rec[2])))
    return lines
