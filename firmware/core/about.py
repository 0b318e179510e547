# What runs and where it comes from, for Settings' About row: a support question starts
# there.
import gc
import sys

VERSION = "0.1.0"  # pyproject.toml's [project] version (tests/test_about.py keeps them equal)
_NAMES = {"micropython": "MicroPython", "cpython": "CPython"}


def python():
    """-> (name, version) of the Python the firmware runs on: ("MicroPython", "1.26.1") on
    the Pico (a development build's "-preview" after it), ("CPython", "3.11.7") in the
    simulator on a computer."""
    impl = sys.implementation
    v = impl.version
    s = str(v[0]) + "." + str(v[1]) + "." + str(v[2])
    if impl.name == "micropython" and len(v) > 3 and v[3]:
        s += "-" + v[3]
    return _NAMES.get(impl.name, impl.name), s


def heap_free():
    """-> bytes of heap free after a collection; None on CPython (the simulator on a
    computer), which has no heap of its own to count."""
    gc.collect()
    free = getattr(gc, "mem_free", None)
    return free() if free else None


def uf2():
    """-> None when the firmware runs from files (.mpy or .py on the filesystem: `leafkeeper
    deploy`, the simulator), else (build, files): the build id of the UF2 it is frozen in
    (`leafkeeper uf2`) and whether modules copied over that UF2 run instead of some of its
    own (host_tools/uf2/lk_uf2.py)."""
    try:
        import lk_uf2  # pyright: ignore[reportMissingImports] - only in a UF2
    except ImportError:
        return None
    return lk_uf2.BUILD, bool(lk_uf2.firmware_on_root(running=True))


def origin():
    """-> "files", "UF2 <build>" or "UF2 <build> + files" (see uf2())."""
    u = uf2()
    if u is None:
        return "files"
    return "UF2 " + u[0] + (" + files" if u[1] else "")
