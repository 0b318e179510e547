# 61 Feuilles d'Automne: the end of the game, after the round screen (apps/feuilles61.py).
#   SheetGrid      the final tally of one sheet on the shared entry grid, zone by zone,
#                  with the leaf points and bonuses the device kept
#   play/leds/draw the end: count the sheets, then the ranking (ties share a place)
from core.buttons import BACK, DOWN, OK, ROLL, UP, is_step
from core.leds import SEAT_COLOURS, seat_leds
from rules import feuilles61 as f
from rules import feuilles61_game as game
from ui import scoretable, text, widgets
from ui.entry import Grid

# -- the final tally ----------------------------------------------------------------------

# One entry row per thing the sheet shows: (label, zone, part) where part says which
# number of the zone's points in the table the row is (None: the zone's count itself).
ROWS = (
    ("Pumpkins", 0, None),
    ("Lilies", 1, None),
    ("Left skewer", 2, 0),
    ("Right skewer", 2, 1),
    ("Mugs filled", 3, None),
    ("Mug 4 filled", 3, 3),
    ("Den floor 1", 4, 0),
    ("Den floor 2", 4, 1),
    ("Den floor 3", 4, 2),
    ("Mushrooms", 5, None),
)
YES_NO = (2, 3, 5)  # rows that are a tick, not a count


def most(r):
    # the largest number row r can hold, read from the zone table
    _label, z, part = ROWS[r]
    pts = f.ZONES[z][2]
    if r in YES_NO:
        return 1
    if part is not None:
        return len(pts[part])
    return len(pts)


def to_sheet(v):
    return {
        "pumpkins": v[0], "pond": v[1], "marshmallows": [v[2] == 1, v[3] == 1],
        "mugs": v[4], "mug4": v[5] == 1, "den": [v[6], v[7], v[8]], "mushrooms": v[9],
    }


def from_sheet(s):
    m = s.get("marshmallows", [False, False])
    d = s.get("den", [0, 0, 0])
    return [s.get("pumpkins", 0), s.get("pond", 0), 1 if m[0] else 0, 1 if m[1] else 0,
            s.get("mugs", 0), 1 if s.get("mug4") else 0, d[0], d[1], d[2], s.get("mushrooms", 0)]


class SheetGrid(Grid):
    # Pre-filled: the sheet entered before, or nothing but the zones whose bonus the
    # player holds (they must be complete). DOWN on an empty row fills it (the grid wraps).
    # Two fixed rows at the bottom show what the device kept: leaf points and bonuses.
    def __init__(self, app, p):
        self.app = app
        self.p = p
        st = app.state
        old = st["sheets"][p]
        if old is not None:
            v = from_sheet(old)
        else:
            won = f.bonuses_won(st["race"], p)
            v = [most(r) if ROWS[r][1] in won else 0 for r in range(len(ROWS))]
        values = [[x] for x in v] + [[0], [0]]
        labels = [r[0] for r in ROWS] + ["Leaf points", "Zone bonus"]
        cells = [(r, 0) for r in range(len(ROWS))]
        title = app.players()[p] + "'s sheet"
        super().__init__(app.shell, title, labels, [("count", 102, 0, 6, True)], values, cells, "pts")

    def _nudge(self, step):
        # each row has its own range (from the zone table), wrapping round
        r = self.cursor()[0]
        self.values[r][0] = (self.values[r][0] + step) % (most(r) + 1)

    def sheet(self):
        return to_sheet([self.values[r][0] for r in range(len(ROWS))])

    def cell_text(self, r, c):
        st = self.app.state
        if r == len(ROWS):
            return "kept"
        if r > len(ROWS):
            return str(len(f.bonuses_won(st["race"], self.p))) + "x3"
        v = self.values[r][0]
        if r in YES_NO:
            return "yes" if v else "no"
        return str(v)

    def result(self, r):
        st = self.app.state
        if r >= len(ROWS):
            full = game.full_sheet(st, self.p, {})
            return str(full["leaf_points"] if r == len(ROWS) else f.ZONE_BONUS * len(full["bonuses"]))
        _label, z, part = ROWS[r]
        pts = f.ZONES[z][2]
        v = self.values[r][0]
        if z == 3:  # the mugs: the count and mug 4 together, on the count's row
            if part is not None:
                return ""
            try:
                return str(f.zone_points(z, (v, self.values[5][0] == 1)))
            except ValueError:
                return "?"
        if part is None:
            return str(f.zone_points(z, v))
        got = pts[part][:v] if z == 4 else (pts[part],) if v else ()
        total = 0
        for x in got:
            total += x
        return str(total)

    def note(self):
        msg = game.problem(self.app.state, ["sheet", self.p, self.sheet()])
        if msg:
            return "can't be yet: ROLL says why"
        full = game.full_sheet(self.app.state, self.p, self.sheet())
        return "Total " + str(f.tally(full)[1]) + ", ROLL: done"

    def done(self):
        app = self.app
        msg = game.problem(app.state, ["sheet", self.p, self.sheet()])
        if msg:
            return app.words(msg)
        app.commit(["sheet", self.p, self.sheet()])
        self.shell.pop()
        if game.over(app.state):
            app.cursor = 0  # the ranking opens on the winner
            app.finished()
        return None

    def leds(self, leds, now_ms):
        leds.seats(len(self.app.players()), self.p)


def choose_sheet(app):
    def chosen(p):
        app.shell.pop()
        app.shell.push(SheetGrid(app, p))

    app.shell.push(widgets.MenuScreen(app.shell, "Correct a sheet", list(app.players()), chosen))


# -- the end ------------------------------------------------------------------------------


def _counted(st):
    return [p for p in range(len(st["sheets"])) if st["sheets"][p] is not None]


def _totals(st):
    return [game.score(st, p)[1] if st["sheets"][p] is not None else 0 for p in range(len(st["sheets"]))]


def _seat_at_cursor(app):
    st = app.state
    if game.over(st):
        return scoretable.order(_totals(st), False)[app.cursor]
    return app.cursor


def play(app, events, now_ms):
    st = app.state
    n = len(app.players())
    for ev in events:
        if ev == BACK:
            app.shell.pop()
            return
        if st["mode"] != game.SHEETS:
            continue
        if is_step(ev, UP) or is_step(ev, DOWN):
            app.cursor = (app.cursor + (1 if is_step(ev, DOWN) else -1)) % n
            app.dirty = True
        elif ev == OK:
            p = _seat_at_cursor(app)
            if game.over(st):
                app.shell.push(widgets.TextList(app.shell, _place_words(app, p), breakdown(app, p)))
            else:
                app.shell.push(SheetGrid(app, p))
            return
        elif ev == ROLL and not game.over(st):
            # the next sheet still to count, from the cursor on
            p = app.cursor
            while st["sheets"][p] is not None:
                p = (p + 1) % n
            app.cursor = p
            app.shell.push(SheetGrid(app, p))
            return


def winners(st):
    t = _totals(st)
    return [p for p in range(len(t)) if scoretable.place(t, p, False) == 1]


def _place_words(app, p):
    st = app.state
    return app.players()[p] + ": place " + str(scoretable.place(_totals(st), p, False))


def breakdown(app, p):
    scored = game.score(app.state, p)
    if scored is None:  # not counted yet
        return []
    lines, total = scored
    labels = [z[1] for z in f.ZONES] + ["Leaf track", "Zone bonuses"]
    out = []
    for i in range(len(f.TALLY_ORDER)):
        out.append(labels[i] + ": " + str(lines[f.TALLY_ORDER[i]]))
    out.append("Total: " + str(total))
    return out


def leds(app, leds, now_ms):
    st = app.state
    # the winners' seats glow once the ranking is known; every seat before that
    over = game.over(st) and st["mode"] == game.SHEETS
    leds.seats(len(app.players()), all_on=not over)
    if over:
        for p in winners(st):
            for i in seat_leds(p, len(app.players()), leds.count):
                leds.set(i, SEAT_COLOURS[p % len(SEAT_COLOURS)])


def draw(app, fb):
    st = app.state
    names = app.players()
    if st["mode"] != game.SHEETS:
        widgets.title_bar(fb, "Game over", "dice only")
        y = 12
        for line in widgets.wrap(app.words(game.end_reason(st)) + " Count your sheets: most acorns wins.", 124)[:5]:
            text.draw(fb, line, 2, y)
            y += 10
        return
    rows = min(len(names), 6)
    if game.over(st):
        w = winners(st)
        right = text.fit(names[w[0]], 60) + " wins" if len(w) == 1 else str(len(w)) + "-way tie"
        widgets.title_bar(fb, "Final tally", right)
        scoretable.draw(fb, names, _totals(st), 10, False, _seat_at_cursor(app), rows)
        if rows < 5:
            text.draw(fb, "OK: points zone by zone", 64, 54, align=text.CENTER)
        return
    widgets.title_bar(fb, "Count the sheets", str(len(_counted(st))) + "/" + str(len(names)))
    for p in range(rows):
        y = 10 + 9 * p
        c = 1
        if p == app.cursor:
            fb.fill_rect(0, y, 128, 9, 1)
            c = 0
        text.draw(fb, text.fit(names[p], 80), 2, y, color=c)
        s = str(game.score(st, p)[1]) if st["sheets"][p] is not None else "OK: count"
        text.draw(fb, s, 126, y, color=c, align=text.RIGHT)
