# The history's reading side (core/history.py has the whole story and the writing):
# its pages of summaries and packs of journals as they are read, checked and set aside
# when damaged, and the Reader the History list turns pages with. Small on purpose:
# opening the History app imports this, not the writing (each import is ~10 ms on the
# Pico's file system).
from micropython import const

MAX_GAMES = const(200)
# the highest game number (core/settings.py and apps/game check it too): a game every 5
# minutes, day and night, for 95 years; numbers never wrap (renames and the history's
# order go by them)
MAX_NO = const(9999999)
MAX_TOTAL = const(99999)  # a total beyond this is damage (no game comes near it)
PAGE = const(16)
VERSION = 1
SUMMARIES = "hist_"
JOURNALS = "hjour_"
SOLO = ("solitaire",)  # rules/records.py's: games whose one seat is not a player


def page_of(n):
    return (n - 1) // PAGE


def number(f, prefix, end=".json"):
    # -> K of a file named prefix + K + end, else -1
    if f.startswith(prefix) and f.endswith(end) and f[len(prefix) : -len(end)].isdigit():
        return int(f[len(prefix) : -len(end)])
    return -1


def ids(flash, prefix):
    # the numbers K of the files prefix + K + ".json", lowest first
    out = []
    for f in flash.listdir():
        k = number(f, prefix)
        if k >= 0:
            out.append(k)
    out.sort()
    return out


def _int(x, lo, hi=MAX_NO):
    return type(x) is int and lo <= x <= hi  # a bool is not an int here


def _ints(xs, n, lo, hi):
    if type(xs) is not list or len(xs) != n:
        return False
    for x in xs:
        if not _int(x, lo, hi):
            return False
    return True


def valid(e, k=-1):
    # a summary as record() writes it (on page k, when k >= 0), with every field the
    # list, a sheet and the records read there and of the type they read
    if type(e) is not dict:
        return False
    n = e.get("n")
    p = e.get("p")
    t = e.get("t")
    pl = e.get("pl")
    g = e.get("g")
    if not _int(n, 1) or (k >= 0 and page_of(n) != k) or type(g) is not str or not 0 < len(g) <= 24:
        return False
    lo = e.get("lo", False)
    if not _int(e.get("r"), 0) or not _int(e.get("j"), 0) or (lo is not True and lo is not False):
        return False
    if "c" in e and not _int(e["c"], 0, 0xFFFFFF):
        return False
    for key in ("ts", "te"):  # when it was played (core/when.py stamps), where known
        s = e.get(key)
        if s is not None:
            from core import when  # (a game's end is filed with it: loaded)

            if not when.valid(s):
                return False
    if type(p) is not list or not 1 <= len(p) <= 6:
        return False
    for name in p:
        if type(name) is not str or not 0 < len(name) <= 20:
            return False
    if g in SOLO and (len(p) != 1 or t is None or pl is None):
        return False  # a deal's sheet says its cards home and whether it was won
    if t is not None and not _ints(t, len(p), -MAX_TOTAL, MAX_TOTAL):
        return False
    # places 1..players; one player alone may have place 2: a game lost (Solitaire)
    return pl is None or (_ints(pl, len(p), 1, 6) and max(pl) <= max(2, len(p)))


def load_page(st, k):
    # -> (summaries on page k oldest first, its "kept", its "since"); ([], 0, 0) when
    # there is none. A file that is not a page is kept aside; a page with some damaged
    # summaries keeps the others (the file as it was is kept aside, the player told).
    name = SUMMARIES + str(k)
    doc = st.load(name, None, VERSION)
    if doc is None:
        return [], 0, 0
    games = doc.get("games") if type(doc) is dict else None
    kept = doc.get("kept") if type(doc) is dict else None
    since = doc.get("since", 0) if type(doc) is dict else None
    if type(games) is not list or type(kept) is not int or type(since) is not int or kept < 0 or since < 0:
        st.quarantine(name)
        return [], 0, 0
    kept = kept or 0  # (an int: checked above)
    since = since or 0
    good = []
    for e in games:
        if valid(e, k) and (not good or e["n"] > good[-1]["n"]):
            good.append(e)
    what = ""
    if len(good) < len(games):
        bad = len(games) - len(good)
        what = str(bad) + " damaged game" + ("s" if bad > 1 else "") + " set aside"
    # "since" is never above a game the page keeps (it would hide every older game),
    # "kept" never beyond the bound nor below the page's own games
    if good and since > good[0]["n"]:
        since = 0
        what = what or "the oldest game number reset"
    if not len(good) <= kept <= MAX_GAMES:
        kept = len(good)
        what = what or "the count reset"
    if what:
        st.mend(name, st.flash.read(name + ".json"), what, {"games": good, "kept": kept, "since": since}, VERSION)
    return good, kept, since if good else 0


def load_pack(st, j):
    # -> [[game number, journal], ...] of pack j ([] when there is none), kept aside
    # or mended like a page
    name = JOURNALS + str(j)
    doc = st.load(name, None, VERSION)
    if doc is None:
        return []
    if type(doc) is not list:
        st.quarantine(name)
        return []
    good = [x for x in doc if type(x) is list and len(x) == 2 and _int(x[0], 1) and type(x[1]) is dict]
    if len(good) < len(doc):
        st.mend(name, st.flash.read(name + ".json"), "a damaged journal set aside", good, VERSION)
    return good


def journal(st, e):
    # -> the journal of the game summarised by e, or None (lost with a damaged pack)
    for x in load_pack(st, e["j"]):
        if x[0] == e["n"]:
            return x[1]
    return None


def floor(st, ks):
    # -> the history's oldest game kept: the newest page's "since", checked against every
    # page (ks: the pages on flash). Summaries below it stay on flash only for the moment
    # between a game filed over MAX_GAMES and the oldest one's removal, the history full;
    # on any other history it hides games (and the next game filed would remove them):
    # it is reset, the page kept as .bad and the player told. Every page is read only
    # when a summary below it can be there.
    if not ks:
        return 0
    newest, _kept, since = load_page(st, ks[-1])
    if not since or ks[0] > page_of(since):
        return since
    if ks[0] == page_of(since):
        first = newest if ks[0] == ks[-1] else load_page(st, ks[0])[0]
        if not first or first[0]["n"] >= since:
            return since
    total = below = 0
    for k in ks:
        for e in load_page(st, k)[0]:
            total += 1
            below += e["n"] < since
    if below and total - below < MAX_GAMES:
        name = SUMMARIES + str(ks[-1])
        doc = {"games": newest, "kept": min(total, MAX_GAMES), "since": 0}
        st.mend(name, st.flash.read(name + ".json"), "the oldest game number reset", doc, VERSION)
        return 0
    return since


def newest_page(st):
    # -> the newest page's number, -1 when there is none
    ks = ids(st.flash, SUMMARIES)
    return ks[-1] if ks else -1


class Reader:
    # The history newest first for a list on the screen: a position is (k, r), page k
    # and game r on it, newest first. At most two pages are in the heap, the two a
    # screen of rows can straddle; a page that is not there (set aside as damaged, or a
    # gap in the game numbers) is jumped over, never looked up one number at a time.
    def __init__(self, st, hint=-1):
        # hint: the page of the last game number taken (settings["game_no"] - 1), where
        # the newest page is unless the settings were reset: read at once, instead of
        # listing the folder (about 60 ms on the Pico with the history's files in it)
        self.st = st
        self._pages = []  # [(k, games newest first)], the last used last
        self._ks = None  # the pages on flash, listed when a page number is not there
        self._checked = False  # "since" checked against every page (floor())
        self.kept = 0
        self.since = 0
        self.top = -1  # the newest page
        if hint < 0 or not self._newest(hint):
            ks = self._list()
            if ks:
                self._newest(ks[-1])
                self.top = ks[-1]  # (its games may all be set aside: the older pages follow)

    def _newest(self, k):
        games, kept, floor_ = load_page(self.st, k)
        if not games:
            return False
        self.top = k
        self.kept = kept  # the history's count and its oldest game
        self.since = floor_
        return True

    def _list(self):
        if self._ks is None:
            self._ks = ids(self.st.flash, SUMMARIES)
        return self._ks

    def _next(self, k, d):
        # -> the page after k going d (1: older, -1: newer), or -1 past either end: the
        # one next to it when it is there, else the nearest the folder lists (listed once)
        low = page_of(self.since) if self.since else 0
        j = k - d
        if low <= j <= self.top and self._ks is None and self.st.flash.size(SUMMARIES + str(j) + ".json") is not None:
            return j
        best = -1
        for j in self._list():
            if low <= j <= self.top and (k - j) * d > 0 and (best < 0 or (j - best) * d > 0):
                best = j
        if best < 0 and d > 0 and low and not self._checked and self._ks and self._ks[0] < low:
            # past the oldest game kept, with pages below it: "since" is checked against
            # the whole history (floor()), once; reset, the list goes on into them
            self._checked = True
            since = floor(self.st, self._ks)
            if since != self.since:
                self.since = since
                self._pages = []  # read again without the old "since"
                return self._next(k, d)
        return best

    def _load(self, k):
        games = [e for e in load_page(self.st, k)[0] if e["n"] >= self.since]
        games.reverse()
        self._pages.append((k, games))
        if len(self._pages) > 2:
            self._pages.pop(0)
        return games

    def forget(self):
        # the pages out of the heap (a game's sheet is opened over the list); read again
        # when the list is drawn
        self._pages = []

    def page(self, k):
        for p in self._pages:
            if p[0] == k:
                return p[1]
        return self._load(k)

    def get(self, pos):
        return self.page(pos[0])[pos[1]]

    def step(self, pos, d):
        # -> pos moved by d (1: an older game, -1: a newer one), or None past either end
        k, r = pos
        r += d
        while k >= 0:
            if 0 <= r < len(self.page(k)):
                return (k, r)
            k = self._next(k, d)
            if k >= 0:
                r = 0 if d > 0 else len(self.page(k)) - 1
        return None

    def first(self):
        # the newest game's position, or None when the history is empty
        return self.step((self.top, -1), 1) if self.top >= 0 else None
