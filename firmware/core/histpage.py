# The history's reading side (core/history.py has the whole story and the writing):
# its pages of summaries and packs of journals as they are read, checked and set aside
# when damaged, and the Reader the History list turns pages with. Small on purpose:
# opening the History app imports this, not the writing (each import is ~10 ms on the
# Pico's file system).
from micropython import const

MAX_GAMES = const(200)
PAGE = const(16)
VERSION = 1
SUMMARIES = "hist_"
JOURNALS = "hjour_"


def page_of(n):
    return (n - 1) // PAGE


def ids(flash, prefix):
    # the numbers K of the files prefix + K + ".json", lowest first
    out = []
    for f in flash.listdir():
        if f.startswith(prefix) and f.endswith(".json") and f[len(prefix) : -5].isdigit():
            out.append(int(f[len(prefix) : -5]))
    out.sort()
    return out


def _int(x, lo):
    return type(x) is int and x >= lo  # a bool is not an int here


def _ints(xs, n, lo):
    if type(xs) is not list or len(xs) != n:
        return False
    for x in xs:
        if not _int(x, lo):
            return False
    return True


def valid(e, k=-1):
    # a summary as record() writes it (on page k, when k >= 0)
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
    if "c" in e and not _int(e["c"], 0):
        return False
    if type(p) is not list or not 1 <= len(p) <= 6:
        return False
    for name in p:
        if type(name) is not str or not 0 < len(name) <= 20:
            return False
    if t is not None and not _ints(t, len(p), -99999):
        return False
    # places 1..players; one player alone may have place 2: a game lost (Solitaire)
    return pl is None or (_ints(pl, len(p), 1) and max(pl) <= max(2, len(p)))


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
    if type(games) is not list or not _int(kept, 0) or not _int(since, 0):
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


def newest_page(st):
    # -> the newest page's number, -1 when there is none
    ks = ids(st.flash, SUMMARIES)
    return ks[-1] if ks else -1


class Reader:
    # The history newest first for a list on the screen: a position is (i, r), page i
    # from the newest (0) and game r on it, newest first. At most two pages are in the
    # heap, the two a screen of rows can straddle; a page that is not there (set aside
    # as damaged) is passed over.
    def __init__(self, st, hint=-1):
        # hint: the page of the last game number taken (settings["game_no"] - 1), where
        # the newest page is unless the settings were reset: read at once, instead of
        # listing the folder (about 60 ms on the Pico with the history's files in it)
        self.st = st
        self._pages = []  # [(i, games newest first)], the last used last
        self.kept = 0
        self.since = 0
        self.top = hint
        self.n = 1 if hint >= 0 else 0  # pages from the newest down to the oldest game's
        if not self.n or not self._load(0):
            self._pages = []
            self.top = newest_page(st)
            self.n = 1 if self.top >= 0 else 0
            if self.n:
                self._load(0)
        if self.n:
            self.n = self.top + 1 - (page_of(self.since) if self.since else 0)

    def _load(self, i):
        games, kept, floor = load_page(self.st, self.top - i)
        if not i:  # the newest page: the history's count and its oldest game
            self.kept = kept
            self.since = floor
        games = [e for e in games if e["n"] >= self.since]
        games.reverse()
        self._pages.append((i, games))
        if len(self._pages) > 2:
            self._pages.pop(0)
        return games

    def forget(self):
        # the pages out of the heap (a game's sheet is opened over the list); read again
        # when the list is drawn
        self._pages = []

    def page(self, i):
        for p in self._pages:
            if p[0] == i:
                return p[1]
        return self._load(i)

    def get(self, pos):
        return self.page(pos[0])[pos[1]]

    def step(self, pos, d):
        # -> pos moved by d (1: an older game, -1: a newer one), or None past either end
        i, r = pos
        r += d
        while 0 <= i < self.n:
            if 0 <= r < len(self.page(i)):
                return (i, r)
            i += d
            if 0 <= i < self.n:
                r = 0 if d > 0 else len(self.page(i)) - 1
        return None

    def first(self):
        # the newest game's position, or None when the history is empty
        return self.step((0, -1), 1) if self.n else None
