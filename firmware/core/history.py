# The history of finished games: every game of every score-keeping app goes in the
# moment it ends (apps/game GameApp; any other app with one record() call), bounded on
# flash and read a page at a time, never whole.
#
# On flash, through core/storage.py (written to .tmp and renamed; a damaged file kept
# as .bad and the player told):
#   hist_K.json   {"games": the summaries of games K*PAGE+1 .. K*PAGE+PAGE, oldest
#                 first, "kept": how many games the history held when the page was
#                 written, "since": the oldest game number it kept}; the newest page's
#                 "kept" and "since" are the history's. About 3 KB: one flash block.
#   hjour_J.json  journals, [[game number, journal], ...]: J takes games until it holds
#                 PACK bytes, then J+1 starts. Read only to open one game's sheet.
# A summary is rules/records.py's (n, g, p, t, pl, r, lo) plus "j", its journal's pack,
# and "c", a checksum of the journal (to know a game is filed as it is now). Written
# without spaces (Storage.write): a game takes about 0.5-1.5 KB, its journal most of it.
#
# Bounds: MAX_GAMES games or BUDGET bytes of flash (files counted in whole 4 KB blocks,
# as LittleFS stores them), whichever comes first: the oldest games go first, and the
# player is told which. The saves never run short: the history files no game that would
# leave less than RESERVE free (older games go first; if that is not enough the game
# stays in its app's save, the player told), and a save that still finds the flash full
# (something else filled it) gets the history's oldest page of games removed first
# (make_room, through Storage.room).
#
# Writing keeps the list whole at any power cut: the old history or the new one. A new
# game's journal is written first, then its summary page with the new "since" (the
# commit: a game below the newest page's "since" is not in the history), then the games
# over MAX_GAMES are removed for good, each one's summary first, its journal second. A
# journal that no summary names is ignored, and left out when its pack is next written;
# a summary below "since" is removed by the next add. (Only what the flash or the byte
# budget make room for goes outside that order: the oldest games, one at a time.)
#
# Numbers: settings["game_no"] is the next one, saved before the game's own save takes
# it, so no two games share one. A game finished again (after an undo, or corrected
# after its end) keeps its number and its summary is replaced, never doubled.
from micropython import const

from core.storage import json_pieces

MAX_GAMES = const(200)
BUDGET = const(262144)  # 256 KB of the Pico's 1.4 MB file system (the firmware takes about 0.5 MB)
RESERVE = const(32768)  # free flash the history never files into: room for any save (MAX_BYTES)
PAGE = const(16)
PACK = const(4000)  # a little under one flash block: one pack parsed is a few KB of heap
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
    return pl is None or (_ints(pl, len(p), 1) and max(pl) <= len(p))


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


def since(st):
    # -> the oldest game number in the history: the newest page's "since"
    ks = ids(st.flash, SUMMARIES)
    return load_page(st, ks[-1])[2] if ks else 0


def find(st, n):
    # -> the summary of game n, or None
    if n < since(st):
        return None
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


def _all(st):
    # every summary on flash, those below "since" too, oldest first
    for k in ids(st.flash, SUMMARIES):
        yield from load_page(st, k)[0]


def games(st):
    # every summary of the history, oldest first, one page in the heap at a time
    floor = since(st)
    for e in _all(st):
        if e["n"] >= floor:
            yield e


def _edge(st, newest):
    # -> the number of the newest (or oldest) game kept, 0 when there is none
    ks = ids(st.flash, SUMMARIES)
    floor = since(st)
    if newest:
        ks.reverse()
    for k in ks:
        g = [e for e in load_page(st, k)[0] if e["n"] >= floor]
        if g:
            return g[-1 if newest else 0]["n"]
    return 0


def dropped(st, n):
    # game n is not in the history because it was dropped as one of the oldest (not
    # lost: a power cut while it was filed, or a damaged page)
    return n < since(st) or _edge(st, False) > n


def reserve(shell):
    # -> a new game number, saved as taken before any save holds it
    s = shell.settings
    n = max(s.get("game_no", 1), _edge(shell.storage, True) + 1)
    s["game_no"] = n + 1
    shell.save_settings()
    return n


def _size(value):
    n = 0
    for piece in json_pieces(value, ",", ":"):
        n += len(piece)
    return n


def checksum(value):
    # a small checksum of value as JSON (it stays a small int under MicroPython)
    c = len(value) if type(value) is dict else 0
    for piece in json_pieces(value, ",", ":"):
        for ch in piece:
            c = (c * 31 + ord(ch)) & 0xFFFFFF
    return c


def _blocks(flash):
    # flash the history takes, in blocks
    n = 0
    for f in flash.listdir():
        if f.startswith((SUMMARIES, JOURNALS)):
            n += ((flash.size(f) or 0) + _BLOCK - 1) // _BLOCK
    return n


def _short(flash, size):
    # filing `size` more bytes would leave the saves less than RESERVE of free flash
    # (counted with the two files rewritten beside their old copies, tmp + rename)
    free = getattr(flash, "free", None)
    return free is not None and free() < size + PACK + _BLOCK + RESERVE


def _put(st, name, data):
    # data written as `name` (None: the file removed); OSError when there is no room
    if data is None:
        st.flash.remove(name + ".json")
    elif not st.write(name, data, VERSION):
        raise OSError(_ENOSPC)


def _drop(st, n):
    # game n out for good: its summary first, then its journal
    k = page_of(n)
    page, kept, floor = load_page(st, k)
    rest = [e for e in page if e["n"] != n]
    packs = [e["j"] for e in page if e["n"] == n]
    _put(st, SUMMARIES + str(k), {"games": rest, "kept": kept, "since": floor} if rest else None)
    if packs:
        rest = [x for x in load_pack(st, packs[0]) if x[0] != n]
        _put(st, JOURNALS + str(packs[0]), rest or None)


def _top(st, kept, floor):
    # the newest page's count and "since" set (the history's, read from there)
    ks = ids(st.flash, SUMMARIES)
    if ks:
        page, was, old = load_page(st, ks[-1])
        if page and (was != kept or old != floor):
            _put(st, SUMMARIES + str(ks[-1]), {"games": page, "kept": kept, "since": floor})


def add(st, entry, doc, tries=3):
    # File one finished game (entry: a summary without "j"; doc: its journal), or file
    # it again under its number. -> the numbers of the games dropped to stay within the
    # bounds, oldest first. OSError when the flash fails (or has no room even so).
    n = entry["n"]
    floor = since(st)
    nums = []
    packs = []
    below = []
    for e in _all(st):
        if e["n"] < floor:
            below.append(e["n"])  # dropped, not yet removed (a cut fell in between)
            continue
        nums.append(e["n"])
        if e["j"] not in packs:
            packs.append(e["j"])
    for m in below:
        _drop(st, m)
    new = n not in nums
    size = _size(entry) + _size(doc)
    dropped = []
    while nums and nums[0] != n and _short(st.flash, size):  # the saves' room first
        _drop(st, nums[0])
        dropped.append(nums.pop(0))
    if _short(st.flash, size):  # nothing more to give up: the game stays in its app
        raise OSError(_ENOSPC)
    if new:
        nums.append(n)
        nums.sort()
    over = nums[: max(0, len(nums) - MAX_GAMES)]  # the oldest beyond the count
    if n in over:  # older than every game kept: it would go at once
        return dropped
    keep = nums[len(over) :]
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
    items = [x for x in load_pack(st, j) if x[0] != n and x[0] in keep]
    items.append([n, doc])
    entry["j"] = j
    k = page_of(n)
    page = [e for e in load_page(st, k)[0] if e["n"] != n]
    i = len(page)
    while i and page[i - 1]["n"] > n:
        i -= 1
    page.insert(i, entry)
    floor = keep[0]
    if st.write(JOURNALS + str(j), items, VERSION) and st.write(SUMMARIES + str(k), {"games": page, "kept": len(keep), "since": floor}, VERSION):
        # the commit is made; what is below "since" now goes for good, then the oldest
        # while the history takes more than its byte budget
        for m in over:
            _drop(st, m)
        dropped += over
        while len(keep) > 1 and _blocks(st.flash) > BUDGET // _BLOCK:
            _drop(st, keep[0])
            dropped.append(keep.pop(0))
        _top(st, len(keep), keep[0])
        return dropped
    # no room on the flash: the oldest game gives its place, and this one is tried again
    if not tries or len(keep) < 2 or keep[0] == n:
        if items == [[n, doc]]:  # a pack made for this game alone: its space back
            st.flash.remove(JOURNALS + str(j) + ".json")
        raise OSError(_ENOSPC)
    _drop(st, keep[0])
    return dropped + [keep[0]] + add(st, entry, doc, tries - 1)


def summary(n, game, players, totals, places, rounds, low=False):
    # the summary of a finished game, as rules/records.py reads it (add() gives its "j")
    e = {"n": n, "g": game, "p": list(players), "t": totals, "pl": places, "r": rounds}
    if low:
        e["lo"] = True
    return e


def same(a, b):
    # two summaries of one game say the same (its journal included, by checksum)
    for key in ("g", "p", "t", "pl", "r", "c"):
        if a.get(key) != b.get(key):
            return False
    return a.get("lo", False) == b.get("lo", False)


def record(shell, n, game, players, totals, places, rounds, doc, low=False):
    # THE call that files a finished game (GameApp does it for every game; Solitaire,
    # for one: record(shell, reserve(shell), "solitaire", [name], [cards out],
    # [1 if won else 2], moves, {"deal": number, "moves": [...]})). players: names in
    # seat order; totals and places per seat (None: no scores); doc: what opens its
    # sheet again. Filed again under its number, a game replaces its entry: never two.
    # Nothing is written when the history holds it as it is, or dropped it as too old.
    # What was dropped, or could not be filed, the player is told.
    st = shell.storage
    e = summary(n, game, players, totals, places, rounds, low)
    e["c"] = checksum(doc)
    old = find(st, n)
    if (old is not None and same(old, e)) or (old is None and dropped(st, n)):
        return
    try:
        gone = add(st, e, doc)
    except OSError:
        st.problems.append("History: game " + str(n) + " could not be saved (flash full); it stays in its app")
        return
    if gone:
        which = str(gone[0]) + ("-" + str(gone[-1]) if len(gone) > 1 else "")
        st.problems.append(
            "History full: game" + ("s " if len(gone) > 1 else " ") + which + " dropped. It keeps the newest "
            + str(MAX_GAMES) + " games (or " + str(BUDGET // 1024) + " KB)."
        )


def make_room(st):
    # The saves come first: a save that found the flash full asks for room (Storage.room).
    # The oldest page of the history goes whole (removing a file needs no free space),
    # then every journal pack no summary names. -> True when something was removed.
    ks = ids(st.flash, SUMMARIES)
    if not ks:  # no games: a journal left from a cut is all there may be
        packs = ids(st.flash, JOURNALS)
        for j in packs:
            st.flash.remove(JOURNALS + str(j) + ".json")
        return len(packs) > 0
    page = load_page(st, ks[0])[0]
    st.flash.remove(SUMMARIES + str(ks[0]) + ".json")
    named = []
    left = []
    for e in games(st):
        left.append(e["n"])
        if e["j"] not in named:
            named.append(e["j"])
    for j in ids(st.flash, JOURNALS):
        if j not in named:
            st.flash.remove(JOURNALS + str(j) + ".json")
    try:
        if left:
            _top(st, len(left), left[0])
    except OSError:
        pass  # the count on the list is a little out until the next game is filed
    if page:
        a = page[0]["n"]
        b = page[-1]["n"]
        st.problems.append("Flash full: history game" + (" " + str(a) if a == b else "s " + str(a) + "-" + str(b)) + " dropped to make room for the saves")
    return True


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
        self.since = 0
        if self.ids:
            self._load(0)

    def _load(self, i):
        games, kept, floor = load_page(self.st, self.ids[i])
        if not i:  # the newest page: the history's count and its oldest game
            self.kept = kept
            self.since = floor
        games = [e for e in games if e["n"] >= self.since]
        games.reverse()
        self._pages.append((i, games))
        if len(self._pages) > 2:
            self._pages.pop(0)
        return games

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
