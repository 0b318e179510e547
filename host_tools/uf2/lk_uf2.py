# Frozen into the Leafkeeper UF2 only (manifest.py); main.py calls start() before it
# imports anything of the firmware. MicroPython's sys.path is ['', '.frozen', '/lib']: a
# module on the filesystem wins over the frozen one of the same name. The rule:
# - The first boot of a new UF2 (its build id is not the one in /.lk_uf2) moves every
#   firmware name at the root of the filesystem (what `leafkeeper deploy` installed, its
#   manifest, or files copied by hand) into /.lk_stale/, whole, then records the build.
#   So nothing from before the flash runs under it; /data, /lib and the rest stay as they
#   are, and the previous /.lk_stale goes (it held firmware, never a save).
# - After that boot, what a developer copies over runs instead of the frozen module: a
#   whole package (mpremote cp -r firmware/ui :) or board.py (MicroPython looks for a
#   package's modules only in the folder it found the package in). core.about.origin()
#   then says "+ files". `leafkeeper deploy` puts the whole firmware back as files.
# - When there is none (a Pico as flashed), the filesystem leaves sys.path: every import
#   looked there first, three looks a name (folder, .py, .mpy), 0.45 ms each on the
#   RP2040, and json, os and time (built-ins a file may extend) at every `import` run;
#   so too '/lib' when there is no /lib. Boot: 110.4 -> 90.1 ms (leafkeeper bench --pico).
import os
import sys

from lk_build import BUILD, FIRMWARE  # made by the build

RECORD = "/.lk_uf2"
STALE = "/.lk_stale"
DEPLOY_MANIFEST = ".lk_manifest.json"  # host_tools/device/deploy.py MANIFEST


def firmware_on_root(running=False, names=None):
    """-> the names at the root of the filesystem (`names`, else listed) that the frozen
    firmware has too (and deploy's manifest); running: only those that run instead of
    the frozen ones (not main.py: the frozen one runs first)."""
    found = []
    for name in os.listdir("/") if names is None else names:
        base = name
        for ext in (".py", ".mpy"):
            if name.endswith(ext):
                base = name[: -len(ext)]
        if running and (base == "main" or name == DEPLOY_MANIFEST):
            continue
        if base in FIRMWARE or name == DEPLOY_MANIFEST:
            found.append(name)
    return found


def _remove(path):
    # a file, or a folder with everything in it
    if os.stat(path)[0] & 0x4000:
        for name in os.listdir(path):
            _remove(path + "/" + name)
        os.rmdir(path)
    else:
        os.remove(path)


def start():
    try:
        with open(RECORD) as f:
            new = f.read() != BUILD
    except OSError:
        new = True  # a flash that never ran a Leafkeeper UF2
    if new:
        _move_aside()
    root = os.listdir("/")
    for path, unused in (("", not firmware_on_root(True, root)), ("/lib", "lib" not in root)):
        if unused and path in sys.path:
            sys.path.remove(path)
    # needed once a boot: out of the heap (1.6 KB) once main.py drops its name too
    # (core.about imports it again when asked)
    for name in ("lk_uf2", "lk_build"):
        sys.modules.pop(name, None)


def _move_aside():
    try:
        names = firmware_on_root()
        if names:
            try:
                _remove(STALE)
            except OSError:
                pass  # there was none
            os.mkdir(STALE)
            for name in names:
                os.rename("/" + name, STALE + "/" + name)
        with open(RECORD + ".tmp", "w") as f:
            f.write(BUILD)
        os.rename(RECORD + ".tmp", RECORD)
    except OSError as e:
        # the record is written last: the next boot tries again
        print("lk_uf2: the old firmware files could not be moved aside:", e)
