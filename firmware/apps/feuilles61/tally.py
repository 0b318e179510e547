# 61 Feuilles d'Automne: the end of the game, after the round (apps/feuilles61/round.py).
#   SheetGrid  the final tally of one sheet on the shared entry grid, zone by zone, with
#              the leaf points and bonuses the device kept
#   TallyView  the view of the game once it has ended: count the sheets, then the
#              ranking (ties share a place)
from core.buttons import BACK, DOWN, OK, ROLL, UP, is_step
from core.leds import ALL
from micropython import const
from rules import feuilles61, scoresheet
from ui import scoretable, text, widgets
from ui.entry import DONE, Grid
from ui.screen import View

from apps.game import END_HINT

# -- the final tally ----------------------------------------------------------------------

# One entry row per thing the sheet shows: (label, zone, part) where part says which
# part of the zone the row is (feuilles61.zone_parts; None: the zone's count itself).
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
_TITLE_W = const(72)  # the grid's title, left of its column (ui/entry.py)
_PLACE_W = const(98)  # a place's title, left of its list's "1/9" (ui/widgets.py TextList)


def unit(k):
    # where an X can stand, [zone, unit], for an X row's value k (1 on; 0 is "none");
    # past the last place: the number of places, as [None, n]
    n = 0
    for z in range(len(feuilles61.UNIT_BOXES)):
        for u in range(len(feuilles61.UNIT_BOXES[z])):
            n += 1
            if n == k:
                return [z, u]
    return [None, n]


def most(r):
    # the largest number row r can hold, read from the zone table (past ROWS: an X row)
    if r >= len(ROWS):
        return unit(0)[1]
    _label, z, part = ROWS[r]
    pts = feuilles61.ZONES[z][2]
    if r in YES_NO:
        return 1
    if part is not None:
        return len(pts[part])
    return len(pts)


def to_sheet(v):
    return {
        "pumpkins": v[0], "pond": v[1], "marshmallows": [v[2] == 1, v[3] == 1],
        "mugs": v[4], "mug4": v[5] == 1, "den": [v[6], v[7], v[8]], "mushrooms": v[9],
        "xs": [unit(k) for k in v[len(ROWS):] if k],
    }


def from_sheet(s, nx):
    # the rows' values of a sheet entered before, with nx X rows
    m = s.get("marshmallows", [False, False])
    d = s.get("den", [0, 0, 0])
    xs = [k for x in s.get("xs", []) for k in range(1, unit(0)[1] + 1) if unit(k) == list(x)][:nx]
    return [s.get("pumpkins", 0), s.get("pond", 0), 1 if m[0] else 0, 1 if m[1] else 0,
            s.get("mugs", 0), 1 if s.get("mug4") else 0, d[0], d[1], d[2], s.get("mushrooms", 0)] + xs + [0] * (nx - len(xs))


def asks_xs(readings):
    # where the X's stand changes the points only under the readings other than the
    # defaults (an X that scores nothing, or one standing anywhere)
    return not readings["x_scores"] or readings["x_anywhere"]


class SheetGrid(Grid):
    # Pre-filled: the sheet entered before, or nothing but the zones whose bonus the
    # player holds (they must be complete). DOWN on an empty row fills it.
    # Under the X readings other than the defaults, a row per X the leaf track gave says
    # where it stands. Two fixed rows at the bottom show what the device kept: leaf
    # points and bonuses.
    def __init__(self, app, p):
        self.app = app
        self.p = p
        st = app.state
        self.nx = feuilles61.rewards(st, p)[1] if asks_xs(st["readings"]) else 0
        old = st["sheets"][p]
        if old is not None and "total" not in old:  # (a total: counted afresh)
            v = from_sheet(old, self.nx)
        else:
            won = feuilles61.bonuses_won(st["race"], p)
            v = [most(r) if ROWS[r][1] in won else 0 for r in range(len(ROWS))] + [0] * self.nx
        values = [[x] for x in v] + [[0], [0]]
        labels = [r[0] for r in ROWS] + ["X " + str(k + 1) for k in range(self.nx)] + ["Leaf points", "Zone bonus"]
        cells = [(r, 0) for r in range(len(v))]
        # "Anna's sheet", or a long name alone (shortened to the title's room)
        name = app.players()[p]
        title = name + "'s sheet" if text.width(name + "'s sheet") <= _TITLE_W else text.short(name, _TITLE_W)
        # no heading over the counts (yes/no on the tick rows): the title has the room
        super().__init__(app.shell, title, labels, [("", 102, 0, 6, True)], values, cells, "pts")
        self.asked = []  # the zones BonusAsk asked about

    def _nudge(self, step):
        # each row has its own range (from the zone table): it stops at the top (a
        # pre-filled full zone is not emptied by an UP); DOWN from 0 fills the row
        r = self.cursor()[0]
        v = self.values[r][0] + step
        if v <= most(r):
            self.values[r][0] = v if v >= 0 else most(r)

    def sheet(self):
        return to_sheet([self.values[r][0] for r in range(len(ROWS) + self.nx)])

    def cell_text(self, r, c):
        st = self.app.state
        fixed = len(ROWS) + self.nx
        if r == fixed:
            return "kept"
        if r > fixed:
            return str(len(feuilles61.bonuses_won(st["race"], self.p))) + "x" + str(st["readings"]["zone_bonus"])
        v = self.values[r][0]
        if r >= len(ROWS):  # an X row: where it stands, "lily 5", "R skewer"
            if not v:
                return "none"
            z, u = unit(v)
            # one string split when shown: short words would each stay in MicroPython's
            # string pool for good
            word = "pumpkin/lily/skewer/mug/den floor/mushroom".split("/")[z]  # noqa: SIM905
            return "LR"[u] + " " + word if z == 2 else word + " " + str(u + 1)
        if r in YES_NO:
            return "yes" if v else "no"
        return str(v)

    def result(self, r):
        st = self.app.state
        fixed = len(ROWS) + self.nx
        if r >= fixed:
            full = feuilles61.full_sheet(st, self.p, {})
            return str(full["leaf_points"] if r == fixed else st["readings"]["zone_bonus"] * len(full["bonuses"]))
        if r >= len(ROWS):
            return ""
        _label, z, part = ROWS[r]
        sheet = self.sheet()
        try:
            parts = feuilles61.zone_parts(z, feuilles61.sheet_entry(sheet, feuilles61.ZONES[z][0]), sheet["xs"], st["readings"])
        except ValueError:  # the mugs: mug 4 not among the mugs filled
            return "?"
        if z == 3:  # the mugs: the count and mug 4 together, on the count's row
            return str(parts[0]) if part is None else ""
        return str(parts[part if part is not None else 0])

    def note(self):
        msg = feuilles61.problem(self.app.state, ["sheet", self.p, self.sheet()])
        if msg:
            return "Not yet. ROLL: why"
        st = self.app.state
        full = feuilles61.full_sheet(st, self.p, self.sheet())
        return "Total " + str(feuilles61.tally(full, st["readings"])[1]) + DONE

    def done(self):
        action = ["sheet", self.p, self.sheet()]
        msg = self.app.refusal(action)
        if msg:
            return msg
        z = self.unclaimed()
        if z is not None:  # asked first: the game may end with this sheet
            from apps.feuilles61.zones import BonusAsk

            self.shell.push(BonusAsk(self, z))
            return None
        self.app.commit(action)
        self.shell.pop()
        return None

    def unclaimed(self):
        # -> a zone complete on the sheet whose bonus the player doesn't hold but could
        # still claim (nobody ticked it in play, or only in the last round), not asked
        # about yet on this entry; or None
        st = self.app.state
        sheet = self.sheet()
        for z in range(len(feuilles61.ZONES)):
            if (
                z not in self.asked
                and feuilles61.zone_complete(z, feuilles61.sheet_entry(sheet, feuilles61.ZONES[z][0]))
                and self.p not in feuilles61.bonus_winners(st["race"], z)
                and feuilles61.problem(st, ["zone", z, [self.p]]) is None
            ):
                return z
        return None

    def answered(self, z, claimed):
        # the player's answer to BonusAsk: the bonus claimed (or not), then the next
        # zone to ask about or the sheet counted
        self.asked.append(z)
        if claimed and not self.app.act(["zone", z, [self.p]]):
            return
        self._finish()

    def leds(self, leds, now_ms):
        leds.seats(len(self.app.players()), self.p)


def choose_sheet(app):
    from ui import dialogs  # opened on a press: the heap does without it till then

    def chosen(p):
        app.shell.pop()
        app.shell.push(SheetGrid(app, p))

    app.shell.push(dialogs.MenuScreen(app.shell, "Correct a sheet", list(app.players()), chosen))


def _counted(st):
    return [p for p in range(len(st["sheets"])) if st["sheets"][p] is not None]


def _totals(st):
    return [feuilles61.score(st, p)[1] if st["sheets"][p] is not None else 0 for p in range(len(st["sheets"]))]


def winners(st):
    t = _totals(st)
    places = scoresheet.places(t, False)
    return [p for p in range(len(t)) if places[p] == 1]


class TallyView(View):
    # the cursor on the sheets to count, then on the ranking
    def __init__(self, app):
        super().__init__(app)
        self.cursor = 0
        self._over = feuilles61.over(app.state)

    def changed(self):
        st = self.app.state
        self.cursor = min(self.cursor, len(self.app.players()) - 1)
        if feuilles61.over(st) and not self._over:
            self.cursor = 0  # the ranking opens on the winner
        self._over = feuilles61.over(st)

    def seat_at_cursor(self):
        st = self.app.state
        if feuilles61.over(st):
            return scoretable.order(_totals(st), False)[self.cursor]
        return self.cursor

    def place_words(self, p):
        # the title of the breakdown, beside its "1/9": a long name shortened to fit
        places = scoresheet.places(_totals(self.app.state), False)
        tail = ": place " + str(places[p])
        return text.short(self.app.players()[p], _PLACE_W - text.width(tail)) + tail

    def update(self, events, now_ms):
        from ui import dialogs  # opened on a press: the heap does without it till then

        st = self.app.state
        n = len(self.app.players())
        for ev in events:
            if ev == BACK:
                self.app.shell.pop()
                return
            if st["mode"] != feuilles61.SHEETS:
                continue
            if is_step(ev, UP) or is_step(ev, DOWN):
                self.cursor = (self.cursor + (1 if is_step(ev, DOWN) else -1)) % n
                self.dirty = True
            elif ev == OK:
                p = self.seat_at_cursor()
                if feuilles61.over(st):
                    self.app.shell.push(dialogs.TextList(self.app.shell, self.place_words(p), self.breakdown(p)))
                else:
                    # the sheet as the one total its player summed (ROLL: zone by zone)
                    from apps.feuilles61.total import SheetTotal

                    self.app.shell.push(SheetTotal(self.app, p, self.counted))
                return
            elif ev == ROLL and not feuilles61.over(st):
                # the next sheet still to count, from the cursor on
                p = self.cursor
                while st["sheets"][p] is not None:
                    p = (p + 1) % n
                self.cursor = p
                self.app.shell.push(SheetGrid(self.app, p))
                return

    def counted(self, p):
        # a sheet counted by its total: the cursor on the next one still to count
        st = self.app.state
        n = len(st["sheets"])
        for k in range(1, n):
            if st["sheets"][(p + k) % n] is None:
                self.cursor = (p + k) % n
                return

    def breakdown(self, p):
        scored = feuilles61.score(self.app.state, p)
        if scored is None:  # not counted yet
            return []
        lines, total = scored
        labels = [z[1] for z in feuilles61.ZONES] + ["Leaf track", "Zone bonuses"]
        out = []
        if "total" in self.app.state["sheets"][p]:  # summed on paper: no zones known
            return ["Summed on paper", labels[-2] + ": " + str(lines["leaves"]), labels[-1] + ": " + str(lines["bonuses"]), "Total: " + str(total)]
        for i in range(len(feuilles61.TALLY_ORDER)):
            out.append(labels[i] + ": " + str(lines[feuilles61.TALLY_ORDER[i]]))
        out.append("Total: " + str(total))
        return out

    def leds(self, leds, now_ms):
        st = self.app.state
        # the winners' seats glow once the ranking is known; every seat before that
        over = feuilles61.over(st) and st["mode"] == feuilles61.SHEETS
        leds.seats(len(self.app.players()), winners(st) if over else ALL)

    def draw(self, fb):
        from ui import dialogs  # opened on a press: the heap does without it till then

        st = self.app.state
        names = self.app.players()
        if st["mode"] != feuilles61.SHEETS:
            # from the history: its number, as every past game's sheet ("#12")
            widgets.title_bar(fb, getattr(self.app, "number", "Game over"), "dice only")
            y = 12
            for line in widgets.wrap(self.app.words(feuilles61.end_reason(st)) + " Count your sheets: most acorns wins.", 124)[:5]:
                text.draw(fb, line, 2, y)
                y += 10
            return
        rows = min(len(names), 6)
        if feuilles61.over(st):
            w = winners(st)
            right = dialogs.who_won(names[w[0]], 56) if len(w) == 1 else str(len(w)) + "-way tie"
            widgets.title_bar(fb, getattr(self.app, "number", "Final tally"), right)
            scoretable.draw(fb, names, _totals(st), 10, False, self.seat_at_cursor(), rows)
            # as every game's end screen (docs/ui.md), where the rows leave room
            if rows < 4:
                text.draw(fb, "OK: zone by zone", widgets.W // 2, widgets.FOOTER_Y - 8, align=text.CENTER)
            if rows < 5:
                widgets.footer(fb, END_HINT, rule=False)
            return
        widgets.title_bar(fb, "Count the sheets", str(len(_counted(st))) + "/" + str(len(names)))
        for p in range(rows):
            y = 9 + 9 * p  # six rows: the last one's descenders on the bottom line
            c = 1
            if p == self.cursor:
                fb.fill_rect(0, y, 128, 9, 1)
                c = 0
            text.draw(fb, text.short(names[p], 80), 2, y, color=c)
            s = str(feuilles61.score(st, p)[1]) if st["sheets"][p] is not None else "OK: count"
            text.draw(fb, s, 126, y, color=c, align=text.RIGHT)
