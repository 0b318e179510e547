"""`leafkeeper deploy`: put the firmware on a real Pico, and the `mpremote` session that
`leafkeeper pull` shares.

What deploy does (`--dry-run` prints the same plan without a board):
1. Connects, keeps the firmware's watchdog fed (see below) and asks the board what it is:
   an rp2 board with MicroPython 1.22 or newer, else a message that says what to flash.
2. Compiles firmware/ with mpy-cross for the board's CPU (-march from the arch bits of
   sys.implementation._mpy: armv6m on the RP2040, armv7emsp on the RP2350's Arm cores;
   it only matters for native/viper code, but it is always right). main.py and boot.py
   stay source, because MicroPython only runs /main.py and /boot.py at boot; files that
   are not Python (licences) are copied as they are.
3. Copies the build into a staging folder /.lk_new and checks every file's size and
   SHA-256 on the board. Until here the installed firmware has not been touched, so a
   copy that fails (cable pulled, flash full) leaves the old firmware as it was.
4. Swaps in one short script on the board: /.lk_swap.json first records what moves, then
   the old /main.py is moved aside (so a half-swapped board boots to the REPL, never to a
   mix), then the old top-level modules and packages, then the new ones are renamed into
   place and /main.py comes last. Any error inside the swap renames everything back; a
   swap cut short (power, cable) is finished or undone, from /.lk_swap.json, by the next
   deploy before it does anything else, so a deploy cut at any step, followed by any
   number of failed ones, leaves one whole firmware, the old or the new.
   /.lk_manifest.json records what was installed, so the next deploy also removes
   modules that no longer exist.
5. Resets the board, which starts the new firmware, and sets its clock over USB serial
   once it runs (host_tools/device/clock.py). A deploy that stops anywhere after step 1
   (an error, Ctrl-C) resets the board too: held, it would stay in the REPL.
/data (saved games, settings, crash log) and /lib are never touched; only the names the
build or the previous manifest list are. A fresh Pico and an update take the same path.

Everything that reaches the board goes through one small transport object with a single
method, ``run(args) -> str``: the mpremote arguments after the executable (and after
``connect PORT``), the command's printed output back. The tests swap in a fake transport
that records the commands and simulates the board's filesystem; nothing here imports
machine or neopixel (only firmware/board.py does).

Two things about a running Leafkeeper shape every session:
* The firmware starts the RP2040 watchdog (8 s) and it cannot be stopped. When mpremote
  interrupts the firmware, the board would reset 8 s later, in the middle of a copy. So the
  first command of a session starts a soft timer on the board that keeps feeding the
  watchdog (`HOLD`), and every later command is prefixed with `resume`, because mpremote's
  automatic soft reset would stop that timer.
* MicroPython runs /main.py at boot; the sessions end with a hard reset so the (new)
  firmware starts again.
"""

import ast
import os
import shutil
import subprocess
import sys
from importlib.util import find_spec

from host_tools import mpybuild

MIN_VERSION = (1, 22)

# Keeps the watchdog fed while the host works, then reports what the board is.
# Device code: MicroPython 1.22+, and plain enough to run under CPython in the tests.
# File names are printed in hex (UTF-8): a name may hold a newline, which would break
# the listing into lines of its own (or forge one).
HOLD = """
import sys, os, binascii
try:
    import machine
    _lk_wdt = machine.WDT(timeout=8000)
    _lk_tim = machine.Timer(period=1000, mode=machine.Timer.PERIODIC, callback=lambda t: _lk_wdt.feed())
except Exception:
    pass
def _lk_kind(p):
    try:
        return 'd' if os.stat(p)[0] & 0x4000 else 'f'
    except OSError:
        return '-'
print('LK platform', sys.platform)
print('LK machine', sys.implementation._machine)
print('LK release', os.uname().release)
print('LK mpy', getattr(sys.implementation, '_mpy', 0))
try:
    v = os.statvfs('/')
    print('LK free', v[0] * v[4])
except Exception:
    print('LK free -1')
def _lk_hex(n):
    return binascii.hexlify(n.encode()).decode()
for _n in os.listdir('/'):
    print('LK root', _lk_kind('/' + _n), _lk_hex(_n))
def _lk_data(p, rel):
    for _n in os.listdir(p):
        _k = _lk_kind(p + '/' + _n)
        print('LK data', _k, os.stat(p + '/' + _n)[6], _lk_hex(rel + _n))
        if _k == 'd':
            _lk_data(p + '/' + _n, rel + _n + '/')
if _lk_kind('/data') == 'd':
    _lk_data('/data', '')
try:
    with open('/.lk_manifest.json') as _f:
        print('LK manifest', _f.read().replace(chr(10), ' '))
except OSError:
    pass
"""

RESET = "import machine, time\ntime.sleep_ms(50)\nmachine.reset()\n"

# `_mpy` arch bits (sys.implementation._mpy >> 10) -> mpy-cross -march
ARCH_NAMES = {
    1: "x86",
    2: "x64",
    3: "armv6",
    4: "armv6m",
    5: "armv7m",
    6: "armv7em",
    7: "armv7emsp",
    8: "armv7emdp",
    9: "xtensa",
    10: "xtensawin",
    11: "rv32imc",
    12: "rv64imc",
}


class DeviceError(Exception):
    """Something a maker can act on; the message says what to do."""


def find_mpremote():
    here = os.path.join(os.path.dirname(sys.executable), "mpremote")
    if os.path.exists(here):
        return [here]
    found = shutil.which("mpremote")
    if found:
        return [found]
    if find_spec("mpremote") is not None:
        return [sys.executable, "-m", "mpremote"]
    raise DeviceError("mpremote is missing: pip install -e . installs it (or pip install mpremote)")


NO_PICO = (
    "(is the Pico plugged in with a data cable? wake it with a button press; --port picks"
    " the serial port)"
)
# MicroPython on a Pico answers mpremote's first command (HOLD) in a second or two; what
# has not by then (a Debug Probe, other firmware, a port that floods) never will
CONNECT_S = 10


class MpremoteTransport:
    """Runs `mpremote connect PORT ARGS...` and returns what it printed. PORT: the one
    given, else the first Pico's (host_tools/device/serialport.py)."""

    def __init__(self, port=None, exe=None, timeout=300, connect_s=CONNECT_S):
        self.port = port
        self.exe = exe
        self.timeout = timeout
        self.connect_s = connect_s

    def run(self, args):
        from host_tools.device import serialport  # (which imports this module)

        exe = self.exe or find_mpremote()
        if not self.port:
            self.port = serialport.find()
            if not self.port:
                raise DeviceError("no Pico found on USB " + NO_PICO)
        port = serialport.name(self.port)
        first = args[:1] != ["resume"]  # the command that connects (deploy's Device)
        cmd = [*exe, "connect", port, *args]
        timeout = self.connect_s if first else self.timeout
        try:
            done = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            if first:
                raise DeviceError(_no_micropython(port, timeout)) from None
            raise DeviceError(f"mpremote did not answer within {timeout} s") from None
        if done.returncode != 0:
            msg = (done.stderr or done.stdout).strip().splitlines()
            tail = msg[-1] if msg else f"exit status {done.returncode}"
            if first and "could not enter raw repl" in tail.lower():
                raise DeviceError(_no_micropython(port, timeout))
            if "no device found" in tail.lower() or "failed to access" in tail.lower():
                tail += " " + NO_PICO
            what = " ".join(a for a in args[:4] if "\n" not in a and a != "resume")
            raise DeviceError("mpremote " + what + ": " + tail)
        return done.stdout


def _no_micropython(port, seconds):
    from host_tools.device import serialport

    return (
        f"no MicroPython answered within {seconds} s: {serialport.describe(port)}. Is it a"
        " Pico running MicroPython (a Debug Probe shares its USB vendor id)? --port picks"
        " another port"
    )


class Device:
    """A session with one board: `hold()` first, then exec/copy, `reset()` last."""

    def __init__(self, transport):
        self.transport = transport
        self._held = False
        self.info = None

    def _run(self, args):
        out = self.transport.run((["resume"] if self._held else []) + list(args))
        return out

    def hold(self):
        out = self._run(["exec", HOLD])
        self._held = True
        self.info = parse_info(out)
        return self.info

    def exec(self, code):
        return self._run(["exec", code])

    def copy_tree_to(self, local_dir, remote_dir):
        # remote_dir must not exist yet: mpremote then makes it the copy of local_dir
        return self._run(["fs", "cp", "-r", local_dir, ":" + remote_dir])

    def copy_files_from(self, remote_files, local_dir):
        # each file into the folder local_dir, named by the last part of its path as
        # given here: never `fs cp -r`, which names what it writes after the board's
        # listing (a name "../../.bashrc" would land outside local_dir)
        return self._run(["fs", "cp", *(":" + f for f in remote_files), local_dir + os.sep])

    def reset(self):
        return self._run(["exec", "--no-follow", RESET])

    def restart(self):
        # the last step of a session however it ends: a held board runs its firmware
        # again (the timer that feeds the watchdog would keep it in the REPL). What went
        # wrong before is the error to report, not this reset's
        if self._held:
            try:
                self.reset()
            except DeviceError:
                pass


def parse_info(out):
    """The `LK key value` lines that HOLD prints -> a dict describing the board."""
    info = {"root": {}, "data": {}, "manifest": None, "free": -1}
    from host_tools.device.export import shown

    for line in out.splitlines():
        if not line.startswith("LK "):
            continue
        key, _, rest = line[3:].partition(" ")
        try:
            if key == "root":
                kind, _, name = rest.partition(" ")
                info["root"][_unhex(name)] = kind
            elif key == "data":
                kind, size, name = rest.split(" ", 2)
                info["data"][_unhex(name)] = (kind, int(size))
            elif key == "free":
                info["free"] = int(rest)
            elif key == "mpy":
                info["mpy"] = int(rest)
            elif key == "manifest":
                info["manifest"] = rest.strip()
            else:
                info[key] = rest.strip()
        except ValueError:  # (int(), hex, a line cut short): the board's answer is input
            raise DeviceError("the board answered a line HOLD does not print: " + shown(line[:80])) from None
    if "release" not in info:
        raise DeviceError("the board did not answer like MicroPython: " + shown(out.strip()[-200:]))
    return info


def _unhex(name):
    return bytes.fromhex(name.strip()).decode("utf-8", "surrogateescape")


def version_tuple(release):
    # "1.24.1" -> (1, 24, 1); "1.25.0-preview.123.gabc" -> (1, 25, 0)
    parts = []
    for p in release.split("-")[0].split("."):
        digits = ""
        for c in p:
            if not c.isdigit():
                break
            digits += c
        parts.append(int(digits or 0))
    return tuple(parts)


def check_version(release):
    if version_tuple(release)[:2] < MIN_VERSION:
        raise DeviceError(
            f"the board runs MicroPython {release}; Leafkeeper needs"
            f" {MIN_VERSION[0]}.{MIN_VERSION[1]} or newer. Flash a current UF2 from"
            " https://micropython.org/download/RPI_PICO/ (Pico 2: RPI_PICO2): hold BOOTSEL"
            " while plugging in, then drop the .uf2 on the drive that appears."
        )


def detect_march(info):
    """The mpy-cross -march for the board: from the arch bits of sys.implementation._mpy,
    else from the chip name (RP2040 -> armv6m, RP2350 Arm cores -> armv7emsp)."""
    arch = (info.get("mpy", 0) >> 10) & 0x0F
    if arch in ARCH_NAMES:
        return ARCH_NAMES[arch]
    machine = info.get("machine", "")
    if "RP2350" in machine:
        return "rv32imc" if "RISC" in machine.upper() else "armv7emsp"
    if "RP2040" in machine:
        return "armv6m"
    raise DeviceError("cannot tell the CPU of this board (%s)" % (machine or "unknown"))


def check_pico(info):
    if info.get("platform") != "rp2":
        raise DeviceError(
            "this board is not a Raspberry Pi Pico (MicroPython reports {!r}); the pin map in"
            " firmware/board.py is for the RP2040/RP2350".format(info.get("machine", "?"))
        )


# -- the build ------------------------------------------------------------------------------

FIRMWARE = mpybuild.FIRMWARE
STAGE = "/.lk_new"
OLD = "/.lk_old"
MANIFEST = "/.lk_manifest.json"
KEEP_PY = ("main.py", "boot.py")  # run by MicroPython at boot: must stay source
NEVER = ("data", "lib")  # the board's own: saved games, settings, logs, mip packages
BLOCK = 4096  # a LittleFS block on the Pico's flash


def build(src_root, out_dir, march, native=True):
    """Compile src_root into out_dir for -march `march` -> sorted list of
    (relative path, size, sha256 hex) of every file written. native=False: for a board
    whose MicroPython cannot load this mpy-cross's machine code, the functions compiled to
    it (@micropython.viper) go as their plain-Python twins."""
    import hashlib
    import tempfile

    from host_tools.mpybuild import _NATIVE, mpy_cross, plain_source

    tool = mpy_cross()
    plain_dir = tempfile.mkdtemp(prefix="lk-plain-")
    out = []
    for folder, dirs, files in os.walk(src_root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        rel_dir = os.path.relpath(folder, src_root)
        rel_dir = "" if rel_dir == "." else rel_dir.replace(os.sep, "/") + "/"
        os.makedirs(os.path.join(out_dir, rel_dir), exist_ok=True)
        for f in sorted(files):
            if f.endswith((".pyc", ".mpy")) or f.startswith("."):
                continue
            rel = rel_dir + f
            src = os.path.join(folder, f)
            if f.endswith(".py") and rel not in KEEP_PY:
                if not native:
                    with open(src, encoding="utf-8") as fh:
                        text = fh.read()
                    if _NATIVE.search(text):
                        src = os.path.join(plain_dir, f)
                        with open(src, "w", encoding="utf-8") as fh:
                            fh.write(plain_source(text))
                rel = rel[:-3] + ".mpy"
                cmd = [
                    tool,
                    "-march=" + march,
                    "-s",
                    rel_dir + f,
                    "-o",
                    os.path.join(out_dir, rel),
                    src,
                ]
                done = subprocess.run(cmd, check=False, capture_output=True, text=True)
                if done.returncode != 0:
                    raise DeviceError(
                        "mpy-cross failed on " + rel_dir + f + ":\n" + done.stderr.strip()
                    )
            else:
                shutil.copyfile(src, os.path.join(out_dir, rel))
            with open(os.path.join(out_dir, rel), "rb") as fh:
                data = fh.read()
            out.append((rel, len(data), hashlib.sha256(data).hexdigest()))
    shutil.rmtree(plain_dir, ignore_errors=True)
    if not any(rel == "main.py" for rel, _s, _h in out):
        raise DeviceError("no main.py in " + src_root)
    return sorted(out)


def loads_native(info):
    """True when the board's MicroPython loads the machine code this mpy-cross emits: a
    .mpy with native code must match the board's mpy sub-version exactly (bytecode-only
    files need not). Older boards get the plain-Python twins instead."""
    import tempfile

    from host_tools.mpybuild import mpy_cross

    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.py")
        with open(src, "w") as f:  # a sub-version is only written with machine code
            f.write("import micropython\n@micropython.native\ndef f():\n    pass\n")
        cmd = [mpy_cross(), "-march=armv6m", "-o", src + ".mpy", src]
        subprocess.run(cmd, check=True, capture_output=True)
        with open(src + ".mpy", "rb") as f:
            header = f.read(3)
    ours = header[2] & 3  # .mpy header: version, then (arch << 2) | sub-version
    theirs = (info.get("mpy", 0) >> 8) & 3  # sys.implementation._mpy: the same, bits 8-9
    return header[1] == info.get("mpy", 0) & 0xFF and ours == theirs


def top_items(files):
    """Top-level names the build installs, main.py apart (it is always renamed last)."""
    names = []
    for rel, _size, _sha in files:
        top = rel.split("/")[0]
        if top != "main.py" and top not in names:
            names.append(top)
    for n in names:
        if n in NEVER:
            raise DeviceError(f"firmware/{n} would overwrite the board's /{n}")
    return names


def stale_items(items, info):
    """Old names to move away: what the previous manifest installed that this build does
    not, and a .py next to a new .mpy of the same name (MicroPython imports the .py
    first, so an old source file would shadow the new module)."""
    import json

    old = []
    if info and info.get("manifest"):
        try:
            old = json.loads(info["manifest"]).get("items", [])
        except (ValueError, AttributeError):
            old = []
    root = info["root"] if info else {}
    for n in items:
        if n.endswith(".mpy") and n[:-4] + ".py" in root:
            old.append(n[:-4] + ".py")
    stale = []
    for n in old:
        if (
            n not in items
            and n not in stale
            and n != "main.py"
            and n not in NEVER
            and not n.startswith(".lk")
        ):
            stale.append(n)
    return stale


def flash_needed(files):
    # every file takes whole blocks, each folder at least one
    dirs = {rel.rsplit("/", 1)[0] for rel, _s, _h in files if "/" in rel}
    return sum(-(-size // BLOCK) * BLOCK for _r, size, _h in files) + BLOCK * (len(dirs) + 1)


def plan_lines(files, march, items, stale, info=None):
    total = sum(size for _r, size, _h in files)
    compiled = sum(1 for rel, _s, _h in files if rel.endswith(".mpy"))
    lines = []
    if info:
        lines.append(
            "board: {}, MicroPython {}, code for {}".format(
                info.get("machine", "?"), info.get("release", "?"), march
            )
        )
    else:
        lines.append(f"board: not asked (dry run); code for {march} (--arch to change)")
    lines += [
        (
            f"1. compile firmware/: {compiled} modules to .mpy with mpy-cross -march={march};"
            f" {', '.join(r for r, _s, _h in files if r in KEEP_PY)} kept as source"
        ),
        (
            f"2. copy {len(files)} files ({total} bytes) into {STAGE} on the board,"
            " then check each file's size and SHA-256"
        ),
        "3. swap: move /main.py aside, replace " + ", ".join("/" + n for n in items),
    ]
    if stale:
        lines.append(
            "   remove what the old firmware had and this one does not: "
            + ", ".join("/" + n for n in stale)
        )
    lines += [
        "   then put the new /main.py in place last and write " + MANIFEST,
        "4. reset the board: the new firmware starts",
        "untouched: /data (saved games, settings, crash log), /lib, and every other file",
        "files:",
    ]
    lines += [f"  {rel:<32} {size:7d}" for rel, size, _h in files]
    return lines


# -- device-side scripts (MicroPython 1.22+; the tests run them under CPython) ---------------


def _firmware_source(rel, name):
    # the source of the firmware's function `name` in firmware/`rel`: the device scripts
    # run the firmware's own code rather than a copy of it
    with open(os.path.join(FIRMWARE, rel), encoding="utf-8") as f:
        src = f.read()
    tree = ast.parse(src)
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)
    return ast.get_source_segment(src, fn) + "\n"


_HELPERS = (
    """
import os
def kind(p):
    try:
        return 'd' if os.stat(p)[0] & 0x4000 else 'f'
    except OSError:
        return '-'
"""
    + _firmware_source("core/storage.py", "remove_tree")
)

# Before anything else, PREPARE makes the board hold one whole firmware again, whatever
# an earlier deploy left when it was cut short (power, cable) at any step:
# - /.lk_swap.json (SWAP writes it before it moves anything, and removes it once the new
#   firmware is whole) names the new top-level items and the old ones being moved aside.
#   With the new /main.py in place (it is moved in last) the swap is finished (manifest,
#   clean-up); otherwise it is undone: every new item moved in is removed, every old one
#   moved aside into /.lk_old is put back (over whatever took its name), /main.py last,
#   so that a cut during this undoing is undone again by the next PREPARE.
# - Without that file, a /.lk_old holding /main.py while / has none is the leftover of
#   an older deploy's swap: everything in it is put back, over what took its name.
# Only then do /.lk_old and the staging folder /.lk_new go.
PREPARE = (
    _HELPERS
    + """
import json
def put_back(n):
    if kind('/.lk_old/' + n) != '-':
        remove_tree(os, '/' + n)
        os.rename('/.lk_old/' + n, '/' + n)
remove_tree(os, '/.lk_swap.tmp')
plan = None
if kind('/.lk_swap.json') == 'f':
    try:
        with open('/.lk_swap.json') as f:
            plan = json.loads(f.read())
    except ValueError:
        plan = None
if plan is not None:
    had_main = 'main.py' in plan['old']
    if kind('/main.py') == 'f' and (kind('/.lk_old/main.py') == 'f' or not had_main):
        with open('/.lk_manifest.tmp', 'w') as f:
            f.write(plan['manifest'])
        os.rename('/.lk_manifest.tmp', '/.lk_manifest.json')
        print('LK finished the update that was interrupted')
    else:
        for n in plan['items']:
            if n not in plan['old']:
                remove_tree(os, '/' + n)
        for n in plan['old']:
            if n != 'main.py':
                put_back(n)
        if had_main and kind('/main.py') == '-':
            put_back('main.py')
        elif not had_main:
            remove_tree(os, '/main.py')
        print('LK restored the firmware of an interrupted update')
    os.remove('/.lk_swap.json')
elif kind('/main.py') == '-' and kind('/.lk_old/main.py') == 'f':
    for n in os.listdir('/.lk_old'):
        if n != 'main.py':
            put_back(n)
    put_back('main.py')
    print('LK restored the firmware of an interrupted update')
remove_tree(os, '/.lk_old')
remove_tree(os, '/.lk_new')
print('LK ready')
"""
)

VERIFY = """
import os, hashlib, binascii
def walk(p, rel):
    for n in sorted(os.listdir(p)):
        q = p + '/' + n
        if os.stat(q)[0] & 0x4000:
            walk(q, rel + n + '/')
        else:
            h = hashlib.sha256()
            with open(q, 'rb') as f:
                while True:
                    b = f.read(512)
                    if not b:
                        break
                    h.update(b)
            print('LK file', rel + n, os.stat(q)[6], binascii.hexlify(h.digest()).decode())
walk('/.lk_new', '')
"""

# The swap: /.lk_swap.json first (what moves; see PREPARE), the old /main.py aside first
# (a half-swapped board boots to the REPL, never to a mix), then the old items, then the
# new ones in, the new /main.py last. An error inside puts everything back; a cut is
# finished or undone by the next deploy's PREPARE.
SWAP = (
    _HELPERS
    + """
import json
ITEMS = %(items)r
STALE = %(stale)r
MANIFEST = %(manifest)r
OLD = [n for n in ['main.py'] + ITEMS + STALE if kind('/' + n) != '-']
moved = []
def mv(a, b):
    os.rename(a, b)
    moved.append((a, b))
remove_tree(os, '/.lk_old')
os.mkdir('/.lk_old')
try:
    with open('/.lk_swap.tmp', 'w') as f:
        f.write(json.dumps({'items': ITEMS, 'old': OLD, 'manifest': MANIFEST}))
    mv('/.lk_swap.tmp', '/.lk_swap.json')
    for n in OLD:
        mv('/' + n, '/.lk_old/' + n)
    for n in ITEMS:
        mv('/.lk_new/' + n, '/' + n)
    mv('/.lk_new/main.py', '/main.py')
except Exception as e:
    for a, b in reversed(moved):
        os.rename(b, a)
    remove_tree(os, '/.lk_swap.tmp')
    print('LK rolled back', repr(e))
    raise
with open('/.lk_manifest.tmp', 'w') as f:
    f.write(MANIFEST)
os.rename('/.lk_manifest.tmp', '/.lk_manifest.json')
os.remove('/.lk_swap.json')
remove_tree(os, '/.lk_new')
remove_tree(os, '/.lk_old')
print('LK swapped')
"""
)


def _lk_lines(out, key):
    return [line[4 + len(key) :] for line in out.splitlines() if line.startswith("LK " + key + " ")]


def verify(device, files):
    seen = {}
    for line in _lk_lines(device.exec(VERIFY), "file"):
        rel, size, sha = line.rsplit(" ", 2)
        seen[rel] = (int(size), sha)
    want = {rel: (size, sha) for rel, size, sha in files}
    bad = sorted(rel for rel in want if seen.get(rel) != want[rel])
    if bad:
        raise DeviceError(
            f"the copy on the board differs in {len(bad)} file(s) ({', '.join(bad[:5])}):"
            " the old firmware is still installed and restarts; try again"
        )


def manifest_text(files, march, items):
    import json
    import time

    return json.dumps(
        {
            "app": "leafkeeper",
            "built": time.strftime("%Y-%m-%d %H:%M:%S"),
            "march": march,
            "items": ["main.py"] + items,
            "files": len(files),
        }
    )


def deploy(transport=None, port=None, src_root=FIRMWARE, dry_run=False, march=None, out=print, usb=None):
    """The whole of `leafkeeper deploy`; returns the exit status. usb: the clock over USB
    serial (clock.UsbClock), by default with the real transport."""
    import tempfile

    if march is not None and march not in ARCH_NAMES.values():
        raise DeviceError(
            f"--arch {march}: mpy-cross knows {', '.join(ARCH_NAMES.values())}"
            " (a Pico: armv6m, a Pico 2: armv7emsp). Nothing was sent to the board."
        )
    with tempfile.TemporaryDirectory(prefix="leafkeeper-") as tmp:
        build_dir = os.path.join(tmp, "lk_new")
        if dry_run:
            march = march or "armv6m"
            files = build(src_root, build_dir, march)
            items = top_items(files)
            for line in plan_lines(files, march, items, []):
                out(line)
            out("dry run: nothing was sent to a board")
            return 0
        device = Device(transport or MpremoteTransport(port))
        out("connecting…")
        try:
            _install(device, src_root, build_dir, march, out)
        except BaseException:
            device.restart()  # however it ended (Ctrl-C too), the firmware runs again
            raise
        device.reset()
        out("done: Leafkeeper is installed and restarting (/data kept)")
        from host_tools.device import clock  # (which imports this module)

        if usb is None and transport is None:
            usb = clock.UsbClock(port)
        clock.after_reset(usb, out)
        return 0


def _install(device, src_root, build_dir, march, out):
    # deploy's steps 1 to 4 (see the top of this file), on a board it holds
    info = device.hold()
    check_pico(info)
    check_version(info["release"])
    march = march or detect_march(info)
    files = build(src_root, build_dir, march, native=loads_native(info))
    items = top_items(files)
    stale = stale_items(items, info)
    for line in plan_lines(files, march, items, stale, info)[: -len(files) - 1]:
        out(line)
    need = flash_needed(files)
    if 0 <= info["free"] < need:
        raise DeviceError(
            f"not enough free flash to stage the update: {need // 1024} KB needed,"
            f" {info['free'] // 1024} KB free. Nothing was changed: the old firmware restarts."
        )
    for line in _lk_lines(device.exec(PREPARE), "restored"):
        out("restored" + line)
    out(f"copying {len(files)} files…")
    try:
        device.copy_tree_to(build_dir, STAGE)
    except DeviceError as e:
        raise DeviceError(
            f"copy failed ({e}). The old firmware was not touched and restarts;"
            " the next deploy removes the half copy."
        ) from None
    verify(device, files)
    out("swapping…")
    device.exec(SWAP % {"items": items, "stale": stale, "manifest": manifest_text(files, march, items)})


def main(args):
    try:
        return deploy(port=args.port, dry_run=args.dry_run, march=args.arch)
    except DeviceError as e:
        print("leafkeeper deploy: " + str(e), file=sys.stderr)
        return 1
