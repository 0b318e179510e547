# The history of finished games: every game of every score-keeping app goes in the
# moment it ends (apps/game GameApp; any other app with one record() call), bounded on
# flash and read a page at a time, never whole.
#
# On flash, through core/storage.py (written to .tmp and renamed; a damaged file kept
# as .bad and the player told):
#   hist_K.json   the summaries of games K*PAGE+1 .. K*PAGE+PAGE, oldest first, and
#                 "kept": how many games the history held when the page was written
#                 (the newest page's is the count). About 3 KB: one flash block.
#   hjour_J.json  journals, [[game number, journal], ...]: J takes games until it holds
#                 PACK bytes, then J+1 starts. Read only to open one game's sheet.
# A summary is rules/records.py's (n, g, p, t, pl, r, lo) plus "j", its journal's pack.
#
# Bounds: MAX_GAMES games or BUDGET bytes of flash (files counted in whole 4 KB blocks,
# as LittleFS stores them), whichever comes first: the oldest games go first, and the
# player is told which. The saves never run short: on a full flash the history gives
# up its oldest games first, then the game being filed (it stays in its app's save).
#
# Writing keeps the list whole at any power cut: a new game's journal is written first,
# its summary second; a dropped game's summary goes first, its journal second. A journal
# that no summary names is ignored, and left out when its pack is next written.
#
# Numbers: settings["game_no"] is the next one, saved before the game's own save takes
# it, so no two games share one. A game finished again (after an undo, or corrected
# after its end) keeps its number and its summary is replaced, never doubled.
from micropython import const

from core.storage import json_pieces

MAX_GAMES = const(200)
BUDGET = const(196608)  # 192 KB
PAGE = const(16)
PACK = const(8000)  # a little under two flash blocks
VERSION = 1
SUMMARIES = "hist_"
JOURNALS = "hjour_"
_BLOCK = const(4096)
_ENOSPC = const(28)


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
    if not _int(n, 1) or (k >= 0 and page_of(n) != k) or type(e.get("g")) is not str:
        return False
    lo = e.get("lo", False)
    if not _int(e.get("r"), 0) or not _int(e.get("j"), 0) or (lo is not True and lo is not False):
        return False
    if type(p) is not list or not 1 <= len(p) <= 6:
        return False
    for name in p:
        if type(name) is not str or not 0 < len(name) <= 20:
            return False
    if t is not None and not _ints(t, len(p), -99999):
        return False
    return pl is None or (_ints(pl, len(p), 1) and max(pl) <= len(p))


def load_page(st, k):
    # -> (summaries on page k oldest first, its "kept"); ([], 0) when there is none. A
    # file that is not a page is kept aside; a page with some damaged summaries keeps
    # the others (the file as it was is kept aside, the player told).
    name = SUMMARIES + str(k)
    doc = st.load(name, None, VERSION)
    if doc is None:
        return [], 0
    games = doc.get("games") if type(doc) is dict else None
    kept = doc.get("kept") if type(doc) is dict else None
    if type(games) is not list or not _int(kept, 0):
        st.quarantine(name)
        return [], 0
    good = []
    for e in games:
        if valid(e, k) and (not good or e["n"] > good[-1]["n"]):
            good.append(e)
    if len(good) < len(games):
        bad = len(games) - len(good)
        what = str(bad) + " damaged game" + ("s" if bad > 1 else "") + " set aside"
        st.mend(name, st.flash.read(name + ".json"), what, {"games": good, "kept": kept}, VERSION)
    return good, kept


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


def find(st, n):
    # -> the summary of game n, or None
    for e in load_page(st, page_of(n))[0]:
        if e["n"] == n:
            return e
    return None


def journal(st, e):
    # -> the journal of the game summarised by e, or None (lost with a damaged pack)
    for x in load_pack(st, e["j"]):
        if x[0] == e["n"]:
            return x[1]
    return None


def games(st):
    # every summary, oldest first, one page in the heap at a time
    for k in ids(st.flash, SUMMARIES):
        yield from load_page(st, k)[0]


def _edge(st, newest):
    # -> the number of the newest (or oldest) game kept, 0 when there is none
    ks = ids(st.flash, SUMMARIES)
    if newest:
        ks.reverse()
    for k in ks:
        g = load_page(st, k)[0]
        if g:
            return g[-1 if newest else 0]["n"]
    return 0


def missing(st, n):
    # a finished game that should be in the history and is not (a power cut fell
    # while it was filed); not one dropped as too old
    if find(st, n) is not None:
        return False
    oldest = _edge(st, False)
    return not oldest or n > oldest


def reserve(shell):
    # -> a new game number, saved as taken before any save holds it
    s = shell.settings
    n = max(s.get("game_no", 1), _edge(shell.storage, True) + 1)
    s["game_no"] = n + 1
    shell.save_settings()
    return n


def _size(value):
    n = 0
    for piece in json_pieces(value):
        n += len(piece)
    return n


def _blocks(flash):
    # flash the history takes, in blocks
    n = 0
    for f in flash.listdir():
        if f.startswith((SUMMARIES, JOURNALS)):
            n += ((flash.size(f) or 0) + _BLOCK - 1) // _BLOCK
    return n


def _put(st, name, data):
    # data written as `name` (None: the file removed); OSError when there is no room
    if data is None:
        st.flash.remove(name + ".json")
    elif not st.write(name, data, VERSION):
        raise OSError(_ENOSPC)


def _drop(st, n):
    # the oldest game out: its summary first, then its journal
    k = page_of(n)
    page, kept = load_page(st, k)
    rest = [e for e in page if e["n"] != n]
    packs = [e["j"] for e in page if e["n"] == n]
    _put(st, SUMMARIES + str(k), {"games": rest, "kept": kept} if rest else None)
    if packs:
        rest = [x for x in load_pack(st, packs[0]) if x[0] != n]
        _put(st, JOURNALS + str(packs[0]), rest or None)


def add(st, entry, doc, tries=3):
    # File one finished game (entry: a summary without "j"; doc: its journal), or file
    # it again under its number. -> the numbers of the games dropped to stay within the
    # bounds, oldest first. OSError when the flash fails (or has no room even so).
    n = entry["n"]
    nums = []
    packs = []
    for e in games(st):
        nums.append(e["n"])
        if e["j"] not in packs:
            packs.append(e["j"])
    new = n not in nums
    need = (_size(entry) + _size(doc) + _BLOCK - 1) // _BLOCK if new else 0
    dropped = []
    while nums and nums[0] != n and (len(nums) + new > MAX_GAMES or _blocks(st.flash) + need > BUDGET // _BLOCK):
        _drop(st, nums[0])
        dropped.append(nums.pop(0))
    old = None if new else find(st, n)
    on_flash = ids(st.flash, JOURNALS)
    for j in on_flash:  # packs no summary names (a cut while filing): their space back
        if j not in packs:
            st.flash.remove(JOURNALS + str(j) + ".json")
    on_flash = [j for j in on_flash if j in packs]
    if old is not None and old["j"] in on_flash:
        j = old["j"]
    else:
        j = on_flash[-1] if on_flash else 0
        if not on_flash or (st.flash.size(JOURNALS + str(j) + ".json") or 0) + _size(doc) > PACK:
            j += 1
    items = [x for x in load_pack(st, j) if x[0] != n and x[0] in nums]
    items.append([n, doc])
    entry["j"] = j
    k = page_of(n)
    page = [e for e in load_page(st, k)[0] if e["n"] != n]
    i = len(page)
    while i and page[i - 1]["n"] > n:
        i -= 1
    page.insert(i, entry)
    kept = len(nums) + new
    if st.write(JOURNALS + str(j), items, VERSION) and st.write(SUMMARIES + str(k), {"games": page, "kept": kept}, VERSION):
        top = ids(st.flash, SUMMARIES)[-1]
        if top != k and dropped:  # the count is read from the newest page
            newest = load_page(st, top)[0]
            if newest:
                _put(st, SUMMARIES + str(top), {"games": newest, "kept": kept})
        return dropped
    # no room on the flash: the oldest game gives its place, and this one is tried again
    if not tries or not nums or nums[0] == n:
        raise OSError(_ENOSPC)
    _drop(st, nums[0])
    return dropped + [nums[0]] + add(st, entry, doc, tries - 1)


def record(shell, n, game, players, totals, places, rounds, doc, low=False):
    # THE call that files a finished game (GameApp does it for every game; Solitaire,
    # for one: record(shell, reserve(shell), "solitaire", [name], [cards out],
    # [1 if won else 2], moves, {"deal": number, "moves": [...]})). players: names in
    # seat order; totals and places per seat (None: no scores); doc: what opens its
    # sheet again. What was dropped, or could not be filed, the player is told.
    entry = {"n": n, "g": game, "p": list(players), "t": totals, "pl": places, "r": rounds}
    if low:
        entry["lo"] = True
    st = shell.storage
    try:
        dropped = add(st, entry, doc)
    except OSError:
        st.problems.append("History: game " + str(n) + " could not be saved (flash full); it stays in its app")
        return
    if dropped:
        which = str(dropped[0]) + ("-" + str(dropped[-1]) if len(dropped) > 1 else "")
        st.problems.append(
            "History full: game" + ("s " if len(dropped) > 1 else " ") + which + " dropped. It keeps the newest "
            + str(MAX_GAMES) + " games (or " + str(BUDGET // 1024) + " KB)."
        )


class Reader:
    # The history newest first for a list on the screen: a position is (i, r), page i
    # from the newest (0) and game r on it, newest first. At most two pages are in the
    # heap, the two a screen of rows can straddle.
    def __init__(self, st):
        self.st = st
        self.ids = ids(st.flash, SUMMARIES)
        self.ids.reverse()
        self._pages = []  # [(i, games newest first)], the last used last
        self.kept = 0
        if self.ids:
            self.kept = self._load(0)[1]

    def _load(self, i):
        games, kept = load_page(self.st, self.ids[i])
        games.reverse()
        self._pages.append((i, games))
        if len(self._pages) > 2:
            self._pages.pop(0)
        return games, kept

    def page(self, i):
        for p in self._pages:
            if p[0] == i:
                return p[1]
        return self._load(i)[0]

    def get(self, pos):
        return self.page(pos[0])[pos[1]]

    def step(self, pos, d):
        # -> pos moved by d (1: an older game, -1: a newer one), or None past either end
        i, r = pos
        r += d
        while 0 <= i < len(self.ids):
            if 0 <= r < len(self.page(i)):
                return (i, r)
            i += d
            if 0 <= i < len(self.ids):
                r = 0 if d > 0 else len(self.page(i)) - 1
        return None

    def first(self):
        # the newest game's position, or None when the history is empty
        return self.step((0, -1), 1) if self.ids else None
