# Which code is in the heap. An app's modules are imported when it opens and forgotten
# when the home screen comes back (apps/home.py), so the heap holds one app at a time;
# inside an app, a screen opened now and then is imported on the way in (load).
import gc
import sys

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


def load(name, fresh=False):
    # -> the module `name`, imported if it is not in the heap yet. fresh: into a freshly
    # collected heap (an app's code is long-lived: it should take whole free runs, not
    # the holes between the garbage of the last presses)
    mod = sys.modules.get(name)
    if mod is None:
        if fresh and not _clean[0]:
            collect()
        __import__(name)
        mod = sys.modules[name]
    return mod


def forget_all_but(keep, packages):
    # Forget every module of `packages` (top-level names) not in `keep`
    for name in list(sys.modules):
        if name not in keep and name.split(".")[0] in packages:
            forget(name)


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


def loaded():
    # the names of the modules in the heap
    return list(sys.modules)
