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
# "c", a checksum of the journal (to know a game is filed as it is now), and when it was
# played: "te" its end, "ts" its start where known, core/when.py stamps (a date, or the
# time since power-up when the clock was not set: never a made-up date). Summaries
# filed before stamps were kept have neither, and stay valid. Written
# without spaces (Storage.write): a game takes about 0.5-1.5 KB, its journal most of it.
#
# Bounds: MAX_GAMES games or BUDGET bytes of flash (files counted in whole 4 KB blocks,
# as LittleFS stores them), whichever comes first: the oldest games go first, and the
# player is told which. The saves never run short: the history files no game that would
# leave less than RESERVE free (older games go first; if that is not enough the game
# stays in its app's save, the player told), and a save that still finds the flash full
# (something else filled it) gets the history's oldest page of games removed first
# (make_room, which the shell asks for: ui/shell.py).
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

from core.histpage import (  # the reading side: importers of the history read through it
    JOURNALS,
    MAX_GAMES,
    MAX_NO,
    SUMMARIES,
    VERSION,
    floor,
    ids,
    load_pack,
    load_page,
    number,
    page_of,
)
from core.storage import json_pieces

BUDGET = const(262144)  # 256 KB of the Pico's 1.4 MB file system (the firmware takes about 330 KB of it)
RESERVE = const(32768)  # free flash the history never files into: room for any save (MAX_BYTES)
PACK = const(4000)  # a little under one flash block: one pack parsed is a few KB of heap
_BLOCK = const(4096)  # the budget's block: LittleFS's on the Pico
_ENOSPC = const(28)
_EROFS = const(30)  # a page or pack made by a newer Leafkeeper: this one files nothing


def since(st):
    # -> the oldest game number in the history: the newest page's "since" (checked
    # against every page: histpage.floor)
    return floor(st, ids(st.flash, SUMMARIES))


def find(st, n):
    # -> the summary of game n, or None
    if n < since(st):
        return None
    for e in load_page(st, page_of(n))[0]:
        if e["n"] == n:
            return e
    return None


def _all(st):
    # every summary on flash, those below "since" too, oldest first
    for k in ids(st.flash, SUMMARIES):
        yield from load_page(st, k)[0]


def games(st):
    # every summary of the history, oldest first, one page in the heap at a time (and
    # the newest, read first for the oldest game kept); the folder listed once
    ks = ids(st.flash, SUMMARIES)
    oldest = floor(st, ks)
    for k in ks:
        for e in load_page(st, k)[0]:
            if e["n"] >= oldest:
                yield e


def _edge(st, newest):
    # -> the number of the newest (or oldest) game kept, 0 when there is none
    ks = ids(st.flash, SUMMARIES)
    oldest = floor(st, ks)
    if newest:
        ks.reverse()
    for k in ks:
        g = [e for e in load_page(st, k)[0] if e["n"] >= oldest]
        if g:
            return g[-1 if newest else 0]["n"]
    return 0


def end_of(st, n, now):
    # -> when game n ended: as filed (a save from before journals kept their end), else
    # now (n None: not filed yet)
    e = find(st, n) if n is not None else None
    return e["te"] if e is not None and "te" in e else now


def dropped(st, n):
    # game n is not in the history because it was dropped as one of the oldest (not
    # lost: a power cut while it was filed, or a damaged page)
    return n < since(st) or _edge(st, False) > n


def reserve(st, settings):
    # -> a new game number, taken in settings: the caller saves them before any save
    # holds the number; None when none is left (told: the game stays in its app)
    n = max(settings.get("game_no", 1), _edge(st, True) + 1)
    if n > MAX_NO:
        _past_end(st, n)
        return None
    settings["game_no"] = n + 1
    return n


def _past_end(st, n):
    st.problems.append("History: game numbers end at " + str(MAX_NO) + "; game " + str(n) + " stays in its app")


def size(value):
    # bytes of value as JSON, as the history writes it, counted piece by piece (never
    # one long string)
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
    # flash the history takes, in blocks: its pages and packs (not a .tmp a power cut
    # left, nor a damaged file kept aside: those have their own bounds)
    n = 0
    for f in flash.listdir():
        if number(f, SUMMARIES) >= 0 or number(f, JOURNALS) >= 0:
            n += ((flash.size(f) or 0) + _BLOCK - 1) // _BLOCK
    return n


def _tidy(st):
    # what a power cut left of the history's own writes, a .tmp file, goes: nothing
    # else (a folder by such a name is someone else's)
    for f in st.flash.listdir():
        if (number(f, SUMMARIES, ".tmp") >= 0 or number(f, JOURNALS, ".tmp") >= 0) and st.flash.size(f) != -1:
            st.flash.remove(f)


def _unnamed(st, j):
    # pack j, which no summary names, goes; a folder by its name is kept aside, as
    # every folder where a save goes is (core/damaged.py)
    name = JOURNALS + str(j)
    if st.flash.size(name + ".json") == -1:
        st.quarantine(name, " (a folder)")
    else:
        st.flash.remove(name + ".json")


def _newer(st):
    # a page or pack of the history made by a newer Leafkeeper (Storage.load found one):
    # this firmware neither files into the history nor drops a game of it
    for f in st.newer:
        if number(f + ".json", SUMMARIES) >= 0 or number(f + ".json", JOURNALS) >= 0:
            return True
    return False


def _whole(size, unit):
    # the flash a file of `size` bytes takes: whole blocks
    return (size + unit - 1) // unit * unit


def _put(st, name, data):
    # data written as `name` (None: the file removed); OSError when there is no room
    if data is None:
        st.flash.remove(name + ".json")
    elif not st.write(name, data, VERSION):
        raise OSError(_ENOSPC)


def _drop(st, n):
    # game n out for good: its summary first, then its journal
    k = page_of(n)
    page, kept, low = load_page(st, k)
    rest = [e for e in page if e["n"] != n]
    packs = [e["j"] for e in page if e["n"] == n]
    _put(st, SUMMARIES + str(k), {"games": rest, "kept": kept, "since": low} if rest else None)
    if packs:
        rest = [x for x in load_pack(st, packs[0]) if x[0] != n]
        _put(st, JOURNALS + str(packs[0]), rest or None)


def _clear(st, gone, pack_of):
    # the oldest games `gone` out for good to make room: each page's summaries first
    # (one write a page, or the page removed), then the packs that held only theirs
    for k in range(page_of(gone[0]), page_of(gone[-1]) + 1):
        page, kept, low = load_page(st, k)
        rest = [e for e in page if e["n"] > gone[-1]]
        if len(rest) < len(page):
            _put(st, SUMMARIES + str(k), {"games": rest, "kept": kept, "since": low} if rest else None)
    last = _lasts(pack_of)
    for m in gone:
        if last[pack_of[m]] == m:
            st.flash.remove(JOURNALS + str(pack_of[m]) + ".json")


def _lasts(pack_of):
    # -> {pack: the newest game whose journal it holds}
    last = {}
    for m in pack_of:
        last[pack_of[m]] = max(m, last.get(pack_of[m], 0))
    return last


def _top(st, kept, low):
    # the newest page's count and "since" set (the history's, read from there)
    ks = ids(st.flash, SUMMARIES)
    if ks:
        page, was, old = load_page(st, ks[-1])
        if page and (was != kept or old != low):
            _put(st, SUMMARIES + str(ks[-1]), {"games": page, "kept": kept, "since": low})


def _room(st, nums, pack_of, j, k, grow, unit):
    # -> the oldest games to drop so that filing `grow` more bytes leaves RESERVE free,
    # worked out before anything goes: only files that go whole are counted (a page or
    # pack that only shrinks may free no block), never the new game's page k and pack
    # j. Old games make room only for the new game's own: on a flash that had less than
    # RESERVE free before it, or when even every old game would not do, none goes
    # (OSError: the game stays in its app).
    free = st.flash.free()
    short = RESERVE + grow - free
    if short <= 0:
        return []
    if free < RESERVE:
        raise OSError(_ENOSPC)
    last = _lasts(pack_of)
    freed = 0
    for i in range(len(nums)):
        m = nums[i]
        if pack_of[m] != j and last[pack_of[m]] == m:  # its pack goes whole
            freed += _whole(st.flash.size(JOURNALS + str(pack_of[m]) + ".json") or 0, unit)
        after = nums[i + 1] if i + 1 < len(nums) else 0
        if page_of(m) != k and (not after or page_of(after) != page_of(m)):  # its page does
            freed += _whole(st.flash.size(SUMMARIES + str(page_of(m)) + ".json") or 0, unit)
        if freed >= short:
            return nums[: i + 1]
    raise OSError(_ENOSPC)


def add(st, entry, doc):
    # File one finished game (entry: a summary without "j"; doc: its journal), or file
    # it again under its number. -> (the numbers of the games dropped to stay within
    # the bounds, those dropped to make room on the flash), oldest first. OSError when
    # the flash fails or has no room (then no game was dropped for it).
    n = entry["n"]
    _tidy(st)
    low = since(st)
    nums = []
    pack_of = {}  # game number -> its journal's pack
    packs = []
    below = []
    for e in _all(st):
        if e["n"] < low:
            below.append(e["n"])  # dropped, not yet removed (a cut fell in between)
            continue
        nums.append(e["n"])
        pack_of[e["n"]] = e["j"]
        if e["j"] not in packs:
            packs.append(e["j"])
    if _newer(st):
        raise OSError(_EROFS)
    for m in below:
        _drop(st, m)
    new = n not in nums
    if new:
        nums.append(n)
        nums.sort()
    over = nums[: max(0, len(nums) - MAX_GAMES)]  # the oldest beyond the count
    if n in over:  # older than every game kept: it would go at once
        return [], []
    keep = nums[len(over) :]
    on_flash = ids(st.flash, JOURNALS)
    for j in on_flash:  # packs no summary names (a cut while filing): their space back
        if j not in packs:
            _unnamed(st, j)
    on_flash = [j for j in on_flash if j in packs]
    if not new and pack_of[n] in on_flash:
        j = pack_of[n]
    else:
        j = on_flash[-1] if on_flash else 0
        if not on_flash or (st.flash.size(JOURNALS + str(j) + ".json") or 0) + size(doc) > PACK:
            j += 1
    try:
        items = [x for x in load_pack(st, j) if x[0] != n and x[0] in keep]
    except MemoryError:
        # no block of heap as large as the open pack (a fragmented heap on the .mpy
        # files): a new game starts a pack of its own rather than stay unfiled
        if j in on_flash and not new and pack_of[n] == j:
            raise  # filed again in its own pack: that needs the pack
        j = (on_flash[-1] if on_flash else j) + 1
        items = []
    if _newer(st):
        raise OSError(_EROFS)
    items.append([n, doc])
    entry["j"] = j
    k = page_of(n)
    page = [e for e in load_page(st, k)[0] if e["n"] != n]
    i = len(page)
    while i and page[i - 1]["n"] > n:
        i -= 1
    page.insert(i, entry)
    # what filing takes, the files written whole (their "kept" and "since" at their
    # longest): an old game that goes only makes them shorter
    unit = st.flash.block_size()
    grow = 0
    for name, data in ((JOURNALS + str(j), items), (SUMMARIES + str(k), {"games": page, "kept": MAX_GAMES, "since": MAX_NO})):
        grow += _whole(size({"v": VERSION, "data": data}), unit) - _whole(st.flash.size(name + ".json") or 0, unit)
    room = _room(st, [m for m in nums if m < n], pack_of, j, k, grow, unit)  # never a newer game
    if room:
        _clear(st, room, pack_of)
        keep = [m for m in keep if m > room[-1]]
        over = [m for m in over if m > room[-1]]
        page = [e for e in page if e["n"] > room[-1]]
        items = [x for x in items if x[0] in keep]
    if st.write(JOURNALS + str(j), items, VERSION) and st.write(SUMMARIES + str(k), {"games": page, "kept": len(keep), "since": keep[0]}, VERSION):
        # the commit is made; what is below "since" now goes for good, then the oldest
        # while the history takes more than its byte budget
        for m in over:
            _drop(st, m)
        dropped = over
        while len(keep) > 1 and _blocks(st.flash) > BUDGET // _BLOCK:
            _drop(st, keep[0])
            dropped.append(keep.pop(0))
        _top(st, len(keep), keep[0])
        return dropped, room
    if items == [[n, doc]]:  # a pack made for this game alone: its space back
        st.flash.remove(JOURNALS + str(j) + ".json")
    raise OSError(_ENOSPC)


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


def record(st, n, game, players, totals, places, rounds, doc, low=False, at=None, end=None):
    # THE call that files a finished game (GameApp does it for every game, Solitaire's
    # too: its one seat the deal, "Deal 617", its total the cards home). players: names in
    # seat order; totals and places per seat (None: no scores); doc: what opens its
    # sheet again; at and end: the core/when.py stamps of its start and its end (None:
    # not known). Filed again under its number, a game replaces its entry: never two.
    # Nothing is written when the history holds it as it is, or dropped it as too old.
    # What could not be filed, the player is told; that the oldest games go, once.
    e = summary(n, game, players, totals, places, rounds, low)
    e["c"] = checksum(doc)
    if end is not None:
        from core import when

        e["te"] = end
        if at is not None and (when.dated(at) or not when.dated(end)):
            e["ts"] = at  # a start by the same clock as the end, or a date (an end without one is told as such)
    old = find(st, n)
    if (old is not None and same(old, e)) or (old is None and dropped(st, n)):
        return
    if n > MAX_NO:
        _past_end(st, n)
        return
    try:
        gone, room = add(st, e, doc)
    except OSError:
        why = "made by a newer Leafkeeper" if _newer(st) else "flash full"
        st.problems.append("History: game " + str(n) + " could not be saved (" + why + "); it stays in its app")
        return
    if room:  # said every time: the flash, not the history's bounds, took them
        st.problems.append("Flash nearly full: history " + _which(room[0], room[-1]) + " dropped to make room for game " + str(n))
    if gone and gone[0] == 1:
        # said once, the first time (numbers start at 1, and again after Erase all
        # data): at every game after that it would cover the game's own end screen
        st.problems.append(
            "History full: " + _which(gone[0], gone[-1]) + " dropped. From now on"
            " the oldest games make room: it keeps the newest " + str(MAX_GAMES) + " (or " + str(BUDGET // 1024) + " KB)."
        )


def _which(a, b):
    # the games a to b: "game 5", "games 1-4"
    return "game " + str(a) if a == b else "games " + str(a) + "-" + str(b)


def make_room(st):
    # The saves come first: a save that found the flash full asks for room (ui/shell.py).
    # The oldest page of the history goes whole (removing a file needs no free space),
    # then every journal pack no summary names. -> True when something was removed.
    _tidy(st)
    ks = ids(st.flash, SUMMARIES)
    for k in ks:  # a newer Leafkeeper's page is not this firmware's to remove
        load_page(st, k)
    if _newer(st):
        return False
    if not ks:  # no games: a journal left from a cut is all there may be
        packs = ids(st.flash, JOURNALS)
        for j in packs:
            _unnamed(st, j)
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
            _unnamed(st, j)
    try:
        if left:
            _top(st, len(left), left[0])
    except OSError:
        pass  # the count on the list is a little out until the next game is filed
    if page:
        st.problems.append("Flash full: history " + _which(page[0]["n"], page[-1]["n"]) + " dropped to make room for the saves")
    return True
