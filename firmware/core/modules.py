# The heap policy, all of it: which code is in the heap. An app's modules are imported
# when it opens (load(fresh=True)) and forgotten when the home screen comes back
# (back_to), so the heap holds one app at a time; History's list does the same for a
# past game's views. Code needed for one job (the history's writing side while a game is
# filed, the first names while the name entry opens) is lent for it (Lent, once). The
# rest is plain imports inside the functions that use them.
import gc
import sys

# the top-level packages an app's code lives in: what going back forgets
_APP_CODE = ("apps", "rules", "ui", "core")

# True from a collect() until an app opened on it is in use (used()): the home screen
# collects as it comes back, and its few presses since leave little garbage, so the
# app it opens goes into that heap as it is (a collect costs the Pico ~8-20 ms)
_clean = [False]


def collect():
    gc.collect()
    _clean[0] = True


def used():
    # the heap is in use again: the next fresh load collects first
    _clean[0] = False


def tidy():
    # before an import of long-lived code (an app's, the history's): it should take
    # whole free runs of a freshly collected heap, not the holes between the garbage of
    # the last presses
    if not _clean[0]:
        collect()


def load(name, fresh=False):
    # -> the module `name` (a name known only at run time: an app of the list, a game's
    # rules or view), imported if it is not in the heap yet; fresh: tidy() first
    mod = sys.modules.get(name)
    if mod is None:
        if fresh:
            tidy()
        __import__(name)
        mod = sys.modules[name]
    return mod


def once(name):
    # -> the module `name`, already forgotten: the caller keeps what it takes from it
    # (a function called, a value copied) and the module's code goes at the next collect
    mod = load(name)
    forget(name)
    return mod


class Lent:
    # with Lent(names): ... the modules of `names` that are not in the heap now leave
    # it when the block ends, however it ends (nothing allocated then: it may end in a
    # MemoryError)
    def __init__(self, names):
        self.names = [n for n in names if n not in sys.modules]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for name in self.names:
            forget(name)
        return False


def loaded():
    # the names of the modules in the heap: a screen's mark to come back_to
    return list(sys.modules)


def back_to(mark):
    # every app's code out of the heap but the modules of `mark` (loaded()), then a
    # collect: a screen that others were opened from is back on top
    for name in list(sys.modules):
        if name not in mark and name.split(".")[0] in _APP_CODE:
            forget(name)
    collect()


def forget(name):
    # out of sys.modules AND off its parent package, or the package still holds it in
    # the heap (allocates nothing: it runs where the heap may be full)
    if name not in sys.modules:
        return
    del sys.modules[name]
    parent, _, short = name.rpartition(".")
    pkg = sys.modules.get(parent)
    if pkg is not None and short in pkg.__dict__:
        delattr(pkg, short)
