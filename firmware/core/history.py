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

from core.histpage import (  # noqa: F401 - the reading side, used through this module too
    JOURNALS,
    MAX_GAMES,
    PAGE,
    SUMMARIES,
    VERSION,
    Reader,
    _int,
    ids,
    journal,
    load_pack,
    load_page,
    newest_page,
    page_of,
    valid,
)
from core.storage import json_pieces

BUDGET = const(262144)  # 256 KB of the Pico's 1.4 MB file system (the firmware takes about 330 KB of it)
RESERVE = const(32768)  # free flash the history never files into: room for any save (MAX_BYTES)
PACK = const(4000)  # a little under one flash block: one pack parsed is a few KB of heap
_BLOCK = const(4096)
_ENOSPC = const(28)


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


def _all(st):
    # every summary on flash, those below "since" too, oldest first
    for k in ids(st.flash, SUMMARIES):
        yield from load_page(st, k)[0]


def games(st):
    # every summary of the history, oldest first, one page in the heap at a time (and
    # the newest, read first for the oldest game kept); the folder listed once
    ks = ids(st.flash, SUMMARIES)
    if not ks:
        return
    newest, _kept, floor = load_page(st, ks[-1])
    for k in ks[:-1]:
        for e in load_page(st, k)[0]:
            if e["n"] >= floor:
                yield e
    for e in newest:
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
    # THE call that files a finished game (GameApp does it for every game, Solitaire's
    # too: its one seat the deal, "Deal 617", its total the cards home). players: names in
    # seat order; totals and places per seat (None: no scores); doc: what opens its
    # sheet again. Filed again under its number, a game replaces its entry: never two.
    # Nothing is written when the history holds it as it is, or dropped it as too old.
    # What could not be filed, the player is told; that the oldest games go, once.
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
    if gone and gone[0] == 1:
        # said once, the first time (numbers start at 1, and again after Erase all
        # data): at every game after that it would cover the game's own end screen
        st.problems.append(
            "History full: game" + ("s 1-" + str(gone[-1]) if len(gone) > 1 else " 1") + " dropped. From now on"
            " the oldest games make room: it keeps the newest " + str(MAX_GAMES) + " (or " + str(BUDGET // 1024) + " KB)."
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
