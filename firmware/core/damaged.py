# Damaged saves (core/storage.py finds them): each kept aside as name.bad, a second as
# name-2.bad and so on, numbered in the order they were found across every save, the
# oldest deleted when together they would take more than BAD_BUDGET; the player told
# in plain words (storage.problems). Loaded only when a damaged file turns up: the
# heap at home does without it.
from micropython import const

BAD_BUDGET = const(65536)  # flash the kept damaged files may take, counted in blocks
_BLOCK = const(4096)  # a LittleFS block on the Pico: the least a file takes


def mend(st, name, raw, what, data, version):
    # some values were wrong, the others good: the file is kept as it was (copied,
    # so that a power cut never leaves no file at all), then the mended data saved;
    # `what` says in a few words what was wrong
    kept = None
    try:
        kept = bad_name(st, name)
        st.flash.write(kept, raw)
        trim(st, kept)
    except OSError:
        if kept:
            st.flash.remove(kept)
        kept = None
    st.problems.append(
        "Saved " + name + " damaged: " + what + "." + (" Kept as " + kept if kept else "")
    )
    st.save(name, data, version)


def quarantine(st, name, why=""):
    bad = keep_aside(st, name + ".json", name)
    if bad:
        st.tell(name, "was damaged" + why + ": kept as " + bad + ", starting fresh")
    else:
        st.tell(name, "was damaged" + why + ", starting fresh")


def keep_aside(st, entry, name):
    # entry renamed to the next free damaged-file name for `name` -> that name, or
    # None when it could not be renamed; then the oldest damaged files go while
    # they all take more than BAD_BUDGET (never the one just kept)
    try:
        bad = bad_name(st, name)
        st.flash.rename(entry, bad)
    except OSError:
        return None
    trim(st, bad)
    return bad


def bad_name(st, name):
    # name.bad when no damaged file is kept, else name-N.bad, N one more than the
    # highest number kept (name.bad is 1): the numbers give the order of age
    top = 0
    for f in st.flash.listdir():
        top = max(top, bad_number(f))
    return name + ".bad" if not top else name + "-" + str(top + 1) + ".bad"


def trim(st, newest):
    kept = []
    total = 0
    for f in st.flash.listdir():
        n = bad_number(f)
        if n:
            size = st.flash.size(f) or 0
            blocks = 1 if size < 0 else (size + _BLOCK - 1) // _BLOCK
            kept.append((n, f, blocks * _BLOCK))
            total += blocks * _BLOCK
    kept.sort()
    dropped = 0
    for n, f, size in kept:
        if total <= BAD_BUDGET or f == newest:
            break
        st.flash.remove(f)
        total -= size
        dropped += 1
    if dropped:
        st.problems.append(
            "Deleted "
            + str(dropped)
            + " old damaged file"
            + ("s" if dropped > 1 else "")
            + " to keep space"
        )


def folders_aside(st, name):
    moved = False
    for entry in (name + ".tmp", name + ".json"):
        if st.flash.size(entry) == -1:
            bad = keep_aside(st, entry, name)
            if bad:
                st.tell(name, "was a folder: kept as " + bad)
                moved = True
    return moved


def bad_number(f):
    # "dice.bad" -> 1, "dice-7.bad" -> 7, anything that is not a damaged file -> 0
    if not f.endswith(".bad"):
        return 0
    stem = f[:-4]
    i = stem.rfind("-")
    if i > 0 and stem[i + 1 :].isdigit():
        return int(stem[i + 1 :])
    return 1
